/// Writes one `RenderResult` as HTML (`RenderResult.html(options:)`).
///
/// One pass over the display's runs (`RenderResult.displayRuns()`): a stack holds the match
/// elements open around the current run; a run closes those that do not hold it and opens
/// the ones between the stack's top and its owner. Each element is opened once, whatever
/// the depth: the output is linear in the result. When paragraphs are blocks of their own
/// (paragraph properties that differ, paragraph spacing, or indents in a text of several
/// paragraphs), the pass runs per paragraph and an element is opened once per paragraph it
/// spans.
struct HTMLRenderer {
    let result: RenderResult
    let options: HTMLOptions
    /// `options.classPrefix`, checked.
    let prefix: String
    /// The display text's UTF-16 units.
    let display: [UInt16]
    let matches: [RuleMatch]
    /// Per match: whether it has a tap, and whether a match nested in it has one (then it
    /// is no `<a>` itself).
    let hasTap: [Bool]
    let holdsTaps: [Bool]

    /// System colors written as custom properties (adaptive colors only).
    private var customColors: Set<SystemColor> = []
    /// Pairs of fixed colors written as custom properties (adaptive colors only), by name.
    private var customPairs: [String: (light: RGBA, dark: RGBA)] = [:]
    /// Highlight classes in order of first use, with their declarations.
    private var highlightClasses: [(name: String, declarations: String)] = []
    private var hasLinks = false
    /// Whether some paragraph indents its first line otherwise than the rest (`text-indent`,
    /// which placeholders reset: CSS inherits it into their boxes).
    private(set) var indentsFirstLines = false
    /// Per match: whether an element of it was written (its tap and details go on the first).
    private var written: [Bool]
    /// Per match: whether other elements refer to its tap by `data-tap` (see `tapAttributes`).
    private var referred: [Bool]

    init(result: RenderResult, options: HTMLOptions) {
        self.result = result
        self.options = options
        self.prefix = HTMLRenderer.isIdentifier(options.classPrefix) ? options.classPrefix : "rr"
        self.display = Array(result.display.utf16)
        self.matches = result.matches
        let hasTap = result.matches.map { $0.ownPresentation.tap != nil }
        var holdsTaps = [Bool](repeating: false, count: result.matches.count)
        for (index, match) in result.matches.enumerated() where hasTap[index] {
            var k = match.parent
            while let i = k, !holdsTaps[i] {
                holdsTaps[i] = true
                k = result.matches[i].parent
            }
        }
        self.hasTap = hasTap
        self.holdsTaps = holdsTaps
        self.written = [Bool](repeating: false, count: result.matches.count)
        // A tappable match that is no link (it holds links, or a widget of its own takes its
        // touches) has its text linked piece by piece.
        self.referred = result.matches.indices.map { i in
            hasTap[i] && (holdsTaps[i] || result.matches[i].attachment?.isTappable == false)
        }
    }

    typealias Atom = DisplayRun

    mutating func render() -> String {
        let displayString = result.display
        let direction = BidiDirection.baseDirection(of: displayString)
        let atoms = result.displayRuns()
        let directions = BidiDirection.paragraphs(of: displayString)
        let paragraphs = result.paragraphs(directions: directions, styles: nil)
        // The container carries the base style's paragraph properties (a single paragraph's
        // own); paragraphs that differ from it, are set apart by paragraph spacing or are
        // indented are blocks of their own (CSS indents only a block's first line, and
        // padding would add up from the container to a paragraph).
        let containerParagraph = paragraphs.count == 1 ? paragraphs[0].style : options.base.paragraphStyle
        let splits =
            paragraphs.count > 1
            && paragraphs.indices.contains { i in
                paragraphs[i].style != containerParagraph || (i < paragraphs.count - 1 && (paragraphs[i].style.paragraphSpacing ?? 0) > 0)
                    || paragraphs[i].style.isIndented
            }
        indentsFirstLines = paragraphs.contains { $0.style.indent(firstLine: true) != $0.style.indent(firstLine: false) }
        var containerCSS = ["white-space:pre-wrap", "overflow-wrap:break-word"]
        var body = ""
        if splits {
            body = paragraphBlocks(atoms, paragraphs: paragraphs, directions: directions, container: containerParagraph, dir: direction)
        } else {
            body = content(atoms[...])
            // Paragraphs of other directions: each line break starts a bidi paragraph that
            // takes its direction (and its start alignment) from its first strong character,
            // as UAX #9 P2–P3 does here, without an element per paragraph (which would reopen
            // every element around a break, once per paragraph: quadratic in nested text).
            if directions.contains(where: { $0.hasStrongCharacter && $0.direction != direction }) {
                containerCSS.append("unicode-bidi:plaintext")
            }
        }
        containerCSS += declarations(options.base, over: nil, decorations: false)
        containerCSS += Self.paragraphDeclarations(containerParagraph, over: nil)
        if !splits { containerCSS += Self.indentDeclarations(containerParagraph) }
        let container =
            "<div class=\"\(prefix)\" dir=\"\(direction.rawValue)\" style=\"\(Self.escape(containerCSS.joined(separator: ";")))\">"
            + body + "</div>"
        return styleElement() + container
    }

    /// The display as one `<div class="rr-p">` per paragraph (its separator a final `<br>`,
    /// which a block does not show, except as the line of an empty paragraph), with the
    /// paragraph's properties that differ from the container's, its indents (the container
    /// has none then), its spacing as a bottom margin (not after the last), and `dir` when
    /// it has a strong character of the other direction. The elements of matches that span
    /// a paragraph break are opened again in each paragraph.
    mutating func paragraphBlocks(
        _ atoms: [Atom], paragraphs: [DisplayParagraph], directions: [ParagraphDirection], container: ParagraphStyle,
        dir: WritingDirection
    ) -> String {
        // A tappable match opened again in a later paragraph refers to its first element's tap.
        var paragraph = 0
        for (index, match) in matches.enumerated() where hasTap[index] {
            let range = match.displayRange
            while paragraph < paragraphs.count, paragraphs[paragraph].range.upperBound <= range.location { paragraph += 1 }
            if paragraph < paragraphs.count, paragraphs[paragraph].range.upperBound < range.upperBound { referred[index] = true }
        }
        var body = ""
        var first = 0  // the first atom that may reach into the paragraph
        for (i, paragraph) in paragraphs.enumerated() {
            while first < atoms.count, atoms[first].range.upperBound <= paragraph.range.lowerBound { first += 1 }
            var clipped: [Atom] = []
            var k = first
            while k < atoms.count, atoms[k].range.lowerBound < paragraph.range.upperBound {
                var atom = atoms[k]
                atom.range = max(atom.range.lowerBound, paragraph.range.lowerBound)..<min(atom.range.upperBound, paragraph.range.upperBound)
                if !atom.range.isEmpty { clipped.append(atom) }
                k += 1
            }
            var attributes: [(String, String)] = [("class", "\(prefix)-p")]
            if directions[i].hasStrongCharacter, directions[i].direction != dir {
                attributes.append(("dir", directions[i].direction.rawValue))
            }
            var css = Self.paragraphDeclarations(paragraph.style, over: container) + Self.indentDeclarations(paragraph.style)
            if i < paragraphs.count - 1, let spacing = paragraph.style.paragraphSpacing, spacing > 0 {
                css.append("margin-bottom:\(Self.number(spacing))px")
            }
            if !css.isEmpty { attributes.append(("style", css.joined(separator: ";"))) }
            body += "<div" + Self.attributes(attributes) + ">" + content(clipped[...]) + "</div>"
        }
        return body
    }

    /// `text-align` and `line-height` of a paragraph's properties (with `over`, only those
    /// that differ). `lineHeight` is the line box's height; `lineSpacing` is added to it, or
    /// to the font's normal line height (1.2em). CSS shares the added space above and below
    /// each line, where TextKit adds it below.
    static func paragraphDeclarations(_ style: ParagraphStyle, over container: ParagraphStyle?) -> [String] {
        var css: [String] = []
        if let alignment = style.alignment, alignment != container?.alignment {
            let value: String
            switch alignment {
            case .natural: value = "start"
            case .left: value = "left"
            case .center: value = "center"
            case .right: value = "right"
            case .justified: value = "justify"
            }
            css.append("text-align:" + value)
        } else if style.alignment == nil, container?.alignment != nil, container?.alignment != .natural {
            css.append("text-align:start")
        }
        let lineHeight = lineHeightValue(style)
        if lineHeight != container.flatMap(lineHeightValue) {
            css.append("line-height:" + (lineHeight ?? "normal"))
        }
        return css
    }

    /// A paragraph's indents, from the start edge as TextKit takes them from the leading
    /// margin (so mirrored in a right-to-left block): `headIndent` as
    /// `padding-inline-start`, which moves every line, and `firstLineHeadIndent` as the
    /// first line's `text-indent` from there (negative for a hanging indent). None at 0.
    static func indentDeclarations(_ style: ParagraphStyle) -> [String] {
        let head = style.indent(firstLine: false)
        let first = style.indent(firstLine: true)
        var css: [String] = []
        if head != 0 { css.append("padding-inline-start:\(number(head))px") }
        if first != head { css.append("text-indent:\(number(first - head))px") }
        return css
    }

    /// The CSS `line-height` of a paragraph's `lineHeight` and `lineSpacing`, `nil` for none.
    static func lineHeightValue(_ style: ParagraphStyle) -> String? {
        let spacing = style.lineSpacing ?? 0
        if let height = style.lineHeight { return number(height + spacing) + "px" }
        if spacing > 0 { return "calc(1.2em + " + number(spacing) + "px)" }
        return nil
    }

    // MARK: Elements

    /// The HTML of `atoms` (in display order): plain text at the top, each match one element
    /// around its atoms (a container's around its own text and the elements of the matches
    /// in it).
    mutating func content(_ atoms: ArraySlice<Atom>) -> String {
        var out = ""
        var open: [Int] = []  // the elements open around the cursor, outermost first
        var leafAtoms: [Atom] = []  // the atoms of the leaf match on top of `open`
        func close(_ renderer: inout HTMLRenderer) {
            let index = open.removeLast()
            if renderer.matches[index].isContainer {
                out += renderer.isLinkElement(index) ? "</a>" : "</span>"
            } else {
                out += renderer.matchElement(index, leafAtoms)
                leafAtoms.removeAll(keepingCapacity: true)
            }
        }
        for atom in atoms {
            // Close the elements that do not hold the atom (display ranges are laminar: the
            // matches holding a run are its owner and the containers around it).
            while let top = open.last, !matches[top].displayRange.holds(atom.range) { close(&self) }
            if let owner = atom.owner, owner != open.last {
                // Open the matches from just inside the top of the stack down to the owner.
                var path: [Int] = []
                var k: Int? = owner
                while let i = k, i != open.last {
                    path.append(i)
                    k = matches[i].parent
                }
                for index in path.reversed() {
                    open.append(index)
                    if matches[index].isContainer { out += openingTag(index, isLink: isLinkElement(index), firstDecoration: true) }
                }
            }
            if let top = open.last, !matches[top].isContainer {
                leafAtoms.append(atom)
            } else if let top = open.last {
                out += ownText(top, atom.range)
            } else {
                out += plain(atom.range)
            }
        }
        while !open.isEmpty { close(&self) }
        return out
    }

    /// Whether match `index` is written as an `<a>`: it has a tap and holds no match with
    /// a tap of its own (links do not nest in HTML).
    func isLinkElement(_ index: Int) -> Bool { hasTap[index] && !holdsTaps[index] }

    /// The match whose link must wrap the text of match `index` piece by piece: its tap
    /// owner (`RenderResult.tapOwner(of:)`) when that one is not an `<a>` around it.
    func linkHost(of index: Int) -> Int? {
        guard let owner = result.tapOwner(of: index), !isLinkElement(owner) else { return nil }
        return owner
    }

    /// A container's own text: escaped, with its style's further decoration lines, inside
    /// its tap owner's link when no `<a>` around it is.
    mutating func ownText(_ index: Int, _ range: Range<Int>) -> String {
        var piece = text(range)
        for line in decorationDeclarations(matches[index].style).dropFirst() {
            piece = "<span style=\"\(Self.escape(line))\">" + piece + "</span>"
        }
        guard let host = linkHost(of: index) else { return piece }
        return link(host, piece)
    }

    /// `<a class="rr-tap" href="#" data-tap="<host>">` with match `host`'s highlight around
    /// `inner`: a piece of text that taps `host`, whose element around it holds the tap.
    mutating func link(_ host: Int, _ inner: String) -> String {
        var attributes: [(String, String)] = [("class", "\(prefix)-tap")]
        if let cls = highlightClass(matches[host].highlight) { attributes[0].1 += " " + cls }
        attributes.append(("href", "#"))
        attributes.append(("data-tap", String(host)))
        hasLinks = true
        return "<a" + Self.attributes(attributes) + ">" + inner + "</a>"
    }

    /// `<a …>` or `<span …>` of match `index`: class (with the highlight class of a link),
    /// `href`, `data-rule`, `data-tag`, its tap (the first element of a match; `data-tap`
    /// on the others), details, and the CSS of its style (with its first decoration line).
    mutating func openingTag(_ index: Int, isLink: Bool, firstDecoration: Bool) -> String {
        let match = matches[index]
        let first = !written[index]
        written[index] = true
        var attributes: [(String, String)] = []
        var classes = "\(prefix)-m"
        if match.isTruncationToken { classes += " \(prefix)-token" }
        if isLink, let cls = highlightClass(match.highlight) { classes += " " + cls }
        attributes.append(("class", classes))
        if isLink {
            attributes.append(("href", "#"))
            hasLinks = true
        }
        attributes.append(("data-rule", match.rule))
        if let tag = match.tag { attributes.append(("data-tag", tag.name)) }
        if hasTap[index] { attributes += tapAttributes(index, first: first) }
        if let alt = result.replacementAlternateText(index) {
            // What a screen reader says instead of the replacement (and its image).
            if !isLink { attributes.append(("role", "img")) }
            attributes.append(("aria-label", alt))
        }
        if options.includesMatchDetails {
            attributes.append(("data-match", String(index)))
            attributes.append(("data-priority", String(match.priority)))
            if first { attributes.append(("data-info", Self.info(match))) }
        }
        var css = declarations(match.style, over: options.base, decorations: false)
        if firstDecoration, let first = decorationDeclarations(match.style).first { css.append(first) }
        if !css.isEmpty { attributes.append(("style", css.joined(separator: ";"))) }
        return "<" + (isLink ? "a" : "span") + Self.attributes(attributes) + ">"
    }

    /// A plain run: escaped text, with the base style's decorations on a `<span>`.
    mutating func plain(_ range: Range<Int>) -> String {
        let text = self.text(range)
        let lines = decorationDeclarations(options.base)
        guard !lines.isEmpty else { return text }
        return lines.reversed().reduce(text) { inner, line in "<span style=\"\(Self.escape(line))\">" + inner + "</span>" }
    }

    /// A match's element around its atoms in one paragraph.
    mutating func matchElement(_ index: Int, _ atoms: [Atom]) -> String {
        let match = matches[index]
        let style = match.style
        let attachment = match.attachment
        // A widget that handles its own touches is not part of the link; a match in a
        // container that holds other links is linked piece by piece.
        let splitsLink = hasTap[index] && attachment?.isTappable == false
        let isLink = hasTap[index] && !splitsLink
        let host = splitsLink ? index : linkHost(of: index)
        let lines = decorationDeclarations(style)
        var inner = ""
        var linkRun = ""
        func closeLinkRun(_ renderer: inout HTMLRenderer) {
            guard !linkRun.isEmpty, let host else { return }
            inner += renderer.link(host, linkRun)
            linkRun = ""
        }
        for atom in atoms {
            if atom.isAttachment, let attachment {
                closeLinkRun(&self)
                inner += self.attachment(attachment, style: style)
            } else {
                var piece = text(atom.range)
                for line in lines.dropFirst() { piece = "<span style=\"\(Self.escape(line))\">" + piece + "</span>" }
                if host != nil { linkRun += piece } else { inner += piece }
            }
        }
        closeLinkRun(&self)
        return openingTag(index, isLink: isLink, firstDecoration: true) + inner + (isLink ? "</a>" : "</span>")
    }

    /// Match `index`'s tap on its first element: `data-handler`, `data-arg-<label>` for
    /// labelled arguments (the first of a label), `data-args` with every argument as JSON,
    /// and `data-tap` with its index when other elements refer to it. On its other elements
    /// (opened again in a later paragraph) `data-tap` alone: a tap is written once, however
    /// many pieces of text it links.
    func tapAttributes(_ index: Int, first: Bool) -> [(String, String)] {
        let reference = ("data-tap", String(index))
        guard first, let tap = matches[index].tap else { return [reference] }
        var attributes: [(String, String)] = [("data-handler", tap.handler)]
        var seen: Set<String> = []
        for argument in tap.arguments {
            guard let label = argument.label, let name = Self.dataName(label), seen.insert(name).inserted else { continue }
            attributes.append(("data-arg-" + name, argument.value))
        }
        var json = "["
        for (i, argument) in tap.arguments.enumerated() {
            if i > 0 { json += "," }
            json += "{\"label\":" + (argument.label.map(Self.jsonString) ?? "null") + ",\"value\":" + Self.jsonString(argument.value) + "}"
        }
        attributes.append(("data-args", json + "]"))
        if referred[index] { attributes.append(reference) }
        return attributes
    }

    // MARK: Text

    /// Display units as HTML text: escaped, line breaks as `<br>` (CR LF once), other
    /// control characters as numeric references.
    func text(_ range: Range<Int>) -> String {
        var previous: UInt32 = range.lowerBound > 0 ? UInt32(display[range.lowerBound - 1]) : 0
        return Self.escaped(utf16String(display[range])) { scalar in
            defer { previous = scalar.value }
            switch scalar.value {
            case 0x0A where previous == 0x0D: return ""
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: return "<br>"
            case 0x09: return nil
            default: return Self.reference(scalar, quote: true)
            }
        }
    }

    /// `&`, `<`, `>`, `"` and `'` as character references; control characters too.
    static func escape(_ text: String) -> String {
        escaped(text) { reference($0, quote: true) }
    }

    /// For a single-quoted attribute: `&`, `<`, `>` and `'` escaped, `"` left readable.
    static func escapeSingleQuoted(_ text: String) -> String {
        escaped(text) { reference($0, quote: false) }
    }

    /// The character reference of `scalar` in HTML text and attributes, `nil` for one
    /// written as itself: `&`, `<`, `>`, `'` (and `"` with `quote`), control characters.
    static func reference(_ scalar: Unicode.Scalar, quote: Bool) -> String? {
        switch scalar.value {
        case 0x26: return "&amp;"
        case 0x3C: return "&lt;"
        case 0x3E: return "&gt;"
        case 0x22: return quote ? "&quot;" : nil
        case 0x27: return "&#39;"
        case 0x00..<0x20, 0x7F..<0xA0: return "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
        default: return nil
        }
    }

    /// `text` with each scalar `replacement` names replaced; the runs between are copied
    /// whole (most text needs no escaping: a 100 KB argument is a few copies, not 100,000
    /// appends).
    static func escaped(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let next = scalars.index(after: index)
            if let replaced = replacement(scalars[index]) {
                out += text[start..<index]
                out += replaced
                start = next
            }
            index = next
        }
        out += text[start...]
        return out
    }

    /// ` name="value"` for each attribute, values escaped; `data-args` in single quotes
    /// (its JSON is full of double quotes).
    static func attributes(_ attributes: [(String, String)]) -> String {
        var out = ""
        for (name, value) in attributes {
            if name == "data-args" {
                out += " \(name)='" + escapeSingleQuoted(value) + "'"
            } else {
                out += " \(name)=\"" + escape(value) + "\""
            }
        }
        return out
    }

    /// A JSON string literal; `<`, `>` and `&` as `\u` escapes as well, so that the JSON
    /// never holds markup even unescaped.
    static func jsonString(_ text: String) -> String {
        "\""
            + escaped(text) { scalar in
                switch scalar.value {
                case 0x22: return "\\\""
                case 0x5C: return "\\\\"
                case 0x0A: return "\\n"
                case 0x0D: return "\\r"
                case 0x09: return "\\t"
                case 0x00..<0x20, 0x26, 0x3C, 0x3E, 0x2028, 0x2029:
                    let hex = String(scalar.value, radix: 16)
                    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: return nil
                }
            } + "\""
    }

    /// The plain-text summary of a match for `data-info`: rule (or truncation token), tag,
    /// priority, tap, alt text.
    static func info(_ match: RuleMatch) -> String {
        var lines = [
            match.isTruncationToken
                ? "truncation token" : "rule \(match.rule)" + (match.tag.map { " <\($0.name)>" } ?? "") + ", priority \(match.priority)"
        ]
        if let tap = match.tap {
            let arguments = tap.arguments.map { ($0.label.map { "\($0): " } ?? "") + quoted($0.value) }
            lines.append("tap \(tap.handler)(\(arguments.joined(separator: ", ")))")
        } else {
            lines.append("no tap")
        }
        if let alt = match.alternateText, !alt.isEmpty { lines.append("alt " + quoted(alt)) }
        return lines.joined(separator: "\n")
    }

    /// `"value"` with `"`, `\` and line breaks escaped.
    static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r") + "\""
    }

    // MARK: CSS

    /// The declarations of `style`; with `base`, only those whose value differs from the
    /// base's (a match inherits the rest from the container). Decorations are separate
    /// (`decorationDeclarations`): CSS cannot take an inherited line back.
    mutating func declarations(_ style: TextStyle, over base: TextStyle?, decorations: Bool) -> [String] {
        var css: [String] = []
        let font = ResolvedFont(style.font)
        let baseFont = base.map { ResolvedFont($0.font) }
        if let size = font.size, size != baseFont?.size { css.append("font-size:\(Self.number(size))px") }
        if let weight = font.weight, weight != baseFont?.weight { css.append("font-weight:\(weight.cssWeight)") }
        if let italic = font.italic, italic != baseFont?.italic { css.append("font-style:" + (italic ? "italic" : "normal")) }
        if let family = font.family, family != baseFont?.family { css.append("font-family:" + Self.cssString(family)) }
        if let color = style.color, color != base?.color { css.append("color:" + self.color(color)) }
        if let background = style.background, background != base?.background {
            css.append("background-color:" + self.color(background))
        }
        if let kern = style.kern, kern != base?.kern { css.append("letter-spacing:\(Self.number(kern))px") }
        if let base {
            let offset = (style.baselineOffset ?? 0) - (base.baselineOffset ?? 0)
            if offset != 0 { css.append("vertical-align:\(Self.number(offset))px") }
        }
        if decorations { css += decorationDeclarations(style) }
        return css
    }

    /// One declaration list per line of `style`: the underline, then the strikethrough
    /// (CSS gives an element one decoration style, so a second line goes on an inner
    /// element).
    mutating func decorationDeclarations(_ style: TextStyle) -> [String] {
        var lines: [String] = []
        for (line, color, name) in [
            (style.underline, style.underlineColor, "underline"), (style.strikethrough, style.strikethroughColor, "line-through"),
        ] {
            guard let line, line != .none else { continue }
            var css = "text-decoration:\(name) "
            switch line {
            case .none, .single, .thick: css += "solid"
            case .double: css += "double"
            case .dotted: css += "dotted"
            case .dashed: css += "dashed"
            }
            if let color { css += " " + self.color(color) }
            if line == .thick { css += ";text-decoration-thickness:2px" }
            lines.append(css)
        }
        return lines
    }

    /// A CSS color for the scheme.
    mutating func color(_ color: StyleColor) -> String {
        switch options.colorScheme {
        case .light: return color.resolved(dark: false).css
        case .dark: return color.resolved(dark: true).css
        case .adaptive:
            switch color {
            case .system(let system) where system.light != system.dark:
                customColors.insert(system)
                return "var(--\(prefix)-\(system.rawValue),\(system.light.css))"
            case .dynamic(let light, let dark):
                // Named by its values: `--rr-333333FF-CCCCCCFF`.
                let name = "\(prefix)-\(light.hex.dropFirst())-\(dark.hex.dropFirst())"
                customPairs[name] = (light, dark)
                return "var(--\(name),\(light.css))"
            default:
                return color.resolved().css
            }
        }
    }

    /// The class of a pressed highlight (registered for the `<style>` element), or `nil`
    /// for none.
    mutating func highlightClass(_ highlight: TextStyle?) -> String? {
        guard let highlight else { return nil }
        var css = declarations(highlight, over: nil, decorations: true)
        guard !css.isEmpty else { return nil }
        css = css.flatMap { $0.split(separator: ";").map { $0 + "!important" } }
        let declarations = css.joined(separator: ";")
        let name = "\(prefix)-hl-" + Self.hash(declarations)
        if !highlightClasses.contains(where: { $0.name == name }) { highlightClasses.append((name, declarations)) }
        return name
    }

    /// The `<style>` element: link reset, highlight rules, adaptive colors; empty when
    /// none is needed.
    func styleElement() -> String {
        var rules: [String] = []
        if hasLinks { rules.append(".\(prefix) a{color:inherit;text-decoration:none;cursor:pointer}") }
        for (name, declarations) in highlightClasses { rules.append(".\(prefix) a.\(name):active{\(declarations)}") }
        if !customColors.isEmpty || !customPairs.isEmpty {
            let used = SystemColor.allCases.filter(customColors.contains)
            let pairs = customPairs.sorted { $0.key < $1.key }
            let light =
                used.map { "--\(prefix)-\($0.rawValue):\($0.light.css)" } + pairs.map { "--\($0.key):\($0.value.light.css)" }
            let dark = used.map { "--\(prefix)-\($0.rawValue):\($0.dark.css)" } + pairs.map { "--\($0.key):\($0.value.dark.css)" }
            rules.append(".\(prefix){\(light.joined(separator: ";"))}")
            rules.append("@media (prefers-color-scheme:dark){.\(prefix){\(dark.joined(separator: ";"))}}")
        }
        return rules.isEmpty ? "" : "<style>" + rules.joined() + "</style>"
    }

    /// A font's parts, a Dynamic Type style giving the size (its default size, whatever
    /// `size` says: merging keeps the base's size beside a rule's `font: headline`) and,
    /// unless the font names one, the weight.
    struct ResolvedFont: Equatable {
        var size: Double?
        var weight: FontWeight?
        var italic: Bool?
        var family: String?

        init(_ font: FontSpec?) {
            size = font?.textStyle?.defaultSize.points ?? font?.size
            weight = font?.weight ?? font?.textStyle?.defaultSize.weight
            italic = font?.italic
            family = font?.family
        }
    }

    /// A CSS string in double quotes: everything but letters, digits, spaces and `-_.,`
    /// as a CSS escape (`\22 `), so it can close neither the string nor a `<style>`.
    static func cssString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let safe =
                (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x20 || v == 0x2D || v == 0x5F
                || v == 0x2E || v == 0x2C || (v >= 0xA0 && scalar.properties.isAlphabetic)
            if safe { out.unicodeScalars.append(scalar) } else { out += "\\" + String(v, radix: 16) + " " }
        }
        return out + "\""
    }

    /// `14`, `0.5`: no trailing `.0`.
    static func number(_ value: Double) -> String {
        if let integer = Int(exactly: value) { return String(integer) }
        return String(value)
    }

    /// FNV-1a of the UTF-8 bytes, 8 hex digits.
    static func hash(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// `userName` → `user-name`; `nil` for a label that cannot be part of an attribute
    /// name (anything but ASCII letters, digits, `-` and `_`).
    static func dataName(_ label: String) -> String? {
        guard !label.isEmpty,
            label.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
            })
        else { return nil }
        var out = ""
        for scalar in label.unicodeScalars {
            if scalar.properties.isUppercase {
                if !out.isEmpty { out += "-" }
                out += scalar.properties.lowercaseMapping
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A class prefix: an ASCII letter, then letters, digits, `-` and `_`.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
        }
    }
}

extension TextRange {
    /// Whether `range` (display offsets) lies inside this range.
    fileprivate func holds(_ range: Range<Int>) -> Bool { location <= range.lowerBound && range.upperBound <= upperBound }
}

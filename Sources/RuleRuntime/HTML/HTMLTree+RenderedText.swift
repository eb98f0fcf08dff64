import Foundation

/// How an element lays out its content in rendered text, as CSS's default style sheet and
/// the innerText algorithm ("rendered text collection steps") give it.
package enum HTMLElementKind: Sendable, Hashable {
    /// Content in the line (`span`, `a`, `b`, unknown elements).
    case inline
    /// A block: one required line break before and after (`div`, `li`, headings, `ul`…).
    case block
    /// A paragraph: two required line breaks before and after (`p`).
    case paragraph
    /// A block whose white space is kept (`pre`, `listing`, `xmp`, `plaintext`, `textarea` content).
    case preformatted
    /// Nothing shown, nothing inside (`script`, `style`, `head`, `template`, `[hidden]`…).
    case hidden
    /// A line break (`br`).
    case lineBreak
    /// Content that is a box of its own in the line (`img`, `input`, `canvas`…): shows no
    /// text, but white space around it does not collapse across it.
    case atomic
    /// A table row: a line break after it unless last in its table.
    case tableRow
    /// A table cell: a tab after it unless last in its row; white space inside trims as a block's.
    case tableCell
    /// A block in the line (`display: inline-block`): white space inside trims as a block's,
    /// white space around it does not collapse across it.
    case inlineBlock

    /// The kind CSS's default style sheet gives element `name` (lower case).
    package static func `default`(for name: String) -> HTMLElementKind {
        if name == "p" { return .paragraph }
        if name == "br" { return .lineBreak }
        if hiddenNames.contains(name) { return .hidden }
        if preNames.contains(name) { return .preformatted }
        if blockNames.contains(name) { return .block }
        if atomicNames.contains(name) { return .atomic }
        if name == "tr" { return .tableRow }
        if name == "td" || name == "th" { return .tableCell }
        return .inline
    }

    static let hiddenNames: Set<String> = [
        "head", "script", "style", "template", "title", "meta", "link", "base", "noscript", "area", "datalist", "param",
        "source", "track", "noembed", "noframes", "rp", "iframe", "textarea", "audio", "video", "object", "embed",
    ]
    static let preNames: Set<String> = ["pre", "listing", "xmp", "plaintext"]
    /// Hidden by default, shown when a `style` attribute displays them.
    static let displayable: Set<String> = ["script", "style", "rp", "title", "head"]
    static let blockNames: Set<String> = [
        "html", "body", "address", "blockquote", "center", "dialog", "div", "figure", "figcaption", "footer", "form", "header",
        "hr", "legend", "main", "search", "article", "aside", "h1", "h2", "h3", "h4", "h5", "h6", "hgroup", "nav", "section", "dl",
        "dd", "dt", "ol", "ul", "menu", "dir", "details", "summary", "fieldset", "li", "table", "caption", "optgroup", "option",
    ]
    /// Boxes in the line without text of their own (`button`, `select`, `svg` show their
    /// content: inline here).
    static let atomicNames: Set<String> = ["img", "canvas", "input", "meter", "progress", "image"]
}

/// How white space in an element's text shows (CSS `white-space`; inherited).
package enum HTMLWhiteSpace: Sendable, Hashable {
    /// Runs collapse to one space, none at a line's start or end.
    case normal
    /// Kept as written (`pre`, `pre-wrap`, `break-spaces`).
    case pre
    /// Spaces collapse, line breaks stay (`pre-line`).
    case preLine
}

/// An HTML tree's rendered text (what a browser's `innerText` gives), with where each node
/// is in it and where each character came from.
package struct HTMLRenderedText: Sendable {
    /// The text, UTF-16.
    package var units: [UInt16] = []
    /// Each node's range in the text (`nil`: not shown), by node index.
    package var nodeRanges: [TextRange?]
    /// For each character of `units`: its source offset, or `HTMLRenderedText.layout` (-1)
    /// for a character the layout made (a required line break, a cell's tab, a `<br>`'s
    /// line feed), or `HTMLRenderedText.generated` (-2) for generated content (a list
    /// marker): shown, but not in a browser's innerText (as `::marker` is not).
    package var sources: [Int] = []

    /// Where the source of each shown atomic piece (an image, a replacement) ends, by where
    /// it starts (every character of the piece has that start as its source).
    package var atomicEnds: [Int: Int] = [:]

    package static let layout = -1
    package static let generated = -2

    package var string: String { String(decoding: units, as: UTF16.self) }

    /// The text without generated content: what a browser's `innerText` gives.
    package var innerText: String {
        String(decoding: zip(units, sources).filter { $0.1 != Self.generated }.map(\.0), as: UTF16.self)
    }
}

/// A match found in an HTML source that the rendered text lays over the tree: a *span*
/// (`display == nil`) shows its source as text does (collapsed, references decoded), the
/// markup outside its `content` hidden; an *atomic* piece shows `display` instead of its
/// source (an image's U+FFFC, a replacement), as a box in the line, with the line breaks
/// of the element it replaces (`<br>`, `<hr>`) when it is an element's (`node`).
package struct HTMLPiece: Sendable, Hashable {
    package var range: TextRange
    /// A span's shown part (markup before and after it hidden); `nil`: the whole range.
    package var content: TextRange?
    package var display: [UInt16]?
    /// The element an atomic piece is (shown in its place, with its line breaks); `nil`
    /// for a match found in the source.
    package var node: Int?

    package init(range: TextRange, content: TextRange? = nil, display: [UInt16]? = nil, node: Int? = nil) {
        self.range = range
        self.content = content
        self.display = display
        self.node = node
    }

    /// The order `renderedText` reads pieces in: by start, the longer (outer) first.
    package static func sort(_ a: HTMLPiece, _ b: HTMLPiece) -> Bool {
        a.range.location != b.range.location ? a.range.location < b.range.location : a.range.length > b.range.length
    }
}

extension HTMLTree {
    /// The rendered text of the tree with each element laid out as `kind` says (CSS's
    /// defaults: `HTMLElementKind.default(for:)`, and `hidden` for an element with the
    /// `hidden` attribute): the innerText algorithm — white space collapsed as
    /// `white-space: normal` (runs to one space, none at a line's start or end, across
    /// element boundaries; `preformatted` keeps it), required line breaks around blocks
    /// (two around paragraphs), the largest of adjacent ones and none at the start or the
    /// end, a line feed per `<br>`, tabs between cells and line feeds between rows.
    ///
    /// With `listMarkers`, each `li` starts with its marker as generated content: `•`, `◦`,
    /// `▪` by the depth of `ul` lists, `N.` in an `ol` (from its `start`, or an `li`'s
    /// `value`), then a space.
    ///
    /// `pieces` (sorted by `HTMLPiece.sort`) lay matches found in the source over the tree:
    /// piece `k`'s range in the text is `nodeRanges[nodes.count + k]`. `generated`: text
    /// elements add before and after their content, as generated content.
    package func renderedText(
        kind: (Int) -> HTMLElementKind, whiteSpace: (Int) -> HTMLWhiteSpace? = { _ in nil }, listMarkers: Bool = false,
        pieces: [HTMLPiece] = [], generated: [Int: (before: [UInt16]?, after: [UInt16]?)] = [:]
    ) -> HTMLRenderedText {
        var builder = RenderedTextBuilder(
            tree: self, kinds: nodes.indices.map { nodes[$0].kind == .element ? kind($0) : .inline },
            whiteSpaces: nodes.indices.map { nodes[$0].kind == .element ? whiteSpace($0) : nil }, pieces: pieces,
            generated: generated)
        builder.listMarkers = listMarkers
        builder.walk(0)
        builder.advance(to: Int.max)
        return builder.finish()
    }

    /// `renderedText(kind:whiteSpace:listMarkers:)` with CSS's default kinds, the `hidden`
    /// attribute, and the `display` and `white-space` of an element's `style` attribute
    /// (`none`, `block`, `flex`, `grid`, `list-item`, `inline`…; `pre`, `pre-wrap`,
    /// `pre-line`, `normal`).
    package func renderedText(listMarkers: Bool = false, pieces: [HTMLPiece] = []) -> HTMLRenderedText {
        let kinds = defaultKinds()
        return renderedText(kind: { kinds[$0] }, whiteSpace: defaultWhiteSpace, listMarkers: listMarkers, pieces: pieces)
    }

    /// The kind of element `node` as a browser lays it out without style sheets: CSS's
    /// default, `hidden` for the `hidden` attribute and a hidden input, and the `display` of
    /// its `style` attribute.
    package func defaultKind(_ node: Int) -> HTMLElementKind {
        let parent = nodes[node].parent
        let parentDisplay =
            parent > 0 && nodes[parent].attributes.contains(where: { $0.name == "style" }) ? style(of: parent)["display"] : nil
        return defaultKind(node, parentDisplay: parentDisplay)
    }

    /// Every node's `defaultKind` (text and comments: `.inline`), each `style` attribute
    /// parsed once.
    package func defaultKinds() -> [HTMLElementKind] {
        var displays = [String?](repeating: nil, count: nodes.count)
        var kinds = [HTMLElementKind](repeating: .inline, count: nodes.count)
        for (index, node) in nodes.enumerated() where node.kind == .element {
            if node.attributes.contains(where: { $0.name == "style" }) { displays[index] = style(of: index)["display"] }
            kinds[index] = defaultKind(index, parentDisplay: node.parent > 0 ? displays[node.parent] : nil)
        }
        return kinds
    }

    /// `defaultKind(_:)` with the parent's `display` given (flex and grid items are blocks).
    func defaultKind(_ node: Int, parentDisplay: String?) -> HTMLElementKind {
        let n = nodes[node]
        if n.attributes.contains(where: { $0.name == "hidden" }) { return .hidden }
        if n.name == "input", value(of: "type", in: node)?.lowercased() == "hidden" { return .hidden }
        let kind = HTMLElementKind.default(for: n.name)
        let style = n.attributes.contains(where: { $0.name == "style" }) ? self.style(of: node) : [:]
        if style["display"] == "none" { return .hidden }
        // Hidden elements whose text a style may display (a template's content is not in the
        // document, media and embedded content are replaced, `noscript` is raw text).
        if kind == .hidden, !HTMLElementKind.displayable.contains(n.name) || style["display"] == nil { return kind }
        // `p` gives two required line breaks whatever its display (innerText's steps).
        if n.name == "p" { return kind }
        var laidOut = kind
        switch style["display"] {
        case "block", "flex", "grid", "list-item", "table", "flow-root":
            laidOut = kind == .preformatted ? kind : .block
        case "inline", "contents":
            laidOut = kind == .preformatted ? kind : .inline
        case "inline-block", "inline-flex", "inline-grid", "inline-table":
            laidOut = .inlineBlock
        default:
            if kind == .hidden { laidOut = .inline }
        }
        // Floated and absolutely positioned boxes, and the children of a flex or grid
        // container, are blocks.
        if laidOut == .inline || laidOut == .atomic || laidOut == .inlineBlock {
            let float = style["float"]
            let position = style["position"]
            let flexItem = ["flex", "grid", "inline-flex", "inline-grid"].contains(parentDisplay ?? "")
            if (float != nil && float != "none") || position == "absolute" || position == "fixed" || flexItem {
                return laidOut == .atomic ? .atomic : .block
            }
        }
        return laidOut
    }

    /// The `white-space` of element `node`'s `style` attribute, `nil` where it inherits.
    package func defaultWhiteSpace(_ node: Int) -> HTMLWhiteSpace? {
        switch style(of: node)["white-space"] {
        case "pre", "pre-wrap", "break-spaces": return .pre
        case "pre-line": return .preLine
        case "normal", "nowrap": return .normal
        default: return nil
        }
    }

    /// An element's `style` attribute as lower-cased `property: value` pairs (the last of a
    /// property wins; `!important` and comments ignored).
    func style(of node: Int) -> [String: String] {
        guard let style = value(of: "style", in: node) else { return [:] }
        var declarations: [String: String] = [:]
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let property = parts[0].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            var value = parts[1].lowercased().replacingOccurrences(of: "!important", with: "")
            value = value.trimmingCharacters(in: .whitespacesAndNewlines)
            declarations[property] = value
        }
        return declarations
    }
}

private struct RenderedTextBuilder {
    let tree: HTMLTree
    /// Each node's kind (elements'; others `.inline`).
    let kinds: [HTMLElementKind]
    /// Each element's own `white-space`, `nil` where it inherits.
    let whiteSpaces: [HTMLWhiteSpace?]

    /// What the walk emits: characters with their sources, required line break counts,
    /// and node boundaries; `finish()` resolves the counts.
    enum Item {
        case character(UInt16, source: Int)
        case requirement(Int)
        case start(Int)
        case end(Int)
    }

    var items: [Item] = []
    /// A collapsible space waiting for what follows it on the line (its source).
    var pendingSpace: Int?
    /// Where in `items` the pending space goes: where it was read (inside the elements it
    /// was read in, before those that started since).
    var pendingSpaceAt = 0
    /// At the start of a line: collapsible spaces here are dropped.
    var atLineStart = true
    var listMarkers = false
    /// The lists around the element being walked: ordered or not, and the next number.
    var lists: [(ordered: Bool, next: Int)] = []
    /// The white space of the element being walked (inherited from its parents).
    var whiteSpace = HTMLWhiteSpace.normal
    /// Whether the element being walked is visible (`visibility`, inherited): an invisible
    /// one shows no text and adds no line breaks or tabs of its own, but its children may
    /// be visible again.
    var visible = true
    /// The `text-transform` of the element being walked (inherited).
    var transform = TextTransform.none
    /// Inside SVG or MathML where text is not rendered (outside `text`, `foreignObject`, a
    /// MathML token element…).
    var foreignHidden = false
    /// The last character emitted was a letter (for `capitalize`).
    var afterLetter = false
    /// The language of the element being walked (`lang`, inherited), for `text-transform`.
    var language: String?
    /// The locale of the last language a character was transformed in.
    var cachedLocale: (language: String, locale: Locale)?
    /// What a browser moves before each table, shown there.
    let foster: HTMLFosterParenting
    /// Walking content moved before its table: the walk is out of source order, so pieces
    /// (which are never in moved content) are not started on the way.
    var walkingMoved = false
    /// The table whose moved content is being walked (-1: none).
    var movingFor = -1

    enum TextTransform { case none, uppercase, lowercase, capitalize }

    /// Each node's position among its parent's children.
    let positions: [Int]

    /// The matches laid over the tree, in `HTMLPiece.sort` order; piece `k` is reported as
    /// node `tree.nodes.count + k`.
    let pieces: [HTMLPiece]
    /// The next piece to start.
    var nextPiece = 0
    /// The spans open around the walk: piece number and where each ends (its content's end).
    var openSpans: [(piece: Int, end: Int)] = []
    /// The source before this offset is not shown (inside an atomic piece, a span's markup).
    var skipUntil = 0
    /// The smallest source offset at which a piece starts or an open span ends.
    var nextEvent = Int.max
    /// Where each shown atomic piece's source ends, by its start.
    var atomicEnds: [Int: Int] = [:]

    /// Text elements add before and after their content (`before`, `after`), by node.
    let generated: [Int: (before: [UInt16]?, after: [UInt16]?)]

    init(
        tree: HTMLTree, kinds: [HTMLElementKind], whiteSpaces: [HTMLWhiteSpace?], pieces: [HTMLPiece] = [],
        generated: [Int: (before: [UInt16]?, after: [UInt16]?)] = [:]
    ) {
        self.tree = tree
        self.generated = generated
        self.foster = tree.fosterParenting()
        self.kinds = kinds
        self.whiteSpaces = whiteSpaces
        self.pieces = pieces
        nextEvent = pieces.first?.range.location ?? Int.max
        var positions = [Int](repeating: 0, count: tree.nodes.count)
        for node in tree.nodes {
            for (position, child) in node.children.enumerated() { positions[child] = position }
        }
        self.positions = positions
    }

    func kind(_ node: Int) -> HTMLElementKind { kinds[node] }

    /// A list's `start` or an item's `value`: an integer, clamped to 32 bits as browsers do.
    static func listNumber(_ text: String) -> Int? {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard let first = digits.first, first == "-" || first == "+" || first.isASCII && first.isNumber else { return nil }
        let sign = first == "-" ? -1 : 1
        var value = 0
        for c in digits.dropFirst(first.isNumber ? 0 : 1) {
            guard let digit = c.wholeNumberValue, c.isASCII else { break }
            value = min(value * 10 + digit, Int(Int32.max) + 1)
        }
        return max(Int(Int32.min), min(Int(Int32.max), sign * value))
    }

    static let tableParts: Set<String> = ["table", "tbody", "thead", "tfoot", "tr"]

    /// A line ends here (a block edge, a `<br>`, a cell edge): a pending space goes.
    mutating func endLine() {
        pendingSpace = nil
        atLineStart = true
    }

    mutating func emit(_ c: UInt16, source: Int) {
        flushPendingSpace()
        flushMarker()
        items.append(.character(c, source: source))
        atLineStart = false
    }

    /// A pending space is shown (something follows it on the line): before the elements that
    /// started since it, which start at what follows.
    mutating func flushPendingSpace() {
        guard let space = pendingSpace else { return }
        pendingSpace = nil
        items.insert(.character(32, source: space), at: pendingSpaceAt)
        if pendingMarker != nil, pendingSpaceAt <= pendingMarkerAt { pendingMarkerAt += 1 }
    }

    /// Starts the pieces that start at or before source offset `position` and ends the spans
    /// that end there.
    mutating func advance(to position: Int) {
        guard nextEvent <= position else { return }
        while true {
            let end = openSpans.last?.end ?? Int.max
            let start = nextPiece < pieces.count ? pieces[nextPiece].range.location : Int.max
            if !openSpans.isEmpty, end <= position, end <= start {
                let span = openSpans.removeLast()
                items.append(.end(tree.nodes.count + span.piece))
                skipUntil = max(skipUntil, pieces[span.piece].range.upperBound)
            } else if nextPiece < pieces.count, start <= position {
                startPiece()
            } else {
                break
            }
        }
        let end = openSpans.last?.end ?? Int.max
        nextEvent = min(end, nextPiece < pieces.count ? pieces[nextPiece].range.location : Int.max)
    }

    /// Ends the open spans that end at or before source offset `position` (and nothing
    /// else: no piece starts), so that what the layout adds next (a cell's tab, a line
    /// break) is not theirs.
    mutating func closeSpans(endingBy position: Int) {
        guard let last = openSpans.last, last.end <= position else { return }
        while let last = openSpans.last, last.end <= position {
            openSpans.removeLast()
            items.append(.end(tree.nodes.count + last.piece))
            skipUntil = max(skipUntil, pieces[last.piece].range.upperBound)
        }
        nextEvent = min(openSpans.last?.end ?? Int.max, nextPiece < pieces.count ? pieces[nextPiece].range.location : Int.max)
    }

    mutating func startPiece() {
        let k = nextPiece
        nextPiece += 1
        let piece = pieces[k]
        let id = tree.nodes.count + k
        guard let display = piece.display else {
            items.append(.start(id))
            let content = piece.content ?? piece.range
            openSpans.append((k, content.upperBound))
            skipUntil = max(skipUntil, content.location)
            return
        }
        // Atomic: a box in the line showing its own characters.
        if display.isEmpty {
            items.append(.start(id))
        } else {
            flushPendingSpace()
            flushMarker()
            items.append(.start(id))
            for c in display { items.append(.character(c, source: piece.range.location)) }
            atomicEnds[piece.range.location] = piece.range.upperBound
            atLineStart = display.last == 10
        }
        items.append(.end(id))
        skipUntil = max(skipUntil, piece.range.upperBound)
    }

    mutating func walk(_ index: Int) {
        // Moved before its table: walked there (`moveOut`), not where the source has it.
        if foster.rootOf[index] >= 0, foster.rootOf[index] != movingFor { return }
        let node = tree.nodes[index]
        switch node.kind {
        case .root:
            for child in node.children { walk(child) }
        case .comment:
            break
        case .text:
            text(index)
        case .element:
            element(index)
        }
    }

    mutating func text(_ index: Int) {
        let node = tree.nodes[index]
        // White space between table parts is not rendered (no anonymous cell holds it).
        if Self.tableParts.contains(tree.nodes[node.parent].name),
            node.pieces.allSatisfy({ piece in
                (piece.location..<piece.upperBound).allSatisfy { [9, 10, 12, 13, 32].contains(tree.units[$0]) }
            })
        {
            return
        }
        let decode = node.text != .raw
        // Moved before its table, a run of white space between two tags stays in the table
        // (the parser moves each run of text on its own).
        func stays(_ piece: TextRange) -> Bool {
            walkingMoved && (piece.location..<piece.upperBound).allSatisfy { [9, 10, 12, 13, 32].contains(tree.units[$0]) }
        }
        if !stays(node.firstPiece) { read(node.firstPiece, decode: decode) }
        for piece in node.morePieces where !stays(piece) { read(piece, decode: decode) }
    }

    /// The characters of a source run, with their sources: a character reference decodes
    /// to what it stands for, each character mapped to the reference's start; CR LF and CR
    /// are LF.
    mutating func read(_ piece: TextRange, decode: Bool) {
        var i = piece.location
        while i < piece.upperBound {
            if let arguments = tree.arguments, tree.units[i] == 0xFFFC,
                arguments.ranges.contains(where: { $0.location <= i && i < $0.upperBound })
            {
                // A template's argument: its own characters, as written.
                if nextEvent <= i, !walkingMoved { advance(to: i) }
                if i >= skipUntil || walkingMoved { character(arguments.filled[i], source: i) }
                i += 1
                continue
            }
            if nextEvent <= i, !walkingMoved { advance(to: i) }
            if i < skipUntil, !walkingMoved {
                i = min(skipUntil, piece.upperBound)
                continue
            }
            let unit = tree.units[i]
            if decode, unit == 38,  // "&"
                let reference = tree.units.withUnsafeBufferPointer({ HTMLEntity.match($0, at: i) }),
                i + reference.length <= piece.upperBound
            {
                for c in reference.decoded.utf16 { character(c, source: i) }
                i += reference.length
            } else if unit == 13 {
                character(10, source: i)
                i += i + 1 < piece.upperBound && tree.units[i + 1] == 10 ? 2 : 1
            } else {
                character(unit, source: i)
                i += 1
            }
        }
        if !walkingMoved { closeSpans(endingBy: piece.upperBound) }
    }

    mutating func character(_ c: UInt16, source: Int) {
        guard visible, !foreignHidden else { return }
        if transform != .none {
            if c >= 0x41, !(0xD800...0xDFFF).contains(c) {
                transformed(c, source: source)
                return
            }
            afterLetter = false
        }
        if whiteSpace == .pre {
            emit(c, source: source)
            if c == 10 { atLineStart = true }
            return
        }
        if whiteSpace == .preLine, c == 10 {
            pendingSpace = nil
            items.append(.character(10, source: source))
            atLineStart = true
            return
        }
        if c == 32 || c == 9 || c == 10 || c == 12 {
            if !atLineStart, pendingSpace == nil {
                pendingSpace = source
                pendingSpaceAt = items.count
            }
            return
        }
        emit(c, source: source)
    }

    /// A character through `text-transform` (a letter may become several: `ß` → `SS`).
    mutating func transformed(_ c: UInt16, source: Int) {
        let scalar = Unicode.Scalar(c)!
        let isLetter = scalar.properties.isAlphabetic
        let text = String(Character(scalar))
        var out: String
        var locale: Locale?
        if let language {
            if cachedLocale?.language != language { cachedLocale = (language, Locale(identifier: language)) }
            locale = cachedLocale?.locale
        }
        switch transform {
        case .uppercase: out = locale.map { text.uppercased(with: $0) } ?? text.uppercased()
        case .lowercase: out = locale.map { text.lowercased(with: $0) } ?? text.lowercased()
        case .capitalize: out = isLetter && !afterLetter ? (locale.map { text.uppercased(with: $0) } ?? text.uppercased()) : text
        case .none: out = text
        }
        if out.isEmpty { out = text }
        afterLetter = isLetter
        let transform = self.transform
        self.transform = .none
        for unit in out.utf16 { character(unit, source: source) }
        self.transform = transform
    }

    /// The content a browser moves out of table `index`, shown before it.
    mutating func moveOut(_ index: Int) {
        guard let moved = foster.roots[index] else { return }
        let outer = (walkingMoved, movingFor)
        (walkingMoved, movingFor) = (true, index)
        for node in moved { walk(node) }
        (walkingMoved, movingFor) = outer
    }

    mutating func element(_ index: Int) {
        let range = tree.nodes[index].range
        // What ends before the table ends before the content moved out of it.
        if foster.roots[index] != nil, !walkingMoved { closeSpans(endingBy: range.location) }
        if walkingMoved || range.location >= skipUntil { moveOut(index) }
        if walkingMoved {
            laidOut(index)
            return
        }
        if nextEvent < range.location { advance(to: range.location - 1) }
        // Pieces starting with the element start before it if they hold it and more (else
        // inside it, with its content).
        while nextPiece < pieces.count, skipUntil <= range.location, pieces[nextPiece].range.location == range.location,
            pieces[nextPiece].range.upperBound > range.upperBound
        {
            startPiece()
            let end = openSpans.last?.end ?? Int.max
            nextEvent = min(end, nextPiece < pieces.count ? pieces[nextPiece].range.location : Int.max)
        }
        if kinds[index] == .hidden, nextPiece < pieces.count, pieces[nextPiece].node == index {
            // A hidden element shows nothing, not even the image or replacement it is.
            items.append(.start(index))
            items.append(.start(tree.nodes.count + nextPiece))
            items.append(.end(tree.nodes.count + nextPiece))
            items.append(.end(index))
            nextPiece += 1
            nextEvent = min(openSpans.last?.end ?? Int.max, nextPiece < pieces.count ? pieces[nextPiece].range.location : Int.max)
            return
        }
        if nextPiece < pieces.count, pieces[nextPiece].node == index, pieces[nextPiece].display != nil, skipUntil <= range.location {
            // An atomic piece in place of the element: its line breaks, its characters.
            replaced(index)
            return
        }
        // Inside an atomic piece: nothing of it shows.
        if range.location < skipUntil, range.upperBound <= skipUntil {
            items.append(.start(index))
            items.append(.end(index))
            return
        }
        laidOut(index)
    }

    /// Element `index` laid out as its kind says, with the white space, visibility, text
    /// transform and language it sets for its content.
    mutating func laidOut(_ index: Int) {
        let outer = (whiteSpace, visible, transform, foreignHidden, language)
        if kinds[index] == .preformatted { whiteSpace = .pre }
        if let own = whiteSpaces[index] { whiteSpace = own }
        defer { (whiteSpace, visible, transform, foreignHidden, language) = outer }
        if let lang = tree.value(of: "lang", in: index) { language = lang.isEmpty ? nil : lang }
        let name = tree.nodes[index].name
        if tree.nodes[index].attributes.contains(where: { $0.name == "style" }) {
            let style = tree.style(of: index)
            switch style["visibility"] {
            case "hidden", "collapse": visible = false
            case "visible": visible = true
            default: break
            }
            switch style["text-transform"] {
            case "uppercase": transform = .uppercase
            case "lowercase": transform = .lowercase
            case "capitalize": transform = .capitalize
            case "none": transform = .none
            default: break
            }
        }
        switch name {
        case "svg", "math": foreignHidden = true
        case "text", "tspan", "textpath", "textPath", "foreignobject", "foreignObject", "mi", "mn", "mo", "ms", "mtext", "annotation":
            foreignHidden = false
        default: break
        }
        let isList = listMarkers && (name == "ul" || name == "ol" || name == "menu")
        if isList {
            let start = name == "ol" ? tree.value(of: "start", in: index).flatMap(Self.listNumber) : nil
            lists.append((name == "ol", start ?? 1))
        }
        layout(index)
        if isList { lists.removeLast() }
    }

    /// Element `index` shown as the atomic piece whose range is its own: a block's line
    /// breaks around it, a `<br>`'s line feed replaced.
    mutating func replaced(_ index: Int) {
        let kind = self.kind(index)
        let count = kind == .paragraph ? 2 : kind == .block || kind == .preformatted ? 1 : 0
        if count > 0 {
            endLine()
            items.append(.requirement(count))
        }
        if kind == .lineBreak { pendingSpace = nil }
        items.append(.start(index))
        advance(to: tree.nodes[index].range.location)
        items.append(.end(index))
        if count > 0 {
            endLine()
            items.append(.requirement(count))
        } else if kind == .lineBreak, atLineStart {
            endLine()
        }
    }

    /// An `li`'s marker, as generated content, shown before its first content (after the
    /// line breaks of a block inside it: `<li><p>a` is `• a` on the paragraph's line); an
    /// empty item shows none.
    mutating func marker(_ index: Int) {
        var marker: String
        if let list = lists.last, list.ordered {
            let value = tree.value(of: "value", in: index).flatMap(Self.listNumber) ?? list.next
            marker = "\(value)."
            lists[lists.count - 1].next = value < Int(Int32.max) ? value + 1 : value
        } else {
            let depth = lists.filter { !$0.ordered }.count
            marker = depth <= 1 ? "•" : depth == 2 ? "◦" : "▪"
        }
        marker += " "
        // An item whose content starts with a nested list shows both markers on its line.
        if pendingMarker == nil { pendingMarkerAt = items.count }
        pendingMarker = (pendingMarker ?? []) + Array(marker.utf16)
    }

    var pendingMarker: [UInt16]?
    /// Where the pending marker may go at the earliest: inside its item.
    var pendingMarkerAt = 0

    mutating func flushMarker() {
        guard let marker = pendingMarker else { return }
        pendingMarker = nil
        // Before the elements that start at the item's first content.
        var at = items.count
        while at > pendingMarkerAt, case .start = items[at - 1] { at -= 1 }
        items.insert(contentsOf: marker.map { .character($0, source: HTMLRenderedText.generated) }, at: at)
    }

    mutating func layout(_ index: Int) {
        let node = tree.nodes[index]
        let kind = self.kind(index)
        switch kind {
        case .hidden:
            // Nothing shown: empty where it is.
            items.append(.start(index))
            items.append(.end(index))
            return
        case .lineBreak:
            guard visible else {
                items.append(.start(index))
                items.append(.end(index))
                return
            }
            pendingSpace = nil
            flushMarker()
            items.append(.start(index))
            items.append(.character(10, source: -1))
            items.append(.end(index))
            endLine()
            return
        case .atomic:
            // No text, but a box in the line: a space before it stays, one after it too.
            flushPendingSpace()
            flushMarker()
            items.append(.start(index))
            items.append(.end(index))
            atLineStart = false
            return
        case .block, .paragraph, .preformatted:
            // An invisible block adds no line breaks of its own (its children may).
            let count = !visible ? 0 : kind == .paragraph ? 2 : 1
            endLine()
            items.append(.requirement(count))
            items.append(.start(index))
            if listMarkers, node.name == "li" { marker(index) }
            content(index)
            if node.name == "li" { pendingMarker = nil }  // an empty item shows no marker
            items.append(.end(index))
            endLine()
            items.append(.requirement(count))
        case .tableCell:
            endLine()
            items.append(.start(index))
            content(index)
            items.append(.end(index))
            endLine()
            if visible, nextSibling(of: index, where: { self.kind($0) == .tableCell }) { items.append(.character(9, source: -1)) }
        case .tableRow:
            items.append(.start(index))
            content(index)
            items.append(.end(index))
            endLine()
            if visible, nextRow(after: index) { items.append(.character(10, source: -1)) }
        case .inlineBlock:
            // A box in the line whose content trims as a block's.
            flushPendingSpace()
            flushMarker()
            items.append(.start(index))
            atLineStart = true
            content(index)
            items.append(.end(index))
            pendingSpace = nil
            atLineStart = false
        case .inline:
            items.append(.start(index))
            content(index)
            items.append(.end(index))
        }
    }

    /// An element's children, with the text it adds before and after them (generated, as a
    /// marker is: the text before waits for the first content, inside the element; shown
    /// for an empty element too, as CSS's `::before` is).
    mutating func content(_ index: Int) {
        let added = generated[index]
        // Shown where the element's content starts and ends (`::before`, `::after`), unless
        // the element is invisible.
        let shows = visible && !foreignHidden
        if shows, let before = added?.before {
            for c in before { emit(c, source: HTMLRenderedText.generated) }
        }
        for child in tree.nodes[index].children { walk(child) }
        if shows, let after = added?.after {
            for c in after { emit(c, source: HTMLRenderedText.generated) }
        }
    }

    /// Whether an element sibling after `index` in its parent satisfies `test` (the next
    /// element sibling only for a cell or a row, so that a long row stays linear).
    func nextSibling(of index: Int, where test: (Int) -> Bool) -> Bool {
        let siblings = tree.nodes[tree.nodes[index].parent].children
        for sibling in siblings[(positions[index] + 1)...] where tree.nodes[sibling].kind == .element {
            if test(sibling) { return true }
            if kinds[sibling] != .hidden { return false }
        }
        return false
    }

    /// Whether a table row follows row `index` in its table (across row groups).
    func nextRow(after index: Int) -> Bool {
        if nextSibling(of: index, where: { self.kind($0) == .tableRow }) { return true }
        let group = tree.nodes[index].parent
        guard ["tbody", "thead", "tfoot"].contains(tree.nodes[group].name) else { return false }
        return nextSibling(of: group) { tree.nodes[$0].children.contains { self.kind($0) == .tableRow } }
    }

    func finish() -> HTMLRenderedText {
        var out = HTMLRenderedText(nodeRanges: Array(repeating: nil, count: tree.nodes.count + pieces.count))
        var starts: [Int: Int] = [:]
        var waiting: [Int] = []  // nodes started since the last character: they start at the next one
        // Nodes that ended with nothing shown: empty where the next character goes (after the
        // line breaks before it), or where the first element around them that showed
        // something ends.
        var empty: [Int] = []
        var required = 0  // the largest requirement since the last character
        func place(_ nodes: inout [Int], at offset: Int) {
            for node in nodes { out.nodeRanges[node] = TextRange(location: offset, length: 0) }
            nodes.removeAll()
        }
        for item in items {
            switch item {
            case .requirement(let count):
                required = max(required, count)
            case .character(let c, let source):
                if required > 0, !out.units.isEmpty {
                    for _ in 0..<required {
                        out.units.append(10)
                        out.sources.append(-1)
                    }
                }
                required = 0
                for node in waiting { starts[node] = out.units.count }
                waiting = []
                place(&empty, at: out.units.count)
                out.units.append(c)
                out.sources.append(source)
            case .start(let node):
                waiting.append(node)
            case .end(let node):
                if let at = waiting.lastIndex(of: node) {
                    waiting.remove(at: at)
                    empty.append(node)
                    continue
                }
                place(&empty, at: out.units.count)
                let start = starts[node] ?? out.units.count
                out.nodeRanges[node] = TextRange(location: start, length: out.units.count - start)
            }
        }
        place(&empty, at: out.units.count)
        out.atomicEnds = atomicEnds
        return out
    }
}

/// The tokenizer and tree builder behind `HTMLTree` (WHATWG HTML, "in body" fragment
/// parsing in a `<div>`, simplified as `HTMLTree` says).
struct HTMLTreeBuilder {
    let units: [UInt16]
    var nodes: [HTMLTree.Node]
    /// The stack of open elements (node indices); the root at the bottom.
    private var stack: [Int] = [0]
    /// The list of active formatting elements (node indices).
    private var formatting: [Int] = []
    /// Inside a raw text or RCDATA element: its name and how its text reads.
    private var rawEnd: (name: [UInt16], kind: HTMLTree.Node.TextKind)?
    /// The rest is text (`<plaintext>`).
    private var plaintext = false
    /// A line feed right after this offset is dropped (`<pre>`, `<listing>`, `<textarea>`).
    private var skipNewlineAt: Int?
    /// Start tags past `HTMLTree.maxDepth` are ignored; their end tags too.
    private var ignoredDepth: [String: Int] = [:]
    /// How many `svg` and `math` elements are open (foreign content: `/>` closes, names keep their case).
    private var foreignOpen = 0

    init(units: [UInt16]) {
        self.units = units
        nodes = [HTMLTree.Node(kind: .root, name: "", parent: -1, range: TextRange(location: 0, length: units.count))]
    }

    // MARK: Element sets (WHATWG "special" category and the parser's lists)

    static let void: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param",
        "source", "track", "wbr", "frame",
    ]
    static let special: Set<String> = [
        "address", "applet", "area", "article", "aside", "base", "basefont", "bgsound", "blockquote", "body", "br", "button",
        "caption", "center", "col", "colgroup", "dd", "details", "dir", "div", "dl", "dt", "embed", "fieldset", "figcaption",
        "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr",
        "html", "iframe", "img", "input", "keygen", "li", "link", "listing", "main", "marquee", "menu", "meta", "nav", "noembed",
        "noframes", "noscript", "object", "ol", "p", "param", "plaintext", "pre", "script", "search", "section", "select",
        "source", "style", "summary", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "title", "tr",
        "track", "ul", "wbr", "xmp",
    ]
    /// Start tags that close an open `p` (in button scope) before they open.
    static let closesParagraph: Set<String> = [
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
        "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol", "p", "search", "section", "summary",
        "ul", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "listing", "form", "plaintext", "table", "hr", "xmp",
    ]
    /// End tags of these close their element (and what it holds) when in scope.
    static let blockEnds: Set<String> = [
        "address", "article", "aside", "blockquote", "button", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
        "figcaption", "figure", "footer", "header", "hgroup", "listing", "main", "menu", "nav", "ol", "pre", "search", "section",
        "summary", "ul", "form", "applet", "marquee", "object", "select", "template",
    ]
    static let formattingNames: Set<String> = [
        "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u",
    ]
    static let impliedEnds: Set<String> = ["dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc"]
    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    static let scopeBoundaries: Set<String> = ["applet", "caption", "table", "td", "th", "marquee", "object", "template"]
    static let rawText: Set<String> = ["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript"]
    static let rcdata: Set<String> = ["title", "textarea"]
    static let tableParts: Set<String> = ["caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"]
    /// SVG element names the parser writes in camel case (the common ones of the spec's table).
    static let svgNames: [String: String] = [
        "foreignobject": "foreignObject", "clippath": "clipPath", "lineargradient": "linearGradient",
        "radialgradient": "radialGradient", "textpath": "textPath", "animatemotion": "animateMotion",
        "animatetransform": "animateTransform", "fegaussianblur": "feGaussianBlur", "feoffset": "feOffset",
        "femerge": "feMerge", "femergenode": "feMergeNode", "fecolormatrix": "feColorMatrix", "glyphref": "glyphRef",
    ]
    /// The list of active formatting elements keeps at most this many (the parser's "Noah's
    /// Ark" clause bounds equal ones to three; this bounds all, so that reopening is O(1) per token).
    static let maxFormatting = 64

    // MARK: The token loop

    mutating func run() {
        let n = units.count
        var i = 0
        while i < n {
            if let end = rawEnd {
                let close = rawTextEnd(from: i, name: end.name)
                if close > i { appendText(TextRange(location: i, length: close - i), kind: end.kind) }
                rawEnd = nil
                i = close
                continue
            }
            if plaintext {
                appendText(TextRange(location: i, length: n - i), kind: .raw)
                break
            }
            guard units[i] == 60 else {  // "<"
                var j = i + 1
                while j < n, units[j] != 60 { j += 1 }
                appendText(TextRange(location: i, length: j - i), kind: .normal)
                i = j
                continue
            }
            let next = i + 1 < n ? units[i + 1] : 0
            if isASCIILetter(next) {
                guard let tag = startTag(at: i) else { break }  // EOF in a tag: the rest is dropped
                handleStart(tag)
                i = tag.end
            } else if next == 47 {  // "</"
                let after = i + 2 < n ? units[i + 2] : 0
                if isASCIILetter(after) {
                    guard let tag = endTag(at: i) else { break }
                    handleEnd(name: tag.name, start: i, end: tag.end)
                    i = tag.end
                } else if after == 62 {  // "</>": nothing
                    i += 3
                } else if i + 2 >= n {
                    appendText(TextRange(location: i, length: n - i), kind: .normal)
                    i = n
                } else {
                    i = bogusComment(from: i, dataStart: i + 2)
                }
            } else if next == 33 {  // "<!"
                i = comment(from: i)
            } else if next == 63 {  // "<?"
                i = bogusComment(from: i, dataStart: i + 1)
            } else {
                appendText(TextRange(location: i, length: 1), kind: .normal)
                i += 1
            }
        }
        // The end: every open element closes there.
        while stack.count > 1 { pop(closingAt: n, explicitEnd: nil) }
    }

    // MARK: Tokens

    struct StartTag {
        var name: String
        var attributes: [HTMLTree.Attribute]
        var selfClosing: Bool
        var start: Int
        var end: Int
    }

    /// The start tag at `start` (`<` then a letter), `nil` when the text ends inside it.
    private func startTag(at start: Int) -> StartTag? {
        let n = units.count
        var j = start + 1
        let nameStart = j
        while j < n, !isTagSpace(units[j]), units[j] != 47, units[j] != 62 { j += 1 }
        let name = lowerName(nameStart..<j)
        var attributes: [HTMLTree.Attribute] = []
        var selfClosing = false
        while true {
            while j < n, isTagSpace(units[j]) || units[j] == 47 {
                if units[j] == 47 { selfClosing = j + 1 < n && units[j + 1] == 62 }
                j += 1
            }
            guard j < n else { return nil }
            if units[j] == 62 { return StartTag(name: name, attributes: attributes, selfClosing: selfClosing, start: start, end: j + 1) }
            selfClosing = false
            // An attribute name: up to space, "/", ">" or "=" (a leading "=" belongs to it).
            let attributeStart = j
            j += 1
            while j < n, !isTagSpace(units[j]), units[j] != 47, units[j] != 62, units[j] != 61 { j += 1 }
            let attributeName = lowerName(attributeStart..<j)
            var k = j
            while k < n, isTagSpace(units[k]) { k += 1 }
            var value: TextRange?
            if k < n, units[k] == 61 {
                k += 1
                while k < n, isTagSpace(units[k]) { k += 1 }
                guard k < n else { return nil }
                if units[k] == 34 || units[k] == 39 {
                    let quote = units[k]
                    var close = k + 1
                    while close < n, units[close] != quote { close += 1 }
                    guard close < n else { return nil }
                    value = TextRange(location: k + 1, length: close - k - 1)
                    j = close + 1
                } else if units[k] == 62 {
                    value = TextRange(location: k, length: 0)
                    j = k
                } else {
                    var end = k
                    while end < n, !isTagSpace(units[end]), units[end] != 62 { end += 1 }
                    value = TextRange(location: k, length: end - k)
                    j = end
                }
            }
            if !attributes.contains(where: { $0.name == attributeName }) {
                attributes.append(HTMLTree.Attribute(name: attributeName, value: value))
            }
        }
    }

    /// The end tag at `start` (`</` then a letter): its name and the offset past its `>`.
    private func endTag(at start: Int) -> (name: String, end: Int)? {
        let n = units.count
        var j = start + 2
        let nameStart = j
        while j < n, !isTagSpace(units[j]), units[j] != 47, units[j] != 62 { j += 1 }
        let name = lowerName(nameStart..<j)
        // Attributes of an end tag are read and dropped (quotes may hold ">").
        var quote: UInt16?
        while j < n {
            let c = units[j]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == 62 {
                return (name, j + 1)
            } else if (c == 34 || c == 39), j > nameStart, units[j - 1] == 61 || isTagSpace(units[j - 1]) {
                quote = c
            }
            j += 1
        }
        return nil
    }

    /// `<!--…-->` (also `<!-->`, `<!--->`, `--!>`), else a bogus comment up to `>`.
    private mutating func comment(from start: Int) -> Int {
        let n = units.count
        guard start + 3 < n, units[start + 2] == 45, units[start + 3] == 45 else {
            return bogusComment(from: start, dataStart: start + 2)
        }
        let dataStart = start + 4
        if dataStart < n, units[dataStart] == 62 { return addComment(data: dataStart..<dataStart, end: dataStart + 1) }
        if dataStart + 1 < n, units[dataStart] == 45, units[dataStart + 1] == 62 {
            return addComment(data: dataStart..<dataStart, end: dataStart + 2)
        }
        var j = dataStart
        while j < n {
            if units[j] == 45, j + 2 < n, units[j + 1] == 45, units[j + 2] == 62 { return addComment(data: dataStart..<j, end: j + 3) }
            if units[j] == 45, j + 3 < n, units[j + 1] == 45, units[j + 2] == 33, units[j + 3] == 62 {
                return addComment(data: dataStart..<j, end: j + 4)
            }
            j += 1
        }
        // To the end: the data, less a trailing "-" or "--".
        var end = n
        while end > dataStart, units[end - 1] == 45, n - end < 2 { end -= 1 }
        return addComment(data: dataStart..<end, end: n)
    }

    private mutating func bogusComment(from start: Int, dataStart: Int) -> Int {
        let n = units.count
        var j = dataStart
        while j < n, units[j] != 62 { j += 1 }
        return addComment(data: dataStart..<j, end: min(n, j + 1))
    }

    private mutating func addComment(data: Range<Int>, end: Int) -> Int {
        let start = data.lowerBound
        var node = HTMLTree.Node(kind: .comment, name: "", parent: current, range: TextRange(location: start, length: end - start))
        node.firstPiece = TextRange(location: data.lowerBound, length: data.count)
        append(node)
        return end
    }

    /// Where the raw text of `name` ends: at `</name` followed by space, "/" or ">" (any case), else the text's end.
    private func rawTextEnd(from start: Int, name: [UInt16]) -> Int {
        let n = units.count
        var j = start
        while j + 1 < n {
            if units[j] == 60, units[j + 1] == 47, j + 2 + name.count <= n {
                var k = 0
                while k < name.count, asciiLower(units[j + 2 + k]) == name[k] { k += 1 }
                if k == name.count {
                    let after = j + 2 + k
                    if after >= n || isTagSpace(units[after]) || units[after] == 47 || units[after] == 62 { return j }
                }
            }
            j += 1
        }
        return n
    }

    // MARK: Tree construction

    private var current: Int { stack[stack.count - 1] }

    private func name(_ node: Int) -> String { nodes[node].name }

    private mutating func append(_ node: HTMLTree.Node) {
        let index = nodes.count
        nodes.append(node)
        nodes[node.parent].children.append(index)
    }

    private mutating func appendText(_ range: TextRange, kind: HTMLTree.Node.TextKind) {
        var range = range
        if let skip = skipNewlineAt {
            skipNewlineAt = nil
            if range.location == skip, range.length > 0, units[range.location] == 10 || units[range.location] == 13 {
                let drop = units[range.location] == 13 && range.length > 1 && units[range.location + 1] == 10 ? 2 : 1
                range = TextRange(location: range.location + drop, length: range.length - drop)
            }
        }
        guard range.length > 0 else { return }
        if kind == .normal { reconstructFormatting(at: range.location) }
        if let last = nodes[current].children.last, nodes[last].kind == .text {
            nodes[last].morePieces.append(range)
            nodes[last].range = TextRange(
                location: nodes[last].range.location, length: range.upperBound - nodes[last].range.location)
            return
        }
        var node = HTMLTree.Node(kind: .text, name: "", parent: current, range: range)
        node.firstPiece = range
        node.text = kind
        append(node)
    }

    /// Inserts an element for `tag` and, unless void, opens it.
    @discardableResult
    private mutating func insert(_ tag: StartTag, void: Bool = false, hasStartTag: Bool = true) -> Int {
        var node = HTMLTree.Node(
            kind: .element, name: tag.name, parent: current,
            range: TextRange(location: tag.start, length: tag.end - tag.start))
        node.attributes = tag.attributes
        node.hasStartTag = hasStartTag
        node.content = TextRange(location: tag.end, length: 0)
        append(node)
        let index = nodes.count - 1
        if !void {
            stack.append(index)
            if tag.name == "svg" || tag.name == "math" { foreignOpen += 1 }
        }
        return index
    }

    /// An element the parser makes without a start tag (`<tbody>`, `<p>` for a stray `</p>`), at `offset`.
    @discardableResult
    private mutating func insertImplied(_ name: String, at offset: Int) -> Int {
        insert(StartTag(name: name, attributes: [], selfClosing: false, start: offset, end: offset), hasStartTag: false)
    }

    /// Pops the current element, closing it at `offset` (the end of its end tag when `explicitEnd`).
    private mutating func pop(closingAt offset: Int, explicitEnd: Int?) {
        let node = stack.removeLast()
        if nodes[node].name == "svg" || nodes[node].name == "math" { foreignOpen -= 1 }
        let end = explicitEnd ?? offset
        nodes[node].range = TextRange(location: nodes[node].range.location, length: max(0, end - nodes[node].range.location))
        if explicitEnd != nil { nodes[node].hasEndTag = true }
        let content = nodes[node].content.location
        nodes[node].content.length = max(0, min(offset, end) - content)
    }

    /// Pops up to and including the element at stack position `position`; the end tag (if any) closes that one.
    private mutating func popThrough(_ position: Int, at offset: Int, end: Int?) {
        while stack.count - 1 > position { pop(closingAt: offset, explicitEnd: nil) }
        pop(closingAt: offset, explicitEnd: end)
    }

    /// The stack position of the innermost open `names` element in scope (the boundaries,
    /// plus `extra`), `nil` when none.
    private func inScope(_ names: Set<String>, extra: Set<String> = []) -> Int? {
        var position = stack.count - 1
        while position > 0 {
            let n = name(stack[position])
            if names.contains(n) { return position }
            if Self.scopeBoundaries.contains(n) || extra.contains(n) { return nil }
            position -= 1
        }
        return nil
    }

    private mutating func generateImpliedEnds(except: String? = nil, at offset: Int) {
        while stack.count > 1, Self.impliedEnds.contains(name(current)), name(current) != except {
            pop(closingAt: offset, explicitEnd: nil)
        }
    }

    private mutating func closeParagraph(at offset: Int) {
        guard let position = inScope(["p"], extra: ["button"]) else { return }
        generateImpliedEnds(except: "p", at: offset)
        popThrough(position, at: offset, end: nil)
    }

    private mutating func appendFormatting(_ node: Int) {
        formatting.append(node)
        if formatting.count > Self.maxFormatting { formatting.removeFirst() }
    }

    /// Reopens the formatting elements a crossed end tag closed, before text or an inline start tag at `offset`.
    private mutating func reconstructFormatting(at offset: Int) {
        guard let last = formatting.last, !stack.contains(last) else { return }
        var first = formatting.count - 1
        while first > 0, !stack.contains(formatting[first - 1]) { first -= 1 }
        for entry in first..<formatting.count {
            let original = nodes[formatting[entry]]
            let clone = insert(
                StartTag(name: original.name, attributes: original.attributes, selfClosing: false, start: offset, end: offset),
                hasStartTag: false)
            formatting[entry] = clone
        }
    }

    private mutating func handleStart(_ tag: StartTag) {
        var tag = tag
        let name = tag.name
        if stack.count > HTMLTree.maxDepth, !Self.void.contains(name) {
            ignoredDepth[name, default: 0] += 1
            return
        }
        if foreignOpen > 0 {
            reconstructFormatting(at: tag.start)
            tag.name = Self.svgNames[name] ?? name
            insert(tag, void: tag.selfClosing)
            return
        }
        switch name {
        case "html", "head", "body", "frameset":
            return
        case "base", "basefont", "bgsound", "link", "meta":
            insert(tag, void: true)
        case "script", "style", "noframes", "noscript", "iframe", "noembed":
            if name != "script", name != "style", name != "noframes" { reconstructFormatting(at: tag.start) }
            insert(tag)
            rawEnd = (Array(name.utf16), .raw)
        case "title", "textarea":
            insert(tag)
            rawEnd = (Array(name.utf16), .rcdata)
            if name == "textarea" { skipNewlineAt = tag.end }
        case "xmp":
            closeParagraph(at: tag.start)
            reconstructFormatting(at: tag.start)
            insert(tag)
            rawEnd = (Array(name.utf16), .raw)
        case "template":
            insert(tag)
        case "li", "dd", "dt":
            let family: Set<String> = name == "li" ? ["li"] : ["dd", "dt"]
            var position = stack.count - 1
            while position > 0 {
                let n = self.name(stack[position])
                if family.contains(n) {
                    generateImpliedEnds(except: n, at: tag.start)
                    popThrough(position, at: tag.start, end: nil)
                    break
                }
                if Self.special.contains(n), !["address", "div", "p"].contains(n) { break }
                position -= 1
            }
            closeParagraph(at: tag.start)
            insert(tag)
        case "h1", "h2", "h3", "h4", "h5", "h6":
            closeParagraph(at: tag.start)
            if Self.headings.contains(self.name(current)) { pop(closingAt: tag.start, explicitEnd: nil) }
            insert(tag)
        case "pre", "listing":
            closeParagraph(at: tag.start)
            insert(tag)
            skipNewlineAt = tag.end
        case "plaintext":
            closeParagraph(at: tag.start)
            insert(tag)
            plaintext = true
        case "hr":
            closeParagraph(at: tag.start)
            insert(tag, void: true)
        case "button":
            if let position = inScope(["button"]) {
                generateImpliedEnds(at: tag.start)
                popThrough(position, at: tag.start, end: nil)
            }
            reconstructFormatting(at: tag.start)
            insert(tag)
        case "a":
            if let open = formatting.last(where: { self.name($0) == "a" }) {
                // An open <a> closes (the adoption agency's simple case) and leaves the list.
                if let position = stack.firstIndex(of: open) { popThrough(position, at: tag.start, end: nil) }
                formatting.removeAll { $0 == open }
            }
            reconstructFormatting(at: tag.start)
            let opened = insert(tag)
            appendFormatting(opened)
        case "nobr":
            reconstructFormatting(at: tag.start)
            if let position = inScope(["nobr"]) {
                popThrough(position, at: tag.start, end: nil)
                let nodes = self.nodes
                formatting.removeAll { nodes[$0].name == "nobr" }
            }
            let opened = insert(tag)
            appendFormatting(opened)
        case _ where Self.formattingNames.contains(name):
            reconstructFormatting(at: tag.start)
            let opened = insert(tag)
            appendFormatting(opened)
        case "image":
            tag.name = "img"
            reconstructFormatting(at: tag.start)
            insert(tag, void: true)
        case _ where Self.void.contains(name):
            if ["area", "br", "embed", "img", "keygen", "wbr", "input"].contains(name) { reconstructFormatting(at: tag.start) }
            insert(tag, void: true)
        case "option", "optgroup":
            if self.name(current) == "option" { pop(closingAt: tag.start, explicitEnd: nil) }
            if name == "optgroup", self.name(current) == "optgroup" { pop(closingAt: tag.start, explicitEnd: nil) }
            reconstructFormatting(at: tag.start)
            insert(tag)
        case "rb", "rtc", "rp", "rt":
            if inScope(["ruby"]) != nil { generateImpliedEnds(except: name == "rp" || name == "rt" ? "rtc" : nil, at: tag.start) }
            insert(tag)
        case "svg", "math":
            reconstructFormatting(at: tag.start)
            insert(tag, void: tag.selfClosing)
        case _ where Self.tableParts.contains(name):
            startTablePart(tag)
        default:
            if Self.closesParagraph.contains(name) {
                closeParagraph(at: tag.start)
                insert(tag)
            } else {
                reconstructFormatting(at: tag.start)
                insert(tag)
            }
        }
    }

    /// `caption`, `col`, `colgroup`, `tbody`, `thead`, `tfoot`, `tr`, `td`, `th`: inside a
    /// table, with the sections and rows the parser implies; outside one, ignored.
    private mutating func startTablePart(_ tag: StartTag) {
        guard let table = stack.lastIndex(where: { name($0) == "table" }) else { return }
        func closeTo(_ keep: Set<String>) {
            while stack.count - 1 > table, !keep.contains(name(current)) { pop(closingAt: tag.start, explicitEnd: nil) }
        }
        switch tag.name {
        case "caption", "colgroup", "tbody", "thead", "tfoot":
            closeTo(["table"])
            insert(tag)
        case "col":
            closeTo(["table", "colgroup"])
            if name(current) == "table" { insertImplied("colgroup", at: tag.start) }
            insert(tag, void: true)
        case "tr":
            closeTo(["table", "tbody", "thead", "tfoot"])
            if name(current) == "table" { insertImplied("tbody", at: tag.start) }
            insert(tag)
        default:  // td, th
            closeTo(["table", "tbody", "thead", "tfoot", "tr"])
            if name(current) == "table" { insertImplied("tbody", at: tag.start) }
            if name(current) != "tr" { insertImplied("tr", at: tag.start) }
            insert(tag)
        }
    }

    private mutating func handleEnd(name: String, start: Int, end: Int) {
        if let count = ignoredDepth[name], count > 0 {
            ignoredDepth[name] = count - 1
            return
        }
        if foreignOpen > 0 {
            anyOtherEnd(name, start: start, end: end)
            return
        }
        switch name {
        case "html", "head", "body":
            return
        case "p":
            if inScope(["p"], extra: ["button"]) == nil {
                insertImplied("p", at: start)
            }
            generateImpliedEnds(except: "p", at: start)
            if let position = stack.lastIndex(where: { self.name($0) == "p" }) { popThrough(position, at: start, end: end) }
        case "li", "dd", "dt":
            guard let position = inScope([name], extra: name == "li" ? ["ol", "ul"] : []) else { return }
            generateImpliedEnds(except: name, at: start)
            popThrough(position, at: start, end: end)
        case "h1", "h2", "h3", "h4", "h5", "h6":
            guard let position = inScope(Self.headings) else { return }
            generateImpliedEnds(at: start)
            popThrough(position, at: start, end: self.name(stack[position]) == name ? end : nil)
        case "br":
            reconstructFormatting(at: start)
            insert(StartTag(name: "br", attributes: [], selfClosing: false, start: start, end: end), void: true)
        case _ where Self.formattingNames.contains(name):
            adoptionAgency(name, start: start, end: end)
        case "table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption", "colgroup":
            guard let position = stack.lastIndex(where: { self.name($0) == name }),
                !stack[(position + 1)...].contains(where: { self.name($0) == "table" })
            else { return }
            generateImpliedEnds(at: start)
            popThrough(position, at: start, end: end)
        case _ where Self.blockEnds.contains(name):
            guard let position = inScope([name], extra: name == "button" ? ["button"] : []) else { return }
            generateImpliedEnds(at: start)
            popThrough(position, at: start, end: end)
        default:
            anyOtherEnd(name, start: start, end: end)
        }
    }

    /// "Any other end tag": the innermost open element of that name closes (with what it
    /// holds), unless a special element stands between; otherwise the tag is ignored.
    private mutating func anyOtherEnd(_ name: String, start: Int, end: Int) {
        var position = stack.count - 1
        while position > 0 {
            let n = self.name(stack[position])
            if n == name {
                generateImpliedEnds(except: name, at: start)
                popThrough(position, at: start, end: end)
                return
            }
            if Self.special.contains(n) { return }
            position -= 1
        }
    }

    /// A formatting end tag (`</b>`): closes its element and what it crosses; the formatting
    /// elements crossed stay in the list and reopen before the next text.
    private mutating func adoptionAgency(_ name: String, start: Int, end: Int) {
        guard let entry = formatting.lastIndex(where: { self.name($0) == name }) else {
            anyOtherEnd(name, start: start, end: end)
            return
        }
        let element = formatting[entry]
        guard let position = stack.firstIndex(of: element) else {
            formatting.remove(at: entry)
            return
        }
        if stack[(position + 1)...].contains(where: { Self.special.contains(self.name($0)) }) {
            // The furthest-block case: the element stays open (its text is the same; only
            // the style of what follows the block differs from a browser's).
            return
        }
        formatting.remove(at: entry)
        popThrough(position, at: start, end: end)
    }

    // MARK: Characters (the tag scanner's ASCII helpers: `isASCIILetter`, `isTagSpace`, `asciiLower`)

    /// The ASCII-lower-cased name at `range` (no array made for an ASCII name).
    private func lowerName(_ range: Range<Int>) -> String {
        guard range.count <= 32, units[range].allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: units[range].map(asciiLower), as: UTF16.self)
        }
        return String(unsafeUninitializedCapacity: range.count) { buffer in
            for (i, unit) in units[range].enumerated() { buffer[i] = UInt8(truncatingIfNeeded: asciiLower(unit)) }
            return range.count
        }
    }
}

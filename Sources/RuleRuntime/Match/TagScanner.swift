/// Finds the tags of one tag family (`<h>`, `<h1>…`), of one generic element (`<a href>`,
/// void `<img src/>`) or of the catch-all element (`<*>`: every name the table's other tag
/// rules do not match) with a single left-to-right token scan over UTF-16 code units.
///
/// Names compare ASCII-case-insensitively and are reported ASCII-lower-cased. Content may
/// hold other `<` characters and newlines, and may be empty. Mismatched and unclosed tags
/// are not matches and do not stop later tags from matching. Two ways to pair tags:
/// - innermost (the default): the scan keeps at most one open tag. A new opening tag
///   replaces it (so only the innermost of nested tags can match); a closing tag with the
///   same name emits a match; any other closing tag (`</h2>` while `<h1>` is open) clears
///   it. So a tag's content never holds another token of the rule.
/// - nested (`nest`): open tags form a stack; a closing tag closes the nearest open tag of
///   its name, and the tags left open inside it stay unclosed (shown as written). Tags
///   nested deeper than `maxDepth` are left as written, with their closing tags.
///
/// Matches are reported in the order of their opening tags, `TagInfo.index` counting them
/// from 0.
struct TagScanner: Sendable {
    enum Kind: Sendable {
        /// `family` plus optional ASCII digits: `<h>`, `<h12>`; closes with `</h12>` or `<h12/>`.
        case family(String)
        /// A generic element with attributes. Paired: `<a …>content</a>` (also closed by
        /// `<a/>`); void: `<img …>` or `<img …/>` alone.
        case element(String, isVoid: Bool)
        /// Paired elements of any name (`[A-Za-z][A-Za-z0-9-]*`) except `elements` and the
        /// tags of `families` (lower-case).
        case catchAll(elements: Set<String>, families: [String])
    }

    let kind: Kind
    let nested: Bool
    /// The family or element name, ASCII-lower-cased, as UTF-16 (empty for the catch-all).
    private let name: [UInt16]
    /// The deepest nesting of open tags a nested scan tracks.
    static let maxDepth = 512

    init(kind: Kind, nested: Bool = false) {
        self.kind = kind
        self.nested = nested
        switch kind {
        case .family(let family): name = Array(family.utf16).map(asciiLower)
        case .element(let element, _): name = Array(element.utf16).map(asciiLower)
        case .catchAll: name = []
        }
    }

    /// An opening tag waiting for its close.
    private struct Open {
        var start: Int
        var contentStart: Int
        var name: String
        var level: Int?
        var attributes: [TagInfo.AttributeSpan]
    }

    /// Appends the rule's tags in `source` to `result`, in the order of their opening tags,
    /// numbering them from 0. Each tag points into `source` (no string is made here).
    func scan(_ source: TextUnits, ruleIndex: Int, into result: inout [Candidate]) {
        let units = source.buffer  // valid while `source` lives
        let first = result.count
        var open: Open?  // innermost pairing
        var stack: [Open] = []  // nested pairing
        var skipped: [String: Int] = [:]  // nested: open tags past `maxDepth`, by name
        func emit(_ o: Open, contentEnd: Int, end: Int) {
            let range = TextRange(location: o.start, length: end - o.start)
            // Innermost pairing emits in the order of opening tags; nested pairing renumbers below.
            let tag = TagInfo(
                index: nested ? 0 : result.count - first, name: o.name, level: o.level, range: range,
                contentRange: TextRange(location: o.contentStart, length: contentEnd - o.contentStart), attributes: o.attributes,
                source: source)
            result.append(Candidate(ruleIndex: ruleIndex, range: range, tag: tag))
        }
        var i = 0
        let n = units.count
        while i < n {
            guard units[i] == ascii("<"), let token = self.token(units, at: i) else {
                i += 1
                continue
            }
            switch token.kind {
            case .open(let name, let level, let attributes):
                let tag = Open(start: i, contentStart: token.end, name: name, level: level, attributes: attributes)
                if case .element(_, isVoid: true) = kind {
                    emit(tag, contentEnd: token.end, end: token.end)
                } else if !nested {
                    open = tag
                } else if stack.count < Self.maxDepth {
                    stack.append(tag)
                } else {
                    skipped[name, default: 0] += 1
                }
            case .close(let name):
                if nested {
                    if let count = skipped[name], count > 0 {
                        skipped[name] = count - 1
                    } else if let at = stack.lastIndex(where: { $0.name == name }) {
                        emit(stack[at], contentEnd: i, end: token.end)
                        stack.removeSubrange(at...)
                    }
                } else {
                    if let o = open, o.name == name, !isVoid { emit(o, contentEnd: i, end: token.end) }
                    open = nil
                }
            case .clear:
                open = nil
            }
            i = token.end
        }
        // Nested tags are emitted as they close: order them by their opening tags.
        guard nested else { return }
        result[first...].sort { $0.range.location < $1.range.location }
        for (index, position) in (first..<result.count).enumerated() where index > 0 {
            var tag = result[position].tag!
            tag.index = index
            result[position].tag = tag
        }
    }

    private var isVoid: Bool {
        if case .element(_, isVoid: true) = kind { return true }
        return false
    }

    private struct Token {
        enum Kind {
            case open(name: String, level: Int?, attributes: [TagInfo.AttributeSpan])
            case close(name: String)
            /// A token of the rule that neither opens nor closes (`<a href="x"/>` for a
            /// paired element): it only invalidates an open tag.
            case clear
        }
        var kind: Kind
        /// Offset just past the token's `>`.
        var end: Int
    }

    /// The token starting at the `<` at `start`, if any.
    private func token(_ u: UnsafeBufferPointer<UInt16>, at start: Int) -> Token? {
        var j = start + 1
        let closing = j < u.count && u[j] == ascii("/")
        if closing { j += 1 }
        let tagName: String
        switch kind {
        case .family:
            // The name, case-insensitively, then the level's digits.
            for c in name {
                guard j < u.count, asciiLower(u[j]) == c else { return nil }
                j += 1
            }
            let digitsStart = j
            while j < u.count, u[j] >= ascii("0"), u[j] <= ascii("9") { j += 1 }
            let digits = utf16String(u[digitsStart..<j])
            let tagName = utf16String(name[...]) + digits
            if j < u.count, u[j] == ascii(">") {
                return Token(kind: closing ? .close(name: tagName) : .open(name: tagName, level: Int(digits), attributes: []), end: j + 1)
            }
            if !closing, j + 1 < u.count, u[j] == ascii("/"), u[j + 1] == ascii(">") {
                return Token(kind: .close(name: tagName), end: j + 2)
            }
            return nil
        case .element:
            for c in name {
                guard j < u.count, asciiLower(u[j]) == c else { return nil }
                j += 1
            }
            tagName = utf16String(name[...])
        case .catchAll(let elements, let families):
            let nameStart = j
            guard j < u.count, isASCIILetter(u[j]) else { return nil }
            while j < u.count, isASCIILetter(u[j]) || (u[j] >= ascii("0") && u[j] <= ascii("9")) || u[j] == ascii("-") { j += 1 }
            tagName = utf16String(u[nameStart..<j].map(asciiLower)[...])
            if elements.contains(tagName) { return nil }
            for family in families where tagName.hasPrefix(family) {
                if tagName.utf8.dropFirst(family.utf8.count).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return nil }
            }
        }
        if closing {
            while j < u.count, isTagSpace(u[j]) { j += 1 }
            guard j < u.count, u[j] == ascii(">") else { return nil }
            return Token(kind: .close(name: tagName), end: j + 1)
        }
        guard j < u.count, isTagSpace(u[j]) || u[j] == ascii(">") || u[j] == ascii("/") else { return nil }
        guard let (attributes, written, selfClosing, end) = Self.attributes(u, from: j) else { return nil }
        if selfClosing, !isVoid {
            return Token(kind: written ? .clear : .close(name: tagName), end: end)
        }
        return Token(kind: .open(name: tagName, level: nil, attributes: attributes), end: end)
    }

    /// Parses `attr="v" attr='v' attr=v flag` up to `>` or `/>`. Returns the attributes as
    /// written (lower-case names, value ranges without the quotes), whether any was written,
    /// whether the tag ends with `/>`, and the offset past `>`; `nil` when the markup is
    /// malformed (no closing `>`, an unterminated quote, a stray character).
    private static func attributes(_ u: UnsafeBufferPointer<UInt16>, from start: Int) -> ([TagInfo.AttributeSpan], Bool, Bool, Int)? {
        var attributes: [TagInfo.AttributeSpan] = []
        var j = start
        while true {
            while j < u.count, isTagSpace(u[j]) { j += 1 }
            guard j < u.count else { return nil }
            if u[j] == ascii(">") { return (attributes, !attributes.isEmpty, false, j + 1) }
            if u[j] == ascii("/") {
                guard j + 1 < u.count, u[j + 1] == ascii(">") else { return nil }
                return (attributes, !attributes.isEmpty, true, j + 2)
            }
            let nameStart = j
            while j < u.count, !isTagSpace(u[j]), !"\"'<>/=".utf16.contains(u[j]) { j += 1 }
            guard j > nameStart else { return nil }
            let attributeName = utf16String(u[nameStart..<j].map(asciiLower)[...])
            var value: TextRange?
            var k = j
            while k < u.count, isTagSpace(u[k]) { k += 1 }
            if k < u.count, u[k] == ascii("=") {
                k += 1
                while k < u.count, isTagSpace(u[k]) { k += 1 }
                guard k < u.count else { return nil }
                if u[k] == ascii("\"") || u[k] == ascii("'") {
                    let quote = u[k]
                    guard let close = u[(k + 1)...].firstIndex(of: quote) else { return nil }
                    value = TextRange(location: k + 1, length: close - k - 1)
                    j = close + 1
                } else {
                    let valueStart = k
                    while k < u.count, !isTagSpace(u[k]), !"\"'<>=`".utf16.contains(u[k]) { k += 1 }
                    guard k > valueStart else { return nil }
                    value = TextRange(location: valueStart, length: k - valueStart)
                    j = k
                }
            }
            attributes.append(TagInfo.AttributeSpan(name: attributeName, value: value))
        }
    }
}

/// Decodes every HTML character reference in `text` that `HTMLEntity.match` accepts: the
/// WHATWG named references (`&amp;`, `&eacute;`), `&#NN;` and `&#xHH;`, each with its `;`.
/// Anything else, including numeric references to invalid scalars, is left as written; the
/// decoded text is not decoded again (`&amp;lt;` becomes `&lt;`).
func decodeHTMLEntities(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    let units = utf16Units(text)
    return units.withUnsafeBufferPointer { units in
        var out = ""
        var plainStart = 0
        var index = 0
        while index < units.count {
            if units[index] == ascii("&"), let reference = HTMLEntity.match(units, at: index) {
                out += utf16String(units[plainStart..<index])
                out += reference.decoded
                index += reference.length
                plainStart = index
            } else {
                index += 1
            }
        }
        out += utf16String(units[plainStart...])
        return out
    }
}

@inline(__always) private func ascii(_ c: Unicode.Scalar) -> UInt16 { UInt16(c.value) }

/// ASCII upper case to lower case, other units as they are (tag and attribute names).
@inline(__always) func asciiLower(_ c: UInt16) -> UInt16 { c >= 65 && c <= 90 ? c + 32 : c }

@inline(__always) func isASCIILetter(_ c: UInt16) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }

/// HTML white space inside markup: space, tab, LF, FF, CR.
@inline(__always) func isTagSpace(_ c: UInt16) -> Bool { c == 32 || c == 9 || c == 10 || c == 12 || c == 13 }

/// Finds the tags of one tag family (`<h>`, `<h1>…`) or of one generic element (`<a href>`,
/// void `<img src/>`) with a single left-to-right token scan over UTF-16 code units.
///
/// The scan keeps at most one open tag. A new opening tag replaces it (so only the
/// innermost of nested tags can match); a closing tag with the same lower-cased name emits
/// a match; any other closing tag (`</h2>` while `<h1>` is open) clears it. So a tag's
/// content never holds another token of its family, mismatched and unclosed tags are not
/// matches, and they do not stop later tags from matching. Content may hold other `<`
/// characters and newlines, and may be empty. Names compare ASCII-case-insensitively and
/// are reported ASCII-lower-cased.
struct TagScanner: Sendable {
    enum Kind: Sendable {
        /// `family` plus optional ASCII digits: `<h>`, `<h12>`; closes with `</h12>` or `<h12/>`.
        case family(String)
        /// A generic element with attributes. Paired: `<a …>content</a>` (also closed by
        /// `<a/>`); void: `<img …>` or `<img …/>` alone.
        case element(String, isVoid: Bool)
    }

    let kind: Kind
    /// The family or element name, ASCII-lower-cased, as UTF-16.
    private let name: [UInt16]

    init(kind: Kind) {
        self.kind = kind
        switch kind {
        case .family(let family): name = Array(family.utf16).map(asciiLower)
        case .element(let element, _): name = Array(element.utf16).map(asciiLower)
        }
    }

    /// An opening tag waiting for its close.
    private struct Open {
        var start: Int
        var contentStart: Int
        var name: String
        var level: Int?
        var attributes: [String: String]
    }

    /// Appends the rule's tags in `units` to `result`, in text order, numbering them from 0.
    func scan(_ units: UnsafeBufferPointer<UInt16>, ruleIndex: Int, into result: inout [Candidate]) {
        var open: Open?
        var index = 0
        func emit(start: Int, contentStart: Int, contentEnd: Int, end: Int, name: String, level: Int?, attributes: [String: String]) {
            let range = TextRange(location: start, length: end - start)
            let tag = TagInfo(
                index: index, name: name, level: level, text: utf16String(units[contentStart..<contentEnd]),
                raw: utf16String(units[start..<end]), attributes: attributes)
            result.append(Candidate(ruleIndex: ruleIndex, range: range, tag: tag))
            index += 1
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
                if case .element(_, isVoid: true) = kind {
                    emit(
                        start: i, contentStart: token.end, contentEnd: token.end, end: token.end, name: name, level: nil,
                        attributes: attributes)
                } else {
                    open = Open(start: i, contentStart: token.end, name: name, level: level, attributes: attributes)
                }
            case .close(let name):
                if let o = open, o.name == name, !isVoid {
                    emit(
                        start: o.start, contentStart: o.contentStart, contentEnd: i, end: token.end, name: o.name, level: o.level,
                        attributes: o.attributes)
                }
                open = nil
            case .clear:
                open = nil
            }
            i = token.end
        }
    }

    private var isVoid: Bool {
        if case .element(_, isVoid: true) = kind { return true }
        return false
    }

    private struct Token {
        enum Kind {
            case open(name: String, level: Int?, attributes: [String: String])
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
        // The name, case-insensitively.
        for c in name {
            guard j < u.count, asciiLower(u[j]) == c else { return nil }
            j += 1
        }
        switch kind {
        case .family:
            let digitsStart = j
            while j < u.count, u[j] >= ascii("0"), u[j] <= ascii("9") { j += 1 }
            let digits = utf16String(u[digitsStart..<j])
            let tagName = utf16String(name[...]) + digits
            if j < u.count, u[j] == ascii(">") {
                return Token(kind: closing ? .close(name: tagName) : .open(name: tagName, level: Int(digits), attributes: [:]), end: j + 1)
            }
            if !closing, j + 1 < u.count, u[j] == ascii("/"), u[j + 1] == ascii(">") {
                return Token(kind: .close(name: tagName), end: j + 2)
            }
            return nil
        case .element:
            let tagName = utf16String(name[...])
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
    }

    /// Parses `attr="v" attr='v' attr=v flag` up to `>` or `/>`. Returns the attributes
    /// (lower-case names, entities decoded, the first of duplicates wins), whether any was
    /// written, whether the tag ends with `/>`, and the offset past `>`; `nil` when the
    /// markup is malformed (no closing `>`, an unterminated quote, a stray character).
    private static func attributes(_ u: UnsafeBufferPointer<UInt16>, from start: Int) -> ([String: String], Bool, Bool, Int)? {
        var attributes: [String: String] = [:]
        var written = false
        var j = start
        while true {
            while j < u.count, isTagSpace(u[j]) { j += 1 }
            guard j < u.count else { return nil }
            if u[j] == ascii(">") { return (attributes, written, false, j + 1) }
            if u[j] == ascii("/") {
                guard j + 1 < u.count, u[j + 1] == ascii(">") else { return nil }
                return (attributes, written, true, j + 2)
            }
            let nameStart = j
            while j < u.count, !isTagSpace(u[j]), !"\"'<>/=".utf16.contains(u[j]) { j += 1 }
            guard j > nameStart else { return nil }
            let attributeName = utf16String(u[nameStart..<j].map(asciiLower)[...])
            var value = ""
            var k = j
            while k < u.count, isTagSpace(u[k]) { k += 1 }
            if k < u.count, u[k] == ascii("=") {
                k += 1
                while k < u.count, isTagSpace(u[k]) { k += 1 }
                guard k < u.count else { return nil }
                if u[k] == ascii("\"") || u[k] == ascii("'") {
                    let quote = u[k]
                    guard let close = u[(k + 1)...].firstIndex(of: quote) else { return nil }
                    value = utf16String(u[(k + 1)..<close])
                    j = close + 1
                } else {
                    let valueStart = k
                    while k < u.count, !isTagSpace(u[k]), !"\"'<>=`".utf16.contains(u[k]) { k += 1 }
                    guard k > valueStart else { return nil }
                    value = utf16String(u[valueStart..<k])
                    j = k
                }
            }
            written = true
            if attributes[attributeName] == nil { attributes[attributeName] = decodeHTMLEntities(value) }
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

@inline(__always) private func asciiLower(_ c: UInt16) -> UInt16 { c >= 65 && c <= 90 ? c + 32 : c }

/// HTML white space inside markup: space, tab, LF, FF, CR.
@inline(__always) private func isTagSpace(_ c: UInt16) -> Bool { c == 32 || c == 9 || c == 10 || c == 12 || c == 13 }

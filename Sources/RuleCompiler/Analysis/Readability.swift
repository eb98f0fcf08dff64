/// How much an example text reads like text, to choose among confirmed examples of an
/// overlap (`ConflictAnalysis`): `<br title="@a">` rather than `<br/@a>`, `@ab cd` rather
/// than `a@400-000-0000.aa`, markup whose tags are balanced rather than a tag inside an
/// attribute value.
enum Readability {
    /// Higher reads better: each code point costs 1 (shorter is better, and letters and
    /// spaces cost nothing more), each run of punctuation or symbols 10 more, each run of
    /// digits 5, each `<` or `>` inside a quoted attribute value, tag left open or closing
    /// tag without its opening one 20.
    static func score(_ text: String) -> Int {
        var score = 0
        var previous: Kind?
        var quote: Unicode.Scalar?
        var inTag = false
        var open: [String] = []
        var unbalanced = 0
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let c = scalars[index]
            let kind = Kind(c)
            switch kind {
            case .letter, .space: break
            case .digit: if previous != .digit { score -= 5 }
            case .punctuation: if previous != .punctuation { score -= 10 }
            }
            if let q = quote {
                if c == q { quote = nil } else if c == "<" || c == ">" { score -= 20 }
            } else if inTag {
                if c == "\"" || c == "'" { quote = c } else if c == ">" { inTag = false }
            } else if c == "<" {
                inTag = true
                var name = ""
                var k = index + 1
                let closing = k < scalars.count && scalars[k] == "/"
                if closing { k += 1 }
                while k < scalars.count, scalars[k].properties.isAlphabetic || ("0"..."9").contains(scalars[k]) {
                    name.unicodeScalars.append(scalars[k])
                    k += 1
                }
                let lower = name.lowercased()
                if closing {
                    if open.last == lower { open.removeLast() } else { unbalanced += 1 }
                } else if !lower.isEmpty, !voidElements.contains(lower) {
                    open.append(lower)
                }
            }
            previous = kind
            index += 1
        }
        if quote != nil || inTag { score -= 20 }
        score -= 20 * (unbalanced + open.count)
        return score - scalars.count
    }

    enum Kind {
        case letter, space, digit, punctuation

        init(_ c: Unicode.Scalar) {
            if ("0"..."9").contains(c) {
                self = .digit
            } else if c.properties.isAlphabetic {
                self = .letter
            } else if c == " " {
                self = .space
            } else {
                self = .punctuation
            }
        }
    }

    /// HTML's void elements: no closing tag to balance.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
}

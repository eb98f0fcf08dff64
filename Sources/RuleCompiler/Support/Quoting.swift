/// Quoting spec text, for every phase that shows or writes it: code generation (Swift
/// literals in the generated file), the conflict analysis and `rulegen` (example texts in
/// diagnostics), the dumps.
public enum Quoting {
    /// A `"…"` literal with every special character escaped: quotes, backslashes,
    /// `\n \r \t \0`, and invisible scalars (`isInvisible`) as `\u{…}`.
    public static func string(_ s: String) -> String {
        string(s, escaping: isInvisible)
    }

    /// Control characters, format characters (bidirectional overrides…) and line and
    /// paragraph separators: written as `\u{…}` so that they cannot hide or break code.
    static func isInvisible(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || c.value == 0x7F || (0x80...0x9F).contains(c.value) || c.properties.generalCategory == .format
            || c == "\u{2028}" || c == "\u{2029}"
    }

    /// A literal that reads like the spec's text: a raw string (`#"@\w+"#`, with as many
    /// `#` as it takes) when the text has backslashes or quotes and nothing invisible,
    /// otherwise `string(s)`. A text starting with a quote keeps `string(s)`: `#""…` would
    /// open a multi-line literal.
    static func readable(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard scalars.contains(where: { $0 == "\\" || $0 == "\"" }), scalars.first != "\"", !scalars.contains(where: isInvisible)
        else { return string(s) }
        // More `#` than follow any quote (`"#` ends the literal) or backslash (`\#` escapes).
        var hashes = 1
        var run: Int?
        for c in scalars {
            if c == "#", let count = run {
                run = count + 1
                hashes = max(hashes, count + 2)
            } else {
                run = c == "\"" || c == "\\" ? 0 : nil
            }
        }
        let delimiter = String(repeating: "#", count: hashes)
        return delimiter + "\"" + s + "\"" + delimiter
    }

    /// A text shown in a message (an example text in a diagnostic): a `"…"` literal with
    /// quotes, backslashes, controls and every code point that cannot be seen (spaces other
    /// than U+0020, format and default-ignorable characters, combining marks, unassigned
    /// and private-use code points) escaped (`\n`, `\u{200B}`).
    public static func displayed(_ text: String) -> String {
        string(text) { s in
            let p = s.properties
            let visible =
                s.value >= 0x20 && s.value != 0x7F
                && ![.control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .unassigned, .surrogate, .privateUse]
                    .contains(p.generalCategory)
                && !p.isDefaultIgnorableCodePoint && p.canonicalCombiningClass == .notReordered
                && p.generalCategory != .nonspacingMark && p.generalCategory != .enclosingMark
            return !visible && s != " "
        }
    }

    /// A string literal of the spec language, which pastes back into a spec as the same
    /// text and shows what it holds (`SpecExamples`' ready-to-paste examples): `string`'s
    /// escapes, `$` as `\$`, and controls, line separators, bidirectional controls and the
    /// attachment character U+FFFC as `\u{…}`.
    public static func specString(_ text: String) -> String {
        let quoted = string(text) { c in
            switch c.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF, 0xFFFC:
                return true
            default:
                return false
            }
        }
        // No escape writes a `$`: every one in `quoted` is the text's.
        return String(quoted.flatMap { $0 == "$" ? ["\\", "$"] : [$0] })
    }

    /// A `"…"` literal: quotes, backslashes, `\n \r \t \0` escaped, and the scalars for
    /// which `escapes` is true as `\u{…}`.
    static func string(_ s: String, escaping escapes: (Unicode.Scalar) -> Bool) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if escapes(c) {
                    out += "\\u{\(String(c.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }
}

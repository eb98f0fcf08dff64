// Where a spec's `/pattern/` literal ends, read with the pattern scanner the regex parser
// uses (`PatternReader`, ICU's `nextChar`), so that the spec lexer (RuleSpec) and the regex
// front end agree on what belongs to the pattern.

extension PatternReader {
    /// The index of the `/` that ends a pattern starting at `start` in `scalars` (just after
    /// the opening `/`), or `nil` when the pattern's syntax does not say (an invalid escape,
    /// or no such `/` before the end of the line): see `closingSlash(in:)`.
    package static func closingSlash(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start
        while end < scalars.count, scalars[end] != "\n", scalars[end] != "\r" { end += 1 }
        guard let offset = closingSlash(in: scalars[start..<end].map(\.value)) else { return nil }
        return start + offset
    }

    /// The offset of the `/` that ends a pattern written at the start of `line` (the rest
    /// of the source line after the opening `/`), or `nil` when the pattern's syntax does not
    /// say (an invalid escape, or no such `/`).
    ///
    /// A `/` ends the pattern where ICU would read it as a plain character outside any
    /// class: not escaped (`\/`), not quoted (`\Q…\E`), not the character of a `\c`, not
    /// inside `[…]` (classes nest; `]` first in a class, after `[` or `[^`, is a literal) and
    /// not inside a `(?#…)` comment.
    ///
    /// Note: `x` mode. A `#` comment of `(?x)` runs to the end of the line in ICU, which
    /// would leave no closing `/`; here it ends at the closing `/` like the rest of the
    /// pattern.
    package static func closingSlash(in line: [UInt32]) -> Int? {
        var reader = PatternReader(scalars: line)
        var depth = 0
        // Just after an unquoted `[` (1) or `[^` (2): a `]` there is a literal.
        var opened = 0
        while true {
            guard let c = try? reader.next(), !c.isEOF else { return nil }
            let wasOpened = opened
            opened = 0
            if c.quoted { continue }
            switch c.value {
            case 0x5C:  // `\` and the character it escapes
                guard let escaped = try? reader.next(), !escaped.isEOF else { return nil }
            case 0x5B:  // `[`
                depth += 1
                opened = 1
            case 0x5E where wasOpened == 1:  // `[^`
                opened = 2
            case 0x5D where depth > 0 && wasOpened == 0:  // `]`
                depth -= 1
            case 0x28 where depth == 0 && reader.peekRaw() == 0x3F:  // `(?#…)`
                guard reader.position + 1 < line.count, line[reader.position + 1] == 0x23 else { continue }
                guard let close = line[reader.position...].firstIndex(of: 0x29) else { return nil }
                reader.position = close + 1
            case 0x2F where depth == 0:  // `/`
                return c.span.offset
            default:
                break
            }
        }
    }
}

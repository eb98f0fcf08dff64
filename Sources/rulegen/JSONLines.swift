import RuleSpec

/// The input of `rulegen explain --texts FILE`: UTF-8 text, one JSON string per line.
///
/// - Lines end at LF, CR LF or a lone CR (a raw CR is never part of a valid JSON string,
///   so no valid line is split). U+2028 and U+2029 do not end a line here, unlike in
///   specs: JSON allows them unescaped inside strings.
/// - A UTF-8 byte order mark at the start of the file is skipped; columns on line 1 do
///   not count it.
/// - A line that is empty or holds only spaces and tabs is blank.
/// - Columns are 1-based and count Unicode scalars, as in spec diagnostics.
///
/// Each non-blank line must be exactly one JSON string (RFC 8259), optionally surrounded
/// by spaces and tabs; `JSONStringReader` reads it.
struct JSONLinesFile {
    /// A line: its 1-based number and its bytes without the terminator.
    struct Line {
        var number: Int
        var bytes: Range<Int>
    }

    /// Where the file is not valid UTF-8: 1-based line and byte in that line, the offset
    /// in the file, and the ill-formed bytes (the maximal subpart, as Unicode defines it).
    struct InvalidUTF8: Error, Equatable, CustomStringConvertible {
        var line: Int
        var byte: Int
        var offset: Int
        var sequence: [UInt8]

        var description: String {
            let hex = sequence.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            return "not valid UTF-8: line \(line), byte \(byte) (offset \(offset) in the file): \(hex) is not a UTF-8 sequence"
        }
    }

    let bytes: [UInt8]
    let lines: [Line]

    /// Splits `bytes` into lines after checking that they are UTF-8.
    init(_ bytes: [UInt8]) throws(InvalidUTF8) {
        self.bytes = bytes
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lines: [Line] = []
        var lineStart = start
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D {
                lines.append(Line(number: lines.count + 1, bytes: lineStart..<i))
                i += b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                lineStart = i
            } else {
                i += 1
            }
        }
        if lineStart < bytes.count { lines.append(Line(number: lines.count + 1, bytes: lineStart..<bytes.count)) }
        self.lines = lines
        if let bad = UTF8Validation.firstIllFormedSequence(bytes, from: start) {
            let line = lines.last { $0.bytes.lowerBound <= bad.lowerBound } ?? Line(number: 1, bytes: start..<start)
            throw InvalidUTF8(
                line: line.number, byte: bad.lowerBound - line.bytes.lowerBound + 1, offset: bad.lowerBound, sequence: Array(bytes[bad]))
        }
    }

    /// The 1-based column (in scalars) of the byte at `offset` in `line` (`offset` may be
    /// the line's end: the column just after its last character).
    func column(of offset: Int, in line: Line) -> Int {
        var column = 1
        for b in bytes[line.bytes.lowerBound..<offset] where b & 0xC0 != 0x80 { column += 1 }
        return column
    }
}

/// Reads a line that must be one JSON string (RFC 8259: escapes `\" \\ \/ \b \f \n \r \t`
/// and `\uXXXX`, surrogates only in pairs, no raw control characters), with spaces and
/// tabs around it. Errors carry the byte offset where the line goes wrong.
struct JSONStringReader {
    struct SyntaxError: Error, Equatable {
        /// Offset in the file's bytes.
        var offset: Int
        var message: String
    }

    let bytes: [UInt8]
    /// The decoded string, reused from line to line.
    private var buffer: [UInt8] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The string on the line `range`, or nil for a blank line.
    mutating func read(_ range: Range<Int>) throws(SyntaxError) -> String? {
        let end = range.upperBound
        var i = skipSpace(range.lowerBound, end)
        if i == end { return nil }
        guard bytes[i] == UInt8(ascii: "\"") else { throw SyntaxError(offset: i, message: notAString(i, end)) }
        let open = i
        i += 1
        var run = i
        var escaped = false
        while true {
            guard i < end else { throw unterminated(end) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 {
                throw SyntaxError(
                    offset: i, message: "raw control character \(Self.scalarName(b)) in a string; write it as \(Self.escape(b))")
            }
            guard b == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            if !escaped { buffer.removeAll(keepingCapacity: true) }
            escaped = true
            buffer.append(contentsOf: bytes[run..<i])
            i = try readEscape(i, end)
            run = i
        }
        let close = i
        let after = skipSpace(close + 1, end)
        if after < end {
            throw SyntaxError(
                offset: after, message: "unexpected \(describe(after, end)) after the string; a line holds one JSON string")
        }
        guard escaped else { return String(decoding: bytes[open + 1..<close], as: UTF8.self) }
        buffer.append(contentsOf: bytes[run..<close])
        return String(decoding: buffer, as: UTF8.self)
    }

    private func skipSpace(_ start: Int, _ end: Int) -> Int {
        var i = start
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return i
    }

    /// Decodes the escape at `i` (a backslash) into `buffer`; returns the offset after it.
    private mutating func readEscape(_ i: Int, _ end: Int) throws(SyntaxError) -> Int {
        guard i + 1 < end else { throw unterminated(end) }
        let simple: UInt8? =
            switch bytes[i + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes[i + 1]
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            buffer.append(simple)
            return i + 2
        }
        guard bytes[i + 1] == UInt8(ascii: "u") else {
            throw SyntaxError(offset: i, message: "invalid escape '\\\(text(i + 1, end, scalars: 1))'; \(Self.escapes)")
        }
        let unit = try hex4(i, end)
        var scalar = UInt32(unit)
        var next = i + 6
        if (0xD800...0xDBFF).contains(unit) {
            guard next + 1 < end, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u"),
                let low = try? hex4(next, end), (0xDC00...0xDFFF).contains(low)
            else { throw unpaired(i) }
            scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
            next += 6
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw unpaired(i)
        }
        buffer.append(contentsOf: String(Unicode.Scalar(scalar)!).utf8)
        return next
    }

    /// The four hex digits of the `\u` escape at `i`.
    private func hex4(_ i: Int, _ end: Int) throws(SyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for k in 0..<4 {
            let digit: UInt8? = i + 2 + k < end ? Self.hexValue(bytes[i + 2 + k]) : nil
            guard let digit else {
                let shown = i + 2 + k < end ? text(i, end, scalars: k + 3) : text(i, end, scalars: k + 2)
                throw SyntaxError(offset: i, message: "invalid escape '\(shown)'; \\u takes four hex digits")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private static let escapes = #"a string allows \", \\, \/, \b, \f, \n, \r, \t and \uXXXX"#

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private func unpaired(_ i: Int) -> SyntaxError {
        SyntaxError(
            offset: i,
            message: "\(String(decoding: bytes[i..<i + 6], as: UTF8.self)) is an unpaired surrogate; a text must be valid Unicode")
    }

    private func unterminated(_ end: Int) -> SyntaxError {
        SyntaxError(offset: end, message: "unterminated string: the line ends before the closing quote")
    }

    /// The message for a line that does not start with a string.
    private func notAString(_ i: Int, _ end: Int) -> String {
        let rest = bytes[i..<end]
        let found: String
        switch bytes[i] {
        case UInt8(ascii: "{"): found = "an object"
        case UInt8(ascii: "["): found = "an array"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): found = "a number"
        case UInt8(ascii: "'"): found = "a single quote (JSON strings use double quotes)"
        default:
            if let word = ["true", "false", "null"].first(where: { rest.starts(with: $0.utf8) }) {
                found = word
            } else {
                found = describe(i, end)
            }
        }
        return "expected a JSON string, found \(found)"
    }

    /// A character for a message: `'x'`, or `U+0009` for one that would not show.
    private func describe(_ i: Int, _ end: Int) -> String {
        let c = text(i, end, scalars: 1)
        let scalar = c.unicodeScalars.first!
        if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
            return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        }
        return "'\(c)'"
    }

    /// Up to `scalars` characters of the line from `i`.
    private func text(_ i: Int, _ end: Int, scalars: Int) -> String {
        var j = i
        var n = 0
        while j < end, n < scalars || bytes[j] & 0xC0 == 0x80 {
            if bytes[j] & 0xC0 != 0x80 { n += 1 }
            j += 1
        }
        return String(decoding: bytes[i..<j], as: UTF8.self)
    }

    private static func scalarName(_ b: UInt8) -> String { "U+" + String(b, radix: 16, uppercase: true).leftPadded(to: 4) }

    private static func escape(_ b: UInt8) -> String {
        switch b {
        case 0x08: "\\b"
        case 0x09: "\\t"
        case 0x0A: "\\n"
        case 0x0C: "\\f"
        case 0x0D: "\\r"
        default: "\\u" + String(b, radix: 16).leftPadded(to: 4)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

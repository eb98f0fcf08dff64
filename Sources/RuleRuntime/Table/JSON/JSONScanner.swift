/// Reads a JSON document (RFC 8259) into a `JSONValue`, strictly: one value with
/// whitespace around it, strings of well-formed UTF-8 without raw control characters,
/// escapes as the grammar writes them (a surrogate only in a pair), numbers as the grammar
/// writes them, no key twice in an object (keys compare as Swift strings do, as the
/// dictionaries they are decoded into would), and at most `maxDepth` nested arrays and
/// objects. A UTF-8 byte order mark at the start is skipped.
struct JSONScanner {
    /// Where and why the bytes are not a JSON document.
    struct SyntaxError: Error, Sendable {
        /// The offset of the offending byte.
        var offset: Int
        var message: String
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// The deepest nesting of arrays and objects read.
    static let maxDepth = 512

    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    /// A string's bytes while it has escapes.
    private var buffer: [UInt8] = []

    /// The document in `bytes`.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var scanner = JSONScanner(bytes: bytes)
        if bytes.starts(with: byteOrderMark) { scanner.i = byteOrderMark.count }
        scanner.skipSpace()
        guard scanner.i < bytes.count else { throw SyntaxError(offset: scanner.i, message: "empty document: expected a JSON value") }
        let value = try scanner.value()
        scanner.skipSpace()
        guard scanner.i == bytes.count else {
            throw SyntaxError(offset: scanner.i, message: "unexpected \(scanner.describe(scanner.i)) after the JSON value")
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private mutating func value() throws(SyntaxError) -> JSONValue {
        guard i < bytes.count else { throw SyntaxError(offset: i, message: "unexpected end of the document: expected a value") }
        let start = i
        switch bytes[i] {
        case UInt8(ascii: "{"): return JSONValue(kind: .object(try object()), offset: start)
        case UInt8(ascii: "["): return JSONValue(kind: .array(try array()), offset: start)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try string()), offset: start)
        case UInt8(ascii: "t"): return JSONValue(kind: .bool(try literal("true", true)), offset: start)
        case UInt8(ascii: "f"): return JSONValue(kind: .bool(try literal("false", false)), offset: start)
        case UInt8(ascii: "n"): return JSONValue(kind: try literal("null", .null), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONValue(kind: .number(try number()), offset: start)
        default: throw SyntaxError(offset: i, message: "unexpected \(describe(i)): expected a value")
        }
    }

    private mutating func nest() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw SyntaxError(offset: i, message: "arrays and objects nested more than \(Self.maxDepth) deep")
        }
    }

    private mutating func object() throws(SyntaxError) -> JSONObject {
        try nest()
        i += 1
        var object = JSONObject()
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return object
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw expected("a key (a string in double quotes)") }
            let keyOffset = i
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw expected("':' after the key") }
            i += 1
            skipSpace()
            let member = JSONObject.Member(key: key, keyOffset: keyOffset, value: try value())
            if let first = object.add(member) {
                let place = JSONLocation(offset: first.keyOffset, in: bytes)
                throw SyntaxError(
                    offset: keyOffset, message: "duplicate key \(Self.quoted(key)) (first at line \(place.line), column \(place.column))")
            }
            skipSpace()
            guard i < bytes.count else { throw expected("',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
            } else if bytes[i] == UInt8(ascii: "}") {
                i += 1
                depth -= 1
                return object
            } else {
                throw expected("',' or '}'")
            }
        }
    }

    private mutating func array() throws(SyntaxError) -> [JSONValue] {
        try nest()
        i += 1
        var elements: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return elements
        }
        while true {
            skipSpace()
            elements.append(try value())
            skipSpace()
            guard i < bytes.count else { throw expected("',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
            } else if bytes[i] == UInt8(ascii: "]") {
                i += 1
                depth -= 1
                return elements
            } else {
                throw expected("',' or ']'")
            }
        }
    }

    private mutating func literal<T>(_ word: StaticString, _ value: T) throws(SyntaxError) -> T {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard i + text.count <= bytes.count, bytes[i..<(i + text.count)].elementsEqual(text) else {
            throw SyntaxError(offset: i, message: "unexpected \(describe(i)): expected a value")
        }
        i += text.count
        return value
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func number() throws(SyntaxError) -> JSONNumber {
        let start = i
        func digits(_ scanner: inout JSONScanner, after what: String) throws(SyntaxError) {
            let first = scanner.i
            while scanner.i < scanner.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scanner.bytes[scanner.i]) {
                scanner.i += 1
            }
            guard scanner.i > first else { throw scanner.expected("a digit \(what)") }
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                throw SyntaxError(offset: i, message: "a number does not start with '0' followed by digits")
            }
        } else {
            try digits(&self, after: "in the number")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            try digits(&self, after: "after '.'")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            try digits(&self, after: "in the exponent")
        }
        return JSONNumber(text: String(decoding: bytes[start..<i], as: UTF8.self))
    }

    private mutating func string() throws(SyntaxError) -> String {
        let open = i
        i += 1
        var run = i
        var escaped = false
        buffer.removeAll(keepingCapacity: true)
        while true {
            guard i < bytes.count else { throw SyntaxError(offset: open, message: "unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 {
                throw SyntaxError(
                    offset: i, message: "raw control character U+\(Self.hex(UInt32(b), 4)) in a string; write it as an escape")
            }
            if b >= 0x80 {
                guard let length = Self.sequenceLength(bytes, at: i) else {
                    throw SyntaxError(offset: i, message: "byte 0x\(Self.hex(UInt32(b), 2)) is not well-formed UTF-8")
                }
                i += length
                continue
            }
            guard b == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            escaped = true
            buffer.append(contentsOf: bytes[run..<i])
            try escape()
            run = i
        }
        defer { i += 1 }
        guard escaped else { return String(decoding: bytes[run..<i], as: UTF8.self) }
        buffer.append(contentsOf: bytes[run..<i])
        return String(decoding: buffer, as: UTF8.self)
    }

    /// An escape at `i` (a backslash), appended to `buffer` as UTF-8.
    private mutating func escape() throws(SyntaxError) {
        let start = i
        guard i + 1 < bytes.count else { throw SyntaxError(offset: start, message: "unterminated string") }
        let simple: UInt8?
        switch bytes[i + 1] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw SyntaxError(offset: start, message: "invalid escape \\\(describe(i + 1, quoted: false)) in a string")
        }
        if let simple {
            buffer.append(simple)
            i += 2
            return
        }
        var scalar = try hexQuad(at: start)
        i += 6
        if (0xDC00...0xDFFF).contains(scalar) {
            throw SyntaxError(offset: start, message: "\\u\(Self.hex(scalar, 4)) is a low surrogate without a high surrogate before it")
        }
        if (0xD800...0xDBFF).contains(scalar) {
            let low = i + 1 < bytes.count && bytes[i] == UInt8(ascii: "\\") && bytes[i + 1] == UInt8(ascii: "u") ? try hexQuad(at: i) : 0
            guard (0xDC00...0xDFFF).contains(low) else {
                throw SyntaxError(offset: start, message: "\\u\(Self.hex(scalar, 4)) is a high surrogate without a low surrogate after it")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            i += 6
        }
        // Not a surrogate, at most 0x10FFFF: a scalar.
        guard let decoded = Unicode.Scalar(scalar) else { return }
        UTF8.encode(decoded) { buffer.append($0) }
    }

    /// The four hex digits of `\uXXXX` at `start`.
    private func hexQuad(at start: Int) throws(SyntaxError) -> UInt32 {
        guard start + 6 <= bytes.count else { throw SyntaxError(offset: start, message: "\\u needs four hex digits") }
        var value: UInt32 = 0
        for b in bytes[(start + 2)..<(start + 6)] {
            guard let digit = Self.hexDigit(b) else { throw SyntaxError(offset: start, message: "\\u needs four hex digits") }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The length of the well-formed UTF-8 sequence of two to four bytes at `i` (Unicode's
    /// table 3-7), or `nil`.
    private static func sequenceLength(_ bytes: [UInt8], at i: Int) -> Int? {
        let lead = bytes[i]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: return nil
        }
        guard i + length <= bytes.count, second.contains(bytes[i + 1]) else { return nil }
        for k in 2..<length where !(0x80...0xBF).contains(bytes[i + k]) { return nil }
        return length
    }

    private func expected(_ what: String) -> SyntaxError {
        SyntaxError(
            offset: i,
            message: i < bytes.count ? "unexpected \(describe(i)): expected \(what)" : "unexpected end of the document: expected \(what)")
    }

    /// The character at `offset`, for messages: `'x'`, or `U+0001` for one not printable.
    private func describe(_ offset: Int, quoted: Bool = true) -> String {
        guard offset < bytes.count else { return "end of the document" }
        let b = bytes[offset]
        if b >= 0x21, b < 0x7F { return quoted ? "'\(Character(Unicode.Scalar(b)))'" : String(Character(Unicode.Scalar(b))) }
        if b < 0x80 { return "U+\(Self.hex(UInt32(b), 4))" }
        return "byte 0x\(Self.hex(UInt32(b), 2))"
    }

    static func hex(_ value: UInt32, _ width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A key or name in a message: in single quotes, control and format characters
    /// escaped so that they show.
    static func quoted(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
                out += "\\u{\(hex(scalar.value, 1))}"
            default:
                if scalar == "'" || scalar == "\\" { out += "\\" }
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }
}

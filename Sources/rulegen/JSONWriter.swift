import RuleRuntime

/// Compact JSON written straight into UTF-8 bytes, for output that must stay
/// byte-identical to `JSONSerialization` with `.sortedKeys` and `.withoutEscapingSlashes`
/// (what `explain` printed before it had this writer):
///
/// - strings escape `"` and `\`, and U+0000–U+001F as `\b \t \n \f \r` or `\u00xx`
///   (lower-case hex); everything else (`/`, DEL, U+2028, U+2029, all non-ASCII) is
///   written as is, in UTF-8;
/// - integers in decimal; no spaces anywhere.
///
/// The writer does not sort keys: callers write each object's keys in sorted order.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    /// Punctuation and keys, written as given.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var run = 0
            for i in utf8.indices where utf8[i] < 0x20 || utf8[i] == UInt8(ascii: "\"") || utf8[i] == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<i]))
                escape(utf8[i])
                run = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string, or `null`.
    mutating func string(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    mutating func int(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A finite number as `JSONEncoder` writes it: Swift's shortest round-trip
    /// `description`, without a trailing `.0` (`14`, `0.5`, `1e-07`, `1e+20`).
    mutating func double(_ value: Double) {
        if let integer = Int(exactly: value), abs(integer) < 1 << 53 {
            // Integral values below 2^53 print as integers (no string built); `-0.0` as `-0`.
            if integer == 0, value.sign == .minus { raw("-0") } else { int(integer) }
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A color as `"#RRGGBBAA"`, upper-case hex (`RGBA.hex`, without building a string).
    mutating func hexColor(_ color: RGBA) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: "#"))
        hexByte(color.red)
        hexByte(color.green)
        hexByte(color.blue)
        hexByte(color.alpha)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func hexByte(_ byte: UInt8) {
        bytes.append(Self.upperHexDigits[Int(byte >> 4)])
        bytes.append(Self.upperHexDigits[Int(byte & 0xF)])
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// The bytes written so far, as a string; the writer starts over.
    mutating func take() -> String {
        defer { bytes.removeAll(keepingCapacity: true) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes written so far; the writer starts over (keeping its capacity).
    mutating func takeBytes() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            bytes.append(contentsOf: "u00".utf8)
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
    }
}

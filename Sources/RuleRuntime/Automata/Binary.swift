/// Bytes for the compiled matcher's binary forms: unsigned LEB128 varints.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func varint(_ value: Int) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A length-prefixed blob.
    mutating func blob(_ data: [UInt8]) {
        varint(data.count)
        bytes.append(contentsOf: data)
    }
}

/// Why bytes are not a valid compiled program, DFA or rule set.
public struct BinaryDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "invalid compiled matcher data: \(message)" }
}

/// Sequential reads with bounds checks.
struct BinaryReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(BinaryDecodingError) -> UInt8 {
        guard offset < bytes.count else { throw BinaryDecodingError("unexpected end of data") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func varint() throws(BinaryDecodingError) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 56 else { throw BinaryDecodingError("varint too long") }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return Int(value) }
            shift += 7
        }
    }

    /// A count of items that each take at least one more byte.
    mutating func count() throws(BinaryDecodingError) -> Int {
        let value = try varint()
        guard value <= bytes.count - offset else { throw BinaryDecodingError("count \(value) exceeds the data") }
        return value
    }

    mutating func blob() throws(BinaryDecodingError) -> [UInt8] {
        let length = try count()
        defer { offset += length }
        return Array(bytes[offset..<(offset + length)])
    }
}

import RuleRegex

/// Bytes for the compiled matcher's binary forms: unsigned LEB128 varints.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []
    /// Where blocks several rules hold (a character set, a DFA's class boundaries) go
    /// instead of being written inline (`shareable`); `nil`: everything inline.
    var shared: SharedBlocks?

    init(shared: SharedBlocks? = nil) { self.shared = shared }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func varint(_ value: Int) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Bytes as they are.
    mutating func bytesAppended(_ data: [UInt8]) { bytes.append(contentsOf: data) }

    /// 8 bytes, most significant first.
    mutating func uint64(_ value: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) { byte(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// The checksum of everything written so far: FNV-1a 64 of the bytes, as `uint64`.
    mutating func checksum() { uint64(SharedBlocks.key(bytes)) }

    /// A length-prefixed blob.
    mutating func blob(_ data: [UInt8]) {
        varint(data.count)
        bytes.append(contentsOf: data)
    }

    /// A block that may be shared: byte 1 and its 8-byte key when `shared` takes it,
    /// otherwise byte 0 and the block as a blob. `BinaryReader.shareable()` reads either.
    mutating func shareable(_ block: [UInt8]) {
        if let shared, let key = shared.share(block) {
            byte(1)
            uint64(key)
        } else {
            byte(0)
            blob(block)
        }
    }
}

/// The blocks rules share in generated code (`CompiledRuleSet.encodedRules()`): each is
/// stored once, under a key (FNV-1a 64 of its bytes), and the rules refer to it.
///
/// Two passes over the rules: the first counts which rules write each block (`counting`),
/// the second shares the blocks at least two rules write, so a block one rule alone uses
/// stays in that rule's chunk.
package final class SharedBlocks {
    /// Keys of the blocks to share (second pass), `nil` while counting.
    private var sharing: Set<UInt64>?
    /// Block bytes by key, and the rules (by index) that wrote each (first pass).
    private(set) var blocks: [UInt64: [UInt8]] = [:]
    private var users: [UInt64: Set<Int>] = [:]
    /// Keys two different blocks hash to: never shared.
    private var collisions: Set<UInt64> = []
    /// The rule being written.
    var rule = 0
    /// Blocks shorter than this stay inline (a reference takes 9 bytes).
    static let minimumLength = 48

    package init() {}

    /// Ends the counting pass: from now on, blocks of two or more rules are shared.
    func startSharing() {
        sharing = Set(users.filter { $0.value.count >= 2 }.keys).subtracting(collisions)
    }

    /// The rules (by index) that write the block `key`.
    func users(of key: UInt64) -> [Int] { (users[key] ?? []).sorted() }

    /// The shared blocks the second pass referred to, by key.
    var sharedBlocks: [UInt64: [UInt8]] { blocks.filter { sharing?.contains($0.key) == true } }

    /// The key to write for `block`, or `nil` to write it inline.
    func share(_ block: [UInt8]) -> UInt64? {
        guard block.count >= Self.minimumLength else { return nil }
        let key = Self.key(block)
        guard let sharing else {
            if let known = blocks[key], known != block { collisions.insert(key) }
            blocks[key] = block
            users[key, default: []].insert(rule)
            return nil
        }
        return sharing.contains(key) ? key : nil
    }

    /// FNV-1a 64 of `bytes`.
    static func key(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = FNV1a()
        hash.add(bytes)
        return hash.value
    }
}

/// FNV-1a, 64 bits: deterministic on every platform (not `Hasher`, which is seeded). The
/// key of a shared block, the checksum of a chunk, the binding of an automaton to its rule.
/// Any one changed byte changes it (each step is a bijection of the state).
package struct FNV1a {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
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
    /// The shared blocks references may name (`BinaryWriter.shareable`).
    var shared: [UInt64: [UInt8]] = [:]

    init(bytes: [UInt8], shared: [UInt64: [UInt8]] = [:]) {
        self.bytes = bytes
        self.shared = shared
    }

    /// A reader of `block` with the same shared blocks.
    func reader(of block: [UInt8]) -> BinaryReader { BinaryReader(bytes: block, shared: shared) }

    /// A block written by `BinaryWriter.shareable`: inline, or the shared block its key names.
    mutating func shareable() throws(BinaryDecodingError) -> [UInt8] {
        switch try byte() {
        case 0:
            return try blob()
        case 1:
            let key = try uint64()
            guard let block = shared[key] else {
                throw BinaryDecodingError("shared block \(String(key, radix: 16)) is missing or damaged")
            }
            return block
        default:
            throw BinaryDecodingError("bad block marker")
        }
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(BinaryDecodingError) -> UInt8 {
        guard offset < bytes.count else { throw BinaryDecodingError("unexpected end of data") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// 8 bytes, most significant first (`BinaryWriter.uint64`).
    mutating func uint64() throws(BinaryDecodingError) -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(try byte()) }
        return value
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

import Foundation
import RuleRegex

/// A rule's compiled matcher: its NFA program, and its DFA unless the state budget was
/// exceeded, bound to the pattern and flags it was compiled from.
package struct RuleAutomaton: Hashable, Sendable {
    package var program: RegexProgram
    package var dfa: DFATable?
    /// `binding(pattern:flags:)` of the rule it was compiled for: an engine runs it only for
    /// a rule with the same pattern and flags (a chunk copied onto another rule, or kept
    /// from an older table, is refused).
    package var binding: UInt64

    package init(program: RegexProgram, dfa: DFATable?, binding: UInt64) {
        self.program = program
        self.dfa = dfa
        self.binding = binding
    }

    /// What binds an automaton to its rule: FNV-1a 64 of the pattern's UTF-8, a zero byte
    /// and the flags.
    package static func binding(pattern: String, flags: RegexFlags) -> UInt64 {
        var hash = FNV1a()
        hash.add(pattern.utf8)
        hash.add(CollectionOfOne(0))
        hash.add(CollectionOfOne(flags.rawValue))
        return hash.value
    }
}

/// The automata of a spec's rules, by rule index (`nil`: not a regex rule, or a rule that
/// falls back to NSRegularExpression). Generated Swift embeds it one rule at a time, with
/// the blocks rules share stored once (`encodedRules()`, `init(rules:shared:)`).
///
/// Data that arrives damaged never runs: each chunk ends with a checksum of its bytes, each
/// shared block is stored under the hash of its bytes, and each automaton holds the hash of
/// the pattern and flags it was compiled from, which the engine compares with its rule's
/// (`RuleEngine.decodingFailures`). A chunk that fails any of them leaves its rule on
/// NSRegularExpression: same matches, slower.
///
/// The whole set's layout (`encoded()`, `init(decoding:)`): "RR", version byte, rule
/// count, then per rule a presence byte and, when present, the rule binding (8 bytes), the
/// program's own binary form (length-prefixed) and the DFA (presence byte, then its tables
/// as varints); then the checksum (FNV-1a 64 of every byte before it, 8 bytes).
public struct CompiledRuleSet: Hashable, Sendable {
    /// 5: chunks carry their rule's binding and a checksum.
    public static let formatVersion: UInt8 = 5
    package var automata: [RuleAutomaton?]
    /// Why the chunks `init(rules:shared:)` could not decode did not (by rule index): a
    /// chunk of another format version names both versions; a damaged chunk fails its
    /// checksum. Those rules run on NSRegularExpression; not part of equality.
    /// (`RuleEngine.decodingFailures` adds the chunks that belong to another rule.)
    public private(set) var decodingFailures: [Int: BinaryDecodingError] = [:]

    package init(automata: [RuleAutomaton?]) { self.automata = automata }

    public static func == (a: CompiledRuleSet, b: CompiledRuleSet) -> Bool { a.automata == b.automata }
    public func hash(into hasher: inout Hasher) { hasher.combine(automata) }

    /// No automata: every regex rule runs on NSRegularExpression.
    public init() { self.automata = [] }

    /// The automata that belong to the rules given by name, pattern and flags (`pattern`
    /// `nil`: not a regex rule): an automaton compiled from another pattern or flags than its
    /// rule has (or sitting on a rule that is not a regex rule) is left out and added to
    /// `decodingFailures`. What an engine runs (`RuleMatcher`).
    package func bound(to rules: [(name: String, pattern: String?, flags: RegexFlags)]) -> CompiledRuleSet {
        var bound = self
        for (index, automaton) in automata.enumerated() {
            guard let automaton else { continue }
            if index < rules.count, let pattern = rules[index].pattern,
                automaton.binding == RuleAutomaton.binding(pattern: pattern, flags: rules[index].flags)
            {
                continue
            }
            bound.automata[index] = nil
            let rule = index < rules.count ? "rule '\(rules[index].name)'" : "any rule of the table"
            bound.decodingFailures[index] = BinaryDecodingError(
                "the automaton was compiled from another pattern or flags than \(rule) has (a chunk of another rule or table)")
        }
        return bound
    }

    /// The automata generated Swift declares one rule at a time: per rule of the table, in
    /// order, the base64 of its chunk (`encodedRules()`; `nil`: not a regex rule, or one
    /// without an automaton), and the blocks several rules share (character sets, class
    /// boundaries), each the base64 of its 8-byte key (the hash of its bytes) and its bytes.
    /// A chunk that does not decode — written by another rulegen, damaged, or naming a
    /// block that is missing or damaged — leaves its rule on NSRegularExpression, which
    /// gives the same matches, slower.
    public init(rules chunks: [String?], shared: [String] = []) {
        var blocks: [UInt64: [UInt8]] = [:]
        for block in shared {
            guard let data = Data(base64Encoded: block, options: .ignoreUnknownCharacters), data.count >= 8 else { continue }
            let bytes = [UInt8](data)
            var key: UInt64 = 0
            for byte in bytes[0..<8] { key = key << 8 | UInt64(byte) }
            // A block whose bytes do not hash to its key is damaged: the chunks naming it fail.
            guard SharedBlocks.key(bytes[8...]) == key else { continue }
            blocks[key] = Array(bytes[8...])
        }
        var failures: [Int: BinaryDecodingError] = [:]
        automata = chunks.enumerated().map { index, chunk -> RuleAutomaton? in
            guard let chunk else { return nil }
            guard let data = Data(base64Encoded: chunk, options: .ignoreUnknownCharacters) else {
                failures[index] = BinaryDecodingError("not base64")
                return nil
            }
            do throws(BinaryDecodingError) {
                return try Self.decodeRule([UInt8](data), shared: blocks)
            } catch {
                failures[index] = error
                return nil
            }
        }
        decodingFailures = failures
    }

    /// The chunks of generated Swift: each rule's automaton alone (`nil` when the rule has
    /// none) — "RA", the format version, the rule binding (8 bytes), the program's binary
    /// form (length-prefixed), the DFA (presence byte, then its tables), and the checksum
    /// (FNV-1a 64 of every byte before it, 8 bytes) — and the blocks at least two rules hold
    /// (a character set, a DFA's class boundaries), stored once: each its 8-byte key (FNV-1a
    /// 64 of its bytes) then its bytes, by key, with the rules that refer to it. Editing one
    /// rule changes that rule's chunk (and a shared block only when what it shares changes).
    public func encodedRules() -> (rules: [[UInt8]?], shared: [(block: [UInt8], rules: [Int])]) {
        let blocks = SharedBlocks()
        for index in automata.indices {
            blocks.rule = index
            _ = encodedRule(index, shared: blocks)
        }
        blocks.startSharing()
        let rules = automata.indices.map { index -> [UInt8]? in
            blocks.rule = index
            return encodedRule(index, shared: blocks)
        }
        let shared = blocks.sharedBlocks.sorted { $0.key < $1.key }.map { key, bytes in
            var block = BinaryWriter()
            block.uint64(key)
            block.bytesAppended(bytes)
            return (block: block.bytes, rules: blocks.users(of: key))
        }
        return (rules, shared)
    }

    /// One rule's chunk without shared blocks (see `encodedRules()`).
    public func encodedRule(_ index: Int) -> [UInt8]? { encodedRule(index, shared: nil) }

    func encodedRule(_ index: Int, shared: SharedBlocks?) -> [UInt8]? {
        guard index < automata.count, let automaton = automata[index] else { return nil }
        var w = BinaryWriter(shared: shared)
        w.byte(0x52)
        w.byte(0x41)
        w.byte(Self.formatVersion)
        w.uint64(automaton.binding)
        w.blob(automaton.program.encoded(shared: shared ?? SharedBlocks()))
        if let dfa = automaton.dfa {
            w.byte(1)
            dfa.encode(into: &w)
        } else {
            w.byte(0)
        }
        w.checksum()
        return w.bytes
    }

    /// Reads a rule's chunk, checking its checksum and every index.
    static func decodeRule(_ bytes: [UInt8], shared: [UInt64: [UInt8]] = [:]) throws(BinaryDecodingError) -> RuleAutomaton {
        var r = try reader(of: bytes, magic: 0x41, shared: shared)
        let binding = try r.uint64()
        let program = try RegexProgram(decoding: try r.blob(), shared: shared)
        let dfa = try r.byte() == 1 ? try DFATable(decoding: &r) : nil
        guard r.isAtEnd else { throw BinaryDecodingError("trailing bytes") }
        return RuleAutomaton(program: program, dfa: dfa, binding: binding)
    }

    /// A reader of a chunk ("RA") or a whole set ("RR") after its header, its checksum
    /// checked and left out of the bytes it reads.
    private static func reader(of bytes: [UInt8], magic: UInt8, shared: [UInt64: [UInt8]] = [:]) throws(BinaryDecodingError)
        -> BinaryReader
    {
        var header = BinaryReader(bytes: bytes)
        guard try header.byte() == 0x52, try header.byte() == magic else { throw BinaryDecodingError("bad magic") }
        let version = try header.byte()
        guard version == Self.formatVersion else {
            throw BinaryDecodingError(
                "format version \(version); this runtime reads \(Self.formatVersion) (regenerate with the matching rulegen)")
        }
        guard bytes.count >= 3 + 8 else { throw BinaryDecodingError("unexpected end of data") }
        let body = Array(bytes[..<(bytes.count - 8)])
        var stored = BinaryReader(bytes: Array(bytes[(bytes.count - 8)...]))
        guard try stored.uint64() == SharedBlocks.key(body) else {
            throw BinaryDecodingError("checksum mismatch: the data is damaged")
        }
        var reader = BinaryReader(bytes: body, shared: shared)
        reader.offset = 3
        return reader
    }

    public func encoded() -> [UInt8] {
        var w = BinaryWriter()
        w.byte(0x52)
        w.byte(0x52)
        w.byte(Self.formatVersion)
        w.varint(automata.count)
        for automaton in automata {
            guard let automaton else {
                w.byte(0)
                continue
            }
            w.byte(1)
            w.uint64(automaton.binding)
            w.blob(automaton.program.encoded())
            if let dfa = automaton.dfa {
                w.byte(1)
                dfa.encode(into: &w)
            } else {
                w.byte(0)
            }
        }
        w.checksum()
        return w.bytes
    }

    public init(decoding bytes: [UInt8]) throws(BinaryDecodingError) {
        var r = try Self.reader(of: bytes, magic: 0x52)
        var automata: [RuleAutomaton?] = []
        for _ in 0..<(try r.count()) {
            guard try r.byte() == 1 else {
                automata.append(nil)
                continue
            }
            let binding = try r.uint64()
            let program = try RegexProgram(decoding: try r.blob())
            let dfa = try r.byte() == 1 ? try DFATable(decoding: &r) : nil
            automata.append(RuleAutomaton(program: program, dfa: dfa, binding: binding))
        }
        guard r.isAtEnd else { throw BinaryDecodingError("trailing bytes") }
        self.automata = automata
    }
}

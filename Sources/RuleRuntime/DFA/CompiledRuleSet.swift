import Foundation

/// A rule's compiled matcher: its NFA program, and its DFA unless the state budget was
/// exceeded.
package struct RuleAutomaton: Hashable, Sendable {
    package var program: RegexProgram
    package var dfa: DFATable?
    package init(program: RegexProgram, dfa: DFATable?) {
        self.program = program
        self.dfa = dfa
    }
}

/// The automata of a spec's rules, by rule index (`nil`: not a regex rule, or a rule that
/// falls back to NSRegularExpression). Generated Swift embeds it one rule at a time, with
/// the blocks rules share stored once (`encodedRules()`, `init(rules:shared:)`).
///
/// The whole set's layout (`encoded()`, `init(decoding:)`): "RR", version byte, rule
/// count, then per rule a presence byte and, when present, the program's own binary form
/// (length-prefixed) and the DFA (presence byte, then its tables as varints).
public struct CompiledRuleSet: Hashable, Sendable {
    public static let formatVersion: UInt8 = 4
    package var automata: [RuleAutomaton?]
    /// Why the chunks `init(rules:shared:)` could not decode did not (by rule index): a
    /// chunk of another format version names both versions. Those rules run on
    /// NSRegularExpression; not part of equality.
    public private(set) var decodingFailures: [Int: BinaryDecodingError] = [:]

    package init(automata: [RuleAutomaton?]) { self.automata = automata }

    public static func == (a: CompiledRuleSet, b: CompiledRuleSet) -> Bool { a.automata == b.automata }
    public func hash(into hasher: inout Hasher) { hasher.combine(automata) }

    /// No automata: every regex rule runs on NSRegularExpression.
    public init() { self.automata = [] }

    /// The automata generated Swift declares one rule at a time: per rule of the table, in
    /// order, the base64 of its chunk (`encodedRules()`; `nil`: not a regex rule, or one
    /// without an automaton), and the blocks several rules share (character sets, class
    /// boundaries), each the base64 of its 8-byte key and its bytes. A chunk that does not
    /// decode — written by another rulegen, damaged, or naming a block that is missing —
    /// leaves its rule on NSRegularExpression, which gives the same matches, slower.
    public init(rules chunks: [String?], shared: [String] = []) {
        var blocks: [UInt64: [UInt8]] = [:]
        for block in shared {
            guard let data = Data(base64Encoded: block, options: .ignoreUnknownCharacters), data.count >= 8 else { continue }
            let bytes = [UInt8](data)
            var key: UInt64 = 0
            for byte in bytes[0..<8] { key = key << 8 | UInt64(byte) }
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
    /// none) — "RA", the format version, the program's binary form (length-prefixed) and the
    /// DFA (presence byte, then its tables) — and the blocks at least two rules hold (a
    /// character set, a DFA's class boundaries), stored once: each its 8-byte key then its
    /// bytes, by key, with the rules that refer to it. Editing one rule changes that rule's
    /// chunk (and a shared block only when what it shares changes).
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
            var block: [UInt8] = []
            for shift in stride(from: 56, through: 0, by: -8) { block.append(UInt8(truncatingIfNeeded: key >> UInt64(shift))) }
            return (block: block + bytes, rules: blocks.users(of: key))
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
        w.blob(automaton.program.encoded(shared: shared ?? SharedBlocks()))
        if let dfa = automaton.dfa {
            w.byte(1)
            dfa.encode(into: &w)
        } else {
            w.byte(0)
        }
        return w.bytes
    }

    /// Reads a rule's chunk, checking every index.
    static func decodeRule(_ bytes: [UInt8], shared: [UInt64: [UInt8]] = [:]) throws(BinaryDecodingError) -> RuleAutomaton {
        var r = BinaryReader(bytes: bytes, shared: shared)
        guard try r.byte() == 0x52, try r.byte() == 0x41 else { throw BinaryDecodingError("bad magic") }
        let version = try r.byte()
        guard version == Self.formatVersion else {
            throw BinaryDecodingError(
                "format version \(version); this runtime reads \(Self.formatVersion) (regenerate with the matching rulegen)")
        }
        let program = try RegexProgram(decoding: try r.blob(), shared: shared)
        let dfa = try r.byte() == 1 ? try DFATable(decoding: &r) : nil
        guard r.isAtEnd else { throw BinaryDecodingError("trailing bytes") }
        return RuleAutomaton(program: program, dfa: dfa)
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
            w.blob(automaton.program.encoded())
            if let dfa = automaton.dfa {
                w.byte(1)
                dfa.encode(into: &w)
            } else {
                w.byte(0)
            }
        }
        return w.bytes
    }

    public init(decoding bytes: [UInt8]) throws(BinaryDecodingError) {
        var r = BinaryReader(bytes: bytes)
        guard try r.byte() == 0x52, try r.byte() == 0x52 else { throw BinaryDecodingError("bad magic") }
        let version = try r.byte()
        guard version == Self.formatVersion else {
            throw BinaryDecodingError(
                "format version \(version); this runtime reads \(Self.formatVersion) (regenerate with the matching rulegen)")
        }
        var automata: [RuleAutomaton?] = []
        for _ in 0..<(try r.count()) {
            guard try r.byte() == 1 else {
                automata.append(nil)
                continue
            }
            let program = try RegexProgram(decoding: try r.blob())
            let dfa = try r.byte() == 1 ? try DFATable(decoding: &r) : nil
            automata.append(RuleAutomaton(program: program, dfa: dfa))
        }
        guard r.isAtEnd else { throw BinaryDecodingError("trailing bytes") }
        self.automata = automata
    }
}

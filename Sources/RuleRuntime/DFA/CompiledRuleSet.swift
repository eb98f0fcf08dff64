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
/// falls back to NSRegularExpression). Generated Swift embeds its binary form.
///
/// Layout: "RR", version byte, rule count, then per rule a presence byte and, when
/// present, the program's own binary form (length-prefixed) and the DFA (presence byte,
/// then its tables as varints).
public struct CompiledRuleSet: Hashable, Sendable {
    public static let formatVersion: UInt8 = 3
    package var automata: [RuleAutomaton?]

    package init(automata: [RuleAutomaton?]) { self.automata = automata }

    /// No automata: every regex rule runs on NSRegularExpression.
    public init() { self.automata = [] }

    /// The automata generated Swift declares one rule at a time: per rule of the table, in
    /// order, the base64 of `encodedRule(_:)` (`nil`: not a regex rule, or one without an
    /// automaton). A chunk that does not decode — written by another rulegen, or damaged —
    /// leaves its rule on NSRegularExpression, which gives the same matches, slower.
    public init(rules chunks: [String?]) {
        automata = chunks.map { chunk in
            guard let chunk, let data = Data(base64Encoded: chunk, options: .ignoreUnknownCharacters) else { return nil }
            return try? Self.decodeRule([UInt8](data))
        }
    }

    /// One rule's automaton alone (`nil` when the rule has none): "RA", the format
    /// version, the program's binary form (length-prefixed) and the DFA (presence byte,
    /// then its tables). What generated Swift declares per rule, so that editing one rule
    /// changes that rule's data only.
    public func encodedRule(_ index: Int) -> [UInt8]? {
        guard index < automata.count, let automaton = automata[index] else { return nil }
        var w = BinaryWriter()
        w.byte(0x52)
        w.byte(0x41)
        w.byte(Self.formatVersion)
        w.blob(automaton.program.encoded())
        if let dfa = automaton.dfa {
            w.byte(1)
            dfa.encode(into: &w)
        } else {
            w.byte(0)
        }
        return w.bytes
    }

    /// Reads `encodedRule(_:)`'s bytes, checking every index.
    static func decodeRule(_ bytes: [UInt8]) throws(BinaryDecodingError) -> RuleAutomaton {
        var r = BinaryReader(bytes: bytes)
        guard try r.byte() == 0x52, try r.byte() == 0x41 else { throw BinaryDecodingError("bad magic") }
        let version = try r.byte()
        guard version == Self.formatVersion else {
            throw BinaryDecodingError(
                "format version \(version); this runtime reads \(Self.formatVersion) (regenerate with the matching rulegen)")
        }
        let program = try RegexProgram(decoding: try r.blob())
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

    /// Decodes the base64 text generated Swift embeds (white space ignored).
    public init(base64: String) throws(BinaryDecodingError) {
        // Line breaks are skipped by the decoder itself (a filter by Character costs a
        // hundred times the decoding on a large table).
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
            throw BinaryDecodingError("not base64")
        }
        try self.init(decoding: [UInt8](data))
    }
}

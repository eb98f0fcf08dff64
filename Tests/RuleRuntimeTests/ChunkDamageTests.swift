import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// Automaton chunks that arrive damaged or on the wrong rule never give wrong matches: each
/// chunk is bound to its rule's pattern and flags and carries a checksum, each shared block
/// is stored under the hash of its bytes. A chunk that fails is a decoding failure (with
/// its reason) and its rule runs on NSRegularExpression, with the same matches.
final class ChunkDamageTests: XCTestCase {
    /// `Specs/chunks.richrules`: regex rules that share blocks (`\w`, word boundaries), with
    /// groups, a lazy loop and a container.
    static let spec = "chunks"

    static let texts = [
        "**hi @carol** see #swift :smile: at 12:30:45 _quickly_ for $12.50 in 1999",
        "@a_b #c :x: **_nested @x_** $7 Truly 2024 :not:here:",
        "no matches, only words and 3000 and ** unclosed _",
    ]

    struct Generated {
        var table: StyleTable
        var automata: CompiledRuleSet
        var chunks: [String?]
        var shared: [String]
    }

    /// The checked-in table of `spec` (`CheckedInTables`) and its automata, as `rulegen`
    /// writes them into generated code.
    static func generate(_ spec: String) throws -> Generated {
        let table = try CheckedInTables.table(spec)
        let automata = AutomataBuilder.build(table).automata
        let encoded = automata.encodedRules()
        return Generated(
            table: table, automata: automata, chunks: encoded.rules.map { $0.map { Data($0).base64EncodedString() } },
            shared: encoded.shared.map { Data($0.block).base64EncodedString() })
    }

    func testChunksOfRulesCarryTheirBindingAndRoundTrip() throws {
        let generated = try Self.generate(Self.spec)
        XCTAssertFalse(generated.shared.isEmpty, "the rules share blocks")
        let decoded = CompiledRuleSet(rules: generated.chunks, shared: generated.shared)
        XCTAssertEqual(decoded, generated.automata)
        let engine = RuleEngine(generated: generated.table, automata: decoded)
        XCTAssertEqual(engine.decodingFailures, [:])
        let reference = try RuleEngine(reference: generated.table)
        for text in Self.texts { XCTAssertEqual(engine.render(text), reference.render(text), text) }
    }

    /// A chunk copied onto another rule was accepted 56 times of 56 on the chat spec (rule
    /// `bold` matched `:smile:`): now each is refused, with its reason, and the rule runs on
    /// NSRegularExpression.
    func testAChunkOnAnotherRuleIsRefused() throws {
        let generated = try Self.generate("chat")
        let reference = try RuleEngine(reference: generated.table)
        let text = "**hi @carol** :smile: #swift https://ok.example me@mail.com 13812345678 _x_ 12:30:45"
        let expected = reference.render(text)
        let regexRules = generated.chunks.indices.filter { generated.chunks[$0] != nil }
        var copies = 0
        for from in regexRules {
            for to in regexRules where to != from {
                var chunks = generated.chunks
                chunks[to] = chunks[from]
                let engine = RuleEngine(generated: generated.table, automata: CompiledRuleSet(rules: chunks, shared: generated.shared))
                XCTAssertEqual(
                    engine.decodingFailures[to]?.message,
                    "the automaton was compiled from another pattern or flags than rule '\(generated.table.rules[to].name)' has (a chunk of another rule or table)"
                )
                XCTAssertEqual(Array(engine.decodingFailures.keys), [to])
                XCTAssertEqual(engine.render(text), expected, "chunk of rule \(from) on rule \(to)")
                copies += 1
            }
        }
        XCTAssertGreaterThanOrEqual(copies, 56)
    }

    /// 3,000 random damages — bytes changed, chunks cut or lengthened, chunks swapped
    /// between rules, shared blocks changed, swapped or dropped, base64 text changed — and
    /// no engine gives a wrong match: every rule either has a decoding failure (and runs on
    /// NSRegularExpression) or runs an automaton equal to its original.
    ///
    /// What an engine runs is `bound(to:)` of its automata, so engines whose bound sets
    /// have the same failing rules and otherwise the original automata behave alike: one
    /// engine per such set is built and renders the texts (a debug build takes about 0.1 s
    /// to make an engine), checked against NSRegularExpression.
    func testRandomDamageNeverGivesWrongMatches() throws {
        let seed = testSeed(0xC4_0A11)
        var rng = SeededGenerator(seed: seed)
        let generated = try Self.generate(Self.spec)
        let reference = try RuleEngine(reference: generated.table)
        let expected = Self.texts.map { reference.render($0) }
        let regexRules = generated.chunks.indices.filter { generated.chunks[$0] != nil }
        var checked: Set<[Int]> = []
        var reported = 0
        for round in 0..<3_000 {
            var chunks = generated.chunks
            var shared = generated.shared
            let what = Self.damage(&chunks, &shared, rules: regexRules, &rng)
            let automata = CompiledRuleSet(rules: chunks, shared: shared)
            let bound = automata.bound(to: generated.table)
            for rule in regexRules where bound.decodingFailures[rule] == nil {
                guard bound.automata[rule] == generated.automata.automata[rule] else {
                    return XCTFail("seed \(seed) round \(round) (\(what)): rule \(rule) runs a changed automaton without a failure")
                }
            }
            if !bound.decodingFailures.isEmpty { reported += 1 }
            let failing = bound.decodingFailures.keys.sorted()
            guard checked.insert(failing).inserted else { continue }
            let engine = RuleEngine(generated: generated.table, automata: automata)
            XCTAssertEqual(engine.decodingFailures, bound.decodingFailures, "seed \(seed) round \(round) (\(what))")
            for (text, result) in zip(Self.texts, expected) where engine.render(text) != result {
                return XCTFail("seed \(seed) round \(round) (\(what)): wrong matches on \(text)")
            }
        }
        XCTAssertGreaterThan(reported, 2_000, "seed \(seed): most damages are reported")
        XCTAssertGreaterThan(checked.count, 8, "seed \(seed): engines with several sets of failing rules")
    }

    /// One random damage of the generated data; what it was, for messages.
    static func damage(_ chunks: inout [String?], _ shared: inout [String], rules: [Int], _ rng: inout SeededGenerator) -> String {
        func bytes(_ base64: String) -> [UInt8] { [UInt8](Data(base64Encoded: base64) ?? Data()) }
        func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
        let rule = rng.pick(rules)
        var chunk = bytes(chunks[rule]!)
        switch rng.below(8) {
        case 0, 1:
            let flips = 1 + rng.below(3)
            for _ in 0..<flips { chunk[rng.below(chunk.count)] ^= UInt8(1 + rng.below(255)) }
            chunks[rule] = base64(chunk)
            return "\(flips) bytes of rule \(rule) changed"
        case 2:
            let length = rng.below(chunk.count)
            chunks[rule] = base64(Array(chunk.prefix(length)))
            return "rule \(rule) cut to \(length) bytes"
        case 3:
            chunk += (0..<(1 + rng.below(8))).map { _ in UInt8(rng.below(256)) }
            chunks[rule] = base64(chunk)
            return "rule \(rule) lengthened"
        case 4:
            let other = rng.pick(rules)
            chunks.swapAt(rule, other)
            return "rules \(rule) and \(other) swapped"
        case 5:
            guard !shared.isEmpty else { return "nothing" }
            let index = rng.below(shared.count)
            var block = bytes(shared[index])
            block[rng.below(block.count)] ^= UInt8(1 + rng.below(255))
            shared[index] = base64(block)
            return "shared block \(index) changed"
        case 6:
            guard shared.count >= 2 else { return "nothing" }
            let (a, b) = (rng.below(shared.count), rng.below(shared.count))
            let first = bytes(shared[a])
            let second = bytes(shared[b])
            // The keys stay, the contents swap (or, one time in two, one block is dropped).
            if rng.below(2) == 0 {
                shared[a] = base64(Array(first.prefix(8)) + Array(second[8...]))
                shared[b] = base64(Array(second.prefix(8)) + Array(first[8...]))
                return "shared blocks \(a) and \(b) swapped"
            }
            shared.remove(at: a)
            return "shared block \(a) dropped"
        default:
            var text = Array(chunks[rule]!)
            let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= !")
            text[rng.below(text.count)] = rng.pick(letters)
            chunks[rule] = String(text)
            return "a base64 character of rule \(rule) changed"
        }
    }
}

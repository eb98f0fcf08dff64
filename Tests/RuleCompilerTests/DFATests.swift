import RuleAutomata
import RuleCompiler
import RuleRuntime
import TestSupport
import XCTest

/// The DFA replays the Pike VM exactly: on random programs (random NFA graphs with
/// splits, captures, every assertion and the CR LF start filter) and random texts, the
/// DFA-accelerated matcher gives the same matches and groups as the Pike VM alone.
final class DFATests: XCTestCase {
    static let pieces = ["a", "b", " ", "\n", "\r", "\r\n", "\r\n", "\u{2028}", "é", "\u{301}", "😀", "_"]
    static let setPool: [ScalarSet] = [
        ScalarSet(0x61), ScalarSet(0x62), ScalarSet(ranges: [0x61...0x62, 0xE9...0xE9]), ScalarSet(ranges: [0x0A...0x0D]),
        ScalarSet(0x1F600), ScalarSet.all, ScalarSet(ranges: [0x20...0x20, 0x2028...0x2028]),
        ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A, 0xE9...0xE9]),  // word-ish
        ScalarSet(0x301),  // ignorable
    ]

    static func randomProgram(_ rng: inout SeededGenerator) -> RegexProgram {
        let body = 3 + rng.below(10)
        let captureCount = rng.below(3)
        // 0: save 0 → 1; 1 ..< 1 + body: random; 1 + body: save 1 → 2 + body; 2 + body: match.
        let saveEnd = 1 + body
        var instructions: [RegexProgram.Instruction] = [.save(slot: 0, next: 1)]
        func target(_ rng: inout SeededGenerator) -> Int { rng.below(4) == 0 ? saveEnd : 1 + rng.below(body) }
        let assertions: [RegexProgram.Assertion] = [
            .textStart, .textEnd, .textEndOrFinalTerminator, .textEndOrFinalLineFeed, .lineStart, .lineStartAfterLineFeed, .lineEnd,
            .lineEndBeforeLineFeed, .wordBoundary(word: 7, ignorable: 8), .notWordBoundary(word: 7, ignorable: 8), .notBeforeLineFeed,
        ]
        for _ in 0..<body {
            switch rng.below(10) {
            case 0..<4: instructions.append(.consume(set: rng.below(setPool.count), next: target(&rng)))
            case 4..<7: instructions.append(.split(preferred: target(&rng), alternative: target(&rng)))
            case 7 where captureCount > 0: instructions.append(.save(slot: 2 + rng.below(2 * captureCount), next: target(&rng)))
            case 7: instructions.append(.split(preferred: target(&rng), alternative: target(&rng)))
            default: instructions.append(.assert(rng.pick(assertions), next: target(&rng)))
            }
        }
        instructions.append(.save(slot: 1, next: saveEnd + 1))
        instructions.append(.match)
        return RegexProgram(
            instructions: instructions, sets: setPool, captureCount: captureCount,
            startFilter: rng.below(3) == 0 ? .notInsideCRLF : .anywhere)
    }

    func testDFAReplaysThePikeVMOnRandomPrograms() {
        let seed = testSeed(0xDFA_0001)
        var rng = SeededGenerator(seed: seed)
        var built = 0
        var found = 0
        for round in 0..<1_500 {
            let program = Self.randomProgram(&rng)
            guard let dfa = DFABuilder.build(program) else { continue }
            built += 1
            let fast = AcceleratedRegex(program: program, dfa: dfa)
            let slow = CompiledRegex(program: program)
            for _ in 0..<12 {
                var text = ""
                for _ in 0..<rng.below(10) { text += rng.pick(Self.pieces) }
                let units = Array(text.utf16)
                let expected = slow.matches(in: units)
                found += expected.count
                let actual = fast.matches(in: units)
                if actual != expected {
                    XCTFail("seed \(seed) round \(round): text \(units)\nprogram:\n\(program)\nDFA \(actual)\nVM  \(expected)")
                    return
                }
            }
        }
        XCTAssertGreaterThan(built, 1_000, "seed \(seed)")
        XCTAssertGreaterThan(found, 10_000, "seed \(seed): the programs should match often")
    }

    func testCompiledRuleSetRoundTripsAndRejectsCorruptData() throws {
        let seed = testSeed(0xDFA_0002)
        var rng = SeededGenerator(seed: seed)
        var automata: [RuleAutomaton?] = [nil]
        for _ in 0..<40 {
            let program = Self.randomProgram(&rng)
            automata.append(RuleAutomaton(program: program, dfa: DFABuilder.build(program), binding: rng.next()))
        }
        let set = CompiledRuleSet(automata: automata)
        let bytes = set.encoded()
        XCTAssertEqual(try CompiledRuleSet(decoding: bytes), set, "seed \(seed)")
        XCTAssertEqual(set.encoded(), bytes, "seed \(seed): encoding is deterministic")
        for cut in stride(from: 0, to: bytes.count - 1, by: max(1, bytes.count / 50)) {
            XCTAssertThrowsError(try CompiledRuleSet(decoding: Array(bytes[..<cut])), "seed \(seed): truncated at \(cut)")
        }
        var corrupt = bytes
        corrupt[2] = 99
        XCTAssertThrowsError(try CompiledRuleSet(decoding: corrupt))
    }
}

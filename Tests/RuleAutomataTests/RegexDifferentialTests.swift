import Foundation
import RuleRegex
import TestSupport
import XCTest

@testable import RuleAutomata

/// Seeded differential test: random patterns from a grammar × random texts; wherever the
/// compiler produces a program, its matches must equal NSRegularExpression's.
///
/// The normal run checks at least 20,000 pattern × text pairs; `RICHRULES_LONG=1` checks at
/// least 1,000,000. `RICHRULES_SEED` replaces the seed. Every failure prints the seed, the
/// pattern, the flags and the text; every disagreement ever found is a named case in
/// `ICUConformanceTests` or below.
final class RegexDifferentialTests: XCTestCase {
    func testRandomPatternsAgreeWithNSRegularExpression() {
        let long = ProcessInfo.processInfo.environment["RICHRULES_LONG"] == "1"
        let required = long ? 1_000_000 : 20_000
        let seed = testSeed(0x5EED_D1FF)
        // Two workers, seeds `seed` and `seed + 1`, each with half of the pairs.
        let runs = concurrently(workers: differentialWorkers) { worker in
            Self.randomPatternsRun(seed: seed &+ UInt64(worker), pairs: required / differentialWorkers)
        }
        var all = RandomPatternsRun()
        for run in runs {
            all.count.add(run.count)
            all.patterns += run.patterns
            all.programs += run.programs
            all.fallbacks += run.fallbacks
            all.nonEmpty += run.nonEmpty
            all.lookaroundPairs += run.lookaroundPairs
            all.clusterPairs += run.clusterPairs
            all.wordBreakPairs += run.wordBreakPairs
            all.largeAlternationPairs += run.largeAlternationPairs
            all.urlPairs += run.urlPairs
            all.lazyPairs += run.lazyPairs
            all.failures += run.failures
            all.lazyFailures += run.lazyFailures
        }
        for message in (all.failures.prefix(20) + all.lazyFailures.prefix(20)) { XCTFail(message) }
        let count = all.count
        print(
            "differential (seed \(seed), \(runs.count) workers): \(count.pairs) pairs from \(all.patterns) patterns (\(all.programs) programs, "
                + "\(all.fallbacks) fallbacks), \(all.lookaroundPairs) with a lookaround, \(all.clusterPairs) with \\X, "
                + "\(all.wordBreakPairs) with (?w) and a word boundary, \(all.largeAlternationPairs) with a large alternation, "
                + "\(all.urlPairs) with a URL shape, \(all.nonEmpty) with non-empty matches, \(count.skipped) where ICU gave up, "
                + "\(all.failures.count) disagreements; lazy DFA on \(all.lazyPairs) pairs, \(all.lazyFailures.count) disagreements")
        XCTAssertGreaterThan(all.nonEmpty, count.pairs / 4, "seed \(seed): texts should often match")
        XCTAssertGreaterThan(all.lazyPairs, count.compared / 2, "seed \(seed): pairs on the lazy DFA")
        count.check(compared: required * 99 / 100, "seed \(seed)")
    }

    /// What one worker of `testRandomPatternsAgreeWithNSRegularExpression` found.
    struct RandomPatternsRun {
        var count = ComparisonCount()
        var patterns = 0, programs = 0, fallbacks = 0, nonEmpty = 0, lookaroundPairs = 0
        var clusterPairs = 0, wordBreakPairs = 0, largeAlternationPairs = 0, urlPairs = 0, lazyPairs = 0
        /// Each disagreement, with the seed that replays it (`RICHRULES_SEED`).
        var failures: [String] = [], lazyFailures: [String] = []
    }

    /// Random patterns of the grammar seeded with `seed` until `pairs` pairs, each on the Pike
    /// VM and the lazy DFA (UTF-16 and UTF-8) against NSRegularExpression.
    static func randomPatternsRun(seed: UInt64, pairs required: Int) -> RandomPatternsRun {
        var grammar = PatternGrammar(rng: SeededGenerator(seed: seed))
        var run = RandomPatternsRun()
        while run.count.pairs < required {
            let fragment = grammar.fragment()
            let pattern = fragment.pattern
            let flags = grammar.flags()
            let texts = (0..<PatternGrammar.textsPerPattern).map { _ in grammar.text(for: fragment) }
            run.patterns += 1
            guard let regex = ICUReference.regex(pattern, flags) else { continue }
            let program: RegexProgram
            switch RegexCompiler.compile(pattern, flags: flags) {
            case .program(let compiled): program = compiled
            case .fallback:
                run.fallbacks += 1
                continue
            case .invalid(let error):
                run.failures.append(
                    "seed \(seed) pattern \(pattern.debugDescription): NSRegularExpression accepts it, the parser says \(error)")
                continue
            }
            run.programs += 1
            let compiled = CompiledRegex(program: program)
            // The lazy DFA of every program, one in three with a cache of a few states (it
            // clears, and gives up to the Pike VM when it thrashes).
            let lazy = LazyDFA(program: program, memoryLimit: run.patterns % 3 == 0 ? 0 : LazyDFA.defaultMemoryLimit)
            let looks = PatternGrammar.hasLookaround(pattern)
            let clusters = pattern.contains("\\X")
            let wordBreaks = pattern.contains("(?w)") && (pattern.contains("\\b") || pattern.contains("\\B"))
            for text in texts {
                if looks { run.lookaroundPairs += 1 }
                if clusters { run.clusterPairs += 1 }
                if wordBreaks { run.wordBreakPairs += 1 }
                if pattern.contains("(?:co|cocom|") || pattern.split(separator: "|").count > 20 { run.largeAlternationPairs += 1 }
                if pattern.contains(#"(?:[a-z0-9-]+\.)+"#) { run.urlPairs += 1 }
                guard let expected = ICUReference.matches(regex, in: text, counting: &run.count) else { continue }
                if expected.contains(where: { ($0[0]?.length ?? 0) > 0 }) { run.nonEmpty += 1 }
                let units = Array(text.utf16)
                let actual = compiled.matches(in: units)
                if expected != actual {
                    run.failures.append(
                        "seed \(seed) pattern \(pattern.debugDescription) flags '\(flags.letters)' text \(text.debugDescription): "
                            + "ICU \(ICUReference.describe(expected)), compiled \(ICUReference.describe(actual))")
                }
                if let lazy {
                    run.lazyPairs += 1
                    let lazyActual = units.withUnsafeBufferPointer { lazy.matches(in: $0) }
                    var wholes: [TextRange] = []
                    Array(text.utf8).withUnsafeBufferPointer { bytes in
                        units.withUnsafeBufferPointer { u in lazy.matches(utf8: bytes, units: { u }) { range, _ in wholes.append(range) } }
                    }
                    if expected != lazyActual || wholes != expected.compactMap({ $0[0] }).filter({ $0.length > 0 }) {
                        run.lazyFailures.append(
                            "seed \(seed) pattern \(pattern.debugDescription) flags '\(flags.letters)' text \(text.debugDescription) "
                                + "(lazy DFA, memory limit \(lazy.memoryLimit)): "
                                + "ICU \(ICUReference.describe(expected)), lazy DFA \(ICUReference.describe(lazyActual)), on UTF-8 \(wholes)"
                        )
                    }
                }
            }
        }
        return run
    }

    /// Nested loops over bodies that can match empty (anchors, `\b`, optional items, empty
    /// alternatives), greedy and lazy, counted and not: ICU's progress rules.
    func testRandomNestedLoopsAgree() {
        let atoms = ["a", "b", "", "\\b", "\\B", "^", "$", "(?m:^)", "(?m:$)", "a|", "|a", "a?", "b*", "\\n", "(?s:.)", "."]
        let quantifiers = [
            "*", "+", "?", "{0,2}", "{1,}", "{2,}", "{0,}", "{2}", "{1,3}", "*?", "+?", "??", "{0,}?", "{1,}?", "{2,}?",
            "{1,3}?", "{0,2}?", "*+", "++",
        ]
        let texts = ["", "a", "ab", "aab", "ba", "a\nb", "abab", "aaa", " a b ", "b\n\n"]
        let seed = testSeed(0x1009)
        var rng = SeededGenerator(seed: seed)
        func loops(_ depth: Int) -> String {
            var out = ""
            for _ in 0..<(1 + rng.below(3)) {
                var atom = depth < 3 && rng.below(2) == 0 ? rng.pick(["(", "(?:"]) + loops(depth + 1) + ")" : "(?:" + rng.pick(atoms) + ")"
                if rng.below(3) != 0 { atom += rng.pick(quantifiers) }
                out += atom
            }
            return rng.below(6) == 0 ? out + "|" + loops(depth + 1) : out
        }
        var count = ComparisonCount()
        while count.pairs < 8_000 {
            let pattern = loops(0)
            guard let regex = ICUReference.regex(pattern, []), case .program(let program) = RegexCompiler.compile(pattern, flags: [])
            else { continue }
            let compiled = CompiledRegex(program: program)
            for text in texts {
                guard let expected = ICUReference.matches(regex, in: text, counting: &count) else { continue }
                let actual = compiled.matches(in: Array(text.utf16))
                if expected != actual {
                    XCTFail(
                        "seed \(seed) pattern \(pattern.debugDescription) text \(text.debugDescription): "
                            + "ICU \(ICUReference.describe(expected)), compiled \(ICUReference.describe(actual))")
                }
            }
        }
        count.check(compared: 8_000 * 99 / 100, "seed \(seed)")
    }
}

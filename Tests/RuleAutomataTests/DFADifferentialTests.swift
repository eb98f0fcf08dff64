import Foundation
import RuleRegex
import TestSupport
import XCTest

@testable import RuleAutomata

/// The whole compiled path as rules run it — the DFA finds ends and starts, the Pike VM
/// only solves groups — against NSRegularExpression, on the random patterns of
/// `RegexDifferentialTests` (its grammar) × random texts. The seed is printed on failure;
/// `RICHRULES_SEED` replays one, `RICHRULES_LONG=1` runs 1,000,000 pairs.
final class DFADifferentialTests: XCTestCase {
    func testDFAPathAgreesWithNSRegularExpression() {
        let long = ProcessInfo.processInfo.environment["RICHRULES_LONG"] == "1"
        // Building DFAs dominates in debug builds: the normal run checks 6,000 pairs (the Pike
        // VM alone gets 20,000 in RegexDifferentialTests), split between two workers whose
        // seeds are `seed` and `seed + 1`.
        let required = long ? 1_000_000 : 6_000
        let seed = testSeed(0x5EED_DFA0)
        let runs = concurrently(workers: differentialWorkers) { worker in
            Self.dfaPathRun(seed: seed &+ UInt64(worker), pairs: required / differentialWorkers)
        }
        var count = ComparisonCount()
        var withDFA = 0, utf8Pairs = 0, lookaroundPairs = 0, failures = 0
        for run in runs {
            count.add(run.count)
            withDFA += run.withDFA
            utf8Pairs += run.utf8Pairs
            lookaroundPairs += run.lookaroundPairs
            failures += run.failures.count
            for message in run.failures.prefix(20) { XCTFail(message) }
        }
        print(
            "DFA differential (seed \(seed), \(runs.count) workers): \(count.pairs) pairs, \(count.skipped) skipped where ICU gave up "
                + "(\(utf8Pairs) also on the UTF-8 scan, \(lookaroundPairs) with a lookaround), "
                + "\(withDFA) programs with a DFA, \(failures) disagreements")
        XCTAssertGreaterThan(withDFA, 500, "seed \(seed)")
        XCTAssertGreaterThan(utf8Pairs, required / 4, "seed \(seed): pairs also on the UTF-8 scan")
        count.check(compared: required * 99 / 100, "seed \(seed)")
    }

    /// What one worker of `testDFAPathAgreesWithNSRegularExpression` found.
    struct DFAPathRun {
        var count = ComparisonCount()
        var withDFA = 0, utf8Pairs = 0, lookaroundPairs = 0
        /// Each disagreement, with the seed that replays it (`RICHRULES_SEED`).
        var failures: [String] = []
    }

    /// Random patterns of the grammar seeded with `seed` until `pairs` pairs, each on the DFA
    /// path and the shared UTF-8 scan against NSRegularExpression.
    static func dfaPathRun(seed: UInt64, pairs required: Int) -> DFAPathRun {
        var grammar = PatternGrammar(rng: SeededGenerator(seed: seed))
        var run = DFAPathRun()
        while run.count.pairs < required {
            let fragment = grammar.fragment()
            let pattern = fragment.pattern
            let flags = grammar.flags()
            let texts = (0..<PatternGrammar.textsPerPattern).map { _ in grammar.text(for: fragment) }
            guard let regex = ICUReference.regex(pattern, flags), case .program(let program) = RegexCompiler.compile(pattern, flags: flags)
            else { continue }
            let dfa = DFABuilder.build(program)
            if dfa != nil { run.withDFA += 1 }
            let compiled = AcceleratedRegex(program: program, dfa: dfa)
            // The shared scan on the text's own UTF-8 (the path `render` takes on a native
            // string) for every rule it can run.
            let scan = compiled.scannable ? CompiledScan([AcceleratedRegex(program: program, dfa: dfa, ownScan: false)]) : nil
            let looks = PatternGrammar.hasLookaround(pattern)
            let context = { (text: String) in
                "seed \(seed) pattern \(pattern.debugDescription) flags '\(flags.letters)' text \(text.debugDescription): "
            }
            for text in texts {
                if looks { run.lookaroundPairs += 1 }
                guard let expected = ICUReference.matches(regex, in: text, counting: &run.count) else { continue }
                let units = Array(text.utf16)
                let actual = compiled.matches(in: units)
                if expected != actual {
                    run.failures.append(
                        context(text) + "ICU \(ICUReference.describe(expected)), DFA path \(ICUReference.describe(actual))")
                }
                guard let scan else { continue }
                run.utf8Pairs += 1
                var wholes: [TextRange] = []
                Array(text.utf8).withUnsafeBufferPointer { bytes in
                    units.withUnsafeBufferPointer { u in scan.run(utf8: bytes, units: { u }) { _, range, _ in wholes.append(range) } }
                }
                let expectedWholes = expected.compactMap { $0.first ?? nil }
                if wholes != expectedWholes {
                    run.failures.append(context(text) + "ICU \(expectedWholes), UTF-8 scan \(wholes)")
                }
            }
        }
        return run
    }

    /// Long attempts past the anchored limit; the corpus (`Tests/Cases/regex.jsonl`) holds
    /// the other disagreements the random runs found.
    func testRegressions() throws {
        let cases: [(name: String, pattern: String, flags: RegexFlags, texts: [String])] = [
            // Anchored attempts give up after 256 units and search unanchored from there.
            ("long failing attempts", "a+b", [], [String(repeating: "a", count: 700), String(repeating: "a", count: 600) + "b"]),
            ("long match", "a[^x]*b", [], [String(repeating: "a", count: 300) + "b" + String(repeating: "a", count: 300)]),
            // The prefilter's other edge cases: Tests/Cases/regex.jsonl (every engine).
        ]
        for c in cases {
            let regex = try XCTUnwrap(ICUReference.regex(c.pattern, c.flags), c.name)
            guard case .program(let program) = RegexCompiler.compile(c.pattern, flags: c.flags) else {
                XCTFail("\(c.name): no program")
                continue
            }
            let dfa = try XCTUnwrap(DFABuilder.build(program), c.name)
            let compiled = AcceleratedRegex(program: program, dfa: dfa)
            for text in c.texts {
                let expected = try XCTUnwrap(ICUReference.matches(regex, in: text, budget: 10_000), c.name)
                XCTAssertEqual(
                    ICUReference.describe(compiled.matches(in: Array(text.utf16))), ICUReference.describe(expected),
                    "\(c.name): \(text.debugDescription)")
            }
        }
    }

    /// The shared scan (one prefilter pass, several rules with their own next-search
    /// positions, budgets and resume points) gives each rule exactly NSRegularExpression's
    /// matches: random sets of 2–6 grammar patterns, texts made for them, rule by rule.
    func testSharedScanAgreesRuleByRule() {
        let seed = testSeed(0x5EED_5CA4)
        var grammar = PatternGrammar(rng: SeededGenerator(seed: seed))
        var count = ComparisonCount()
        var sets = 0, failures = 0, lazyMembers = 0, utf8Sets = 0
        while sets < 150 {
            var regexes: [(pattern: String, flags: RegexFlags, icu: NSRegularExpression, compiled: AcceleratedRegex)] = []
            var fragments: [Fragment] = []
            for _ in 0..<(2 + grammar.rng.below(5)) {
                let fragment = grammar.fragment()
                let flags = grammar.flags()
                guard let icu = ICUReference.regex(fragment.pattern, flags),
                    case .program(let program) = RegexCompiler.compile(fragment.pattern, flags: flags)
                else { continue }
                // Half the rules on their lazy DFA (and every rule without a DFA built
                // ahead of time): the scan mixes both kinds.
                let dfa = grammar.rng.below(2) == 0 ? nil : DFABuilder.build(program)
                let compiled = AcceleratedRegex(program: program, dfa: dfa, ownScan: false)
                guard compiled.scannable else { continue }  // can match empty, or starts anywhere: not scanned
                if dfa == nil { lazyMembers += 1 }
                regexes.append((fragment.pattern, flags, icu, compiled))
                fragments.append(fragment)
            }
            guard regexes.count >= 2, let scan = CompiledScan(regexes.map(\.compiled)) else { continue }
            sets += 1
            for _ in 0..<4 {
                // Texts that mix matches of several of the rules.
                var text = ""
                for _ in 0..<(1 + grammar.rng.below(3)) { text += grammar.text(for: grammar.rng.pick(fragments)) }
                let units = Array(text.utf16)
                var found = [[[TextRange?]]](repeating: [], count: regexes.count)
                units.withUnsafeBufferPointer { buffer in
                    scan.run(buffer) { rule, whole, groups, _ in found[rule].append(groups ?? [whole]) }
                }
                var onBytes = [[TextRange]](repeating: [], count: regexes.count)
                if scan.utf8Prefilter != nil {
                    utf8Sets += 1
                    Array(text.utf8).withUnsafeBufferPointer { bytes in
                        units.withUnsafeBufferPointer { u in
                            scan.run(utf8: bytes, units: { u }) { rule, range, _ in onBytes[rule].append(range) }
                        }
                    }
                }
                for (rule, regex) in regexes.enumerated() {
                    // Texts of several rules' pieces: ICU's default budget gave up on 6.6 % of them.
                    guard let expected = ICUReference.matches(regex.icu, in: text, budget: 1_000, counting: &count) else { continue }
                    let nonEmpty = expected.filter { ($0[0]?.length ?? 0) > 0 }
                    if nonEmpty != found[rule] || (scan.utf8Prefilter != nil && nonEmpty.compactMap { $0[0] } != onBytes[rule]) {
                        failures += 1
                        if failures <= 10 {
                            XCTFail(
                                "seed \(seed) rules \(regexes.map { $0.pattern.debugDescription }) rule \(rule) flags '\(regex.flags.letters)' "
                                    + "text \(text.debugDescription): ICU \(ICUReference.describe(nonEmpty)), scan \(ICUReference.describe(found[rule]))"
                            )
                        }
                    }
                }
            }
        }
        print(
            "Shared scan (seed \(seed)): \(sets) rule sets (\(lazyMembers) rules on their lazy DFA), \(count.pairs) rule × text pairs "
                + "(\(utf8Sets) texts also on UTF-8), "
                + "\(count.skipped) skipped where ICU gave up, \(failures) disagreements")
        // 150 sets of at least 2 rules, 4 texts each.
        count.check(compared: 1_188, "seed \(seed)")
        XCTAssertGreaterThan(lazyMembers, 100, "seed \(seed): rules on their lazy DFA in the scan")
        XCTAssertGreaterThan(utf8Sets, 300, "seed \(seed): texts also scanned on their UTF-8")
    }

    /// The product of the anchored DFAs (one run for the rules listed together at a
    /// position) gives each rule exactly its own matches: rules sharing long prefixes
    /// (numbers, years, URLs) on texts where the product must hand components over to the
    /// rules' own DFAs (non-ASCII units, line terminators, the text's end) and where the
    /// step budget runs out (long digit runs).
    func testProductVerifierAgreesOnSharedPrefixes() throws {
        let rules: [(String, RegexFlags)] = [
            (#"\b\d+(?:\.\d+)? ?kg\b"#, []), (#"\b\d+(?:\.\d+)? ?km\b"#, []), (#"\b20\d\d-(?:0[1-9]|1[0-2])\b"#, []),
            (#"\d+x"#, []), (#"\bhttps?://[a-z]+\.com\b"#, [.caseInsensitive]), (#"\bhttp://[a-zé]+$"#, [.multiline]),
            (#"\d+[^\n]*é"#, []),
        ]
        var compiled: [AcceleratedRegex] = []
        var icu: [NSRegularExpression] = []
        for (pattern, flags) in rules {
            guard case .program(let program) = RegexCompiler.compile(pattern, flags: flags), let dfa = DFABuilder.build(program),
                let reference = ICUReference.regex(pattern, flags)
            else { return XCTFail("/\(pattern)/ should compile") }
            compiled.append(AcceleratedRegex(program: program, dfa: dfa, ownScan: false))
            icu.append(reference)
        }
        let scan = try XCTUnwrap(CompiledScan(compiled))
        XCTAssertNotNil(scan.product, "the rules share a product")
        let fragments = [
            "12 kg", "3.5km", "12kgs", "2024-05", "2024-13", "12x", "http://abc.com", "HTTPS://Abc.com/", "http://abé", "http://ab\n",
            " ", "\n", "\r\n", "é", "😀", "-", "7", String(repeating: "1", count: 300) + "x", String(repeating: "9", count: 90) + " km",
        ]
        let seed = testSeed(0x9D0C_7001)
        var rng = SeededGenerator(seed: seed)
        var count = ComparisonCount()
        for _ in 0..<400 {
            let text = (0..<(1 + rng.below(8))).map { _ in rng.pick(fragments) }.joined()
            let units = Array(text.utf16)
            var found = [[[TextRange?]]](repeating: [], count: rules.count)
            units.withUnsafeBufferPointer { buffer in scan.run(buffer) { rule, whole, groups, _ in found[rule].append(groups ?? [whole]) } }
            for rule in rules.indices {
                // ICU backtracks through the long digit runs: its default budget gave up on 39 % of the pairs.
                guard let expected = ICUReference.matches(icu[rule], in: text, budget: 1_000, counting: &count) else { continue }
                let nonEmpty = expected.filter { ($0[0]?.length ?? 0) > 0 }
                guard nonEmpty == found[rule] else {
                    return XCTFail(
                        "seed \(seed) rule /\(rules[rule].0)/ text \(text.debugDescription): ICU \(ICUReference.describe(nonEmpty)), "
                            + "scan \(ICUReference.describe(found[rule]))")
                }
            }
        }
        count.check(compared: 400 * rules.count * 99 / 100, "seed \(seed)")
    }
}

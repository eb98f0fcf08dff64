import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import RuleSpec
import TestSupport
import XCTest

/// Soundness of the conflict analysis, on random small rule sets: whenever it does not
/// report two rules as overlapping, no random text makes them overlap; a rule it says never
/// matches matches no random text; a rule it says is shadowed or never kept is never kept — all checked
/// on the NSRegularExpression reference matcher and engine. Reported witnesses are checked
/// too (both rules match there and overlap).
final class ConflictSoundnessTests: XCTestCase {
    static let atoms = [
        "a", "b", "#", "@", " ", "1", "x", "[ab]", "\\d", "\\w", "\\s", "\\S", ".", "[^a]", "[#@]", "(?:a|b1)", "(?:ab|a)", "\\n",
        "\\r\\n?", "\\R",
    ]
    /// Lookarounds included: over one code point (exact on the DFA) and with bodies (the
    /// analysis takes them as satisfiable).
    static let assertions = [
        "\\b", "\\B", "^", "$", "(?m)^", "(?m)$", "\\Z", "\\z", "(?<=a)", "(?<!#)", "(?=b)", "(?!1)", "(?<=ab)", "(?!a b)",
        "(?<=\\w\\s)", "(?=\\d+#)",
    ]
    static let tokens = ["a", "b", "ab", "#", "@", " ", "1", "11", "x", "\n", "<b>", "</b>", "é", "#a#", "@b", "\u{301}", "\r\n", "\r"]

    static func pattern(_ rng: inout SeededGenerator) -> String {
        var out = rng.below(6) == 0 ? rng.pick(assertions) : ""
        for _ in 0..<(1 + rng.below(3)) {
            var piece = rng.pick(atoms)
            switch rng.below(6) {
            case 0: piece += "+"
            case 1: piece += "*"
            case 2: piece += "?"
            case 3: piece += "{1,2}"
            default: break
            }
            out += piece
            if rng.below(8) == 0 { out += rng.pick(assertions) }
        }
        if rng.below(8) == 0 { out = "(?:\(out)|\(rng.pick(atoms)))" }
        return out
    }

    static func matcher(_ rng: inout SeededGenerator) -> String {
        switch rng.below(10) {
        case 0: return "match prefix \"\(rng.pick(["#", "@", "a"]))\""
        default: return "match /\(pattern(&rng))/"
        }
    }

    func testRulesSaidNotToOverlapNeverOverlapOnRandomTexts() throws {
        let seed = testSeed(0x11A7_5EED)
        var rng = SeededGenerator(seed: seed)
        var sets = 0, provedApart = 0, confirmed = 0, textsRun = 0, shadowedChecks = 0
        var attempt = 0
        while sets < 120, attempt < 1_000 {
            attempt += 1
            let count = 2 + rng.below(2)
            var spec = "richrules 1\n"
            if rng.below(6) == 0 { spec += "tags b { priority \(rng.below(2)) }\n" }
            for k in 0..<count { spec += "rule r\(k) { \(Self.matcher(&rng))  priority \(rng.below(2)) }\n" }
            let output = Compiler.compile(source: spec, path: "s\(attempt).richrules")
            guard let table = output.table else { continue }  // empty matches and the like
            sets += 1
            let reference = try RuleMatcher(table: table)
            let engine = try RuleEngine(reference: table)
            let names = table.rules.map(\.name)
            func index(_ name: String) -> Int { names.firstIndex(of: name)! }
            var together = Set<[Int]>()
            var unknown = Set<Int>()
            var never = Set<Int>()
            var shadowed = Set<Int>()
            for d in output.diagnostics {
                if d.name == "shadowed" || d.name == "never-kept" { shadowed.insert(index(d.rules[0])) }
                switch d.name {
                case "overlap", "shadowed", "never-kept":
                    let pair = d.rules.map(index).sorted()
                    together.insert(pair)
                    if let witness = d.witness {
                        let found = reference.candidates(in: witness)
                        XCTAssertTrue(
                            Self.overlap(found, pair[0], pair[1]) != nil,
                            "seed \(seed): \(d.rules) do not overlap on witness \(witness.debugDescription)\n\(spec)")
                        confirmed += 1
                    }
                case "not-analyzable": unknown.insert(index(String(d.message.split(separator: "'")[1])))
                case "never-matches": never.insert(index(String(d.message.split(separator: "'")[1])))
                default: continue
                }
            }
            // Allowed pairs are analysed all the same: an unneeded allow says they cannot overlap.
            for rule in table.rules.indices {
                for other in output.allowedOverlaps[rule].compactMap(names.firstIndex(of:)) { together.insert([rule, other].sorted()) }
            }
            var apart: [[Int]] = []
            for j in table.rules.indices where !unknown.contains(j) {
                for i in 0..<j where !unknown.contains(i) && !together.contains([i, j]) { apart.append([i, j]) }
            }
            provedApart += apart.count
            for _ in 0..<150 {
                var text = ""
                for _ in 0..<rng.below(12) { text += rng.pick(Self.tokens) }
                textsRun += 1
                let found = reference.candidates(in: text).filter { $0.range.length > 0 }
                for rule in never where found.contains(where: { $0.ruleIndex == rule }) {
                    XCTFail("seed \(seed): '\(names[rule])' said never to match, matches \(text.debugDescription)\n\(spec)")
                    return
                }
                if !shadowed.isEmpty, let kept = engine.render(text).matches.first(where: { shadowed.contains(index($0.rule)) }) {
                    XCTFail("seed \(seed): '\(kept.rule)' said never to be kept, kept on \(text.debugDescription)\n\(spec)")
                    return
                }
                shadowedChecks += shadowed.count
                for pair in apart {
                    if let (a, b) = Self.overlap(found, pair[0], pair[1]) {
                        XCTFail(
                            "seed \(seed): '\(names[pair[0]])' \(a) and '\(names[pair[1]])' \(b) overlap on \(text.debugDescription), "
                                + "not reported\n\(spec)")
                        return
                    }
                }
            }
        }
        print(
            "Conflict soundness (seed \(seed)): \(sets) rule sets, \(provedApart) pairs proved apart, \(confirmed) witnesses confirmed, "
                + "\(textsRun) random texts, \(shadowedChecks) renders of a rule never kept")
        XCTAssertGreaterThanOrEqual(sets, 100, "seed \(seed)")
        XCTAssertGreaterThan(provedApart, 20, "seed \(seed)")
        XCTAssertGreaterThan(confirmed, 90, "seed \(seed): witnesses checked")
        XCTAssertGreaterThan(shadowedChecks, 500, "seed \(seed): renders of a rule never kept")
    }

    /// Overlapping non-empty matches of rules `i` and `j`, if any.
    static func overlap(_ candidates: [Candidate], _ i: Int, _ j: Int) -> (TextRange, TextRange)? {
        for a in candidates where a.ruleIndex == i && a.range.length > 0 {
            for b in candidates where b.ruleIndex == j && b.range.length > 0 {
                if a.range.location < b.range.upperBound && b.range.location < a.range.upperBound { return (a.range, b.range) }
            }
        }
        return nil
    }
}

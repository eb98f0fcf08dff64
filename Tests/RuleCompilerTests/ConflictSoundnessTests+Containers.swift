import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import RuleSpec
import TestSupport
import XCTest

/// Soundness with containers (`nest`): random rule sets mixing regex containers (with and
/// without `show`, the group at the top level or under a quantifier or alternation), tag
/// families, elements, the catch-all, entities, prefixes and plain regex rules, on random
/// texts whose markup nests and crosses. Two rules not reported never conflict (a match of
/// one overlaps a match of the other and neither lies inside the other's content), and the
/// resolver, run on the two rules' matches alone, never discards one's match for the
/// other's; every reported witness has such a discard, won by the reported rule.
extension ConflictSoundnessTests {
    /// Regex containers: `show $1` of a top-level group, of a group the analysis cannot
    /// split (it falls back), and whole-match contents.
    static let containerPatterns = [
        (#"\*\*(.+?)\*\*"#, true), ("_(.+?)_", true), ("~(.*?)~", true), (#"\[([^\]]*)\]\(([^)]*)\)"#, true), (#"#(\w+)#"#, true),
        (#"@(\w+)"#, true), (#"\b_([^_]+)_\b"#, true), ("(?m)^# (.*)$", true), (#"<(\w+)>"#, true), (#"\{((?:a|b)+)\}"#, true),
        (#"(?:_(.+?)_)+"#, true), (#"\*\*(.+?)\*\*|__(.+?)__"#, true), ("x(a)?y", true), (#"(a)(?:\1)?"#, true),
        (#"\{[^{}]*\}"#, false), (#"\(.*?\)"#, false), (#""[^"]*""#, false), ("<[^<>]*>", false), (#"_\w+_"#, false),
    ]

    /// Tag rules (each at most once per set): the spec text after the name, and whether it
    /// may take `nest`.
    static let tagRules = [
        ("tags b", true), ("tags h", true), ("match tag <a href>", true), ("match tag <i>", true), ("match tag <img src/>", false),
        ("match tag <*>", true), ("match entity", false),
    ]

    static let markupTokens = [
        "**", "_", "~", "[", "](", ")", "{", "}", "(", "\"", "<", ">", "#", "@a", "# ", ":", "<b>", "</b>", "<B>", "<h1>", "</h1>",
        "<h1/>", "<i>", "</i>", "<a href=\"u\">", "<a title=\"<b>\">", "<a t='@a'>", "</a>", "<a/>", "<img src=x>", "<img src=\"<i>\"/>",
        "<p>", "</p>", "<span title=\"@a_\">", "</span>", "&amp;", "&lt;", "&bogus;", "a", "b", "1", " ", "\n", "x",
    ]
    static let wrappers = [
        ("**", "**"), ("_", "_"), ("~", "~"), ("[", "](u)"), ("{", "}"), ("(", ")"), ("\"", "\""), ("<b>", "</b>"), ("<h1>", "</h1>"),
        ("<i>", "</i>"), ("<a href=\"u\">", "</a>"), ("<p>", "</p>"), ("#", "#"), ("# ", "\n"),
    ]

    /// Random markup: tokens, runs wrapped in a pair of delimiters, and pairs that cross.
    static func markupText(_ rng: inout SeededGenerator, depth: Int) -> String {
        (0..<rng.below(6)).map { _ in
            guard depth > 0 else { return rng.pick(markupTokens) }
            switch rng.below(5) {
            case 0:
                let (open, close) = rng.pick(wrappers)
                return open + markupText(&rng, depth: depth - 1) + close
            case 1:
                let (o1, c1) = rng.pick(wrappers), (o2, c2) = rng.pick(wrappers)
                return o1 + rng.pick(markupTokens) + o2 + rng.pick(markupTokens) + c1 + rng.pick(markupTokens) + c2
            default:
                return rng.pick(markupTokens)
            }
        }.joined()
    }

    static func containerSpec(_ rng: inout SeededGenerator) -> String {
        var tags = tagRules
        var lines: [String] = []
        var names: [String] = []
        for k in 0..<(2 + rng.below(3)) {
            let priority = "priority \(rng.below(2))"
            let nest = rng.below(3) != 0 ? " nest" : ""
            switch rng.below(4) {
            case 0 where !tags.isEmpty:
                let (text, nestable) = tags.remove(at: rng.below(tags.count))
                if text.hasPrefix("tags ") {
                    names.append(String(text.dropFirst(5)))
                    lines.append("\(text) { \(priority)\(nestable ? nest : "")")
                } else {
                    names.append("r\(k)")
                    lines.append("rule r\(k) { \(text) \(priority)\(nestable ? nest : "")")
                }
            case 1, 2:
                let (pattern, show) = rng.pick(containerPatterns)
                names.append("r\(k)")
                lines.append("rule r\(k) { match /\(pattern)/ \(show ? "show $1 " : "")\(priority)\(nest)")
            default:
                names.append("r\(k)")
                let matcher = rng.below(5) == 0 ? "match prefix \"\(rng.pick(["#", "@", "_"]))\"" : "match /\(pattern(&rng))/"
                lines.append("rule r\(k) { \(matcher) \(priority)\(rng.below(3) == 0 ? nest : "")")
            }
        }
        // Sometimes an allow: an unneeded one says the pair never conflicts.
        if rng.below(3) == 0 {
            let a = rng.below(names.count), b = (a + 1 + rng.below(names.count - 1)) % names.count
            lines[a] += " allow overlap \(names[b])"
        }
        return "richrules 1\n" + lines.map { $0 + " }\n" }.joined()
    }

    /// The first pair of matches of rules `i` and `j` that conflict: they overlap and
    /// neither lies in the other's content range.
    static func conflict(_ candidates: [Candidate], _ contents: [TextRange?], _ i: Int, _ j: Int) -> (TextRange, TextRange)? {
        func inside(_ x: Int, _ y: Int) -> Bool {
            guard let c = contents[y] else { return false }
            return c.location <= candidates[x].range.location && candidates[x].range.upperBound <= c.upperBound
        }
        for x in candidates.indices where candidates[x].ruleIndex == i {
            for y in candidates.indices where candidates[y].ruleIndex == j {
                let a = candidates[x].range, b = candidates[y].range
                if a.location < b.upperBound, b.location < a.upperBound, !inside(x, y), !inside(y, x) { return (a, b) }
            }
        }
        return nil
    }

    func testContainersSaidNotToConflictNeverConflictOnRandomTexts() throws {
        let seed = testSeed(0x2E57_C0DE)
        var rng = SeededGenerator(seed: seed)
        var sets = 0, containerPairs = 0, provedApart = 0, apartWithContainer = 0, confirmed = 0, textsRun = 0, nestedOverlaps = 0
        var attempt = 0
        while sets < 120, attempt < 1_000 {
            attempt += 1
            let spec = Self.containerSpec(&rng)
            let output = Compiler.compile(source: spec, path: "c\(attempt).richrules")
            guard let table = output.table, table.rules.contains(where: \.nest) else { continue }
            sets += 1
            let reference = try RuleMatcher(table: table)
            let engine = try RuleEngine(reference: table)
            let names = table.rules.map(\.name)
            func index(_ name: String) -> Int {
                guard let found = names.firstIndex(of: name) else {
                    fatalError("seed \(seed): no rule \(name)\n\(output.diagnostics.map(\.message))\n\(spec)")
                }
                return found
            }
            /// The pair's resolution on `text` (the engine's one entry, with only these rules).
            func pairResolution(_ text: String, _ pair: [Int]) -> ResolvedText { engine.resolve(text, rules: Set(pair)) }
            /// A match of one rule of the pair that the resolver discards for the other's.
            func crossDiscard(_ resolved: ResolvedText) -> Resolution.Discard? {
                resolved.resolution.discarded.first { resolved.candidates[$0.index].ruleIndex != resolved.candidates[$0.by].ruleIndex }
            }
            var together = Set<[Int]>(), unknown = Set<Int>(), never = Set<Int>(), shadowed = Set<Int>(), unneeded = Set<[Int]>()
            for d in output.diagnostics {
                switch d.name {
                case "overlap", "shadowed", "never-kept":
                    if d.name != "overlap" { shadowed.insert(index(d.rules[0])) }
                    let pair = d.rules.map(index).sorted()
                    together.insert(pair)
                    guard let witness = d.witness else { continue }
                    let resolved = pairResolution(witness, pair)
                    let found = resolved.candidates
                    let discard = crossDiscard(resolved)
                    XCTAssertNotNil(discard, "seed \(seed): \(d.rules) do not conflict on witness \(witness.debugDescription)\n\(spec)")
                    if d.name == "overlap", let discard {
                        XCTAssertEqual(names[found[discard.by].ruleIndex], d.winner, "seed \(seed): \(d.message)\n\(spec)")
                    }
                    confirmed += 1
                case "not-analyzable": unknown.insert(index(String(d.message.split(separator: "'")[1])))
                case "never-matches": never.insert(index(String(d.message.split(separator: "'")[1])))
                case "unneeded-allow":
                    let quoted = d.message.split(separator: "'")
                    unneeded.insert([index(String(quoted[2])), index(String(quoted[4]))].sorted())
                default: continue
                }
            }
            for rule in table.rules.indices {
                for other in output.allowedOverlaps[rule].compactMap(names.firstIndex(of:))
                where !unneeded.contains([rule, other].sorted()) {
                    together.insert([rule, other].sorted())
                }
            }
            var apart: [[Int]] = []
            for j in table.rules.indices where !unknown.contains(j) {
                for i in 0..<j where !unknown.contains(i) {
                    let nesting = table.rules[i].nest || table.rules[j].nest
                    if nesting { containerPairs += 1 }
                    guard !together.contains([i, j]) else { continue }
                    apart.append([i, j])
                    if nesting { apartWithContainer += 1 }
                }
            }
            provedApart += apart.count
            for _ in 0..<150 {
                let text = Self.markupText(&rng, depth: 2)
                textsRun += 1
                let all = reference.candidates(in: text).filter { $0.range.length > 0 }
                for rule in never where all.contains(where: { $0.ruleIndex == rule }) {
                    return XCTFail("seed \(seed): '\(names[rule])' said never to match, matches \(text.debugDescription)\n\(spec)")
                }
                if let kept = engine.render(text).matches.first(where: { shadowed.contains(index($0.rule)) }) {
                    return XCTFail("seed \(seed): '\(kept.rule)' said never to be kept, kept on \(text.debugDescription)\n\(spec)")
                }
                for pair in apart {
                    let resolved = pairResolution(text, pair)
                    let found = resolved.candidates
                    let contents = resolved.contents ?? found.map { _ in nil }
                    if let (a, b) = Self.conflict(found, contents, pair[0], pair[1]) {
                        return XCTFail(
                            "seed \(seed): '\(names[pair[0]])' \(a) and '\(names[pair[1]])' \(b) conflict on \(text.debugDescription), "
                                + "not reported\n\(spec)")
                    }
                    if ConflictSoundnessTests.overlap(found, pair[0], pair[1]) != nil { nestedOverlaps += 1 }
                    if let discard = crossDiscard(resolved) {
                        return XCTFail(
                            "seed \(seed): \(found[discard.index]) discarded by \(found[discard.by]) on \(text.debugDescription), "
                                + "not reported\n\(spec)")
                    }
                }
            }
        }
        print(
            "Container soundness (seed \(seed)): \(sets) rule sets, \(containerPairs) pairs with a container, \(provedApart) pairs "
                + "proved apart (\(apartWithContainer) with a container), \(confirmed) witnesses confirmed, \(textsRun) random texts, "
                + "\(nestedOverlaps) texts where a pair proved apart overlaps (nested)")
        XCTAssertGreaterThanOrEqual(sets, 100, "seed \(seed)")
        XCTAssertGreaterThan(apartWithContainer, 20, "seed \(seed)")
        XCTAssertGreaterThan(confirmed, 100, "seed \(seed): witnesses checked")
        XCTAssertGreaterThan(nestedOverlaps, 20, "seed \(seed)")
    }
}

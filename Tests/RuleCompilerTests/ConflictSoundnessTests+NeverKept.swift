import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

/// Soundness of `never-kept` and `shadowed`: on random rule sets built to have rules that
/// take a character of others' matches (`\w+` over `@\w+`) and copies at lower priorities,
/// a rule the analysis says is never kept is kept on no random text and in no random
/// template (rich and plain arguments, `in arguments` rules), on both engines.
final class NeverKeptSoundnessTests: XCTestCase {
    /// Rules that match wherever they can, to outrank the others.
    static let broad = [#"\w+"#, #"\S+"#, "[a@#]+", "[^ ]+", #"\d+"#, "a+", "[ab]+", #"\w"#, "(?:a|@)+", #"\b\w+\b"#, #"@?\w+"#, "[^#]"]
    /// Rules that broad ones may or may not cover.
    static let narrow = [
        #"@\w+"#, #"#\w+#?"#, "@a", "a@", "#?a+", #"\w+@"#, #"@\w*"#, #"b\w*"#, #"1\d*"#, #"(?:@|#)\w+"#, "@", "#a|@", #"a\b"#,
        "(?<=@)a", #"\w(?=#)"#, "a$", "^@", #"[@#][^\s]"#, "ab?", "@ ?a",
    ]
    static let tokens = ["a", "b", "ab", "@", "#", " ", "1", "11", "@a", "#a#", "\n", "é", "\u{FFFC}", "_", "a@b"]

    static func spec(_ rng: inout SeededGenerator) -> String {
        var rules: [String] = []
        var matchers: [String] = []
        func add(_ matcher: String, priority: Int) {
            var body = "match \(matcher)  priority \(priority)"
            if rng.below(3) == 0 { body += "  in arguments" }
            if rng.below(12) == 0 { body += "  nest" }
            rules.append("rule r\(rules.count) { \(body) }")
            matchers.append(matcher)
        }
        for _ in 0..<(1 + rng.below(2)) { add("/\(rng.pick(broad))/", priority: 5 + rng.below(3)) }
        for _ in 0..<(1 + rng.below(3)) {
            switch rng.below(8) {
            case 0: add("prefix \"\(rng.pick(["@", "#", "a"]))\"", priority: rng.below(5))
            case 1, 2: add(rng.pick(matchers), priority: rng.below(5))  // a copy, at a lower priority
            default: add("/\(rng.pick(narrow))/", priority: rng.below(5))
            }
        }
        return "richrules 1\n" + rules.joined(separator: "\n") + "\n"
    }

    func testRulesSaidNeverKeptAreNeverKept() throws {
        let seed = testSeed(0x4E_4B_5EED)
        var rng = SeededGenerator(seed: seed)
        var sets = 0, flagged = 0, copies = 0, renders = 0, attempt = 0
        while sets < 100, attempt < 1_000 {
            attempt += 1
            let spec = Self.spec(&rng)
            let output = Compiler.compile(source: spec, path: "n\(attempt).richrules")
            guard let table = output.table, let automata = output.automata else { continue }
            sets += 1
            let never = Set(
                output.diagnostics.filter { $0.name == "never-kept" || $0.name == "shadowed" }.compactMap { d in
                    table.rules.firstIndex { $0.name == d.rules.first }
                })
            flagged += never.count
            copies += output.diagnostics.filter { $0.name == "never-kept" && $0.message.contains("exactly") }.count
            guard !never.isEmpty else { continue }
            let engines = [try RuleEngine(reference: table), try RuleEngine(table: table, automata: automata)]
            func check(_ result: RenderResult, _ what: String) -> Bool {
                renders += 1
                guard let kept = result.matches.first(where: { never.contains($0.ruleIndex) }) else { return true }
                XCTFail("seed \(seed): '\(kept.rule)' said never to be kept, kept \(kept.range) in \(what)\n\(spec)")
                return false
            }
            for _ in 0..<100 {
                let text = (0..<rng.below(8)).map { _ in rng.pick(Self.tokens) }.joined()
                let template = (0..<rng.below(5)).map { _ in rng.below(3) == 0 ? "%@" : rng.pick(Self.tokens) }.joined()
                let arguments = (0..<2).map { _ in
                    RichTemplate.Argument(
                        (0..<rng.below(3)).map { _ in rng.pick(Self.tokens) }.joined(), role: rng.below(4) == 0 ? .plain : .rich)
                }
                for engine in engines {
                    guard check(engine.render(text), "text \(text.debugDescription)"),
                        check(
                            engine.render(template: template, arguments: arguments),
                            "template \(template.debugDescription) with \(arguments)")
                    else { return }
                }
            }
        }
        print("Never-kept soundness (seed \(seed)): \(sets) rule sets, \(flagged) rules never kept (\(copies) copies), \(renders) renders")
        XCTAssertGreaterThanOrEqual(sets, 90, "seed \(seed)")
        // The sets are built so that the analysis proves many rules never kept, copies too.
        XCTAssertGreaterThan(flagged, 40, "seed \(seed)")
        XCTAssertGreaterThan(copies, 10, "seed \(seed)")
    }
}

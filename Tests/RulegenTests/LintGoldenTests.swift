import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

/// `rulegen lint` on each spec of `LintCases/`: the exact text output (with the exit
/// status) and JSON, against `<case>.txt` and `<case>.json` beside the spec. Every witness
/// in the JSON is checked on the NSRegularExpression reference matcher: both rules match
/// there, their matches overlap, and the resolver (nesting in containers) keeps the
/// reported winner.
///
/// After a deliberate change of the output, regenerate with
/// `RICHRULES_UPDATE_GOLDENS=1 swift test --filter LintGoldenTests` (the run fails, naming
/// each file written), review the diff and run again without the variable.
final class LintGoldenTests: XCTestCase {
    static let folder = CLI.packageRoot.appendingPathComponent("Tests/RulegenTests/LintCases")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".richrules") }.sorted()
    }

    func testEveryCaseMatchesItsGoldens() throws {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 18)
        for name in Self.cases {
            // `<case>.args`: options of its own (a check that is off by default).
            let argsFile = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".richrules", with: ".args"))
            let extra = ((try? String(contentsOf: argsFile, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            let text = try CLI.run(["lint", "--notes"] + extra + [name], cwd: Self.folder)
            let json = try CLI.run(["lint", "--notes", "--format", "json"] + extra + [name], cwd: Self.folder)
            XCTAssertEqual(text.status, json.status, name)
            // Standard error holds only the summary line, counting what the JSON lists.
            let listed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
            func count(_ severity: String) -> Int { listed.count { $0["severity"] as? String == severity } }
            let errors = count("error"), warnings = count("warning")
            let summary = "1 spec, \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
            XCTAssertEqual(text.stderr, summary, name)
            XCTAssertEqual(json.stderr, summary, name)
            let outputs = [("txt", text.stdout + "exit: \(text.status)\n"), ("json", json.stdout)]
            for (ext, output) in outputs {
                let goldenName = name.replacingOccurrences(of: ".richrules", with: ".\(ext)")
                let golden = Self.folder.appendingPathComponent(goldenName)
                if let failure = try Golden.check(output, against: golden, name: "LintCases/\(goldenName)") { XCTFail(failure) }
            }
            try verifyWitnesses(json.stdout, spec: Self.folder.appendingPathComponent(name).path)
        }
    }

    /// Each kind has a positive case (it is reported) and a negative one (it is not).
    func testEveryKindHasPositiveAndNegativeCases() throws {
        let expectations: [(kind: String, positive: [String], negative: [String])] = [
            (
                "overlap", ["overlap-same-priority", "overlap-priority", "containers-regex", "containers-tags"],
                ["overlap-none", "overlap-none-prefix", "allow-needed"]
            ),
            ("shadowed", ["shadowed"], ["shadowed-not", "never-kept", "never-kept-detector", "never-kept-not", "never-kept-not-template"]),
            (
                "never-kept", ["never-kept", "never-kept-detector"],
                ["never-kept-not", "never-kept-not-template", "shadowed", "shadowed-not"]
            ),
            ("never-matches", ["never-matches"], ["never-matches-not"]),
            ("unneeded-allow", ["allow-unneeded", "containers-regex"], ["allow-needed", "containers-tags"]),
            ("not-analyzable", ["not-analyzable"], ["not-analyzable-not"]),
            ("empty-match", ["empty-match"], ["empty-match-not"]),
            ("invalid-pattern", ["invalid-pattern"], ["invalid-pattern-not"]),
            ("unknown-style", ["unknown-name"], ["unknown-name-not"]),
            ("unknown-rule", ["unknown-name", "example-unknown-rule"], ["unknown-name-not", "allow-needed", "example-fails-not"]),
            ("unknown-handler", ["example-unknown-rule"], ["example-fails-not"]),
            ("example", ["example-fails"], ["example-fails-not", "example-unknown-rule"]),
            ("invalid-value", ["label-style"], ["label-style-not"]),
            ("invalid-name", ["label-style"], ["label-style-not"]),
            ("conflicting-content", ["label-style"], ["label-style-not"]),
            ("tappable-arguments", ["in-arguments"], ["in-arguments-not"]),
            ("markup-in-arguments", ["in-arguments"], ["in-arguments-not"]),
            ("stream-unbounded", ["stream-unbounded"], ["stream-unbounded-not", "containers-tags"]),
        ]
        for (kind, positive, negative) in expectations {
            for (name, expected) in positive.map({ ($0, true) }) + negative.map({ ($0, false) }) {
                // The golden JSON (the other test holds it equal to the output).
                let json = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".json"))
                let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [[String: Any]], name)
                XCTAssertEqual(objects.contains { $0["name"] as? String == kind }, expected, "\(kind) in \(name)")
            }
        }
    }

    func verifyWitnesses(_ json: String, spec: String) throws {
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let withWitness = objects.filter { $0["witness"] is String }
        guard !withWitness.isEmpty else { return }
        let table = try XCTUnwrap(Compiler.compile(path: spec, analyze: false).table, spec)
        let engine = try RuleEngine(reference: table)
        for object in withWitness {
            let witness = try XCTUnwrap(object["witness"] as? String)
            let rules = try XCTUnwrap(object["rules"] as? [String])
            let indices = Set(rules.compactMap { name in table.rules.firstIndex { $0.name == name } })
            XCTAssertEqual(indices.count, 2, "\(spec): \(rules)")
            let resolved = engine.resolve(witness, rules: indices)
            let candidates = resolved.candidates
            let overlapping = candidates.contains { a in
                candidates.contains { b in
                    a.ruleIndex != b.ruleIndex && a.range.location < b.range.upperBound && b.range.location < a.range.upperBound
                }
            }
            XCTAssertTrue(overlapping, "\(spec): \(rules) do not overlap on \(witness.debugDescription)")
            let winner = resolved.resolution.discarded.first { candidates[$0.index].ruleIndex != candidates[$0.by].ruleIndex }.map {
                table.rules[candidates[$0.by].ruleIndex].name
            }
            XCTAssertEqual(winner, object["winner"] as? String, "\(spec): winner on \(witness.debugDescription)")
        }
    }
}

import Foundation
import XCTest

/// `rulegen lint`'s formats and flags, and the same diagnostics from `rulegen` (generate).
final class LintCommandTests: XCTestCase {
    /// A warning (same-priority overlap) and a note (overlap settled by priority).
    static let spec = """
        richrules 1
        rule a { match /ab/ }
        rule b { match /bc/ }
        rule c { match /cd/  priority 3 }

        """

    func scratch() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        try scratch.write("case.richrules", Self.spec)
        return scratch
    }

    func testTextShowsTheFlagOnWarningsAndNotes() throws {
        let s = try scratch()
        let result = try CLI.run(["lint", "--notes", "case.richrules"], cwd: s.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("case.richrules:") && !$0.contains("declared here") }
        XCTAssertEqual(
            headers,
            [
                #"case.richrules:3:6: warning: 'b' overlaps 'a' on "abc"; 'a' wins (earlier start) [-Woverlap]"#,
                #"case.richrules:4:6: note: 'c' overlaps 'b' on "bcd"; 'c' wins (higher priority) [-Woverlap]"#,
            ])
    }

    /// `--expand-detectors` prints the ICU pattern a detector rule compiles.
    func testExpandDetectorsPrintsThePattern() throws {
        let s = try ScratchDirectory()
        try s.write("d.richrules", "richrules 1\nrule tag { match detector(hashtag) }\nrule r { match /!/ }\n")
        let result = try CLI.run(["lint", "--expand-detectors", "d.richrules"], cwd: s.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, result.stdout)
        XCTAssertTrue(lines[0].hasPrefix("d.richrules: rule 'tag' matches detector(hashtag), "), result.stdout)
        XCTAssertTrue(lines[1].hasPrefix("/(?<![\\p{L}\\p{M}\\p{Nd}&@＠#＃"), result.stdout)
    }

    func testWerrorStrictWnoAndW() throws {
        let s = try scratch()
        for flag in ["-Werror", "--strict"] {
            let result = try CLI.run(["lint", flag, "case.richrules"], cwd: s.url)
            XCTAssertEqual(result.status, 1, flag)
            XCTAssertTrue(result.stdout.contains("case.richrules:3:6: error: 'b' overlaps 'a'"), result.stdout)
            XCTAssertFalse(result.stdout.contains("case.richrules:4:6: note:"), "notes only with --notes: \(result.stdout)")
        }
        // Notes are shown when asked; they never fail a run.
        let notes = try CLI.run(["lint", "--notes", "-Werror", "case.richrules"], cwd: s.url)
        XCTAssertTrue(notes.stdout.contains("case.richrules:4:6: note: 'c' overlaps 'b'"), notes.stdout)
        // generate takes the same options.
        let generate = try CLI.run(["case.richrules", "-o", "out", "--quiet"], cwd: s.url)
        XCTAssertEqual(generate.status, 0)
        XCTAssertTrue(generate.stderr.contains("warning: 'b' overlaps 'a'") && !generate.stderr.contains("note: 'c'"), generate.stderr)
        let strict = try CLI.run(["case.richrules", "-o", "out2", "--strict", "--notes"], cwd: s.url)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("note: 'c' overlaps 'b'"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.url.appendingPathComponent("out2").path), "nothing written")
        let quiet = try CLI.run(["lint", "-Wno-overlap", "-Werror", "case.richrules"], cwd: s.url)
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stdout, "")
        let promoted = try CLI.run(["lint", "-Woverlap", "case.richrules"], cwd: s.url)
        XCTAssertTrue(promoted.stdout.contains("case.richrules:4:6: warning: 'c' overlaps 'b'"), promoted.stdout)
        let unknown = try CLI.run(["lint", "-Wno-overlapp", "case.richrules"], cwd: s.url)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown diagnostic name 'overlapp'"), unknown.stderr)
    }

    /// Every run ends with one summary line on standard error, as linters print, whatever
    /// the format: a clean spec is not silence.
    func testSummaryLineOnStandardError() throws {
        let s = try scratch()
        try s.write("clean.richrules", "richrules 1\nrule a { match /ab/ }\n")
        let clean = try CLI.run(["lint", "clean.richrules"], cwd: s.url)
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "")
        XCTAssertEqual(clean.stderr, "1 spec, 0 errors, 0 warnings\n")
        let two = try CLI.run(["lint", "--format", "json", "case.richrules", "clean.richrules"], cwd: s.url)
        XCTAssertEqual(two.stderr, "2 specs, 0 errors, 1 warning\n")
        let strict = try CLI.run(["lint", "--strict", "case.richrules", "clean.richrules"], cwd: s.url)
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.stderr, "2 specs, 1 error, 0 warnings\n")
    }

    /// A rule that can never be kept fails a strict lint: the word shape and a copied
    /// detector (LintCases `never-kept`, `never-kept-detector`); `-Wno-never-kept` silences it.
    func testNeverKeptFailsAStrictLint() throws {
        for name in ["never-kept.richrules", "never-kept-detector.richrules"] {
            let strict = try CLI.run(["lint", "--strict", name], cwd: LintGoldenTests.folder)
            XCTAssertEqual(strict.status, 1, strict.stdout)
            XCTAssertTrue(strict.stdout.contains(": error: rule '"), strict.stdout)
            XCTAssertTrue(strict.stdout.contains("can never be kept"), strict.stdout)
            let silenced = try CLI.run(["lint", "--strict", "-Wno-never-kept", name], cwd: LintGoldenTests.folder)
            XCTAssertFalse(silenced.stdout.contains("can never be kept"), silenced.stdout)
        }
    }

    func testSARIF() throws {
        let s = try scratch()
        let result = try CLI.run(["lint", "--notes", "--format", "sarif", "case.richrules"], cwd: s.url)
        XCTAssertEqual(result.status, 0)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertEqual(log["$schema"] as? String, "https://json.schemastore.org/sarif-2.1.0.json")
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "rulegen")
        XCTAssertEqual((driver["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["overlap"])
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["level"] as? String }, ["warning", "note"])
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["overlap", "overlap"])
        let first = results[0]
        XCTAssertEqual((first["message"] as? [String: Any])?["text"] as? String, #"'b' overlaps 'a' on "abc"; 'a' wins (earlier start)"#)
        let physical = try XCTUnwrap(
            ((first["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        XCTAssertEqual((physical["artifactLocation"] as? [String: Any])?["uri"] as? String, "case.richrules")
        let region = try XCTUnwrap(physical["region"] as? [String: Any])
        XCTAssertEqual(region["startLine"] as? Int, 3)
        XCTAssertEqual(region["startColumn"] as? Int, 6)
        XCTAssertEqual((first["relatedLocations"] as? [[String: Any]])?.count, 1)
        let properties = try XCTUnwrap(first["properties"] as? [String: Any])
        XCTAssertEqual(properties["witness"] as? String, "abc")
        XCTAssertEqual(properties["winner"] as? String, "a")
    }

    func testGitHubWorkflowCommands() throws {
        let s = try scratch()
        let result = try CLI.run(["lint", "--notes", "--format", "github", "case.richrules"], cwd: s.url)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stdout,
            "::warning file=case.richrules,line=3,col=6,title=rulegen [overlap]::'b' overlaps 'a' on \"abc\"; 'a' wins (earlier start)"
                + "%0Acase.richrules:2:6: 'a' declared here\n"
                + "::notice file=case.richrules,line=4,col=6,title=rulegen [overlap]::'c' overlaps 'b' on \"bcd\"; 'c' wins (higher priority)"
                + "%0Acase.richrules:3:6: 'b' declared here\n")
        // Property values escape ',' and ':'.
        try s.write("odd,name.richrules", Self.spec)
        let odd = try CLI.run(["lint", "--format", "github", "odd,name.richrules"], cwd: s.url)
        XCTAssertTrue(odd.stdout.hasPrefix("::warning file=odd%2Cname.richrules,line=3,col=6,"), odd.stdout)
    }

    /// `explain` runs the rules; it does not lint (no analysis time, no notes on stderr).
    func testExplainRunsNoConflictAnalysis() throws {
        let s = try scratch()
        let result = try CLI.run(["explain", "case.richrules", "--text", "abcd", "--format", "json"], cwd: s.url)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.contains(#""rule":"a""#) || result.stdout.contains(#""rule" : "a""#), result.stdout)
    }

    func testGeneratePrintsTheSameDiagnosticsAndStillWrites() throws {
        let s = try scratch()
        let result = try CLI.run(["case.richrules", "-o", "out"], cwd: s.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("case.richrules:3:6: warning: 'b' overlaps 'a' on \"abc\""), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.url.appendingPathComponent("out/Case.swift").path))
    }
}

/// Generated code names the runtime release it was written for, so that it does not compile
/// against another one (`Scripts/typecheck-generated.sh` checks that code naming another
/// release fails with "cannot find type").
final class RuntimeCompatibilityTests: XCTestCase {
    func testGeneratedCodeNamesTheRuntimeRelease() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", "richrules 1\nrule a { match /a/  tap open }\n")
        XCTAssertEqual(try CLI.run(["a.richrules", "-o", "out"], cwd: scratch.url).status, 0)
        let generated = try String(contentsOf: scratch.url.appendingPathComponent("out/A.swift"), encoding: .utf8)
        XCTAssertTrue(generated.contains("private typealias RuntimeCompatibility = RichRulesRuntime_0_4"))
    }
}

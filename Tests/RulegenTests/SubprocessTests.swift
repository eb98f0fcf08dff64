import Foundation
import RuleRuntime
import XCTest

/// The built `rulegen` executable in a child process: what only a real process shows
/// (exit statuses through `exit`, standard output and standard error apart, no signal,
/// the build plugin's invocation). Every other test runs the command line in process
/// (`CLI.run`); `HardeningTests.testConcurrentRunsLeaveMatchingPairs` runs processes too.
final class SubprocessTests: XCTestCase {
    /// `--version` and `--help` exit 0 through `exit`, not a signal, writing standard
    /// output only; no arguments is a usage error (exit 2) that still prints the overview.
    func testVersionAndHelpExitWithoutASignal() throws {
        let version = try CLI.subprocess(["--version"])
        XCTAssertEqual(version.reason, .exit)
        XCTAssertEqual(version.result.status, 0)
        XCTAssertEqual(version.result.stdout, "rulegen \(RichRulesVersion.string)\n")
        XCTAssertEqual(version.result.stderr, "")
        let help = try CLI.subprocess(["--help"])
        XCTAssertEqual(help.reason, .exit)
        XCTAssertEqual(help.result.status, 0)
        XCTAssertTrue(help.result.stdout.hasPrefix("OVERVIEW: "), help.result.stdout)
        let none = try CLI.subprocess([])
        XCTAssertEqual(none.reason, .exit)
        XCTAssertEqual(none.result.status, 2)
        XCTAssertEqual(none.result.stdout, help.result.stdout)
    }

    /// `lint`: the diagnostics on standard output, the summary on standard error, exit 1.
    func testLintSplitsDiagnosticsAndSummary() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("bad.richrules", "richrules 1\nrule a { match /[a/ }\n")
        let (run, reason) = try CLI.subprocess(["lint", "bad.richrules"], cwd: scratch.url)
        XCTAssertEqual(reason, .exit)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stdout, "bad.richrules:2:17: error: invalid pattern: missing closing ']'\nrule a { match /[a/ }\n                ^\n")
        XCTAssertEqual(run.stderr, "1 spec, 1 error, 0 warnings\n")
    }

    /// A usage error is exit 2 on standard error; an unreadable spec is exit 3.
    func testUsageAndIOErrorsExitTwoAndThree() throws {
        let scratch = try ScratchDirectory()
        let usage = try CLI.subprocess(["lint", "--bogus"], cwd: scratch.url)
        XCTAssertEqual(usage.reason, .exit)
        XCTAssertEqual(usage.result.status, 2)
        XCTAssertEqual(usage.result.stdout, "")
        XCTAssertTrue(usage.result.stderr.hasPrefix("Error: unknown option '--bogus'\nUsage: rulegen lint "), usage.result.stderr)
        let missing = try CLI.subprocess(["missing.richrules", "-o", "out"], cwd: scratch.url)
        XCTAssertEqual(missing.reason, .exit)
        XCTAssertEqual(missing.result.status, 3)
        XCTAssertEqual(missing.result.stderr, "error: missing.richrules: cannot read spec: no such file\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path))
    }

    /// The build plugin's command (`RichRulesPlugin`): absolute paths from another working
    /// directory, one `<Name>.richrules.swift`, nothing printed, exit 0; a second run
    /// leaves the file untouched.
    func testTheBuildPluginInvocation() throws {
        let scratch = try ScratchDirectory()
        let spec = try scratch.write("Sources/App/feed.richrules", "richrules 1\nrule tag { match /#[a-z]+/ }\n")
        let work = scratch.url.appendingPathComponent("plugin-work")
        let arguments = [
            spec.path, "-o", work.path, "--name", "Feed", "--swift-file", "Feed.richrules.swift", "--no-styles-json", "--access",
            "internal", "--quiet",
        ]
        let first = try CLI.subprocess(arguments, cwd: FileManager.default.temporaryDirectory)
        XCTAssertEqual(first.reason, .exit)
        XCTAssertEqual(first.result.status, 0, first.result.stderr)
        XCTAssertEqual(first.result.stdout + first.result.stderr, "")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), ["Feed.richrules.swift"])
        let before = scratch.snapshot()
        Thread.sleep(forTimeInterval: 0.05)
        let second = try CLI.subprocess(arguments, cwd: FileManager.default.temporaryDirectory)
        XCTAssertEqual(second.result.status, 0, second.result.stderr)
        let after = scratch.snapshot()
        XCTAssertEqual(after.keys.sorted(), before.keys.sorted())
        for (name, (data, date)) in after {
            XCTAssertEqual(before[name]?.0, data, name)
            XCTAssertEqual(before[name]?.1, date, name)
        }
    }

    /// `explain --texts`: the JSON lines on standard output (written as bytes), a bad line's
    /// error on standard error, exit 1.
    func testExplainTextsWritesBytesAndErrorsApart() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", "richrules 1\nrule tag { match /#[a-z]+/ }\n")
        try scratch.write("t.jsonl", "\"a #b\"\nnot json\n\"#c\"\n")
        let (run, reason) = try CLI.subprocess(["explain", "a.richrules", "--texts", "t.jsonl"], cwd: scratch.url)
        XCTAssertEqual(reason, .exit)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout.split(separator: "\n").count, 2, run.stdout)
        XCTAssertTrue(run.stderr.hasPrefix("t.jsonl:2:1: error: "), run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
    }
}

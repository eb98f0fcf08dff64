import Foundation
import XCTest

/// `rulegen test SPEC…`: runs only the examples, prints each failure as a located error
/// with the pasteable truth, and ends with `N passed, M failed`; `lint` and generate fail on
/// a failing example too.
final class TestCommandTests: XCTestCase {
    static let rules = """
        richrules 1
        rule mention { match /@\\w+/ tap openProfile(user: $0) }
        rule topic { match /#[^#\\s]+#/ }

        """

    func testPassingAndFailingExamplesAreCountedOverAllSpecs() throws {
        let scratch = try ScratchDirectory()
        try scratch.write(
            "a.richrules",
            Self.rules + """
                example "Hi @alice, see #swift#" { mention "@alice" topic "#swift#" }
                example "nothing" { }

                """)
        try scratch.write(
            "b.richrules",
            Self.rules + """
                example "@bob" { mention "@bob" tap openProfile(user: "@bob") }
                example "#x# @y" {
                  mention "@y"
                }

                """)
        let passing = try CLI.run(["test", "a.richrules"], cwd: scratch.url)
        XCTAssertEqual(passing.status, 0, passing.stdout + passing.stderr)
        XCTAssertEqual(passing.stdout, "2 passed, 0 failed\n")
        let both = try CLI.run(["test", "a.richrules", "b.richrules"], cwd: scratch.url)
        XCTAssertEqual(both.status, 1)
        XCTAssertEqual(
            both.stdout,
            """
            b.richrules:5:1: error: example does not hold: expected 'mention "@y"' as match 1, found 'topic "#x#"'; the text gives:
            example "#x# @y" {
            ^~~~~~~
            b.richrules: note: example "#x# @y" { topic "#x#" mention "@y" }
            3 passed, 1 failed

            """)
        XCTAssertEqual(both.stderr, "")
        // lint and generate fail on it too, at the same place.
        let lint = try CLI.run(["lint", "b.richrules"], cwd: scratch.url)
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.stdout.contains("b.richrules:5:1: error: example does not hold"), lint.stdout)
        let generate = try CLI.run(["b.richrules", "-o", "out"], cwd: scratch.url)
        XCTAssertEqual(generate.status, 1)
        XCTAssertTrue(generate.stderr.contains("b.richrules:5:1: error: example does not hold"), generate.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out/B.swift").path))
        // explain is how one looks into a failing example: it still runs.
        let explain = try CLI.run(["explain", "b.richrules", "--text", "#x# @y"], cwd: scratch.url)
        XCTAssertEqual(explain.status, 0, explain.stderr)
        let preview = try CLI.run(["preview", "b.richrules", "--text", "#x# @y", "-o", "b.html"], cwd: scratch.url)
        XCTAssertEqual(preview.status, 0, preview.stderr)
    }

    func testSpecErrorsUsageAndIO() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("bad.richrules", Self.rules + "example \"@a\" { mentoin \"@a\" }\n")
        let bad = try CLI.run(["test", "bad.richrules"], cwd: scratch.url)
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(
            bad.stdout,
            """
            bad.richrules:4:16: error: unknown rule 'mentoin' in an example; did you mean 'mention'?
            example "@a" { mentoin "@a" }
                           ^~~~~~~
            0 passed, 0 failed

            """)
        try scratch.write("syntax.richrules", Self.rules + "example \"@a\" { mention }\n")
        let syntax = try CLI.run(["test", "syntax.richrules"], cwd: scratch.url)
        XCTAssertEqual(syntax.status, 1)
        XCTAssertTrue(syntax.stdout.hasPrefix("syntax.richrules:4:24: error: expected the matched text in quotes"), syntax.stdout)
        let missing = try CLI.run(["test", "missing.richrules"], cwd: scratch.url)
        XCTAssertEqual(missing.status, 3)
        XCTAssertTrue(missing.stderr.contains("missing.richrules: cannot read spec: no such file"), missing.stderr)
        let none = try CLI.run(["test"], cwd: scratch.url)
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("Usage: rulegen test"), none.stderr)
        let unknown = try CLI.run(["test", "--strict", "bad.richrules"], cwd: scratch.url)
        XCTAssertEqual(unknown.status, 2)
        for command in [["test", "--help"], ["help", "test"]] {
            let help = try CLI.run(command)
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW:"))
            XCTAssertTrue(help.stdout.contains("USAGE: rulegen test <spec> ..."))
        }
        XCTAssertTrue(try CLI.run(["--help"]).stdout.contains("  test "))
    }

    /// The example specs' examples all hold.
    func testTheSpecsExamplesHold() throws {
        let specs = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("Specs").path)
            .filter { $0.hasSuffix(".richrules") }.sorted().map { "Specs/\($0)" }
        let result = try CLI.run(["test"] + specs)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let summary = try XCTUnwrap(result.stdout.split(separator: "\n").last)
        XCTAssertTrue(summary.hasSuffix(" passed, 0 failed"), String(summary))
        XCTAssertGreaterThanOrEqual(Int(summary.split(separator: " ")[0]) ?? 0, 3 * specs.count)
    }
}

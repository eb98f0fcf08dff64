import Foundation
import XCTest

/// The CLI contract: generate, lint, explain, help, exit codes.
final class CommandLineTests: XCTestCase {
    static let specs = ["agreement", "social", "html", "prefix"].map { "Specs/\($0).richrules" }

    func testAgreementExplainJSONMatchesTheBrief() throws {
        let text = "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice"
        let result = try CLI.run(["explain", "Specs/agreement.richrules", "--engine", "icu", "--format", "json", "--text", text])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["text"] as? String, text)
        XCTAssertEqual(object["display"] as? String, "I agree to the User Agreement and Privacy Policy. cc @alice")
        let matches = try XCTUnwrap(object["matches"] as? [[String: Any]])
        XCTAssertEqual(matches.map { $0["rule"] as? String }, ["h", "h", "mention"])
        XCTAssertEqual(matches.map { $0["tag"] as? String }, ["h1", "h2", nil])
        XCTAssertEqual(matches.map { $0["handler"] as? String }, ["openAgreement", "openPrivacy", "openProfile"])
        XCTAssertEqual(matches.map { $0["range"] as? [Int] }, [[15, 23], [43, 23], [71, 6]])
        XCTAssertEqual(matches.map { $0["text"] as? String }, ["<h1>User Agreement</h1>", "<h2>Privacy Policy</h2>", "@alice"])
        XCTAssertEqual(matches.map { $0["display"] as? String }, ["User Agreement", "Privacy Policy", "@alice"])
        XCTAssertEqual((object["discarded"] as? [[String: Any]])?.count, 0)
        XCTAssertEqual(
            Set(matches[0].keys),
            ["rule", "tag", "range", "text", "display", "handler", "displayRange", "tap", "style", "highlight", "parent"])
        XCTAssertEqual(matches.map { $0["parent"] is NSNull }, [true, true, true])
        // The presentation issue's fields.
        XCTAssertEqual(object["direction"] as? String, "ltr")
        XCTAssertEqual(matches.map { $0["displayRange"] as? [Int] }, [[15, 14], [34, 14], [53, 6]])
        let style = try XCTUnwrap(matches[0]["style"] as? [String: Any])
        XCTAssertEqual(style["color"] as? String, "systemBlue")
        XCTAssertEqual(style["underline"] as? String, "single")
        XCTAssertEqual((style["font"] as? [String: Any])?["size"] as? Int, 14)
        XCTAssertEqual((matches[2]["highlight"] as? [String: Any])?["background"] as? String, "#E5E5EAFF")
        let tap = try XCTUnwrap(matches[2]["tap"] as? [String: Any])
        XCTAssertEqual(tap["handler"] as? String, "openProfile")
        let arguments = try XCTUnwrap(tap["arguments"] as? [[String: Any]])
        XCTAssertEqual(arguments.map { $0["label"] as? String }, ["user"])
        XCTAssertEqual(arguments.map { $0["value"] as? String }, ["@alice"])
    }

    /// The compiled engine (the default) and the NSRegularExpression reference print the
    /// same JSON for every example spec on a batch of texts.
    func testCompiledAndICUEnginesAgree() throws {
        let scratch = try ScratchDirectory()
        let texts = [
            "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice 13800138000",
            "hi @bob_1 see https://a.b/c#x# and #topic# [smile][vip] www.example.org.", "<a href='x' title=t>go</a><img src=\"p.png\"/>",
            "a #b @c http://d\n中文 😀 @é", "",
        ]
        let file = try scratch.write(
            "t.jsonl",
            texts.map { String(decoding: try! JSONSerialization.data(withJSONObject: $0, options: .fragmentsAllowed), as: UTF8.self) }
                .joined(separator: "\n") + "\n")
        for spec in Self.specs {
            let compiled = try CLI.run(["explain", spec, "--texts", file.path])
            let icu = try CLI.run(["explain", spec, "--engine", "icu", "--texts", file.path])
            XCTAssertEqual(compiled.status, 0, compiled.stderr)
            XCTAssertEqual(compiled.stdout, icu.stdout, spec)
            XCTAssertEqual(compiled.stdout.split(separator: "\n").count, texts.count, spec)
        }
    }

    func testGenerateIsDeterministicAndRewritesNothingTheSecondTime() throws {
        let scratch = try ScratchDirectory()
        let out = scratch.url.appendingPathComponent("Generated").path
        let first = try CLI.run(Self.specs + ["-o", out])
        XCTAssertEqual(first.status, 0, first.stderr)
        let names = ["Agreement", "Social", "Html", "Prefix"].flatMap { ["\($0).swift", "\($0).styles.json"] }
        XCTAssertEqual(Set(scratch.snapshot().keys), Set(names.map { "Generated/\($0)" }))
        let before = scratch.snapshot()
        Thread.sleep(forTimeInterval: 0.05)
        let second = try CLI.run(Self.specs + ["-o", out])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, "", "the second run wrote files")
        for (name, (data, date)) in scratch.snapshot() {
            XCTAssertEqual(before[name]?.0, data, name)
            XCTAssertEqual(before[name]?.1, date, name)
        }
        // A different working copy gives the same bytes.
        let other = try ScratchDirectory()
        _ = try CLI.run(Self.specs + ["-o", other.url.path])
        for name in names {
            XCTAssertEqual(
                FileManager.default.contents(atPath: other.url.appendingPathComponent(name).path),
                before["Generated/\(name)"]?.0, name)
        }
    }

    /// No output at all by default; with `--notes`, the notes are overlaps that priority
    /// settles, each with a confirmed example text, and rules on a lazy DFA (the detectors).
    func testEveryExampleSpecLintsClean() throws {
        let result = try CLI.run(["lint", "--strict"] + Self.specs)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
        let json = try CLI.run(["lint", "--notes", "--format", "json"] + Self.specs)
        XCTAssertEqual(json.status, 0)
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertFalse(array.isEmpty)
        for object in array where object["name"] as? String != "lazy-dfa" {
            XCTAssertEqual(object["severity"] as? String, "note", "\(object)")
            XCTAssertEqual(object["name"] as? String, "overlap", "\(object)")
            XCTAssertNotNil(object["witness"] as? String, "\(object)")
            XCTAssertNotNil(object["winner"] as? String, "\(object)")
        }
    }

    func testLintJSONCarriesLocationAndNotes() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", "richrules 1\nrule a { match /x/ }\nrule a { match /y/ }\n")
        let result = try CLI.run(["lint", "--format", "json", "a.richrules"], cwd: scratch.url)
        XCTAssertEqual(result.status, 1)
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(array.count, 1)
        XCTAssertEqual(array[0]["severity"] as? String, "error")
        XCTAssertEqual(array[0]["name"] as? String, "duplicate")
        XCTAssertEqual(array[0]["file"] as? String, "a.richrules")
        XCTAssertEqual(array[0]["line"] as? Int, 3)
        XCTAssertEqual(array[0]["column"] as? Int, 6)
        XCTAssertEqual(array[0]["message"] as? String, "rule 'a' is declared twice")
        XCTAssertTrue(array[0]["witness"] is NSNull)
        let notes = try XCTUnwrap(array[0]["notes"] as? [[String: Any]])
        XCTAssertEqual(notes.first?["line"] as? Int, 2)
        XCTAssertEqual(notes.first?["message"] as? String, "first declared here")
    }

    func testCaretAndNoteRendering() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", "richrules 1\nrule a { match /x/ }\nrule a { match /y/ }\n")
        let result = try CLI.run(["lint", "a.richrules"], cwd: scratch.url)
        XCTAssertEqual(
            result.stdout,
            """
            a.richrules:3:6: error: rule 'a' is declared twice
            rule a { match /y/ }
                 ^
            a.richrules:2:6: note: first declared here
            rule a { match /x/ }
                 ^

            """)
    }

    func testUsageErrorsHelpAndVersion() throws {
        let noOutput = try CLI.run(["Specs/agreement.richrules"])
        XCTAssertEqual(noOutput.status, 2)
        XCTAssertTrue(noOutput.stderr.hasPrefix("Error: missing expected option '-o <dir>'\nUsage: rulegen"), noOutput.stderr)
        let badFormat = try CLI.run(["lint", "Specs/agreement.richrules", "--format", "xml"])
        XCTAssertEqual(badFormat.status, 2)
        XCTAssertTrue(badFormat.stderr.contains("'xml' is invalid for '--format'"))
        let unknown = try CLI.run(["lint", "--frobnicate", "Specs/agreement.richrules"])
        XCTAssertEqual(unknown.status, 2)
        let engine = try CLI.run(["explain", "Specs/agreement.richrules", "--engine", "dfa", "--text", "x"])
        XCTAssertEqual(engine.status, 2)
        XCTAssertTrue(engine.stderr.contains("'dfa' is invalid for '--engine'"), engine.stderr)
        let both = try CLI.run(["explain", "Specs/agreement.richrules"])
        XCTAssertEqual(both.status, 2)
        for command in [["--help"], ["lint", "--help"], ["explain", "--help"], ["generate", "--help"], ["help", "lint"]] {
            let help = try CLI.run(command)
            XCTAssertEqual(help.status, 0, command.joined(separator: " "))
            XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW:"), command.joined(separator: " "))
            XCTAssertTrue(help.stdout.contains("USAGE:"), command.joined(separator: " "))
        }
        let version = try CLI.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("rulegen "))
    }

    func testIOErrors() throws {
        let scratch = try ScratchDirectory()
        let missing = try CLI.run(["missing.richrules", "-o", "out"], cwd: scratch.url)
        XCTAssertEqual(missing.status, 3)
        XCTAssertTrue(missing.stderr.contains("missing.richrules: cannot read spec: no such file"), missing.stderr)
        try scratch.write("a.richrules", "richrules 1\nrule a { match /x/ }\n")
        try scratch.write("file", "not a folder")
        let blocked = try CLI.run(["a.richrules", "-o", "file"], cwd: scratch.url)
        XCTAssertEqual(blocked.status, 3)
        let texts = try CLI.run(["explain", "a.richrules", "--texts", "nope.jsonl"], cwd: scratch.url)
        XCTAssertEqual(texts.status, 3)
    }

    /// A line that is not a JSON string is an error at its line; the other lines still
    /// print (more in `ExplainTextsTests`).
    func testTextsFileRejectsNonStringLines() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", "richrules 1\nrule a { match /x/ }\n")
        try scratch.write("t.jsonl", "\"x\"\n42\n")
        let result = try CLI.run(["explain", "a.richrules", "--texts", "t.jsonl"], cwd: scratch.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "t.jsonl:2:1: error: expected a JSON string, found a number\n")
        XCTAssertTrue(result.stdout.hasPrefix(#"{"direction":"ltr","discarded":[],"display":"x","matches":[{"#), result.stdout)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 1)
    }

    func testExplainTextFormat() throws {
        let result = try CLI.run([
            "explain", "Specs/social.richrules", "--engine", "icu", "--text", "hi @bob see https://a.bc/c#x# [smile]",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("display: \"hi @bob see 🔗 link \u{FFFC}\""), result.stdout)
        XCTAssertTrue(result.stdout.contains("mention \"@bob\"  tap openProfile(user: \"bob\")"), result.stdout)
        XCTAssertTrue(result.stdout.contains("discarded:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\ndirection: ltr\n"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains(
                """
                  [3, 4] mention "@bob"  tap openProfile(user: "bob")
                    display range: [3, 4]
                    style: color systemPurple, font 15 semibold
                    highlight: background #E5E5EAFF

                """), result.stdout)
    }
}

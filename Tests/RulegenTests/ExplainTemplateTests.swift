import Foundation
import RuleCompiler
import RuleRuntime
import TestSupport
import XCTest

@testable import rulegen

/// `rulegen explain SPEC --template T --arg A …` on `Specs/chat`: names and messages with
/// hostile markup, against `ExplainGoldens/chat.templates.jsonl` and `.txt` (regenerate
/// with `RICHRULES_UPDATE_GOLDENS=1`, as `ExplainGoldenTests` says), the same on both
/// engines; usage errors exit 2.
final class ExplainTemplateTests: XCTestCase {
    static let cases: [(template: String, arguments: [RichTemplate.Argument])] = [
        (
            "<b>%@</b> mentioned you: %@",
            [.rich(#"</b><a href="https://evil.example">Terms</a>"#), .rich("**hi @carol** see https://ok.example #swift")]
        ),
        ("**%@** replied: %@", [.rich("@eve"), .rich("_hi_ &amp; <h1>Privacy Policy</h1>")]),
        ("%2$@ wrote to %1$@ (100%%)", [.rich("a@b.example"), .rich("call 13812345678")]),
        ("@%@ #%@", [.rich("bob"), .rich("tag")]),
        // A plain name: its markup, mention and link stay text; the rich message's match.
        (
            "**%@** mentioned you: %@",
            [.plain(#"<a href="x">Eve</a> @admin https://evil.example"#), .rich("hi @carol https://ok.example")]
        ),
        ("%2$@ wrote to %1$@", [.rich("@bob"), .plain("@eve")]),
    ]

    func testTemplatesMatchTheGoldens() throws {
        let specPath = CLI.packageRoot.appendingPathComponent("Specs/chat.richrules").path
        var json = ""
        var text = ""
        for (template, arguments) in Self.cases {
            let flags = arguments.flatMap { [$0.role == .plain ? "--plain-arg" : "--arg", $0.text] }
            let args = ["explain", specPath, "--template", template] + flags
            let compiled = try CLI.run(args + ["--format", "json"])
            let icu = try CLI.run(args + ["--format", "json", "--engine", "icu"])
            XCTAssertEqual(compiled.status, 0, compiled.stderr)
            XCTAssertEqual(compiled.stdout, icu.stdout, "the engines disagree on \(template)")
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(compiled.stdout.utf8)) as? [String: Any])
            let ranges = try XCTUnwrap(object["arguments"] as? [[Int]])
            let filled = RichTemplate(format: template, arguments: arguments)
            XCTAssertEqual(ranges, filled.argumentRanges.map { [$0.location, $0.length] })
            XCTAssertEqual(object["text"] as? String, filled.text)
            json += compiled.stdout
            text += try CLI.run(args).stdout + "\n"
        }
        for (ext, actual) in [("jsonl", json), ("txt", text)] {
            let golden = ExplainGoldenTests.folder.appendingPathComponent("chat.templates.\(ext)")
            if let failure = try Golden.check(actual, against: golden, name: "ExplainGoldens/chat.templates.\(ext)") { XCTFail(failure) }
        }
    }

    func testUsageErrors() throws {
        let specPath = CLI.packageRoot.appendingPathComponent("Specs/chat.richrules").path
        for args in [
            ["--text", "x", "--template", "%@"], ["--text", "x", "--arg", "y"], ["--text", "x", "--plain-arg", "y"], ["--template"],
            ["--texts", "f", "--template", "t"], ["--template", "%@", "--plain-arg"],
        ] {
            let run = try CLI.run(["explain", specPath] + args)
            XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
        }
    }
}

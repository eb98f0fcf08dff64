import Foundation
import RuleCompiler
import RuleRuntime
import XCTest

@testable import rulegen

/// `rulegen explain --table FILE.styles.json`: a style table run as an app that received it
/// runs it (validated, compiled at run time), with the output `explain` gives for its spec;
/// a table that does not validate is exit 1 with its error located in the JSON. Run in
/// process through the command's entry point.
final class ExplainTableTests: XCTestCase {
    struct Run {
        var status: ExitStatus
        var out = ""
        var err = ""
    }

    /// `rulegen ARGS`, in process.
    func rulegen(_ args: [String]) -> Run {
        final class Box: @unchecked Sendable { var out = "", err = "" }
        let box = Box()
        let console = Console(
            out: { box.out += $0 }, err: { box.err += $0 }, outBytes: { box.out += String(decoding: $0, as: UTF8.self) })
        let status = CommandLineTool.run(args, console: console)
        return Run(status: status, out: box.out, err: box.err)
    }

    static let texts = [
        "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice 13812345678",
        "**hi @carol** see https://ok.example/a?b=1 #swift :smile: at 12:30:45 _x_",
        #"<p>Read <a href="/terms"><b>the terms</b></a> &amp; <img src="p.png" alt="P"></p>"#,
        "hi @bob [smile] [vip] #topic# www.example.com mail me@example.com",
    ]

    /// Every example spec's table gives, through `--table`, what the spec gives (the JSON
    /// lines of `--texts` on both engines; the text format and `--text` on one spec).
    func testATableExplainsAsItsSpec() throws {
        let scratch = try ScratchDirectory()
        let lines = try Self.texts.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let textsFile = try scratch.write("texts.jsonl", lines.joined(separator: "\n") + "\n").path
        let specs = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("Specs").path)
            .filter { $0.hasSuffix(".richrules") }.sorted()
        XCTAssertGreaterThan(specs.count, 5)
        for name in specs {
            let spec = CLI.packageRoot.appendingPathComponent("Specs/\(name)").path
            let table = try XCTUnwrap(Compiler.compile(path: spec, analyze: false).table, name)
            let tableFile = try scratch.write("\(name).styles.json", String(decoding: try table.jsonData(), as: UTF8.self)).path
            let fromSpec = rulegen(["explain", spec, "--texts", textsFile])
            XCTAssertEqual(fromSpec.status, .success, fromSpec.err)
            for engine in ["compiled", "icu"] {
                let fromTable = rulegen(["explain", "--table", tableFile, "--texts", textsFile, "--engine", engine])
                XCTAssertEqual(fromTable.status, .success, "\(name): \(fromTable.err)")
                XCTAssertEqual(fromTable.out, fromSpec.out, "\(name) on \(engine)")
                XCTAssertEqual(fromTable.err, "")
            }
            guard name == "chat.richrules" else { continue }
            for format in ["json", "text"] {
                let args = ["--text", Self.texts[1], "--format", format]
                XCTAssertEqual(rulegen(["explain", "--table", tableFile] + args).out, rulegen(["explain", spec] + args).out, format)
            }
        }
    }

    /// A table that does not validate: exit 1, the error at its line and column with its
    /// key path, nothing on standard output.
    func testATableThatDoesNotValidateIsLocated() throws {
        let scratch = try ScratchDirectory()
        let spec = CLI.packageRoot.appendingPathComponent("Specs/chat.richrules").path
        let json = String(decoding: try XCTUnwrap(Compiler.compile(path: spec, analyze: false).table).jsonData(), as: UTF8.self)
        // The value to change, and its new text with 👉 where the error points.
        let cases: [(String, String, String)] = [
            (#""show" : 1"#, #""show" : 👉-1"#, "capture group -1 does not exist: this rule has $0 to $1 (at rules[0].presentation.show)"),
            (#"  "base" : {"#, #"  "base" : { "kern" : 👉1e308,"#, "'kern' is from -1000 to 1000 points, found 1e+308 (at base.kern)"),
            (
                #"  "name" : "Chat",\#n  "rules""#, #"  "name" : "Chat", "rules" : [],\#n  👉"rules""#,
                "duplicate key 'rules' (first at line 29, column 20)"
            ),
        ]
        for (old, new, message) in cases {
            let marked = json.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(marked, json, old)
            let before = try XCTUnwrap(marked.components(separatedBy: "👉").first)
            let line = before.filter { $0 == "\n" }.count + 1
            let column = before.reversed().prefix { $0 != "\n" }.count + 1
            let file = try scratch.write("hostile.styles.json", marked.replacingOccurrences(of: "👉", with: "")).path
            let run = rulegen(["explain", "--table", file, "--text", "**a** b"])
            XCTAssertEqual(run.status, .inputErrors, run.err)
            XCTAssertEqual(run.out, "")
            XCTAssertEqual(run.err, "\(file):\(line):\(column): error: \(message)\n")
        }
    }

    func testUsageAndIOErrors() throws {
        let spec = CLI.packageRoot.appendingPathComponent("Specs/chat.richrules").path
        let table = CLI.packageRoot.appendingPathComponent("Tests/GeneratedConsumerTests/Generated/Chat.styles.json").path
        for args in [
            [spec, "--table", table, "--text", "x"], ["--table", table], ["--table", table, "--text", "x", "--texts", "f"],
            ["--table", table, "--text", "x", "--import-root", "."], ["--table"],
        ] {
            let run = rulegen(["explain"] + args)
            XCTAssertEqual(run.status, .usage, "\(args): \(run.err)")
        }
        let missing = rulegen(["explain", "--table", "/nonexistent/T.styles.json", "--text", "x"])
        XCTAssertEqual(missing.status, .io)
        XCTAssertEqual(missing.err, "error: /nonexistent/T.styles.json: cannot read style table: no such file\n")
        XCTAssertTrue(rulegen(["explain", "--help"]).out.contains("--table <file>"))
    }
}

import Foundation
import RuleCompiler
@_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

@testable import rulegen

/// `rulegen explain` on the specs a team would write (`Specs/chat`, `cms`, `legal`, `feed`):
/// for each, `ExplainGoldens/<spec>.texts` (one JSON string per line) against
/// `<spec>.jsonl` (the `--texts` output, the JSON contract) and `<spec>.txt` (the text
/// format of every sample, for review), byte for byte, on both engines and through the
/// command line.
///
/// After a deliberate change of the output, regenerate with
/// `RICHRULES_UPDATE_GOLDENS=1 swift test --filter ExplainGoldenTests` (the run fails, naming
/// each file written), review the diff and run again without the variable.
final class ExplainGoldenTests: XCTestCase {
    static let folder = CLI.packageRoot.appendingPathComponent("Tests/RulegenTests/ExplainGoldens")
    static let specs = ["chat", "cms", "legal", "feed"]

    func testExplainMatchesTheGoldens() throws {
        for spec in Self.specs {
            let specPath = CLI.packageRoot.appendingPathComponent("Specs/\(spec).richrules").path
            let output = Compiler.compile(path: specPath, analyze: false)
            let table = try XCTUnwrap(output.table, "\(spec): \(output.diagnostics.map(\.message))")
            let engines = [try RuleEngine(table: table, automata: XCTUnwrap(output.automata)), try RuleEngine(reference: table)]
            let textsFile = Self.folder.appendingPathComponent("\(spec).texts")
            let texts = try String(contentsOf: textsFile, encoding: .utf8).split(separator: "\n").map { line in
                try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed) as? String)
            }
            var outputs: [(json: String, text: String)] = []
            for engine in engines {
                var json = ""
                var text = ""
                for sample in texts {
                    let result = engine.render(sample)
                    json += ExplainJSON.line(result) + "\n"
                    text += ExplainText.render(result) + "\n"
                }
                outputs.append((json, text))
            }
            XCTAssertEqual(outputs[0].json, outputs[1].json, "\(spec): the engines disagree")
            XCTAssertEqual(outputs[0].text, outputs[1].text, "\(spec): the engines disagree")
            let cli = try CLI.run(["explain", specPath, "--texts", textsFile.path])
            XCTAssertEqual(cli.status, 0, cli.stderr)
            XCTAssertEqual(cli.stdout, outputs[0].json, "\(spec): explain --texts")
            for (ext, actual) in [("jsonl", outputs[0].json), ("txt", outputs[0].text)] {
                let golden = Self.folder.appendingPathComponent("\(spec).\(ext)")
                if let failure = try Golden.check(actual, against: golden, name: "ExplainGoldens/\(spec).\(ext)") { XCTFail(failure) }
            }
        }
    }
}

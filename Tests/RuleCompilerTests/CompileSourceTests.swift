import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import RuleSpec
import XCTest

/// `Compiler.compile(source:path:analyze:)`: a spec held in memory compiles exactly as
/// the same text in a file, reads no file, and refuses imports at their path.
final class CompileSourceTests: XCTestCase {
    static let marker = "1️⃣"

    /// `text` without its `1️⃣`, and the marker's line and column.
    static func locate(_ text: String) -> (text: String, line: Int, column: Int) {
        let before = text.components(separatedBy: marker)[0]
        let lines = before.components(separatedBy: "\n")
        return (text.replacingOccurrences(of: marker, with: ""), lines.count, lines.last!.count + 1)
    }

    func testSourceCompilesLikeTheFile() throws {
        for spec in RunTimeAutomataTests.specs {
            let path = RunTimeAutomataTests.specPath(spec)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let fromFile = Compiler.compile(path: path)
            let fromMemory = Compiler.compile(source: text, path: "\(spec).richrules")
            XCTAssertEqual(fromMemory.table, try XCTUnwrap(fromFile.table), spec)
            XCTAssertEqual(fromMemory.automata, fromFile.automata, spec)
            XCTAssertEqual(fromMemory.diagnostics.map(\.message), fromFile.diagnostics.map(\.message), spec)
            XCTAssertEqual(fromMemory.files, [])
            XCTAssertEqual(fromFile.files, [path])
        }
    }

    func testPathNamesTheTableAndTheDiagnostics() throws {
        let output = Compiler.compile(source: "richrules 1\nrule a { match /ab(c/ }", path: "feeds/hot-feed.richrules")
        XCTAssertNil(output.table)
        let lines = output.diagnostics.map { DiagnosticRenderer.render($0).components(separatedBy: "\n")[0] }
        XCTAssertEqual(lines, ["feeds/hot-feed.richrules:2:19: error: invalid pattern: missing closing ')'"])
        let named = Compiler.compile(source: "richrules 1\nrule a { match /x/ }", path: "feeds/hot-feed.richrules")
        XCTAssertEqual(named.table?.name, "HotFeed")
        XCTAssertEqual(named.table?.source, "hot-feed.richrules")
        XCTAssertEqual(named.ruleLocations, ["hot-feed.richrules:2:6"])
        XCTAssertEqual(Compiler.compile(source: "richrules 1\nrule a { match /x/ }").table?.name, "Memory")
    }

    /// Imports are errors at their path, even when the file exists beside the process:
    /// text from elsewhere never makes the compiler read the file system.
    func testImportsAreRefusedAtTheirPath() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let imported = scratch.appendingPathComponent("shared.richrules").path
        try Data("richrules 1\nrule shared { match /s/ }\n".utf8).write(to: URL(fileURLWithPath: imported))
        let (text, line, column) = Self.locate(
            "richrules 1\nimport 1️⃣\"\(imported)\"\nimport \"shared.richrules\"\nrule a { match /x/ }")
        let output = Compiler.compile(source: text, path: scratch.appendingPathComponent("feed.richrules").path)
        XCTAssertNil(output.table)
        XCTAssertEqual(output.files, [])
        XCTAssertEqual(output.diagnostics.map(\.name), ["import", "import"])
        XCTAssertEqual(output.diagnostics.map(\.severity), [.error, .error])
        XCTAssertEqual(output.diagnostics.first?.location?.line, line)
        XCTAssertEqual(output.diagnostics.first?.location?.column, column)
        XCTAssertEqual(output.diagnostics.last?.location?.line, line + 1)
        XCTAssertEqual(
            output.diagnostics.last?.message,
            "cannot import 'shared.richrules': a spec compiled from memory must be self-contained (include the imported rules)")
    }

    /// Source text to a running engine: `CompiledEngine(table:automata:)` on the output
    /// lists what `Compiler.engine(for:)` lists, and the spec's fallback warning points at
    /// the construct.
    func testSourceToEngine() throws {
        let (text, line, column) = Self.locate(
            "richrules 1\nrule mention { match /@\\w+/ }\nrule twice { match /(a)1️⃣\\1/ }\nrule wide { match /[ab]*a[ab]{12}c/ }")
        let output = Compiler.compile(source: text, path: "feed.richrules", analyze: false)
        let table = try XCTUnwrap(output.table)
        let fallback = try XCTUnwrap(output.diagnostics.first { $0.name == "fallback" })
        XCTAssertEqual(fallback.location?.line, line)
        XCTAssertEqual(fallback.location?.column, column)
        let compiled = try RuleEngine(table: table, automata: XCTUnwrap(output.automata))
        let direct = try RuleEngine(compiling: table)
        XCTAssertEqual(compiled.fallbacks, [RuleEngine.Fallback(ruleIndex: 1, rule: "twice", construct: "backreference", offset: 3)])
        XCTAssertEqual(compiled.fallbacks, direct.fallbacks)
        XCTAssertEqual(compiled.lazyDFARules, [2])
        XCTAssertEqual(compiled.lazyDFARules, direct.lazyDFARules)
        XCTAssertEqual(compiled.nfaOnlyRules, [])
        XCTAssertEqual(compiled.fallbackBudget, .standard)
        let sample = "@bob aa a" + String(repeating: "b", count: 12) + "c"
        XCTAssertEqual(compiled.render(sample), try RuleEngine(reference: table).render(sample))
        XCTAssertEqual(compiled.render(sample).matches.map(\.rule), ["mention", "twice", "wide"])
    }
}

/// The compiler's spine (`Compiler.compile`): every phase's value is `Equatable`, so the
/// output of a spec is a value that compiling it again reproduces.
final class CompilerSpineTests: XCTestCase {
    func testCompilingTwiceGivesEqualOutputs() throws {
        for spec in RunTimeAutomataTests.specs {
            let path = RunTimeAutomataTests.specPath(spec)
            let first = Compiler.compile(path: path, analyze: false)
            let second = Compiler.compile(path: path, analyze: false)
            XCTAssertEqual(first, second, spec)
            let compiled = try XCTUnwrap(first.compiled, spec)
            XCTAssertEqual(compiled.table, first.table)
            XCTAssertEqual(compiled.automata, first.automata)
            XCTAssertEqual(compiled.path, path)
            XCTAssertEqual(compiled.files, first.files)
            XCTAssertEqual(compiled.ruleLocations.count, compiled.table.rules.count)
        }
    }

    func testASpecWithErrorsHasNoCompiledPayload() {
        let output = Compiler.compile(source: "richrules 1\nrule a { match detector(emial) }", path: "bad.richrules")
        XCTAssertNil(output.compiled)
        XCTAssertNil(output.table)
        XCTAssertEqual(output.ruleLocations, [])
        XCTAssertTrue(output.hasErrors)
        XCTAssertEqual(output, Compiler.compile(source: "richrules 1\nrule a { match detector(emial) }", path: "bad.richrules"))
    }
}

import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import XCTest

/// One of the public rule sets of `Benchmarks/specs/<name>` (issue 35), compiled as
/// `rulegen` compiles it, with the two engines its conformance test compares: the
/// compiled one and NSRegularExpression's.
struct RealSpec {
    /// `Benchmarks/specs/<name>`.
    let directory: URL
    let table: StyleTable
    let compiled: RuleEngine
    let icu: RuleEngine

    init(_ name: String, spec: String, file: StaticString = #filePath, line: UInt = #line) throws {
        directory = Self.directory(name)
        let output = Compiler.compile(path: directory.appendingPathComponent(spec).path, analyze: false)
        XCTAssertFalse(output.hasErrors, "\(output.diagnostics)", file: file, line: line)
        table = try XCTUnwrap(output.table, file: file, line: line)
        compiled = try RuleEngine(table: table, automata: XCTUnwrap(output.automata, file: file, line: line))
        icu = try RuleEngine(reference: table)
        print("\(name) spec: rules on NSRegularExpression in the compiled engine: \(compiled.fallbacks)")
    }

    /// The contract: both engines keep the same matches (rule and range) in `text`.
    func assertEnginesAgree(on text: String, file: StaticString = #filePath, line: UInt = #line) {
        let all = { (engine: RuleEngine) in engine.render(text).matches.map { "\($0.rule) \($0.range)" } }
        XCTAssertEqual(all(compiled), all(icu), "engines disagree on \(text.debugDescription)", file: file, line: line)
    }

    static func directory(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/specs/\(name)")
    }
}

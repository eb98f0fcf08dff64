import Foundation
import RuleAutomata
import RuleCompiler
@_spi(Testing) import RuleRuntime
import XCTest

/// The automata a table gets at run time (`RuleEngine(compiling:)`, from the patterns'
/// text) are the ones the compiler builds from the spec and `rulegen` generates.
final class RunTimeAutomataTests: XCTestCase {
    static let specs = ["agreement", "social", "html", "prefix"]

    static func specPath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Specs/\(name).richrules").path
    }

    /// The automata compiled at run time are the ones `rulegen` generates for the spec.
    func testRunTimeAutomataEqualTheGeneratedOnes() throws {
        for spec in Self.specs {
            let output = Compiler.compile(path: Self.specPath(spec), analyze: false)
            XCTAssertFalse(output.hasErrors, spec)
            // The table read back from its JSON, as an app receives it.
            let table = try StyleTable(jsonData: XCTUnwrap(output.table).jsonData())
            XCTAssertEqual(AutomataBuilder.build(table).automata, try XCTUnwrap(output.automata), spec)
        }
    }
}

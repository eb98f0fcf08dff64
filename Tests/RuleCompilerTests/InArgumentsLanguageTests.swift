import Foundation
import RuleCompiler
@_spi(Generated) import RuleRuntime
import RuleSpec
import XCTest

/// The statement `in arguments`: parsed on rules and tag families, carried in the style
/// table (JSON and literal) only when present.
final class InArgumentsLanguageTests: XCTestCase {
    func compile(_ body: String) -> Compiler.Output {
        Compiler.compile(source: "richrules 1\n" + body, path: "spec.richrules", analyze: false)
    }

    func testTheFlagReachesTheTableAndItsJSON() throws {
        let output = compile(##"rule mention { match /@\w+/ in arguments }  rule topic { match prefix "#" }"##)
        XCTAssertEqual(output.diagnostics.map(\.message), [])
        let table = try XCTUnwrap(output.table)
        XCTAssertEqual(table.rules.map(\.inArguments), [true, false])
        let json = String(decoding: try table.jsonData(), as: UTF8.self)
        XCTAssertEqual(json.components(separatedBy: "\"inArguments\"").count, 2, json)
        XCTAssertEqual(try StyleTable(jsonData: Data(json.utf8)).rules.map(\.inArguments), [true, false])
    }

    func testErrorsOfTheStatement() {
        XCTAssertEqual(
            compile("rule r { match /x/ in args }").diagnostics.map(\.message), ["expected 'arguments' after 'in' (write 'in arguments')"])
        XCTAssertEqual(
            compile("rule r { match /x/ in arguments in arguments }").diagnostics.map(\.message),
            ["rule 'r' has two 'in arguments' statements"])
        XCTAssertEqual(
            compile("tags h { tag h1 { in arguments } }").diagnostics.map(\.message), ["'in' is not allowed in a tag block"])
    }
}

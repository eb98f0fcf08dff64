import Foundation
import RuleCompiler
import XCTest

/// What the checks say of `alt` on a replacement and of an image (or widget) beside
/// replacement text (what they render: RuleRuntimeTests' `ReplacementAltTests`).
final class ReplacementAltSpecTests: XCTestCase {
    func testErrors() {
        func errors(_ body: String) -> [String] {
            Compiler.compile(source: "richrules 1\n" + body, path: "r.richrules", analyze: false).diagnostics.map {
                "\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.message)"
            }
        }
        XCTAssertEqual(errors(#"rule a { match /a/ replace "x" image "i" position after alt "A" }"#), [])
        XCTAssertEqual(errors(#"rule a { match /a/ replace "x" alt "A" }"#), [])
        XCTAssertEqual(errors(#"rule a { match /a/ widget w position before replace "x" }"#), [])
        XCTAssertEqual(
            errors(#"rule a { match /(a)/ show $1 replace "x" image "i" position before }"#),
            ["2:22: 'show' and 'replace' both say what the match displays; choose one"])
        XCTAssertEqual(
            errors(#"rule a { match /a/ nest replace "x" image "i" position before }"#),
            ["2:20: 'nest' shows the content with the matches inside it, but rule 'a' shows 'replace' instead; choose one"])
        // A tag block's display replaces its family's: its image stands beside the tag's content.
        XCTAssertEqual(errors(#"tags h { replace "x" alt "X"  tag h1 { image "i" position after } }"#), [])
    }
}

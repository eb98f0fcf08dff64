import Foundation
import RuleCompiler
@_spi(Testing) import RuleRuntime
import XCTest

/// The empty-match check follows ICU's back-references: a reference to a group that has
/// not matched fails, so a forward or self reference outside a loop never matches, and a
/// reference whose text depends on earlier iterations is reported as an assumption.
final class EmptyMatchTests: XCTestCase {
    func messages(_ pattern: String) -> [String] {
        Compiler.compile(source: "richrules 1\nrule r { match /\(pattern)/ }\n", path: "spec.richrules", analyze: false).diagnostics
            .filter { $0.severity == .error }.map(\.message)
    }

    func testBackReferencesFollowICU() throws {
        for pattern in [#"(\2|a)(\1)"#, #"(a|\1)"#, #"\1(a)"#, #"(a)|\1"#, #"(?:(a)|b)\1"#] {
            XCTAssertEqual(messages(pattern), [], pattern)
            let output = Compiler.compile(source: "richrules 1\nrule r { match /\(pattern)/ }\n", path: "s.richrules", analyze: false)
            let engine = try RuleEngine(table: XCTUnwrap(output.table), automata: XCTUnwrap(output.automata))
            let icu = try NSRegularExpression(pattern: pattern)
            for text in ["aa", "aaa b ab ba", "", "bb"] {
                let expected = icu.matches(in: text, range: NSRange(location: 0, length: text.utf16.count)).map(\.range)
                XCTAssertFalse(expected.contains { $0.length == 0 }, "\(pattern) matched empty in \(text.debugDescription)")
                let actual = engine.render(text).matches.map { NSRange(location: $0.range.location, length: $0.range.length) }
                XCTAssertEqual(actual, expected, "\(pattern) on \(text.debugDescription)")
            }
        }
    }

    func testNullableReferencesStillFail() {
        XCTAssertEqual(
            messages(#"(a*)\1"#),
            ["rule 'r' can match the empty string; make it consume at least one character (e.g. '+' instead of '*')"])
        XCTAssertEqual(
            messages(#"(?:(a?)|b)\1"#),
            ["rule 'r' can match the empty string; make it consume at least one character (e.g. '+' instead of '*')"])
        XCTAssertEqual(
            messages(#"(a|\1)+"#),
            [
                "rule 'r' may match the empty string: whether the back-reference to group 1 can be empty depends on what earlier "
                    + "iterations of its loop captured, which this check cannot tell; make every path consume at least one character"
            ])
    }
}

import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler
@testable import RuleRuntime

/// `\X` compiles: one code point, then more up to the next extended grapheme cluster
/// boundary (the standard library's `Character` breaks), as ICU's `following(p)`.
final class GraphemeClusterTests: XCTestCase {
    static let texts = [
        "e\u{301}a", "\r\n\r", "👨‍👩‍👧x", "🇫🇷🇩🇪🇮", "👍🏽👍", "각\u{1100}\u{1161}\u{11A8}", "क्षि", "a\u{200D}b", "\u{301}x",
        "ह\u{94D}\u{200D}र", "\u{600}a", "a\u{903}", "\n\u{301}", "😀\u{FE0F}\u{20E3}", "", "abc",
    ]

    func testGraphemeClustersAgreeWithNSRegularExpression() {
        for pattern in ["\\X", "(\\X)?(\\X)?(\\X)?", "\\X{2}", "a\\X", "\\X\\X", ".\\X", "\\X+?x", "(?s)\\X$", "\\Xa|\\X"] {
            assertAgreesWithICU(pattern, on: Self.texts)
        }
        XCTAssertEqual(compiledMatches("\\X", in: "e\u{301}\r\n"), ["[0, 2]", "[2, 2]"])
    }

    /// The conformance file's `\X` line, on its input.
    func testConformanceLine() {
        let pattern = String(repeating: "(\\X)?", count: 12)
        assertAgreesWithICU(pattern, on: ["A\u{301}\u{1100}\u{1161}\u{11A8}\r\n\u{2028}x\u{301}\u{0}\u{309}"] + Self.texts)
    }
}

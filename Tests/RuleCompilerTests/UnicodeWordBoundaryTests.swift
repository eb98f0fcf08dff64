import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler
@testable import RuleRuntime

/// `\b` and `\B` under `(?w)` compile: the boundaries are ICU's word break iterator's,
/// found once per text (`LookaroundEvaluator.isUnicodeWordBoundary`); the rest of the rule
/// is the compiled matcher.
final class UnicodeWordBoundaryTests: XCTestCase {
    static let texts = [
        "Hello, world. It's 3.14 now!", "can't won't", "ภาษาไทยง่าย", "日本語のテキスト", "a_b c-d", "  two  spaces ", "e\u{301}x y",
        "👨‍👩‍👧 🇫🇷🇩🇪", "", ".", "x\r\ny", "U.S.A. 1,000.5",
    ]

    func testWordBreakBoundariesAgreeWithNSRegularExpression() {
        for pattern in [
            "(?w)\\b", "(?w)\\B", "(?w)\\b\\w+\\b", "(?w).*?\\b", "(?w:(\\b.+?)(\\b.+?))", "(?w)\\B.", "(?w)(?<=\\b)x", "(?w)a\\b|\\bb",
            "(?w)\\b(?=\\S)", "(?w-w:\\b)\\w",
        ] {
            assertAgreesWithICU(pattern, on: Self.texts)
        }
    }

    func testTheRuleKeepsNoDFAButIsAnalysable() throws {
        guard case .program(let program) = RegexCompiler.compile("(?w)\\bcan't\\b", flags: []) else { return XCTFail() }
        XCTAssertEqual(DFABuilder.determinize(program).failure, .unicodeWord)
        XCTAssertNotNil(DFABuilder.build(program, allMatches: true), "the analysis reads its paths")
        XCTAssertEqual(compiledMatches("(?w)\\bcan't\\b", in: "I can't."), ["[2, 5]"])
        XCTAssertEqual(compiledMatches("\\bcan't\\b", in: "I can't."), ["[2, 5]"])
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

import XCTest

@testable import RuleAutomata
@testable import RuleCompiler

/// `Readability.score`, which picks the example text of an overlap among those confirmed.
final class ReadabilityTests: XCTestCase {
    func testTextLikeExamplesScoreHigher() {
        let better: [(String, String)] = [
            ("a@a.com", "a@400-000-0000.aa"),
            ("a@a.com", "mailto:a@a.com"),
            ("<img src=\"a\"></span>", "<img src=\"<span>\"></span>"),
            ("<b><h></h></b>", "<b><h></b></h>"),
            ("@ab cd", "@a#b$c"),
        ]
        for (good, bad) in better {
            XCTAssertGreaterThan(Readability.score(good), Readability.score(bad), "\(good) vs \(bad)")
        }
    }

    func testEqualTextsScoreEqually() {
        XCTAssertEqual(Readability.score("@a"), Readability.score("@b"))
        XCTAssertEqual(Readability.score(""), 0)
    }
}

import RuleRuntime
import XCTest

@testable import AgreementDemo

/// The seed's agreement text through the code the build plugin generated. (The screen is
/// main-actor isolated; an `@MainActor` test class does not load in Linux XCTest, so the
/// tests hop to the main actor.)
final class AgreementScreenTests: XCTestCase {
    func testTheSeedTextRendersWithItsTagsAndMention() async {
        await MainActor.run {
            let screen = AgreementScreen()
            XCTAssertEqual(screen.display, "I agree to the User Agreement and Privacy Policy. cc @alice")
            XCTAssertEqual(screen.rendered.matches.map(\.rule), ["h", "h", "mention"])
            XCTAssertEqual(screen.rendered.matches.map { $0.tag?.name }, ["h1", "h2", nil])
        }
    }

    func testTapsReachTheirHandlers() async {
        await MainActor.run {
            let screen = AgreementScreen()
            let display = screen.display as NSString
            XCTAssertTrue(screen.tap(at: display.range(of: "User Agreement").location + 3))
            XCTAssertTrue(screen.tap(at: display.range(of: "Privacy Policy").location))
            XCTAssertTrue(screen.tap(at: display.range(of: "@alice").location + 5))
            XCTAssertFalse(screen.tap(at: 0))  // "I agree …" is plain text
            XCTAssertEqual(screen.opened, [.agreement, .privacyPolicy, .profile("@alice")])
        }
    }

    func testOtherTagsAndPhoneNumbers() async {
        await MainActor.run {
            let screen = AgreementScreen(text: "See <h3>Terms</h3> or call 13800138000")
            for match in screen.rendered.matches { AgreementRules.dispatch(match, to: screen) }
            XCTAssertEqual(screen.opened, [.document(tag: "h3", title: "Terms"), .phoneCall("13800138000")])
        }
    }

    func testGeneratedNamesAndStyles() {
        XCTAssertEqual(AgreementRules.Rule.allCases.map(\.rawValue), ["h", "mention", "phone"])
        XCTAssertEqual(AgreementRules.Style.allCases.map(\.rawValue), ["danger", "link", "pressed"])
        XCTAssertEqual(AgreementRules.table.source, "agreement.richrules")
    }
}

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

    func testAttributedTextCarriesStylesTapsAndLinks() async {
        await MainActor.run {
            let screen = AgreementScreen()
            let text = screen.attributedText
            XCTAssertEqual(String(text.characters), screen.display)
            let runs = Array(text.runs)
            XCTAssertEqual(runs.map { $0.richRules.rule }, [nil, "h", nil, "h", nil, "mention"])
            XCTAssertEqual(runs[1].richRules.style?.color, .system(.systemBlue))
            XCTAssertEqual(runs[1].richRules.style?.underline, .single)
            XCTAssertEqual(runs[3].richRules.style?.color, .system(.systemRed))
            XCTAssertEqual(runs[0].richRules.style?.color, "#8E8E93")
            // Links dispatch like taps (SwiftUI Text + OpenURLAction).
            for run in runs { if let link = run.link { XCTAssertTrue(screen.open(link)) } }
            XCTAssertEqual(screen.opened, [.agreement, .privacyPolicy, .profile("@alice")])
            XCTAssertFalse(screen.open(URL(string: "https://example.com")!))
        }
    }

    func testPressedStateHighlightsTheMatchUnderTheFinger() async {
        await MainActor.run {
            let screen = AgreementScreen()
            let offset = (screen.display as NSString).range(of: "Privacy").location + 2
            XCTAssertTrue(screen.press(at: offset))
            let pressed = screen.attributedText.runs.filter { $0.richRules.pressed == true }
            XCTAssertEqual(pressed.map { $0.richRules.style?.background }, ["#E5E5EA"])
            XCTAssertEqual(pressed.map { $0.richRules.rule }, ["h"])
            screen.release()
            XCTAssertTrue(screen.attributedText.runs.allSatisfy { $0.richRules.pressed == nil })
            XCTAssertFalse(screen.press(at: 0))  // plain text: nothing to highlight
            XCTAssertTrue(screen.tap(at: offset))
            XCTAssertNil(screen.pressed)
            XCTAssertEqual(screen.opened, [.privacyPolicy])
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

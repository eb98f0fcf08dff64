import RuleRuntime
import XCTest

@testable import AgreementDemo

/// The seed's agreement text through the code the build plugin generated and the label
/// core, on the reference layout. (The screen is main-actor isolated; an `@MainActor` test
/// class does not load in Linux XCTest, so the tests hop to the main actor.)
final class AgreementScreenTests: XCTestCase {
    /// The centre of the first rect of the shown match whose display is `text`.
    @MainActor
    private static func point(of text: String, in screen: AgreementScreen) -> TextPoint {
        let matches = screen.label.shownResult.matches
        guard let index = matches.firstIndex(where: { $0.display == text }) else {
            XCTFail("no match shows \(text)")
            return TextPoint(x: -1, y: -1)
        }
        return screen.label.layout.rects(forMatch: index)[0].center
    }

    func testTheSeedTextRendersWithItsTagsAndMention() async {
        await MainActor.run {
            let screen = AgreementScreen()
            XCTAssertEqual(screen.display, "I agree to the User Agreement and Privacy Policy. cc @alice")
            XCTAssertEqual(screen.rendered.matches.map(\.rule), ["h", "h", "mention"])
            XCTAssertEqual(screen.rendered.matches.map { $0.tag?.name }, ["h1", "h2", nil])
        }
    }

    func testTouchesTapTheMatchUnderTheFingerOnEveryLine() async {
        await MainActor.run {
            let screen = AgreementScreen()
            screen.label.width = 120  // several lines
            XCTAssertGreaterThan(screen.label.layout.textLayout.lineCount, 2)
            for (i, text) in ["User Agreement", "Privacy Policy", "@alice"].enumerated() {
                let point = Self.point(of: text, in: screen)
                screen.touchBegan(at: point, time: Double(i))
                XCTAssertNotNil(screen.pressed, text)
                screen.touchEnded(at: point, time: Double(i) + 0.1)
                XCTAssertNil(screen.pressed)
            }
            XCTAssertEqual(screen.opened, [.agreement, .privacyPolicy, .profile("@alice")])
            // Plain text taps nothing.
            screen.touchBegan(at: TextPoint(x: 1, y: 1), time: 10)
            screen.touchEnded(at: TextPoint(x: 1, y: 1), time: 10.1)
            XCTAssertEqual(screen.opened.count, 3)
        }
    }

    func testAFingerThatMovesAwayCancelsThePress() async {
        await MainActor.run {
            let screen = AgreementScreen()
            screen.label.width = 400
            let start = Self.point(of: "Privacy Policy", in: screen)
            screen.touchBegan(at: start, time: 0)
            // The pressed match's runs carry its highlight merged into their style.
            let pressed = screen.attributedText.runs.filter { $0.richRules.style?.background == "#E5E5EA" }
            XCTAssertEqual(pressed.compactMap { $0.richRules.matchIndex }, [screen.pressed].compactMap { $0 })
            XCTAssertEqual(pressed.compactMap { $0.richRules.matchIndex.map { screen.rendered.matches[$0].rule } }, ["h"])
            let away = TextPoint(x: start.x, y: start.y + 100)
            screen.touchMoved(to: away, time: 0.1)
            XCTAssertNil(screen.pressed)
            screen.touchEnded(at: away, time: 0.2)
            XCTAssertEqual(screen.opened, [])
            XCTAssertTrue(screen.attributedText.runs.allSatisfy { $0.richRules.style?.background != "#E5E5EA" })
        }
    }

    func testALongPressShowsTheMatchMenuInsteadOfTapping() async {
        await MainActor.run {
            let screen = AgreementScreen()
            screen.label.width = 400
            let point = Self.point(of: "@alice", in: screen)
            screen.touchBegan(at: point, time: 0)
            XCTAssertEqual(screen.label.longPressDeadline, 0.5)
            screen.tick(time: 0.5)
            screen.touchEnded(at: point, time: 0.9)
            XCTAssertEqual(screen.opened, [])
            XCTAssertEqual(screen.menu?.title, "@alice")
            XCTAssertEqual(
                screen.menu?.actions.first, .open(TapTarget(handler: "openProfile", arguments: [.init(label: "user", value: "@alice")])))
            XCTAssertTrue(screen.menu?.actions.contains(.copyText("@alice")) == true)
        }
    }

    func testOneLineEndsWithATappableMoreThatExpands() async {
        await MainActor.run {
            let screen = AgreementScreen(lines: 1)
            screen.label.width = 150
            XCTAssertTrue(screen.label.isTruncated)
            XCTAssertTrue(screen.display.hasSuffix("… more"), screen.display)
            XCTAssertEqual(screen.label.layout.textLayout.lineCount, 1)
            let collapsed = screen.label.size(forWidth: 150)
            let more = Self.point(of: "… more", in: screen)
            screen.touchBegan(at: more, time: 0)
            screen.touchEnded(at: more, time: 0.1)
            XCTAssertEqual(screen.opened, [.expanded])
            XCTAssertTrue(screen.label.isExpanded)
            XCTAssertEqual(screen.display, "I agree to the User Agreement and Privacy Policy. cc @alice")
            XCTAssertGreaterThan(screen.label.size(forWidth: 150).height, collapsed.height)
        }
    }

    func testAccessibilityFramesCoverTheTappableMatches() async {
        await MainActor.run {
            let screen = AgreementScreen()
            screen.label.width = 120
            let frames = screen.label.layout.accessibilityFrames
            let links = frames.filter { $0.element.kind == .link }
            XCTAssertEqual(links.map(\.element.label), ["User Agreement", "Privacy Policy", "@alice"])
            for frame in links {
                XCTAssertEqual(screen.label.hit(at: frame.activationPoint).matchIndex, frame.element.matchIndex)
            }
        }
    }

    func testLinksDispatchLikeTaps() async {
        await MainActor.run {
            let screen = AgreementScreen()
            for run in screen.attributedText.runs { if let link = run.link { XCTAssertTrue(screen.open(link)) } }
            XCTAssertEqual(screen.opened, [.agreement, .privacyPolicy, .profile("@alice")])
            XCTAssertFalse(screen.open(URL(string: "https://example.com")!))
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

import Foundation
@_spi(Testing) import RuleRuntime
import XCTest

/// `alt` on a replacement and an image (or widget) beside replacement text:
/// `replace "网页链接" image "link" position before alt "Web link"`. The display, the match's
/// content and attachment, hit testing, truncation, accessibility and `html()`.
final class ReplacementAltTests: XCTestCase {
    /// The engine of a spec of `Specs/` (its checked-in table): `replacement-alt` unless told.
    func engine(_ spec: String = "replacement-alt") throws -> RuleEngine {
        try CheckedInTables.engine(spec)
    }

    /// The attachment character goes before or after the replacement, in the match's
    /// display; a replacement with holes is rendered once and shown the same way.
    func testDisplayAndContent() throws {
        let result = try engine().render("go https://a.b/c and #swift# :ok: `x`")
        XCTAssertEqual(result.display, "go \u{FFFC}网页链接 and swift\u{FFFC} 👌 code")
        let url = result.matches[0]
        XCTAssertEqual(url.display, "\u{FFFC}网页链接")
        XCTAssertEqual(url.displayRange, TextRange(location: 3, length: 5))
        XCTAssertEqual(url.attachmentOffset, 3)
        XCTAssertEqual(
            url.content,
            .attachment(
                Attachment(kind: .image(source: "link"), width: 16, height: 16, position: .before, alternateText: "Web link"), text: "网页链接")
        )
        XCTAssertEqual(url.alternateText, "Web link")
        let tag = result.matches[1]
        XCTAssertEqual(tag.display, "swift\u{FFFC}")
        XCTAssertEqual(tag.attachmentOffset, tag.displayRange.upperBound - 1)
        XCTAssertEqual(tag.alternateText, "topic swift")
        XCTAssertNil(result.matches[3].alternateText)
        for match in result.matches {
            let display = Array(result.display.utf16)[match.displayRange.location..<match.displayRange.upperBound]
            XCTAssertEqual(String(decoding: display, as: UTF16.self), match.display, match.rule)
        }
        // The attributed string: the attachment on its character, the text beside it plain.
        let text = result.attributedString()
        let runs = text.runs.filter { $0.richRules.matchIndex == 0 }
        XCTAssertEqual(runs.map { String(text[$0.range].characters) }, ["\u{FFFC}", "网页链接"])
        XCTAssertEqual(runs.map { $0.richRules.attachment?.kind }, [.image(source: "link"), nil])
        XCTAssertEqual(runs.map { $0.alternateDescription }, ["Web link", nil])
    }

    /// Both the icon and the text tap the link; cutting never splits the match.
    func testHitTestingAndTruncation() throws {
        let result = try engine().render("go https://a.b/c now")
        XCTAssertEqual(result.match(atDisplayOffset: 3)?.rule, "url")
        XCTAssertEqual(result.match(atDisplayOffset: 7)?.rule, "url")
        XCTAssertNil(result.match(atDisplayOffset: 8))
        let cut = result.truncated(toCharacters: 6)
        XCTAssertEqual(cut.display, "go …")
        XCTAssertEqual(cut.matches.map(\.isTruncationToken), [true])
        XCTAssertEqual(result.truncated(toCharacters: 8).display, "go \u{FFFC}网页链接…")
    }

    /// VoiceOver reads a replacement's alt text instead of it and its image; without `alt`,
    /// the replacement.
    func testAccessibility() throws {
        let result = try engine().render("go https://a.b/c and #swift#, :ok:`x`")
        XCTAssertEqual(
            result.accessibilityElements,
            [
                AccessibilityElement(
                    matchIndex: 0, displayRange: TextRange(location: 3, length: 5), label: "Web link",
                    tap: TapTarget(handler: "openURL", arguments: [.init(label: "url", value: "https://a.b/c")]), kind: .link)
            ])
        XCTAssertEqual(result.accessibilityLabel, "go Web link and topic swift, OK hand code")
        // Attachments without a replacement are read by their labels, set apart by spaces.
        let emoji = try engine("image-alt").render("a:smile:b :x:")
        XCTAssertEqual(emoji.accessibilityLabel, "a smile b x")
    }

    func testHTML() throws {
        let result = try engine().render("go https://a.b/c :ok:")
        XCTAssertEqual(
            result.html(),
            ##"<style>.rr a{color:inherit;text-decoration:none;cursor:pointer}.rr a.rr-hl-22d3a029:active{background-color:#E5E5EA!important}</style>"##
                + ##"<div class="rr" dir="ltr" style="white-space:pre-wrap;overflow-wrap:break-word">go "##
                + ##"<a class="rr-m rr-hl-22d3a029" href="#" data-rule="url" data-handler="openURL" data-arg-url="https://a.b/c" data-args='[{"label":"url","value":"https://a.b/c"}]' aria-label="Web link" style="font-size:14px;color:#007AFF">"##
                + ##"<img class="rr-image" src="link" alt="Web link" width="16" height="16" style="vertical-align:middle">网页链接</a> "##
                + ##"<span class="rr-m" data-rule="ok" role="img" aria-label="OK hand" style="font-size:14px">👌</span></div>"##)
    }
}

import Foundation
@_spi(Generated) @_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

/// Truncation to lines against the reference layout: `truncated(atDisplayOffset:)` and the
/// fit loop on seeded random texts (emoji, CJK, right-to-left text, attachments) of every
/// example spec.
final class LabelTruncationTests: XCTestCase {
    func testCutByDisplayOffsetClipsTheMatchItGoesThrough() throws {
        let result = try LabelFixtures.engine("social").render("hi @alice and #topic# now")
        XCTAssertEqual(result.display, "hi @alice and #topic# now")
        let cut = result.truncated(atDisplayOffset: 6)  // "hi @al|ice"
        XCTAssertEqual(cut.display, "hi @al… more")
        XCTAssertEqual(cut.matches.count, 2)
        let mention = cut.matches[0]
        XCTAssertEqual(mention.displayRange, TextRange(location: 3, length: 3))
        XCTAssertEqual(mention.display, "@al")
        XCTAssertEqual(mention.content, .text("@al"))
        XCTAssertEqual(mention.range, result.matches[0].range)
        XCTAssertEqual(mention.tap, TapTarget(handler: "openProfile", arguments: [.init(label: "user", value: "alice")]))
        XCTAssertEqual(cut.matchIndex(atDisplayOffset: 4), 0)
        XCTAssertEqual(cut.matchIndex(atDisplayOffset: 7), 1)  // the token
        XCTAssertTrue(cut.matches[1].isTruncationToken)
        XCTAssertEqual(cut.matches[1].range, TextRange(location: 9, length: 0))
        XCTAssertEqual(cut.accessibilityElements.map(\.label), ["@al", "… more"])
        XCTAssertEqual(String(cut.attributedString().characters), cut.display)
        // At a match's start the match goes; at its end it stays whole.
        XCTAssertEqual(result.truncated(atDisplayOffset: 3).display, "hi … more")
        XCTAssertEqual(result.truncated(atDisplayOffset: 9).matches[0].display, "@alice")
        XCTAssertEqual(result.truncated(atDisplayOffset: 0).display, "… more")
        XCTAssertEqual(result.truncated(atDisplayOffset: 25), result)
        XCTAssertEqual(cut.truncated(atDisplayOffset: 2), cut)
    }

    func testCutInsideAReplacementAndBesideAnAttachment() throws {
        let social = try LabelFixtures.engine("social")
        let url = social.render("see https://apple.com/x ok")
        XCTAssertEqual(url.display, "see 🔗 link ok")
        let cut = url.truncated(atDisplayOffset: 8)  // "🔗 l|ink"
        XCTAssertEqual(cut.matches[0].display, "🔗 l")
        XCTAssertEqual(cut.matches[0].tap?.arguments.first?.value, "https://apple.com/x")
        // Inside the emoji's surrogate pair: rounds down to the cluster's start.
        XCTAssertEqual(url.truncated(atDisplayOffset: 5).display, "see … more")
        // An attachment after the text (`position after`): cut off with the text's end.
        let engine = try LabelFixtures.engine("label-badge")
        let result = engine.render("x @abc y")
        XCTAssertEqual(result.display, "x @abc\u{FFFC} y")
        let clipped = result.truncated(atDisplayOffset: 5)
        XCTAssertEqual(clipped.matches[0].display, "@ab")
        XCTAssertNil(clipped.matches[0].attachment)
        XCTAssertNil(clipped.matches[0].attachmentOffset)
        XCTAssertEqual(AttachmentImageRequest.requests(for: clipped), [])
        let whole = result.truncated(atDisplayOffset: 7)
        XCTAssertEqual(whole.matches[0].attachmentOffset, 6)
    }

    func testCutInsideNestedMatches() throws {
        let legal = try LabelFixtures.engine("legal")
        let result = legal.render("I agree to <h1>Terms of <b>Service</b></h1> now")
        XCTAssertEqual(result.display, "I agree to Terms of Service now")
        let cut = result.truncated(atDisplayOffset: 23)  // "Terms of Ser|vice"
        XCTAssertEqual(cut.display, "I agree to Terms of Ser…")
        XCTAssertEqual(cut.matches.map(\.displayRange.upperBound), [23, 23, 24])
        XCTAssertEqual(cut.matchIndex(atDisplayOffset: 21), 0)  // the bold part taps the link
        let chat = try LabelFixtures.engine("chat")
        let bold = chat.render("**great job @carol** ok")
        let inside = bold.truncated(atDisplayOffset: 13)  // "@c|arol"
        XCTAssertEqual(inside.display, "great job @ca…")
        XCTAssertEqual(inside.match(atDisplayOffset: 11)?.tap?.arguments.first?.value, "carol")
    }

    /// The fit loop on random texts: the result fits the lines, one more cluster would
    /// not, the cut is at a cluster boundary, the token is last (and tappable where the
    /// spec says so), the other matches keep their indices and taps, a match the cut goes
    /// through shows up to the cut and keeps its tap, at most 2⌈log₂ n⌉ + 4 layouts.
    func testLineTruncationInvariantsOnRandomTexts() throws {
        let seed = testSeed(24)
        var rng = SeededGenerator(seed: seed)
        var truncatedCount = 0
        var clippedCount = 0
        for name in LabelFixtures.specNames {
            let ruleEngine = try LabelFixtures.engine(name)
            for text in LabelFixtures.texts(seed: seed &+ UInt64(name.count), count: 60) {
                let full = ruleEngine.render(text)
                let width = Double(40 + rng.below(260))
                let lines = 1 + rng.below(4)
                let engine = ReferenceLayoutEngine()
                let context = "seed \(seed) \(name) width \(width) lines \(lines): \(text.debugDescription)"
                let outcome = LineTruncation.fit(RichTextLayoutRequest(result: full, width: width), lines: lines, engine: engine)
                let display = full.display
                let length = display.utf16.count
                let clusters = LabelFixtures.clusters(display)
                XCTAssertLessThanOrEqual(
                    outcome.layoutCount, 2 * Int(ceil(log2(Double(clusters.count + 1)))) + 4, "\(context): \(outcome.layoutCount) layouts")
                XCTAssertEqual(outcome.layoutCount, engine.layoutCount)
                func fits(_ result: RenderResult) -> Bool {
                    let layout = ReferenceLayout(RichTextLayoutRequest(result: result, width: width, lineLimit: lines))
                    return layout.lineFragments.count <= lines && layout.laidOutLength == result.display.utf16.count
                }
                guard let cut = outcome.cut else {
                    XCTAssertEqual(outcome.result, full, context)
                    XCTAssertTrue(fits(full), context)
                    continue
                }
                truncatedCount += 1
                let shown = outcome.result
                XCTAssertFalse(fits(full), context)
                if cut > 0 { XCTAssertTrue(fits(shown), context) }
                // One more cluster does not fit.
                let next = try XCTUnwrap(clusters.first { $0.location == cut }, "\(context): cut \(cut) is not a cluster boundary")
                if next.upperBound < length { XCTAssertFalse(fits(full.truncated(atDisplayOffset: next.upperBound)), context) }
                // What is shown: the display up to the cut, then the token.
                let token = try XCTUnwrap(shown.matches.last, context)
                XCTAssertTrue(token.isTruncationToken, context)
                XCTAssertEqual(token.displayRange.location, cut, context)
                XCTAssertEqual(
                    Array(try XCTUnwrap(String(display.utf16.prefix(cut)), context)) + Array(token.display), Array(shown.display), context)
                XCTAssertEqual(token.tap != nil, name == "social", context)
                if token.tap != nil { XCTAssertEqual(shown.matchIndex(atDisplayOffset: cut), shown.matches.count - 1, context) }
                for (index, match) in shown.matches.dropLast().enumerated() {
                    let original = full.matches[index]
                    XCTAssertEqual(match.range, original.range, context)
                    XCTAssertEqual(match.tap, original.tap, context)
                    XCTAssertEqual(match.rule, original.rule, context)
                    XCTAssertEqual(match.displayRange.location, original.displayRange.location, context)
                    XCTAssertEqual(match.displayRange.upperBound, min(original.displayRange.upperBound, cut), context)
                    if original.displayRange.upperBound > cut, !original.isContainer {
                        clippedCount += 1
                        XCTAssertEqual(match.display, String(original.display.utf16.prefix(cut - original.displayRange.location)), context)
                        if match.tap != nil, match.attachmentOffset == nil || match.displayRange.length > 1 {
                            XCTAssertEqual(shown.tapOwner(of: index), full.tapOwner(of: index), context)
                        }
                    }
                }
                // No kept match of the full result is missing.
                let keptCount = full.matches.filter {
                    $0.displayRange.location < cut || ($0.displayRange.length == 0 && $0.displayRange.location <= cut)
                }.count
                XCTAssertGreaterThanOrEqual(shown.matches.count - 1, min(keptCount, shown.matches.count - 1), context)
                XCTAssertEqual(String(shown.attributedString().characters), shown.display, context)
                // Expanding restores the full result.
                let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: full, numberOfLines: lines)
                core.width = width
                XCTAssertEqual(core.shownResult, shown, context)
                XCTAssertTrue(core.isTruncated, context)
                core.expand()
                XCTAssertEqual(core.shownResult, full, context)
                XCTAssertFalse(core.isTruncated, context)
                core.collapse()
                XCTAssertEqual(core.shownResult, shown, context)
            }
        }
        XCTAssertGreaterThan(truncatedCount, 50, "seed \(seed)")
        XCTAssertGreaterThan(clippedCount, 5, "seed \(seed)")
    }

    /// A tap on the token expands the label; a match cut by the last line still taps.
    func testTokenTapExpandsAndACutMatchTaps() throws {
        let full = try LabelFixtures.engine("social").render("one two three four @alice_wonderland end")
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: full, numberOfLines: 2)
        var invalidations: [RichLabelInvalidation] = []
        core.onInvalidate = { invalidations.append($0) }
        core.width = 7.5 * 15  // 15 narrow clusters a line at 15 pt
        let shown = core.shownResult
        XCTAssertTrue(core.isTruncated)
        // "one two three " / "four @ali… more": the mention cut by the last line.
        XCTAssertEqual(shown.display, "one two three four @ali… more")
        let layout = core.layout
        XCTAssertEqual(layout.textLayout.lineCount, 2)
        XCTAssertEqual(shown.matches.map(\.rule), ["mention", "truncation"])
        XCTAssertLessThan(shown.matches[0].displayRange.length, full.matches[0].displayRange.length)
        // The clipped mention is on the second line: tap it.
        let mentionRect = try XCTUnwrap(layout.rects(forMatch: 0).first)
        XCTAssertGreaterThan(mentionRect.minY, 0)
        core.touchBegan(at: mentionRect.center, time: 0)
        XCTAssertEqual(core.pressedMatch, 0)
        guard case .tap(let match)? = core.touchEnded(at: mentionRect.center, time: 0.1) else { return XCTFail("no tap") }
        XCTAssertEqual(match.tap?.arguments.first?.value, "alice_wonderland")
        // The token.
        let tokenRect = try XCTUnwrap(core.layout.rects(forMatch: 1).first)
        let before = core.size(forWidth: core.width)
        invalidations = []
        core.touchBegan(at: tokenRect.center, time: 1)
        guard case .tap(let token)? = core.touchEnded(at: tokenRect.center, time: 1.05) else { return XCTFail("no token tap") }
        XCTAssertTrue(token.isTruncationToken)
        XCTAssertEqual(token.tap?.handler, "expand")
        XCTAssertTrue(core.isExpanded)
        XCTAssertEqual(core.shownResult, full)
        XCTAssertTrue(invalidations.contains { $0.contains(.size) })
        XCTAssertGreaterThan(core.size(forWidth: core.width).height, before.height)
    }

    func testSizeForWidthAndLineLimit() throws {
        let result = try LabelFixtures.engine("social").render("aaaa bbbb cccc dddd [smile] eeee")
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: result)
        // 15 pt text: 7.5 a narrow cluster; the emoji image 17 wide.
        let one = core.size(forWidth: .infinity)
        XCTAssertEqual(one.width, 7.5 * 20 + 17 + 7.5 * 5)  // "aaaa bbbb cccc dddd " + image + " eeee"
        let narrow = core.size(forWidth: 80)
        XCTAssertEqual(narrow.width, 7.5 * 9)  // "aaaa bbbb"
        let lineHeight = 15 * (0.952 + 0.238)
        // "aaaa bbbb " / "cccc dddd " / image " eeee" (the image breaks before it).
        XCTAssertEqual(narrow.height, 3 * lineHeight, accuracy: 1e-9)
        core.numberOfLines = 2
        XCTAssertEqual(core.size(forWidth: 80).height, 2 * lineHeight, accuracy: 1e-9)
        core.numberOfLines = 0
        XCTAssertEqual(core.size(forWidth: 80), narrow)
    }
}

extension LabelTruncationTests {
    /// Every cut of random texts: the display is the clusters before the cut and the token,
    /// the matches' displays are their parts of it, and the attributed string, runs, hit
    /// testing, accessibility and HTML work on the clipped result.
    func testEveryCutOfRandomTexts() throws {
        let seed = testSeed(2405)
        var cuts = 0
        for name in LabelFixtures.specNames {
            let engine = try LabelFixtures.engine(name)
            for text in LabelFixtures.texts(seed: seed &+ UInt64(name.count * 13), count: 12, maxPieces: 10) {
                let full = engine.render(text)
                let display = full.display
                let units = Array(display.utf16)
                var boundaries = Set(LabelFixtures.clusters(display).map(\.location))
                boundaries.insert(units.count)
                for offset in 0...units.count {
                    let context = "seed \(seed) \(name) cut \(offset): \(text.debugDescription)"
                    let cut = full.truncated(atDisplayOffset: offset)
                    if offset >= units.count {
                        XCTAssertEqual(cut, full, context)
                        continue
                    }
                    cuts += 1
                    let at = boundaries.filter { $0 <= offset }.max()!
                    let token = try XCTUnwrap(cut.matches.last, context)
                    XCTAssertTrue(token.isTruncationToken, context)
                    XCTAssertEqual(Array(cut.display.utf16), Array(units[..<at]) + Array(token.display.utf16), context)
                    let shown: [UInt16] = Array(cut.display.utf16)
                    for match in cut.matches {
                        let part: [UInt16] = Array(shown[match.displayRange.location..<match.displayRange.upperBound])
                        XCTAssertEqual(Array(match.display.utf16), part, context)
                        if let offset = match.attachmentOffset { XCTAssertEqual(shown[offset], 0xFFFC, context) }
                    }
                    XCTAssertEqual(String(cut.attributedString().characters), cut.display, context)
                    for (index, match) in cut.matches.enumerated()
                    where match.tap != nil && match.displayRange.length > 0 && !match.isContainer {
                        if match.attachment?.isTappable == false { continue }
                        XCTAssertEqual(cut.matchIndex(atDisplayOffset: match.displayRange.location), index, context)
                    }
                    XCTAssertEqual(cut.accessibilityElements.count, cut.matches.filter { $0.tap != nil }.count, context)
                    XCTAssertFalse(cut.html().isEmpty, context)
                    XCTAssertEqual(
                        cut.selection(ofDisplayRange: TextRange(location: 0, length: at)).displayText, String(display.utf16.prefix(at)),
                        context)
                }
            }
        }
        XCTAssertGreaterThan(cuts, 1000, "seed \(seed)")
    }
}

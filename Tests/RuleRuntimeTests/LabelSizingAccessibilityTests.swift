import Foundation
import RuleRuntime
import TestSupport
import XCTest

/// What a shell asks of the core for accessibility, sizing and Dynamic Type (issue 36):
/// element diffs, the Links rotor, the zero proposal, the cache across SwiftUI's widths,
/// the traits in the layout request, the long-press switch.
final class LabelSizingAccessibilityTests: XCTestCase {
    // MARK: Accessibility

    func testAccessibilityChangesOnlyWhenVoiceOverWouldSeeIt() throws {
        let engine = try LabelFixtures.engine("social")
        let result = engine.render("hi @alice see https://apple.com/x and @bob and #swift# now, then more words to wrap")
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: result)
        core.width = 400
        let first = core.accessibility
        XCTAssertEqual(first.change(from: nil), .elements)
        XCTAssertEqual(first.change(from: first), .none)
        XCTAssertEqual(first.order.first, .text)
        XCTAssertEqual(first.elements.map(\.element.label), ["@alice", "Link to apple.com", "@bob", "#swift#"])
        // A press redraws; VoiceOver sees the same.
        let mention = try XCTUnwrap(core.layout.rects(forMatch: 0).first)
        core.touchBegan(at: mention.center, time: 0)
        XCTAssertEqual(core.accessibility.change(from: first), .none)
        core.touchCancelled()
        // The same text set again (a reused cell showing the same message): nothing changes.
        core.setResult(engine.render("hi @alice see https://apple.com/x and @bob and #swift# now, then more words to wrap"))
        XCTAssertEqual(core.accessibility.change(from: first), .none)
        // Another width: the same elements, moved.
        core.width = 120
        let narrow = core.accessibility
        XCTAssertEqual(narrow.change(from: first), .frames)
        XCTAssertEqual(narrow.elements.map(\.element), first.elements.map(\.element))
        // Another text: new elements.
        core.setResult(engine.render("hi @carol"))
        XCTAssertEqual(core.accessibility.change(from: narrow), .elements)
        // A line limit cuts the links and adds the token: new elements; expanding: new again.
        core.setResult(result)
        core.width = 120
        core.numberOfLines = 2
        let cut = core.accessibility
        XCTAssertEqual(cut.change(from: narrow), .elements)
        let token = try XCTUnwrap(cut.truncationToken)
        XCTAssertTrue(core.shownResult.matches[cut.elements[token].element.matchIndex].isTruncationToken)
        XCTAssertFalse(cut.links.contains(token), "the token is a button, not a link")
        core.expand()
        XCTAssertEqual(core.accessibility.change(from: cut), .elements)
        XCTAssertEqual(core.accessibility.change(from: narrow), .none)
    }

    func testLinksRotorFollowsReadingOrderOnEverySpec() throws {
        let seed = testSeed(3601)
        var rng = SeededGenerator(seed: seed)
        var stepped = 0
        for name in LabelFixtures.specNames {
            let engine = try LabelFixtures.engine(name)
            for text in LabelFixtures.texts(seed: seed &+ UInt64(name.utf8.first!), count: 30) {
                let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: engine.render(text))
                core.width = Double(60 + rng.below(300))
                core.numberOfLines = rng.below(4)
                let a11y = core.accessibility
                let context = "seed \(seed) \(name) width \(core.width) lines \(core.numberOfLines): \(text.debugDescription)"
                XCTAssertEqual(a11y.change(from: a11y), .none, context)
                // Reading order: the text, then elements and widgets by display offset.
                XCTAssertEqual(a11y.order.first, .text, context)
                let offsets = a11y.order.dropFirst().map { item -> Int in
                    switch item {
                    case .element(let i): return a11y.elements[i].element.displayRange.location
                    case .widget(let i): return a11y.widgets[i].displayOffset
                    case .text: return -1
                    }
                }
                XCTAssertEqual(offsets, offsets.sorted(), context)
                XCTAssertEqual(a11y.order.count, 1 + a11y.elements.count + a11y.widgets.count, context)
                // The rotor: every element but buttons and the token, in reading order; the
                // next and previous links walk it both ways.
                let links = a11y.links
                XCTAssertEqual(
                    Set(links),
                    Set(a11y.elements.indices.filter { a11y.elements[$0].element.kind != .button && $0 != a11y.truncationToken }), context)
                var walked: [Int] = []
                var current: LabelAccessibility.Item? = nil
                while let next = a11y.link(from: current, forward: true) {
                    walked.append(next)
                    current = .element(next)
                }
                XCTAssertEqual(walked, links, context)
                walked = []
                current = nil
                while let previous = a11y.link(from: current, forward: false) {
                    walked.append(previous)
                    current = .element(previous)
                }
                XCTAssertEqual(walked, links.reversed(), context)
                // From the text (first in reading order): the first link next, nothing before.
                XCTAssertEqual(a11y.link(from: .text, forward: true), links.first, context)
                XCTAssertNil(a11y.link(from: .text, forward: false), context)
                // From a widget's view: the links after and before it.
                for (position, item) in a11y.order.enumerated() {
                    guard case .widget = item else { continue }
                    let after = a11y.order[(position + 1)...].compactMap { item -> Int? in
                        if case .element(let i) = item, links.contains(i) { return i }
                        return nil
                    }.first
                    XCTAssertEqual(a11y.link(from: item, forward: true), after, context)
                }
                // A tappable widget is an element (a button), not a second item with its view.
                let widgetElements = Set(a11y.elements.map(\.element.matchIndex))
                XCTAssertTrue(a11y.widgets.allSatisfy { !widgetElements.contains($0.matchIndex) }, context)
                stepped += links.count
            }
        }
        XCTAssertGreaterThan(stepped, 50, "seed \(seed)")
    }

    // MARK: Sizing

    func testProposalsMapTheSameOnEveryPlatform() {
        XCTAssertEqual(SizeProposal(swiftUI: nil), .natural)
        XCTAssertEqual(SizeProposal(swiftUI: .infinity), .natural)
        XCTAssertEqual(SizeProposal(swiftUI: 20_000_000), .natural)
        XCTAssertEqual(SizeProposal(swiftUI: 0), .minimum)
        XCTAssertEqual(SizeProposal(swiftUI: -1), .minimum)
        XCTAssertEqual(SizeProposal(swiftUI: 0.5), .width(0.5))
        XCTAssertEqual(SizeProposal(swiftUI: 320), .width(320))
        // A view's `sizeThatFits` with no width is UILabel's: the natural size.
        XCTAssertEqual(SizeProposal(view: 0), .natural)
        XCTAssertEqual(SizeProposal(view: .infinity), .natural)
        XCTAssertEqual(SizeProposal(view: 320), .width(320))
    }

    func testZeroProposalIsTheMinimumSizeNotOneGlyphPerLine() throws {
        let result = try LabelFixtures.engine("social").render("aaaa bbbbbbbb cc [smile] well-known dd")
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: result)
        // 15 pt text: 7.5 a narrow cluster. The widest word is "well-known" (75: a hyphen
        // is no break here, as in the reference layout).
        XCTAssertEqual(core.minimumWidth, 75)
        let minimum = core.size(for: .minimum)
        XCTAssertEqual(minimum.width, 75)
        let lineHeight = 15 * (0.952 + 0.238)
        let layout = ReferenceLayout(core.request(result, pressed: nil, width: 75))
        for word in ["aaaa", "bbbbbbbb", "well-known"] {
            let range = (result.display as NSString).range(of: word)
            XCTAssertEqual(layout.rects(for: TextRange(location: range.location, length: range.length)).count, 1, "\(word) is not broken")
        }
        XCTAssertEqual(minimum.height, Double(layout.lineFragments.count) * lineHeight, accuracy: 1e-6)
        XCTAssertGreaterThan(minimum.height, core.size(for: .natural).height)
        XCTAssertLessThan(minimum.height, 10 * lineHeight, "not one glyph per line")
        XCTAssertEqual(core.size(for: .natural), core.size(forWidth: .infinity))
        XCTAssertEqual(core.size(for: .width(80)), core.size(forWidth: 80))
        // An empty text: zero either way.
        let empty = RichLabelCore(engine: ReferenceLayoutEngine(), result: try LabelFixtures.engine("social").render(""))
        XCTAssertEqual(empty.size(for: .minimum), .zero)
        // CJK breaks between characters: the minimum is one ideograph.
        let cjk = RichLabelCore(engine: ReferenceLayoutEngine(), result: try LabelFixtures.engine("social").render("中文字符"))
        XCTAssertEqual(cjk.minimumWidth, 15)
        // A new text forgets the minimum.
        core.setResult(try LabelFixtures.engine("social").render("x yyyyyyyyyyyyyyyyyyyy"))
        XCTAssertEqual(core.minimumWidth, 150)
    }

    func testMinimumWidthBreaksNoWordOnRandomTexts() throws {
        let seed = testSeed(3602)
        for name in LabelFixtures.specNames {
            let engine = try LabelFixtures.engine(name)
            for text in LabelFixtures.texts(seed: seed &+ UInt64(name.utf8.first!), count: 25) {
                let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: engine.render(text))
                let context = "seed \(seed) \(name): \(text.debugDescription)"
                let minimum = core.minimumWidth
                let natural = core.size(for: .natural)
                guard minimum.isFinite else {
                    XCTAssertEqual(natural.width, 0, context)
                    continue
                }
                XCTAssertLessThanOrEqual(minimum, natural.width.rounded(.up), context)
                XCTAssertLessThanOrEqual(core.size(for: .minimum).width, minimum, context)
                // Narrower than the minimum, some word breaks (the widest one).
                let layout = ReferenceLayout(core.request(core.result, pressed: nil, width: minimum))
                let words = RichLabelCore.words(of: core.result.display)
                for word in words where layout.rects(for: word).count > 1 {
                    XCTFail("\(context): word at \(word) broken at the minimum width \(minimum)")
                }
            }
        }
    }

    func testSwiftUIWidthsLayOutThePreparedTextOnce() throws {
        let result = try LabelFixtures.engine("chat").render("**Hello** @alice, see https://apple.com/x — a longer message that wraps")
        let engine = ReferenceLayoutEngine()
        let core = RichLabelCore(engine: engine, result: result)
        // SwiftUI's sizing pass: ideal, minimum, offered width, maximum; then the view lays
        // out and draws at the offered width; a second pass asks the same again.
        for _ in 0..<2 {
            for proposal in [nil, 0, 320, Double.infinity] as [Double?] { _ = core.size(for: SizeProposal(swiftUI: proposal)) }
            core.width = 320
            _ = core.layout
            _ = core.accessibility
        }
        XCTAssertEqual(engine.preparedCount, 1, "the text is prepared once, whatever the widths")
        XCTAssertEqual(core.statistics.preparations, 1)
        XCTAssertEqual(core.statistics.fitMisses, 3, "natural, minimum and 320: each fitted once")
        XCTAssertGreaterThanOrEqual(core.statistics.fitHits, 8)
        XCTAssertEqual(core.statistics.layouts, 3)
        XCTAssertEqual(core.statistics.preparedReuses, 2)
        XCTAssertEqual(engine.layoutCount, 3)
        // A press lays out once more (its own prepared text); a new text prepares again.
        let link = try XCTUnwrap(core.layout.rects(forMatch: 1).first)
        core.touchBegan(at: link.center, time: 0)
        _ = core.layout
        core.touchCancelled()
        XCTAssertEqual(engine.preparedCount, 2)
        core.setResult(result)
        _ = core.size(for: .natural)
        XCTAssertEqual(engine.preparedCount, 3)
        // More widths than the core keeps: the least recently used goes, not all of them.
        for width in stride(from: 100.0, through: 1000, by: 100) { _ = core.size(forWidth: width) }
        let misses = core.statistics.fitMisses
        _ = core.size(forWidth: 1000)
        _ = core.size(forWidth: 500)
        XCTAssertEqual(core.statistics.fitMisses, misses, "the last widths asked stay fitted")
        _ = core.size(forWidth: 100)
        XCTAssertEqual(core.statistics.fitMisses, misses + 1)
    }

    // MARK: Traits

    func testTraitsScaleFontsByTheViewsOwnSettings() throws {
        let result = try LabelFixtures.engine("chat").render("Hello there")
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: result)
        XCTAssertEqual(core.request(result, pressed: nil, width: 100).options.traits, LabelTraits())
        let large = core.size(for: .natural)
        // `font: body`: 17 pt at Large, 0.5 × 17 per narrow cluster.
        XCTAssertEqual(large.width, 11 * 8.5)
        var invalidations = 0
        core.onInvalidate = { _ in invalidations += 1 }
        core.traits = LabelTraits(contentSize: .accessibilityExtraLarge)
        XCTAssertEqual(invalidations, 1)
        core.traits = LabelTraits(contentSize: .accessibilityExtraLarge)
        XCTAssertEqual(invalidations, 1, "the same traits relayout nothing")
        XCTAssertEqual(core.request(result, pressed: nil, width: 100).options.traits.contentSize, .accessibilityExtraLarge)
        XCTAssertEqual(core.size(for: .natural).width, 11 * 20, "body at AX3 is 40 pt")
        // Fixed sizes do not scale (as UIKit's); text styles follow Apple's table.
        XCTAssertEqual(FontSpec(size: 13).pointSize(traits: LabelTraits(contentSize: .accessibilityExtraExtraExtraLarge)), 13)
        XCTAssertEqual(FontSpec(textStyle: .caption2).pointSize(traits: LabelTraits(contentSize: .extraSmall)), 11)
        XCTAssertEqual(FontSpec(textStyle: .largeTitle).pointSize(), 34)
        for style in DynamicTypeStyle.allCases {
            XCTAssertEqual(style.pointSize(at: .large), style.defaultSize.points, "\(style)")
            let sizes = LabelTraits.ContentSize.allCases.map { style.pointSize(at: $0) }
            XCTAssertEqual(sizes, sizes.sorted(), "\(style) grows with the content size")
        }
        // Bold Text: one step bolder, regular → semibold.
        let bold = LabelTraits(legibilityWeight: .bold)
        XCTAssertEqual(FontSpec().weight(traits: bold), .semibold)
        XCTAssertEqual(FontSpec(weight: .bold).weight(traits: bold), .heavy)
        XCTAssertEqual(FontSpec(textStyle: .headline).weight(traits: bold), .bold)
        XCTAssertEqual(FontSpec(weight: .black).weight(traits: bold), .black)
        XCTAssertEqual(FontSpec(weight: .light).weight(), .light)
    }

    func testLayoutDirectionDecidesNeutralParagraphsOnly() throws {
        let engine = try LabelFixtures.engine("social")
        let neutral = engine.render("123 456")
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: neutral)
        core.width = 200
        XCTAssertEqual(try XCTUnwrap(core.layout.textLayout.rects(for: TextRange(location: 0, length: 1)).first).minX, 0)
        core.traits = LabelTraits(layoutDirection: .rightToLeft)
        let rtl = try XCTUnwrap(core.layout.textLayout.rects(for: TextRange(location: 0, length: 1)).first)
        XCTAssertEqual(rtl.maxX, 200, accuracy: 1e-9, "a paragraph of digits follows the view's direction")
        XCTAssertEqual(
            core.attributedString().runs.first?.richRules.writingDirection, .rightToLeft, "the attributed string says so too")
        // A paragraph with a strong character keeps its own direction.
        core.setResult(engine.render("abc 123"))
        XCTAssertEqual(try XCTUnwrap(core.layout.textLayout.rects(for: TextRange(location: 0, length: 1)).first).minX, 0)
    }

    // MARK: Long press

    func testTheLongPressMenuCanBeTurnedOff() throws {
        let result = try LabelFixtures.engine("social").render("hi @alice see https://apple.com/x now")
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: result)
        core.width = 300
        let mention = try XCTUnwrap(core.layout.rects(forMatch: 0).first)
        core.touchBegan(at: mention.center, time: 0)
        XCTAssertEqual(core.longPressDeadline, 0.5)
        core.touchConfiguration.showsMenuOnLongPress = false
        XCTAssertNil(core.pressedMatch, "a change of configuration cancels the touch")
        core.touchBegan(at: mention.center, time: 1)
        XCTAssertNil(core.longPressDeadline, "no timer to schedule")
        XCTAssertNil(core.tick(time: 5))
        XCTAssertEqual(core.touchEnded(at: mention.center, time: 5), .tap(result.matches[0]), "held long, still a tap")
        // The system took the touch (a cell's context menu): nothing.
        core.touchBegan(at: mention.center, time: 10)
        core.touchCancelled()
        XCTAssertNil(core.touchEnded(at: mention.center, time: 11))
    }
}

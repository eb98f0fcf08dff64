import Foundation
import RuleRuntime
import TestSupport
import XCTest

/// The interaction state machine (press, move within and beyond the slop, release, cancel,
/// long press with injected time), through the label core on the example specs, plus
/// selection and the long-press menus.
final class LabelInteractionTests: XCTestCase {
    let hitA = LabelHit(displayOffset: 3, matchIndex: 0)
    let hitB = LabelHit(displayOffset: 9, matchIndex: 1)
    let plain = LabelHit(displayOffset: 1, matchIndex: nil)

    func testPressReleaseIsATap() {
        var machine = RichLabelInteraction()
        XCTAssertEqual(machine.press(at: TextPoint(x: 10, y: 5), time: 1, hit: hitA), .init(pressedChanged: true))
        XCTAssertEqual(machine.pressedMatch, 0)
        XCTAssertEqual(machine.longPressDeadline, 1.5)
        XCTAssertEqual(machine.move(to: TextPoint(x: 17, y: 11), time: 1.1), .init())  // within 10 points
        XCTAssertEqual(machine.pressedMatch, 0)
        XCTAssertEqual(
            machine.release(at: TextPoint(x: 17, y: 11), time: 1.2, hit: hitA), .init(outcome: .tap(matchIndex: 0), pressedChanged: true))
        XCTAssertEqual(machine.phase, .idle)
        XCTAssertNil(machine.pressedMatch)
        XCTAssertNil(machine.longPressDeadline)
    }

    func testMovingBeyondTheSlopCancels() {
        var machine = RichLabelInteraction(configuration: .init(slop: 5, longPressDelay: 1))
        _ = machine.press(at: .zero, time: 0, hit: hitA)
        XCTAssertEqual(machine.move(to: TextPoint(x: 3, y: 4), time: 0.1), .init())  // exactly 5: still in
        XCTAssertEqual(machine.move(to: TextPoint(x: 4, y: 4), time: 0.2), .init(pressedChanged: true))
        XCTAssertEqual(machine.phase, .cancelled)
        XCTAssertNil(machine.longPressDeadline)
        XCTAssertEqual(machine.move(to: .zero, time: 0.3), .init())  // back inside: still cancelled
        XCTAssertEqual(machine.tick(time: 5), .init())
        XCTAssertEqual(machine.release(at: .zero, time: 0.4, hit: hitA), .init())
        XCTAssertEqual(machine.phase, .idle)
    }

    func testReleaseElsewhereOrCancelledIsNoTap() {
        var machine = RichLabelInteraction()
        _ = machine.press(at: .zero, time: 0, hit: hitA)
        XCTAssertEqual(machine.release(at: TextPoint(x: 2, y: 0), time: 0.1, hit: hitB), .init(pressedChanged: true))
        _ = machine.press(at: .zero, time: 1, hit: hitA)
        // No move events, but the release is beyond the slop.
        XCTAssertEqual(machine.release(at: TextPoint(x: 30, y: 0), time: 1.1, hit: hitA).outcome, .none)
        _ = machine.press(at: .zero, time: 2, hit: hitA)
        XCTAssertEqual(machine.cancel(), .init(pressedChanged: true))
        XCTAssertEqual(machine.release(at: .zero, time: 2.1, hit: hitA), .init())
        // Plain text: nothing pressed, no tap.
        XCTAssertEqual(machine.press(at: .zero, time: 3, hit: plain), .init())
        XCTAssertEqual(machine.release(at: .zero, time: 3.1, hit: plain), .init())
    }

    func testLongPress() {
        var machine = RichLabelInteraction()
        _ = machine.press(at: .zero, time: 10, hit: hitB)
        XCTAssertEqual(machine.tick(time: 10.49), .init())
        XCTAssertEqual(machine.tick(time: 10.5), .init(outcome: .longPress(matchIndex: 1, displayOffset: 9)))
        XCTAssertEqual(machine.phase, .longPressed)
        XCTAssertEqual(machine.pressedMatch, 1)  // stays highlighted while the menu shows
        XCTAssertEqual(machine.tick(time: 11), .init())  // once
        XCTAssertEqual(machine.move(to: TextPoint(x: 50, y: 0), time: 11.1), .init())
        XCTAssertEqual(machine.release(at: .zero, time: 12, hit: hitB), .init(pressedChanged: true))
        // Without a tick: the release past the deadline is the long press.
        _ = machine.press(at: .zero, time: 20, hit: hitA)
        XCTAssertEqual(
            machine.release(at: .zero, time: 20.7, hit: hitA),
            .init(outcome: .longPress(matchIndex: 0, displayOffset: 3), pressedChanged: true))
        // A move at the deadline fires it before the move counts.
        _ = machine.press(at: .zero, time: 30, hit: plain)
        XCTAssertNil(machine.pressedMatch)
        XCTAssertEqual(machine.move(to: TextPoint(x: 99, y: 0), time: 30.5), .init(outcome: .longPress(matchIndex: nil, displayOffset: 1)))
        // Beside the text: no long press.
        _ = machine.press(at: .zero, time: 40, hit: .besideText)
        XCTAssertNil(machine.longPressDeadline)
        XCTAssertEqual(machine.tick(time: 50), .init())
    }

    /// Random event sequences against a model of the rules.
    func testRandomEventSequencesFollowTheRules() {
        let seed = testSeed(2403)
        var rng = SeededGenerator(seed: seed)
        let hits = [hitA, hitB, plain, .besideText]
        for _ in 0..<2000 {
            var machine = RichLabelInteraction(configuration: .init(slop: 6, longPressDelay: 0.5))
            var time = 0.0
            var down: (point: TextPoint, time: Double, hit: LabelHit)?
            var movedOut = false
            var fired = false
            for _ in 0..<rng.below(12) {
                time += Double(rng.below(40)) / 100
                let point = TextPoint(x: Double(rng.below(20)), y: Double(rng.below(20)))
                let hit = rng.pick(hits)
                let context = "seed \(seed)"
                let deadlinePassed = down.map { !movedOut && !fired && $0.hit.displayOffset != nil && time >= $0.time + 0.5 } ?? false
                switch rng.below(5) {
                case 0:
                    let update = machine.press(at: point, time: time, hit: hit)
                    XCTAssertEqual(update.outcome, .none, context)
                    XCTAssertEqual(machine.pressedMatch, hit.matchIndex, context)
                    down = (point, time, hit)
                    movedOut = false
                    fired = false
                case 1:
                    let update = machine.move(to: point, time: time)
                    if deadlinePassed, let down {
                        XCTAssertEqual(
                            update.outcome, .longPress(matchIndex: down.hit.matchIndex, displayOffset: down.hit.displayOffset!), context)
                        fired = true
                    } else {
                        XCTAssertEqual(update.outcome, .none, context)
                        if let down, !fired, point.distance(to: down.point) > 6 { movedOut = true }
                    }
                    if movedOut { XCTAssertNil(machine.pressedMatch, context) }
                case 2:
                    let update = machine.release(at: point, time: time, hit: hit)
                    if deadlinePassed, let down {
                        XCTAssertEqual(
                            update.outcome, .longPress(matchIndex: down.hit.matchIndex, displayOffset: down.hit.displayOffset!), context)
                    } else if let down, !movedOut, !fired, let index = down.hit.matchIndex, hit.matchIndex == index,
                        point.distance(to: down.point) <= 6
                    {
                        XCTAssertEqual(update.outcome, .tap(matchIndex: index), context)
                    } else {
                        XCTAssertEqual(update.outcome, .none, context)
                    }
                    XCTAssertNil(machine.pressedMatch, context)
                    XCTAssertEqual(machine.phase, .idle, context)
                    down = nil
                case 3:
                    _ = machine.cancel()
                    XCTAssertNil(machine.pressedMatch, context)
                    down = nil
                default:
                    let update = machine.tick(time: time)
                    if deadlinePassed {
                        XCTAssertNotEqual(update.outcome, .none, context)
                        fired = true
                    } else {
                        XCTAssertEqual(update.outcome, .none, context)
                    }
                }
            }
        }
    }

    // MARK: Through the core

    func testCoreTapsLongPressesAndRedraws() throws {
        let result = try LabelFixtures.engine("social").render("hi @alice see https://apple.com/x now")
        XCTAssertEqual(result.display, "hi @alice see 🔗 link now")
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: result)
        core.width = 300
        var invalidations: [RichLabelInvalidation] = []
        core.onInvalidate = { invalidations.append($0) }
        let mention = try XCTUnwrap(core.layout.rects(forMatch: 0).first)
        let link = try XCTUnwrap(core.layout.rects(forMatch: 1).first)
        XCTAssertNil(core.touchBegan(at: mention.center, time: 0))
        XCTAssertEqual(core.pressedMatch, 0)
        XCTAssertEqual(invalidations, [.display])
        XCTAssertEqual(core.attributedString().runs.contains { $0.richRules.pressed == true }, true)
        XCTAssertEqual(core.layout.result, result)
        XCTAssertEqual(core.touchEnded(at: mention.center, time: 0.2), .tap(result.matches[0]))
        XCTAssertNil(core.pressedMatch)
        XCTAssertEqual(invalidations, [.display, .display])
        // Long press on the link: its menu.
        core.touchBegan(at: link.center, time: 5)
        XCTAssertEqual(core.longPressDeadline, 5.5)
        guard case .contextMenu(let menu)? = core.tick(time: 5.5) else { return XCTFail("no menu") }
        let url = URL(string: "https://apple.com/x")!
        XCTAssertEqual(menu.matchIndex, 1)
        XCTAssertEqual(menu.title, "Link to apple.com", "the link's alt text")
        XCTAssertEqual(
            menu.actions,
            [
                .open(TapTarget(handler: "openURL", arguments: [.init(label: "url", value: "https://apple.com/x")])), .copyLink(url),
                .copyText("Link to apple.com"),
                .share(text: "Link to apple.com", url: url),
            ])
        XCTAssertNil(core.touchEnded(at: link.center, time: 6))
        // Long press on plain text: copy the text.
        let plain = try XCTUnwrap(core.layout.textLayout.rects(for: TextRange(location: 0, length: 1)).first)
        core.touchBegan(at: plain.center, time: 10)
        XCTAssertEqual(core.touchEnded(at: plain.center, time: 11), .contextMenu(result.textContextMenu))
        XCTAssertEqual(result.textContextMenu.actions, [.copyText(result.display), .share(text: result.display, url: nil)])
        // Moving away cancels; new text cancels a press.
        core.touchBegan(at: mention.center, time: 20)
        core.touchMoved(to: TextPoint(x: mention.center.x + 40, y: mention.center.y), time: 20.1)
        XCTAssertNil(core.pressedMatch)
        XCTAssertNil(core.touchEnded(at: mention.center, time: 20.2))
        core.touchBegan(at: mention.center, time: 30)
        core.setResult(result)
        XCTAssertNil(core.pressedMatch)
        XCTAssertNil(core.touchEnded(at: mention.center, time: 30.1))
        // Beside the text.
        XCTAssertNil(core.touchBegan(at: TextPoint(x: 299, y: 5), time: 40))
        XCTAssertNil(core.longPressDeadline)
        core.touchCancelled()
    }

    func testMenusOnEverySpec() throws {
        let chat = try LabelFixtures.engine("chat").render("mail a@b.co or www.example.org or @carol :smile:")
        let menus = chat.matches.indices.compactMap { chat.contextMenu(forMatch: $0) }
        XCTAssertEqual(menus.map(\.title), ["a@b.co", "www.example.org", "@carol"])
        XCTAssertEqual(menus.map { $0.actions.count }, [3, 4, 3])
        XCTAssertEqual(menus[1].actions[1], .copyLink(URL(string: "https://www.example.org")!))
        let cms = try LabelFixtures.engine("cms").render("<a href=\"https://x.test/a\">A <b>b</b></a> <img src=\"p.png\" alt=\"Photo\">")
        XCTAssertEqual(
            cms.contextMenu(forMatch: 0)?.actions.first,
            .open(TapTarget(handler: "openURL", arguments: [.init(label: "url", value: "https://x.test/a")])))
        XCTAssertEqual(cms.contextMenu(forMatch: 0)?.title, "A b")
        XCTAssertNil(cms.contextMenu(forMatch: 1))  // <b>: no tap of its own
        let social = try LabelFixtures.engine("social").render("long text here").truncated(toCharacters: 4)
        XCTAssertNil(social.contextMenu(forMatch: 0))  // the token
        XCTAssertEqual(social.textContextMenu.title, "long")
        XCTAssertEqual(TapTarget(handler: "h", arguments: [.init(label: nil, value: "tel:+1555")]).linkURL, URL(string: "tel:+1555"))
        for value in ["13800138000", "@alice", "a@b.co", "foo:bar", "http://", "a.b", "x.y1", "hello world.com"] {
            XCTAssertNil(TapTarget(handler: "h", arguments: [.init(label: nil, value: value)]).linkURL, value)
        }
        XCTAssertEqual(
            TapTarget(handler: "h", arguments: [.init(label: nil, value: "example.org/a?b=1")]).linkURL,
            URL(string: "https://example.org/a?b=1"))
    }

    /// An engine that lays out on the main thread only (TextKit's) is used there; one that
    /// does not say so (the reference layout) measures on any thread, as a cell measured
    /// in the background does. (Off the main thread, the first stops with a message.)
    func testMainThreadEnginesAndMeasuringInTheBackground() throws {
        final class MainThreadEngine: RichTextLayoutEngine {
            let reference = ReferenceLayoutEngine()
            var onMainThread: [Bool] = []
            var requiresMainThread: Bool { true }
            func layout(_ request: RichTextLayoutRequest) -> any RichTextLayout {
                onMainThread.append(Thread.isMainThread)
                return reference.layout(request)
            }
        }
        XCTAssertTrue(Thread.isMainThread, "XCTest runs tests on the main thread")
        let result = try LabelFixtures.engine("social").render("hi @alice see https://apple.com/x now")
        let engine = MainThreadEngine()
        let core = RichLabelCore(engine: engine, result: result, numberOfLines: 1)
        XCTAssertGreaterThan(core.size(forWidth: 60).height, 0)
        XCTAssertEqual(Set(engine.onMainThread), [true])
        XCTAssertFalse(ReferenceLayoutEngine().requiresMainThread)
        let measured = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var size: TextSize?
        Thread {
            size = RichLabelCore(engine: ReferenceLayoutEngine(), result: result, numberOfLines: 1).size(forWidth: 60)
            measured.signal()
        }.start()
        measured.wait()
        XCTAssertEqual(size, core.size(forWidth: 60))
    }

    /// A long press in a label truncated to two lines copies and shares the whole message,
    /// and on the link the last line clips, the whole link (they copied what was visible:
    /// `thanks @verylongusername_fr`, `https://examp`); selecting all that is shown selects
    /// the whole message. The menus' ranges are what is shown.
    func testMenusOfATruncatedLabelGiveTheWholeMessage() throws {
        let full = try LabelFixtures.engine("chat").render("thanks @verylongusername_fr see https://example.com/a/long/path ok")
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: full, numberOfLines: 2)
        let link = try XCTUnwrap(full.matches.firstIndex { $0.rule == "link" })
        // The narrowest width whose last line cuts through the link.
        core.width = try XCTUnwrap(
            stride(from: 60.0, to: 600, by: 2.5).first { width in
                core.width = width
                let shown = core.shownResult
                return shown.matches.indices.contains(link) && !shown.matches[link].isTruncationToken
                    && shown.matches[link].displayRange.length < full.matches[link].displayRange.length
            })
        let shown = core.shownResult
        XCTAssertTrue(core.isTruncated)
        let token = try XCTUnwrap(shown.matches.last)
        XCTAssertTrue(token.isTruncationToken)
        func longPress(_ point: TextPoint, at time: Double) -> ContextMenu? {
            core.touchBegan(at: point, time: time)
            guard case .contextMenu(let menu)? = core.tick(time: time + 1) else { return nil }
            core.touchCancelled()
            return menu
        }
        // Plain text: the whole message.
        let plain = try XCTUnwrap(core.layout.textLayout.rects(for: TextRange(location: 1, length: 1)).first)
        let text = try XCTUnwrap(longPress(plain.center, at: 0))
        XCTAssertEqual(text.actions, [.copyText(full.display), .share(text: full.display, url: nil)])
        XCTAssertEqual(text.title, full.display)
        XCTAssertEqual(text.displayRange, TextRange(location: 0, length: token.displayRange.location))
        // The clipped link: its whole text and URL.
        let url = try XCTUnwrap(URL(string: "https://example.com/a/long/path"))
        let linkRect = try XCTUnwrap(core.layout.rects(forMatch: link).first)
        let menu = try XCTUnwrap(longPress(linkRect.center, at: 10))
        XCTAssertEqual(menu.matchIndex, link)
        XCTAssertEqual(menu.title, "https://example.com/a/long/path")
        XCTAssertEqual(
            menu.actions,
            [
                .open(TapTarget(handler: "openURL", arguments: [.init(label: "url", value: url.absoluteString)])), .copyLink(url),
                .copyText(url.absoluteString), .share(text: url.absoluteString, url: url),
            ])
        XCTAssertEqual(menu.displayRange, shown.matches[link].displayRange)
        // Selecting everything shown (the token too) selects the whole message.
        let all = core.selection(ofDisplayRange: TextRange(location: 0, length: shown.display.utf16.count))
        XCTAssertEqual(all.displayText, full.display)
        XCTAssertEqual(all.sourceText, full.text)
        // Up to before the cut: what is shown, as before.
        let part = core.selection(ofDisplayRange: TextRange(location: 0, length: 6))
        XCTAssertEqual(part.displayText, "thanks")
        XCTAssertEqual(part.sourceText, "thanks")
    }

    // MARK: Selection

    func testSelectionMapsToTheSource() throws {
        let legal = try LabelFixtures.engine("legal").render("I agree to <h1>Terms of <b>Service</b></h1> v2.1")
        XCTAssertEqual(legal.display, "I agree to Terms of Service v2.1")
        func selected(_ result: RenderResult, _ location: Int, _ length: Int) -> (String, String) {
            let s = result.selection(ofDisplayRange: TextRange(location: location, length: length))
            return (s.displayText, s.sourceText)
        }
        XCTAssertTrue(selected(legal, 11, 16) == ("Terms of Service", "<h1>Terms of <b>Service</b></h1>"))
        XCTAssertTrue(selected(legal, 17, 6) == ("of Ser", "of <b>Ser"))
        XCTAssertTrue(selected(legal, 0, 32) == (legal.display, legal.text))
        XCTAssertTrue(selected(legal, 29, 2) == ("2.", "v2.1"))  // inside a leaf: the whole match
        let social = try LabelFixtures.engine("social").render("go https://apple.com/x 😀 [smile]!")
        XCTAssertEqual(social.display, "go 🔗 link 😀 \u{FFFC}!")
        XCTAssertTrue(selected(social, 4, 4) == ("🔗 li", "https://apple.com/x"))  // widened to the cluster too
        XCTAssertTrue(selected(social, 12, 1) == ("😀", "😀"))
        XCTAssertTrue(selected(social, 14, 2) == ("\u{FFFC}!", "[smile]!"))
        XCTAssertEqual(
            social.selection(ofDisplayRange: TextRange(location: 40, length: 5)).displayRange, TextRange(location: 16, length: 0))
        // A truncated result: the token maps to the cut.
        let cut = social.truncated(atDisplayOffset: 3)
        XCTAssertTrue(selected(cut, 0, cut.display.utf16.count) == ("go … more", "go "))
    }

    /// Whole-display selections give back the whole text; any selection's display text is
    /// its display range's, its source range lies in the text and contains the plain text
    /// it covers.
    func testSelectionOnRandomTexts() throws {
        let seed = testSeed(2404)
        var rng = SeededGenerator(seed: seed)
        for name in LabelFixtures.specNames {
            let engine = try LabelFixtures.engine(name)
            for text in LabelFixtures.texts(seed: seed &+ UInt64(name.count * 7), count: 40) {
                let result = engine.render(text)
                let display = result.display
                let length = display.utf16.count
                let context = "seed \(seed) \(name): \(text.debugDescription)"
                let all = result.selection(ofDisplayRange: TextRange(location: 0, length: length))
                XCTAssertEqual(all.sourceText, text, context)
                XCTAssertEqual(all.displayText, display, context)
                guard length > 0 else { continue }
                // The display's cluster boundaries: a selection widens to the nearest ones.
                var boundaries = [0]
                for character in display { boundaries.append(boundaries.last! + character.utf16.count) }
                for _ in 0..<10 {
                    let start = rng.below(length)
                    let requested = TextRange(location: start, length: rng.below(length - start + 1))
                    let selection = result.selection(ofDisplayRange: requested)
                    let range = selection.displayRange
                    XCTAssertEqual(range.location, boundaries.last { $0 <= start }, context)
                    if requested.length > 0 { XCTAssertEqual(range.upperBound, boundaries.first { $0 >= requested.upperBound }, context) }
                    XCTAssertEqual(selection.displayText, String(display.utf16.dropFirst(range.location).prefix(range.length)), context)
                    XCTAssertLessThanOrEqual(selection.sourceRange.upperBound, text.utf16.count, context)
                    XCTAssertEqual(
                        selection.sourceText,
                        String(text.utf16.dropFirst(selection.sourceRange.location).prefix(selection.sourceRange.length)), context)
                    XCTAssertEqual(range.length == 0, selection.sourceRange.length == 0 || selection.displayText.isEmpty, context)
                }
            }
        }
    }
}

import Foundation
import RichRulesUI
import RuleRuntime
import TestSupport
import XCTest

/// The UIKit and AppKit labels' common code (`LabelShell`), on Linux with a fake view and
/// the deterministic layout: what each shell used to do on its own. (Each test that uses
/// a shell is `@MainActor` and `async`: XCTest on Linux runs main-actor tests only so.)
final class LabelShellTests: XCTestCase {
    /// The social example spec's engine: mentions, links, `[smile]` images by name, a
    /// `[vip]` widget (30×16), the "… more" token.
    static let social: RuleEngine? = engine("Social")
    /// The cms example spec's: `<img>` whose size only the image tells.
    static let cms: RuleEngine? = engine("Cms")

    static func engine(_ name: String) -> RuleEngine? {
        let json = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GeneratedConsumerTests/Generated/\(name).styles.json")
        guard let data = try? Data(contentsOf: json), let table = try? StyleTable(jsonData: data) else { return nil }
        return try? RuleEngine(compiling: table)
    }

    @MainActor
    private func render(_ text: String) throws -> RenderResult {
        try XCTUnwrap(Self.social, "Tests/GeneratedConsumerTests/Generated/Social.styles.json does not load").render(text)
    }

    @MainActor
    private func shell(
        _ text: String, lines: Int = 0, view: FakeLabelView, touch: RichLabelCore.TouchConfiguration = .init(),
        clock: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime }
    ) throws -> LabelShell<FakeLabelView> {
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), numberOfLines: lines, touch: touch)
        let shell = LabelShell<FakeLabelView>(core: core, clock: clock)
        shell.attach(view)
        shell.setResult(try render(text))
        return shell
    }

    @MainActor
    func testSwiftUIMeasuringDoesNotInvalidateTheViewsSize() async throws {
        let view = FakeLabelView()
        let shell = try shell("hello @alice", view: view)
        view.invalidations = []
        // SwiftUI's sizeThatFits sets a new result, then measures.
        let size = try shell.measuring {
            shell.setResult(try render("hello @bob, a longer text"))
            return shell.size(for: SizeProposal(swiftUI: 0))
        }
        XCTAssertEqual(size, shell.core.size(for: .minimum))
        XCTAssertEqual(view.invalidations, [.display], "a redraw, no intrinsic-size invalidation during SwiftUI's pass")
        shell.core.numberOfLines = 1
        XCTAssertEqual(view.invalidations.last, [.size, .display], "outside the pass, as before")
    }

    @MainActor
    func testSizeAndLayoutPassFollowTheWidth() async throws {
        let view = FakeLabelView()
        let shell = try shell("one two three four five six seven eight nine ten", view: view)
        XCTAssertEqual(shell.size(for: SizeProposal(swiftUI: nil)), shell.core.size(forWidth: .infinity))
        XCTAssertEqual(shell.size(for: SizeProposal(view: 0)), shell.core.size(forWidth: .infinity))
        XCTAssertEqual(shell.size(for: SizeProposal(swiftUI: 0)), shell.core.size(forWidth: shell.core.minimumWidth))
        XCTAssertLessThan(shell.core.minimumWidth, shell.core.size(forWidth: .infinity).width)
        XCTAssertEqual(shell.size(for: SizeProposal(swiftUI: 60)), shell.core.size(forWidth: 60))
        let first = shell.layout(width: 60)
        XCTAssertTrue(first.widthChanged)
        XCTAssertEqual(shell.core.width, 60)
        XCTAssertGreaterThan(first.layout.textLayout.lineCount, 1)
        XCTAssertFalse(shell.layout(width: 60).widthChanged)
        XCTAssertTrue(shell.layout(width: 400).widthChanged)
    }

    @MainActor
    func testTheCoreInvalidatesThroughTheView() async throws {
        let view = FakeLabelView()
        let shell = try shell("hello @alice", view: view)
        XCTAssertEqual(view.invalidations.last, [.size, .display])
        view.invalidations = []
        shell.core.numberOfLines = 1
        XCTAssertEqual(view.invalidations, [[.size, .display]])
    }

    @MainActor
    func testWidgetViewsAreMadeOncePlacedAndRemovedWithTheirText() async throws {
        let view = FakeLabelView()
        view.widgetFittingSize = TextSize(width: 50, height: 20)
        let shell = try shell("hi [vip] there", view: view)
        let layout = shell.layout(width: 300).layout
        XCTAssertEqual(view.widgetsMade.count, 1)
        let widget = try XCTUnwrap(view.subviews.first)
        XCTAssertEqual(widget.frame.widgetName, "badge")
        let frame = try XCTUnwrap(layout.attachmentFrames.first { $0.widgetName != nil })
        XCTAssertEqual(widget.rect, frame.rect)
        XCTAssertEqual(widget.rect?.size, TextSize(width: 30, height: 16))  // declared: the fitting size is not taken
        XCTAssertEqual(widget.isTappable, frame.attachment.isTappable)
        XCTAssertEqual(shell.tappableWidgets.count, frame.attachment.isTappable ? 1 : 0)
        _ = shell.layout(width: 200)
        XCTAssertEqual(view.widgetsMade.count, 1, "the widget's view is kept while its text stays")
        shell.setResult(try render("no widget here"))
        _ = shell.layout(width: 200)
        XCTAssertTrue(view.subviews.isEmpty)
        XCTAssertTrue(shell.tappableWidgets.isEmpty)
    }

    @MainActor
    func testNamedImagesResolveThroughTheViewAndDecodeOncePerText() async throws {
        let view = FakeLabelView()
        view.namedImages = ["smile": TextSize(width: 20, height: 10)]
        let shell = try shell("so [smile] good", view: view)
        XCTAssertEqual(view.namesAsked, ["smile"])  // the core's resolver, when the result was set
        let index = try XCTUnwrap(shell.core.shownResult.matches.firstIndex { $0.attachment != nil })
        XCTAssertEqual(shell.image(forMatch: index), FakeLabelView.Image(size: TextSize(width: 20, height: 10), source: "smile"))
        XCTAssertEqual(shell.image(forMatch: index)?.source, "smile")
        XCTAssertEqual(view.namesAsked, ["smile", "smile"], "decoded once for the text")
        XCTAssertNil(shell.image(forMatch: index + 1))
        shell.setResult(try render("so [smile] good"))
        _ = shell.image(forMatch: index)
        XCTAssertEqual(view.namesAsked.count, 4, "a new text decodes again")
    }

    @MainActor
    func testImagesLoadInAWindowOnlyAndDecodeOnce() async throws {
        let view = FakeLabelView()
        view.isInWindow = false
        let shell = try shell("so [smile] good", view: view)
        let holding = FakeLoader(data: nil)
        shell.imageStore = AttachmentImageStore(loader: holding, cache: ImageCache(), baseURL: URL(string: "https://cdn.test/"))
        XCTAssertFalse(shell.isLoadingImages, "not in a window")
        view.isInWindow = true
        shell.windowChanged()
        XCTAssertTrue(shell.isLoadingImages)
        view.isInWindow = false
        shell.windowChanged()
        XCTAssertFalse(shell.isLoadingImages, "out of the window: cancelled")

        view.isInWindow = true
        let loader = FakeLoader(data: Data([1, 2, 3]))
        shell.imageStore = AttachmentImageStore(loader: loader, cache: ImageCache(), baseURL: URL(string: "https://cdn.test/"))
        let index = try XCTUnwrap(shell.core.shownResult.matches.firstIndex { $0.attachment != nil })
        for _ in 0..<200 where shell.core.images[index] == nil { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertEqual(loader.started.map(\.absoluteString), ["https://cdn.test/smile"])
        XCTAssertNil(shell.image(forMatch: index), "not decoded in draw: nothing to draw until the layout pass decoded it")
        XCTAssertTrue(view.decoded.isEmpty)
        // The layout pass decodes it for display, off the main actor, once.
        _ = shell.layout(width: 300)
        XCTAssertTrue(shell.isDecodingImages)
        _ = shell.layout(width: 300)
        for _ in 0..<200 where shell.isDecodingImages { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertEqual(shell.image(forMatch: index)?.source, "data")
        _ = shell.image(forMatch: index)
        _ = shell.layout(width: 300)
        XCTAssertEqual(view.decoded.map(\.data), [Data([1, 2, 3])], "decoded once")
        XCTAssertEqual(view.decoded.map(\.scale), [1], "at the store's scale")
    }

    @MainActor
    func testImagesDecodeAtTheStoresScaleAndAreMeasuredInPoints() async throws {
        let view = FakeLabelView()
        // `<img>` without a size (the cms spec's): the header of [1, 2, 3] tells none.
        let shell = try shell("", view: view)
        shell.setResult(try XCTUnwrap(Self.cms).render("so <img src=\"p.png\"> good"))
        let loader = FakeLoader(data: Data([1, 2, 3]))
        shell.imageStore = AttachmentImageStore(
            loader: loader, cache: ImageCache(), baseURL: URL(string: "https://cdn.test/"), scale: 2)
        let index = try XCTUnwrap(shell.core.shownResult.matches.firstIndex { $0.attachment != nil })
        for _ in 0..<200 where shell.core.images[index] == nil { try await Task.sleep(nanoseconds: 10_000_000) }
        _ = shell.layout(width: 300)
        for _ in 0..<200 where shell.isDecodingImages { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertEqual(view.decoded.map(\.scale), [2])
        XCTAssertEqual(shell.image(forMatch: index)?.size, TextSize(width: 12, height: 6), "24 × 12 pixels at 2× are 12 × 6 points")
        XCTAssertEqual(shell.core.attachmentSizes[index], TextSize(width: 12, height: 6), "measured in points, not pixels")
    }

    @MainActor
    func testLongPressFiresAtTheDeadlineUnlessCancelled() async throws {
        let view = FakeLabelView()
        let shell = try shell("hello @alice", view: view, touch: .init(longPressDelay: 0.05))
        let layout = shell.layout(width: 300).layout
        let mention = try XCTUnwrap(layout.rects(forMatch: 0).first).center
        var fired: [RichLabelAction?] = []
        XCTAssertNil(shell.core.touchBegan(at: mention, time: ProcessInfo.processInfo.systemUptime))
        shell.scheduleLongPress { fired.append($0) }
        for _ in 0..<200 where fired.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertEqual(fired, [.contextMenu(try XCTUnwrap(shell.core.contextMenu(forMatch: 0)))])

        shell.core.touchCancelled()
        fired = []
        shell.core.touchBegan(at: mention, time: ProcessInfo.processInfo.systemUptime)
        shell.scheduleLongPress { fired.append($0) }
        shell.cancelLongPress()
        try await Task.sleep(nanoseconds: 150_000_000)
        XCTAssertTrue(fired.isEmpty)
    }

    @MainActor
    func testRightClickMenusAndWhatAMenuIsAbout() async throws {
        let view = FakeLabelView()
        let shell = try shell("hello @alice and more words", view: view)
        let layout = shell.layout(width: 1000).layout
        let mention = try XCTUnwrap(layout.rects(forMatch: 0).first)
        let menu = try XCTUnwrap(shell.contextMenu(at: mention.center))
        XCTAssertEqual(menu, shell.core.contextMenu(forMatch: 0))
        XCTAssertEqual(shell.match(of: menu), shell.core.shownResult.matches[0])
        XCTAssertEqual(shell.rect(of: menu), mention)
        let plain = try XCTUnwrap(layout.textLayout.rects(for: TextRange(location: 0, length: 1)).first)
        let textMenu = try XCTUnwrap(shell.contextMenu(at: plain.center))
        XCTAssertEqual(textMenu, shell.core.textContextMenu)
        XCTAssertNil(shell.match(of: textMenu))
        XCTAssertNil(shell.contextMenu(at: TextPoint(x: 5000, y: 5000)), "beside the text")
    }

    @MainActor
    func testTheTokenHasNoMenuAndActivatingItExpandsThenTaps() async throws {
        let view = FakeLabelView()
        let shell = try shell("one two three four five six seven eight nine ten eleven twelve", lines: 1, view: view)
        var tapped: [RuleMatch] = []
        shell.onTap = { tapped.append($0) }
        let layout = shell.layout(width: 120).layout
        XCTAssertTrue(shell.core.isTruncated)
        let tokenIndex = try XCTUnwrap(layout.result.matches.lastIndex { $0.isTruncationToken })
        let token = layout.result.matches[tokenIndex]
        XCTAssertNil(shell.contextMenu(at: try XCTUnwrap(layout.rects(forMatch: tokenIndex).first).center))
        shell.activate(token)
        XCTAssertTrue(shell.core.isExpanded)
        XCTAssertEqual(tapped, [token])
    }

    @MainActor
    func testAccessibilityIsRebuiltAndAnnouncedOnlyWhenItChanges() async throws {
        let view = FakeLabelView()
        let shell = try shell("hello @alice see www.example.com and [vip] @bob", view: view)
        let layout = shell.layout(width: 1000).layout
        let first = shell.updateAccessibility()
        XCTAssertEqual(first.change, .elements)
        XCTAssertFalse(first.announce, "the first elements are what VoiceOver asked for: nothing to announce")
        XCTAssertEqual(first.value, layout.accessibility)
        for (i, frame) in first.value.elements.enumerated() {
            XCTAssertEqual(shell.match(ofElement: i), layout.result.matches[frame.element.matchIndex])
        }
        // The widget's view is in the reading order (reachable), after the link before it.
        let widgetItem = try XCTUnwrap(first.value.order.firstIndex { if case .widget = $0 { return true } else { return false } })
        guard case .widget(let w) = first.value.order[widgetItem] else { return XCTFail() }
        XCTAssertNotNil(shell.widgetView(forMatch: first.value.widgets[w].matchIndex))
        // Nothing changed: nothing to do (a layout pass, a redraw, a press).
        _ = shell.layout(width: 1000)
        XCTAssertEqual(shell.updateAccessibility().change, .none)
        let mention = try XCTUnwrap(layout.rects(forMatch: 0).first)
        shell.core.touchBegan(at: mention.center, time: 0)
        shell.core.touchCancelled()
        XCTAssertEqual(shell.updateAccessibility().change, .none)
        // A new width moves the elements, announces nothing.
        _ = shell.layout(width: 150)
        let moved = shell.updateAccessibility()
        XCTAssertEqual(moved.change, .frames)
        XCTAssertFalse(moved.announce)
        // The same text set again (a reused cell): none; another text: rebuilt and announced.
        shell.setResult(try render("hello @alice see www.example.com and [vip] @bob"))
        _ = shell.layout(width: 150)
        XCTAssertEqual(shell.updateAccessibility().change, .none)
        shell.setResult(try render("bye @carol and a longer text that wraps over the lines @dave"))
        _ = shell.layout(width: 150)
        let other = shell.updateAccessibility()
        XCTAssertEqual(other.change, .elements)
        XCTAssertFalse(other.announce, "a new text (a reused cell) is not announced")
        // The same text, other elements: expanded by the token (a line limit first).
        shell.core.numberOfLines = 1
        _ = shell.layout(width: 150)
        let cut = shell.updateAccessibility()
        XCTAssertEqual(cut.change, .elements)
        XCTAssertTrue(cut.announce, "the same text with other elements: announced")
        let token = try XCTUnwrap(shell.core.shownResult.matches.last)
        XCTAssertTrue(token.isTruncationToken)
        shell.activate(token)
        _ = shell.layout(width: 150)
        let expanded = shell.updateAccessibility()
        XCTAssertEqual(expanded.change, .elements)
        XCTAssertTrue(expanded.announce, "expanding changes what VoiceOver reads in place")
        // The rotor walks the applied links, from the text too.
        XCTAssertEqual(shell.rotorLink(from: nil, forward: true), expanded.value.links.first)
        XCTAssertEqual(shell.rotorLink(from: .text, forward: true), expanded.value.links.first)
        XCTAssertNil(shell.rotorLink(from: .text, forward: false))
        XCTAssertFalse(shell.linkRects.isEmpty)
    }

    @MainActor
    func testAWidgetViewMadeAfterVoiceOverAskedRebuildsTheOrderSilently() async throws {
        let view = FakeLabelView()
        let shell = try shell("see [vip] now", view: view)
        shell.core.width = 300
        // VoiceOver asks before the first layout pass: no widget view yet.
        let early = shell.updateAccessibility()
        XCTAssertEqual(early.change, .elements)
        XCTAssertNil(shell.widgetView(forMatch: try XCTUnwrap(early.value.widgets.first).matchIndex))
        _ = shell.layout(width: 300)  // makes the widget's view
        let rebuilt = shell.updateAccessibility()
        XCTAssertEqual(rebuilt.change, .elements, "the reading order now holds the view")
        XCTAssertFalse(rebuilt.announce, "the same elements: nothing to announce")
        XCTAssertEqual(shell.updateAccessibility().change, .none)
    }

    func testMenuActionTitles() {
        let url = URL(string: "https://example.org")!
        XCTAssertEqual(
            [ContextAction.copyLink(url), .copyText("a"), .share(text: "a", url: nil)].map(\.defaultTitle), ["Copy Link", "Copy", "Share…"])
    }
}

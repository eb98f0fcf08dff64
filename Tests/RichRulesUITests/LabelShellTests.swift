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
    static let social: RuleEngine? = {
        let json = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GeneratedConsumerTests/Generated/Social.styles.json")
        guard let data = try? Data(contentsOf: json), let table = try? StyleTable(jsonData: data) else { return nil }
        return try? RuleEngine(compiling: table)
    }()

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

    func testWidthsForAProposal() {
        XCTAssertEqual(LabelWidth.forProposal(120), 120)
        XCTAssertEqual(LabelWidth.forProposal(nil), .infinity)
        XCTAssertEqual(LabelWidth.forProposal(0), .infinity)
        XCTAssertEqual(LabelWidth.forProposal(-5), .infinity)
        XCTAssertEqual(LabelWidth.forProposal(LabelWidth.unbounded), .infinity)
        XCTAssertEqual(LabelWidth.forProposal(.infinity), .infinity)
    }

    @MainActor
    func testSizeAndLayoutPassFollowTheWidth() async throws {
        let view = FakeLabelView()
        let shell = try shell("one two three four five six seven eight nine ten", view: view)
        XCTAssertEqual(shell.size(forProposedWidth: nil), shell.core.size(forWidth: .infinity))
        XCTAssertEqual(shell.size(forProposedWidth: 0), shell.core.size(forWidth: .infinity))
        XCTAssertEqual(shell.size(forProposedWidth: 60), shell.core.size(forWidth: 60))
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
        XCTAssertEqual(shell.image(forMatch: index)?.source, "data")
        _ = shell.image(forMatch: index)
        XCTAssertEqual(view.decoded, [Data([1, 2, 3])], "decoded once")
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
    func testAccessibilityFramesCarryTheirMatches() async throws {
        let view = FakeLabelView()
        let shell = try shell("hello @alice see www.example.com", view: view)
        let layout = shell.layout(width: 1000).layout
        let frames = shell.accessibilityFrames(of: layout)
        XCTAssertEqual(frames.map(\.frame), layout.accessibilityFrames)
        XCTAssertFalse(frames.isEmpty)
        for (frame, match) in frames { XCTAssertEqual(match, layout.result.matches[frame.element.matchIndex]) }
    }

    func testMenuActionTitles() {
        let url = URL(string: "https://example.org")!
        XCTAssertEqual(
            [ContextAction.copyLink(url), .copyText("a"), .share(text: "a", url: nil)].map(\.defaultTitle), ["Copy Link", "Copy", "Share…"])
    }
}

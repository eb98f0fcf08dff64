import Foundation
import RuleRuntime
import TestSupport
import XCTest

/// The attachment images' lifecycle in the label core, with a fake loader: names for the
/// app's resolver, loads started from the result, events applied (a relayout when an
/// intrinsic size arrives, a redraw otherwise), loads cancelled when the label is reused.
final class LabelImageTests: XCTestCase {
    /// Serves PNG headers by file name; with `holds`, a load waits until it is cancelled.
    final class FakeLoader: ImageLoading, @unchecked Sendable {
        // Unchecked: the arrays are read and written under `lock`.
        private let lock = NSLock()
        private var startedURLs: [URL] = []
        private var cancelledURLs: [URL] = []
        let images: [String: Data]
        let holds: Bool

        init(images: [String: Data], holds: Bool = false) {
            self.images = images
            self.holds = holds
        }

        var started: [URL] { lock.withLock { startedURLs } }
        var cancelled: [URL] { lock.withLock { cancelledURLs } }

        func loadImageData(from url: URL) async throws -> Data {
            lock.withLock { startedURLs.append(url) }
            if holds {
                do {
                    try await Task.sleep(nanoseconds: 60_000_000_000)
                } catch {
                    lock.withLock { cancelledURLs.append(url) }
                    throw error
                }
            }
            guard let data = images[url.lastPathComponent] else { throw URLError(.fileDoesNotExist) }
            return data
        }
    }

    /// Waits (up to two seconds) until `condition` holds.
    @MainActor
    func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<200 {
            if await condition() { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return await condition()
    }

    func testNamesAndLocations() {
        for name in ["smile", "star.fill", "Emoji/smile", "emoji/heart.png", " heart "] {
            XCTAssertTrue(AttachmentImageLifecycle.isName(name), name)
        }
        for location in [
            "https://x.test/a.png", "/abs/a.png", "//cdn.test/a.png", "./a.png", "../a.png", "file:///a.png", "data:image/png;base64,AA",
            "",
        ] {
            XCTAssertFalse(AttachmentImageLifecycle.isName(location), location)
        }
    }

    func testLifecycleStates() throws {
        let result = try LabelFixtures.engine("social").render("[smile] [heart] [vip] [heart]")
        var lifecycle = AttachmentImageLifecycle()
        lifecycle.reset(for: result) { $0 == "smile" ? TextSize(width: 20, height: 20) : nil }
        XCTAssertEqual(lifecycle.generation, 1)
        XCTAssertEqual(lifecycle.pendingRequests.map(\.key), [1, 3])  // the widget is no image
        XCTAssertEqual(lifecycle.images, [0: .named("smile", size: TextSize(width: 20, height: 20))])
        XCTAssertEqual(lifecycle.intrinsicSizes, [0: TextSize(width: 20, height: 20)])
        let url = URL(string: "https://cdn.test/heart")!
        let image = LoadedAttachmentImage(
            key: 1, source: "heart", url: url, data: Data(), pixelSize: ImagePixelSize(width: 34, height: 34),
            displaySize: TextSize(width: 17, height: 17), sizeChanged: false)
        XCTAssertEqual(lifecycle.apply(.loaded(image), generation: 0), .none)  // stale
        XCTAssertEqual(lifecycle.apply(.loaded(image), generation: 1), .redraw)
        XCTAssertEqual(lifecycle.apply(.loaded(image), generation: 1), .none)  // once
        XCTAssertEqual(lifecycle.apply(.failed(key: 3, error: URLError(.timedOut)), generation: 1), .redraw)
        XCTAssertEqual(lifecycle.pendingRequests, [])
        guard case .failed(let request, _)? = lifecycle.states[3] else { return XCTFail() }
        XCTAssertEqual(request.source, "heart")
        lifecycle.reset(for: result)
        XCTAssertEqual(lifecycle.generation, 2)
        XCTAssertEqual(lifecycle.pendingRequests.map(\.key), [0, 1, 3])  // no resolver: all to the store
        var sized = image
        sized.sizeChanged = true
        XCTAssertEqual(lifecycle.apply(.loaded(sized), generation: 2), .relayout)
    }

    @MainActor
    func testLoadAppliesImagesAndRelayoutsForIntrinsicSizes() async throws {
        let result = try LabelFixtures.engine("cms").render("<img src=\"https://x.test/p.png\"> hi <img src=\"q.png\"> <img src=\"logo\">")
        let loader = FakeLoader(images: ["p.png": LabelFixtures.pngHeader(width: 40, height: 30)])
        let store = AttachmentImageStore(loader: loader, cache: ImageCache(), baseURL: URL(string: "https://x.test/img/"))
        let engine = ReferenceLayoutEngine()
        let core = RichLabelCore(engine: engine)
        core.resolveImageName = { $0 == "logo" ? TextSize(width: 24, height: 12) : nil }
        core.setResult(result)
        core.width = 300
        XCTAssertEqual(core.pendingImageRequests.map(\.source), ["https://x.test/p.png", "q.png"])
        XCTAssertEqual(core.images[2], .named("logo", size: TextSize(width: 24, height: 12)))
        let before = core.size(forWidth: 300)
        XCTAssertEqual(
            core.layout.attachmentFrames.map(\.rect.size),
            [TextSize(width: 16, height: 16), TextSize(width: 16, height: 16), TextSize(width: 24, height: 12)])
        var invalidations: [RichLabelInvalidation] = []
        core.onInvalidate = { invalidations.append($0) }
        await core.loadImages(from: store)
        XCTAssertEqual(Set(loader.started.map(\.absoluteString)), ["https://x.test/p.png", "https://x.test/img/q.png"])
        guard case .loaded(let image)? = core.imageStates[0] else { return XCTFail("\(core.imageStates)") }
        XCTAssertEqual(image.displaySize, TextSize(width: 40, height: 30))
        guard case .failed? = core.imageStates[1] else { return XCTFail() }
        XCTAssertTrue(invalidations.contains([.size, .display]))
        XCTAssertEqual(core.layout.attachmentFrames.first?.rect.size, TextSize(width: 40, height: 30))
        XCTAssertEqual(core.images[0], .loaded(image))
        let after = core.size(forWidth: 300)
        XCTAssertEqual(after.width, before.width + 24)
        XCTAssertGreaterThan(after.height, before.height)
        XCTAssertEqual(core.request(core.shownResult, pressed: nil, width: 300).images.count, 2)
    }

    /// An image at its declared size redraws without fitting the lines again.
    @MainActor
    func testImageAtItsDeclaredSizeRedrawsWithoutRefitting() async throws {
        let result = try LabelFixtures.engine("social").render("one two three four five six [heart] seven eight nine ten")
        let loader = FakeLoader(images: ["heart": LabelFixtures.pngHeader(width: 51, height: 51)])
        let store = AttachmentImageStore(loader: loader, cache: ImageCache(), baseURL: URL(string: "https://cdn.test/emoji"), scale: 3)
        let engine = ReferenceLayoutEngine()
        let core = RichLabelCore(engine: engine, numberOfLines: 2)
        core.setResult(result)
        core.width = 120
        XCTAssertTrue(core.isTruncated)
        _ = core.layout
        let layouts = engine.layoutCount
        var invalidations: [RichLabelInvalidation] = []
        core.onInvalidate = { invalidations.append($0) }
        await core.loadImages(from: store)
        XCTAssertEqual(loader.started, [URL(string: "https://cdn.test/emoji/heart")!])
        XCTAssertEqual(invalidations, [.display])
        _ = core.layout
        XCTAssertEqual(engine.layoutCount, layouts + 1)  // the same cut, laid out again with the image
        XCTAssertTrue(core.isTruncated)
    }

    /// New text cancels the previous text's loads; events of it that still arrive are
    /// ignored. Cancelling the shell's task cancels them too.
    @MainActor
    func testReuseCancelsLoads() async throws {
        let social = try LabelFixtures.engine("social")
        let loader = FakeLoader(images: [:], holds: true)
        let store = AttachmentImageStore(loader: loader, cache: ImageCache(), baseURL: URL(string: "https://cdn.test/emoji/"))
        let core = RichLabelCore(engine: ReferenceLayoutEngine())
        core.setResult(social.render("[smile] hi"))
        let generation = core.imageGeneration
        let task = Task { @MainActor in await core.loadImages(from: store) }
        let started = await eventually { loader.started.count == 1 }
        XCTAssertTrue(started)
        var invalidations: [RichLabelInvalidation] = []
        core.onInvalidate = { invalidations.append($0) }
        core.setResult(social.render("plain text"))  // the cell is reused
        await task.value  // the load returns
        let cancelled = await eventually { await store.loadsInFlight == 0 && loader.cancelled.count == 1 }
        XCTAssertTrue(cancelled, "\(loader.cancelled)")
        XCTAssertEqual(core.imageStates.count, 0)
        invalidations = []
        let late = LoadedAttachmentImage(
            key: 0, source: "smile", url: URL(string: "https://cdn.test/emoji/smile")!, data: Data(), pixelSize: nil, displaySize: nil,
            sizeChanged: true)
        core.apply(.loaded(late), generation: generation)
        XCTAssertEqual(invalidations, [])
        XCTAssertEqual(core.images.count, 0)
        // The shell cancels its task (the label left the screen).
        core.setResult(social.render("[heart]"))
        let second = Task { @MainActor in await core.loadImages(from: store) }
        let startedAgain = await eventually { loader.started.count == 2 }
        XCTAssertTrue(startedAgain)
        second.cancel()
        await second.value
        let cancelledAgain = await eventually { await store.loadsInFlight == 0 && loader.cancelled.count == 2 }
        XCTAssertTrue(cancelledAgain)
        guard case .pending? = core.imageStates[0] else { return XCTFail("\(core.imageStates)") }
    }
}

import Foundation
import RichRulesUI
import RuleRuntime

/// A view for `LabelShell` without a platform: it records what the shell asks of it.
@MainActor
final class FakeLabelView: LabelShellHost {
    struct Image: Equatable, Sendable {
        var size: TextSize
        var source: String
    }

    final class Widget {
        let frame: AttachmentFrame
        var rect: TextRect?
        var isTappable: Bool?

        init(frame: AttachmentFrame) { self.frame = frame }
    }

    var isInWindow = true
    /// The images `image(named:)` knows, by name.
    var namedImages: [String: TextSize] = [:]
    var namesAsked: [String] = []
    /// The bytes decoded for display, with the scale asked.
    var decoded: [(data: Data, scale: Double)] = []
    /// The fitting size of every widget view.
    var widgetFittingSize = TextSize(width: 0, height: 0)
    var widgetsMade: [Widget] = []
    var subviews: [Widget] = []
    var invalidations: [RichLabelInvalidation] = []

    /// 24 × 12 pixels, whatever the bytes: 12 × 6 points at scale 2.
    nonisolated func decodeForDisplay(_ data: Data, scale: Double) async -> sending Image? {
        await MainActor.run { self.decoded.append((data, scale)) }
        return Image(size: TextSize(width: 24 / scale, height: 12 / scale), source: "data")
    }

    func image(named name: String) -> Image? {
        namesAsked.append(name)
        return namedImages[name].map { Image(size: $0, source: name) }
    }

    func size(of image: Image) -> TextSize { image.size }

    func makeWidgetView(for frame: AttachmentFrame) -> Widget? {
        let widget = Widget(frame: frame)
        widgetsMade.append(widget)
        return widget
    }

    func measure(_ widget: Widget) -> TextSize { widgetFittingSize }
    func addWidgetView(_ widget: Widget) { subviews.append(widget) }
    func removeWidgetView(_ widget: Widget) { subviews.removeAll { $0 === widget } }

    func place(_ widget: Widget, at rect: TextRect, isTappable: Bool) {
        widget.rect = rect
        widget.isTappable = isTappable
    }

    func invalidate(_ change: RichLabelInvalidation) { invalidations.append(change) }
}

/// An image loader that answers every URL with `data`, or holds until cancelled.
final class FakeLoader: ImageLoading, @unchecked Sendable {
    // Unchecked: `startedURLs` is read and written under `lock`.
    private let lock = NSLock()
    private var startedURLs: [URL] = []
    let data: Data?

    /// `nil`: each load waits until its task is cancelled.
    init(data: Data?) { self.data = data }

    var started: [URL] { lock.withLock { startedURLs } }

    func loadImageData(from url: URL) async throws -> Data {
        lock.withLock { startedURLs.append(url) }
        guard let data else {
            try await Task.sleep(nanoseconds: 60_000_000_000)
            throw CancellationError()
        }
        return data
    }
}

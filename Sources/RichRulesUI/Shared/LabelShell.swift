import Foundation
import RuleRuntime

/// What the UIKit and AppKit `RichLabel` have in common, once, in Foundation terms (so that
/// it builds and is tested on Linux): the core's callbacks, the result and its image loads
/// (started in a window, cancelled out of one or by the next text), the decoded images of
/// the current text, measuring images whose header gave no size, the widget views, the
/// long-press timer, the right-click menu, the menus' match and rect, VoiceOver's frames.
/// A view owns one and forwards to it; what it does with pixels, events and its platform's
/// menus stays in the view.
@MainActor
package final class LabelShell<Host: LabelShellHost> {
    package let core: RichLabelCore
    /// Called with each tapped match (the view's `onTap`).
    package var onTap: ((RuleMatch) -> Void)?
    /// Loads the attachments' images (none when `nil`).
    package var imageStore: AttachmentImageStore? {
        didSet { loadImages() }
    }
    /// The widget views whose touches are the label's (tappable widgets), as last placed.
    package private(set) var tappableWidgets: [Host.WidgetView] = []

    private weak var host: Host?
    /// The clock of touch events (`CACurrentMediaTime`), for the long-press timer.
    private let clock: () -> Double
    private var imageTask: Task<Void, Never>?
    private var longPressTask: Task<Void, Never>?
    private var decoded: [Int: Host.Image] = [:]
    private var decodedGeneration = -1
    private var widgets: [WidgetKey: Host.WidgetView] = [:]

    /// What a widget's view is kept by: its name and its match's index, stable while the
    /// text stays.
    private struct WidgetKey: Hashable {
        var name: String
        var matchIndex: Int
    }

    package init(core: RichLabelCore, clock: @escaping () -> Double) {
        self.core = core
        self.clock = clock
    }

    /// Connects the core to `host` (held weakly): image names resolve with its images,
    /// changes go to its `invalidate`.
    package func attach(_ host: Host) {
        self.host = host
        core.resolveImageName = { [weak host] name in
            guard let host, let image = host.image(named: name) else { return nil }
            return host.size(of: image)
        }
        core.onInvalidate = { [weak host] change in host?.invalidate(change) }
    }

    // MARK: Content

    /// Shows `result`: the previous text's press, expansion and images go (their loads are
    /// cancelled), this text's images start loading.
    package func setResult(_ result: RenderResult) {
        core.setResult(result)
        decoded = [:]
        loadImages()
    }

    /// Starts loading the pending images (after cancelling the running load), in a window
    /// and with a store only.
    package func loadImages() {
        imageTask?.cancel()
        imageTask = nil
        guard host?.isInWindow == true, let store = imageStore, !core.pendingImageRequests.isEmpty else { return }
        let core = self.core
        imageTask = Task { await core.loadImages(from: store) }
    }

    /// The view moved in or out of a window: off screen the pending loads stop; back on
    /// screen they resume (from the cache).
    package func windowChanged() {
        if host?.isInWindow != true {
            imageTask?.cancel()
            imageTask = nil
        } else if imageTask == nil {
            loadImages()
        }
    }

    /// Whether images are loading.
    package var isLoadingImages: Bool { imageTask != nil }

    /// The image of match `index`, decoded once per text.
    package func image(forMatch index: Int) -> Host.Image? {
        if decodedGeneration != core.imageGeneration {
            decoded = [:]
            decodedGeneration = core.imageGeneration
        }
        if let image = decoded[index] { return image }
        var image: Host.Image?
        switch core.images[index] {
        case .loaded(let loaded)?: image = host?.decodeImage(loaded.data)
        case .named(let name, _)?: image = host?.image(named: name)
        case nil: image = nil
        }
        if let image { decoded[index] = image }
        return image
    }

    // MARK: Layout

    /// The size for a proposed width (see `LabelWidth.forProposal`), in points: the view
    /// rounds it up to its pixels.
    package func size(forProposedWidth proposed: Double?) -> TextSize {
        core.size(forWidth: LabelWidth.forProposal(proposed))
    }

    /// The layout pass at the view's width: sets the core's width, measures the images
    /// whose header gave no size (once decoded: a relayout follows), places the widget
    /// views. Returns the layout (for the accessibility elements) and whether the width
    /// changed (the view's intrinsic size follows the bounds).
    package func layout(width: Double) -> (layout: LabelLayout, widthChanged: Bool) {
        let widthChanged = core.width != width
        if widthChanged { core.width = width }
        let layout = core.layout
        for (index, image) in core.images {
            if case .loaded(let loaded) = image, loaded.displaySize == nil, core.attachmentSizes[index] == nil,
                let decoded = self.image(forMatch: index), let host
            {
                core.setAttachmentSize(host.size(of: decoded), forMatch: index)
            }
        }
        placeWidgets(layout.attachmentFrames.filter { $0.widgetName != nil })
        return (layout, widthChanged)
    }

    /// One view per widget (made once, kept while its key stays, removed after), at its
    /// frame; a widget without a declared size takes its view's fitting size.
    private func placeWidgets(_ frames: [AttachmentFrame]) {
        guard let host else { return }
        var live = Set<WidgetKey>()
        tappableWidgets = []
        for frame in frames {
            let key = WidgetKey(name: frame.widgetName ?? "", matchIndex: frame.matchIndex)
            live.insert(key)
            if widgets[key] == nil, let view = host.makeWidgetView(for: frame) {
                widgets[key] = view
                host.addWidgetView(view)
                let fitting = host.fittingSize(of: view)
                if frame.attachment.width == nil || frame.attachment.height == nil, fitting.width > 0, fitting.height > 0 {
                    core.setAttachmentSize(fitting, forMatch: frame.matchIndex)
                }
            }
            guard let view = widgets[key] else { continue }
            host.place(view, at: frame.rect, isTappable: frame.attachment.isTappable)
            if frame.attachment.isTappable { tappableWidgets.append(view) }
        }
        for (key, view) in widgets where !live.contains(key) {
            host.removeWidgetView(view)
            widgets[key] = nil
        }
    }

    // MARK: Touches

    /// After a touch went down: the long-press timer, when a press waits for one (the
    /// previous timer is cancelled). At the deadline `perform` gets the core's `tick`.
    package func scheduleLongPress(_ perform: @escaping @MainActor (RichLabelAction?) -> Void) {
        longPressTask?.cancel()
        guard let deadline = core.longPressDeadline else { return }
        let delay = max(0, deadline - clock())
        longPressTask = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            guard !Task.isCancelled, let self else { return }
            perform(self.core.tick(time: self.clock()))
        }
    }

    /// The touch ended or was cancelled: no long press.
    package func cancelLongPress() {
        longPressTask?.cancel()
    }

    /// What a tap on `match` does, for a menu's "Open" and VoiceOver: the token expands
    /// (when the core's `expandsOnTokenTap`), then `onTap`.
    package func activate(_ match: RuleMatch) {
        if match.isTruncationToken, core.expandsOnTokenTap { core.expand() }
        onTap?(match)
    }

    // MARK: Menus

    /// The right-click menu at `point`: the match's there, none on the truncation token or
    /// beside the text, else the text's.
    package func contextMenu(at point: TextPoint) -> ContextMenu? {
        let hit = core.hit(at: point)
        guard hit.displayOffset != nil else { return nil }
        if let index = hit.matchIndex {
            if let menu = core.contextMenu(forMatch: index) { return menu }
            if core.shownResult.matches[index].isTruncationToken { return nil }
        }
        return core.textContextMenu
    }

    /// The shown match a menu is about (`nil` for the text's).
    package func match(of menu: ContextMenu) -> RuleMatch? {
        let shown = core.shownResult
        return menu.matchIndex.flatMap { shown.matches.indices.contains($0) ? shown.matches[$0] : nil }
    }

    /// What a menu is about on screen (the union of its range's rects), `nil` when none of
    /// it is laid out.
    package func rect(of menu: ContextMenu) -> TextRect? {
        TextRect.union(core.layout.textLayout.rects(for: menu.displayRange))
    }

    // MARK: Accessibility

    /// The tappable matches laid out for VoiceOver, each with its match.
    package func accessibilityFrames(of layout: LabelLayout) -> [(frame: AccessibilityFrame, match: RuleMatch)] {
        layout.accessibilityFrames.compactMap { frame in
            guard layout.result.matches.indices.contains(frame.element.matchIndex) else { return nil }
            return (frame, layout.result.matches[frame.element.matchIndex])
        }
    }
}

import Foundation
import RuleRuntime

/// What the UIKit and AppKit `RichLabel` have in common, once, in Foundation terms (so that
/// it builds and is tested on Linux): the core's callbacks, the result and its image loads
/// (started in a window, cancelled out of one or by the next text), the images of the
/// current text decoded and prepared for display off the draw path (measured when their
/// header gave no size), the widget views, the long-press timer, the right-click menu, the
/// menus' match and rect, what VoiceOver sees and when it changed (`updateAccessibility`),
/// the Links rotor, the sizes SwiftUI asks for without disturbing the view.
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
    /// The images ready to draw, by match index, for the text of `imageGeneration`
    /// (named images as resolved; loaded ones once decoded for display).
    private var decoded: [Int: Host.Image] = [:]
    private var decodedGeneration = -1
    /// The loaded images being decoded, by match index.
    private var decoding: [Int: Task<Void, Never>] = [:]
    /// The loaded images that did not decode (not tried again for this text).
    private var undecodable: Set<Int> = []
    private var widgets: [WidgetKey: Host.WidgetView] = [:]
    /// Whether SwiftUI is measuring (`measuring(_:)`): the view's size is not invalidated.
    private var isMeasuring = false
    /// What VoiceOver was given last, and whether the core changed since.
    package private(set) var appliedAccessibility: LabelAccessibility?
    private var accessibilityIsCurrent = false
    /// Whether a widget view was made or removed since the elements were applied (the
    /// reading order holds the views themselves).
    private var widgetViewsChanged = false
    /// Whether the text was replaced since the elements were applied: new elements then
    /// are not announced (a reused cell's next message; `UILabel` announces nothing either).
    private var textReplaced = false

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
        core.onInvalidate = { [weak self] change in self?.invalidate(change) }
    }

    private func invalidate(_ change: RichLabelInvalidation) {
        accessibilityIsCurrent = false
        var change = change
        if isMeasuring { change.remove(.size) }
        host?.invalidate(change)
    }

    /// Runs `body` (SwiftUI's `sizeThatFits`, which may set the result) without
    /// invalidating the view's intrinsic size: SwiftUI asks for sizes itself, and an
    /// invalidation during its layout pass schedules another. Redraws still happen.
    package func measuring<T>(_ body: () throws -> T) rethrows -> T {
        let outer = isMeasuring
        isMeasuring = true
        defer { isMeasuring = outer }
        return try body()
    }

    // MARK: Content

    /// Shows `result`: the previous text's press, expansion and images go (their loads are
    /// cancelled), this text's images start loading.
    package func setResult(_ result: RenderResult) {
        core.setResult(result)
        textReplaced = true
        dropDecodedImages()
        loadImages()
    }

    /// Shows a stream's next render (`RichLabelCore.apply(_:)`): the press and the images of
    /// the matches that did not change stay; the text is laid out again from the paragraph of
    /// the first change.
    package func apply(_ change: StreamChange) {
        let follows = change.follows(core.result)
        core.apply(change)
        textReplaced = true
        guard follows else {
            dropDecodedImages()
            loadImages()
            return
        }
        let unchanged = change.added.lowerBound
        decoded = decoded.filter { $0.key < unchanged }
        for (key, task) in decoding where key >= unchanged {
            task.cancel()
            decoding[key] = nil
        }
        undecodable = undecodable.filter { $0 < unchanged }
        decodedGeneration = core.imageGeneration
        loadImages()
    }

    private func dropDecodedImages() {
        decoded = [:]
        for task in decoding.values { task.cancel() }
        decoding = [:]
        undecodable = []
        decodedGeneration = core.imageGeneration
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

    /// The image of match `index` to draw: a named image (resolved once per text), or a
    /// loaded one once `prepareImages()` decoded it for display (`nil` until then: `draw`
    /// never decodes).
    package func image(forMatch index: Int) -> Host.Image? {
        if decodedGeneration != core.imageGeneration { dropDecodedImages() }
        if let image = decoded[index] { return image }
        guard case .named(let name, _)? = core.images[index], let image = host?.image(named: name) else { return nil }
        decoded[index] = image
        return image
    }

    /// Starts decoding each loaded image not decoded yet, off the main actor, at the
    /// store's scale (pixels per point, not pixels as points): when one is ready, an image
    /// whose header gave no size is measured (a relayout) and the view redraws. Called by
    /// the layout pass.
    package func prepareImages() {
        if decodedGeneration != core.imageGeneration { dropDecodedImages() }
        let scale = imageStore?.scale ?? 1
        for (index, image) in core.images where decoded[index] == nil && decoding[index] == nil && !undecodable.contains(index) {
            guard case .loaded(let loaded) = image, host != nil else { continue }
            let generation = core.imageGeneration
            let data = loaded.data
            decoding[index] = Task { [weak self, weak host] in
                guard let image = await host?.decodeForDisplay(data, scale: scale) else {
                    guard let self, !Task.isCancelled, self.core.imageGeneration == generation else { return }
                    self.decoding[index] = nil
                    self.undecodable.insert(index)
                    return
                }
                guard let self, let host, !Task.isCancelled, self.core.imageGeneration == generation else { return }
                self.decoding[index] = nil
                self.decoded[index] = image
                if loaded.displaySize == nil, self.core.attachmentSizes[index] == nil {
                    self.core.setAttachmentSize(host.size(of: image), forMatch: index)  // relayouts and redraws
                } else {
                    self.invalidate(.display)
                }
            }
        }
    }

    /// Whether loaded images are being decoded for display.
    package var isDecodingImages: Bool { !decoding.isEmpty }

    // MARK: Layout

    /// The size for a proposal (`SizeProposal(swiftUI:)`, `SizeProposal(view:)`), in
    /// points: the view rounds it up to its pixels.
    package func size(for proposal: SizeProposal) -> TextSize {
        core.size(for: proposal)
    }

    /// The layout pass at the view's width: sets the core's width, starts decoding the
    /// loaded images (`prepareImages`), places the widget views. Returns the layout and
    /// whether the width changed (the view's intrinsic size follows the bounds).
    package func layout(width: Double) -> (layout: LabelLayout, widthChanged: Bool) {
        let widthChanged = core.width != width
        if widthChanged {
            core.width = width
            accessibilityIsCurrent = false
        }
        let layout = core.layout
        prepareImages()
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
                widgetViewsChanged = true  // a view VoiceOver's reading order names
                host.addWidgetView(view)
                let fitting = host.measure(view)
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
            widgetViewsChanged = true
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

    /// The view of the widget of match `index`, if placed.
    package func widgetView(forMatch index: Int) -> Host.WidgetView? {
        widgets.first { $0.key.matchIndex == index }?.value
    }

    // MARK: Accessibility

    /// What changed for VoiceOver since the view applied `appliedAccessibility`: the view
    /// rebuilds its elements for `.elements`, moves them for `.frames`, does nothing for
    /// `.none` (VoiceOver's focus stays). `announce`: post `.layoutChanged` — only when the
    /// elements VoiceOver already had changed while the text stayed (the token expanded the
    /// label, an image or widget arrived), never for a new text (a reused cell scrolling by).
    /// Nothing is computed while nothing changed in the core or the width since the last call.
    ///
    /// Call it from the layout pass when VoiceOver runs, and when VoiceOver asks for the
    /// elements (the view's `accessibilityElements` getter): a label nobody reads builds
    /// no elements.
    package func updateAccessibility() -> AccessibilityUpdate {
        if accessibilityIsCurrent, !widgetViewsChanged, let applied = appliedAccessibility {
            return AccessibilityUpdate(value: applied, change: .none, announce: false)
        }
        let value = core.accessibility
        var change = value.change(from: appliedAccessibility)
        let announce = change == .elements && appliedAccessibility != nil && !textReplaced
        textReplaced = false
        // The same elements with another widget view: rebuilt, nothing to announce.
        if widgetViewsChanged, change != .elements { change = .elements }
        widgetViewsChanged = false
        appliedAccessibility = value
        accessibilityIsCurrent = true
        return AccessibilityUpdate(value: value, change: change, announce: announce)
    }

    /// `updateAccessibility()`'s answer.
    package struct AccessibilityUpdate {
        package var value: LabelAccessibility
        package var change: LabelAccessibility.Change
        package var announce: Bool
    }

    /// The match of element `index` of the applied value.
    package func match(ofElement index: Int) -> RuleMatch? {
        guard let value = appliedAccessibility, value.elements.indices.contains(index) else { return nil }
        let shown = core.shownResult
        let matchIndex = value.elements[index].element.matchIndex
        return shown.matches.indices.contains(matchIndex) ? shown.matches[matchIndex] : nil
    }

    /// The Links rotor from `current` (where VoiceOver's focus is; `nil`: from an end): the
    /// next or previous link of the applied value.
    package func rotorLink(from current: LabelAccessibility.Item?, forward: Bool) -> Int? {
        appliedAccessibility?.link(from: current, forward: forward)
    }

    /// The reading-order item of a widget's view, if it is one.
    package func accessibilityItem(ofWidgetView view: Host.WidgetView) -> LabelAccessibility.Item? {
        guard let value = appliedAccessibility,
            let index = value.widgets.firstIndex(where: { widgetView(forMatch: $0.matchIndex) === view })
        else { return nil }
        return .widget(index)
    }

    /// The rects a pointer shows a link cursor over (macOS's pointing hand): every
    /// tappable match laid out, per line.
    package var linkRects: [TextRect] {
        core.layout.accessibilityFrames.flatMap(\.rects)
    }
}

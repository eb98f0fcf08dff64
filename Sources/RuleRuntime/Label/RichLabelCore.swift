import Foundation

/// The platform-neutral core of a rich-text label: it owns the render result and
/// everything between it and the pixels that is not pixels — the line limit and its
/// truncation (a tappable token that expands), the size for a width, the pressed match,
/// taps, long presses and their menus, selection, attachment and widget frames,
/// accessibility frames, and the attachment images' lifecycle.
///
/// A shell (a `UIView` or `NSView` subclass, a SwiftUI view) supplies a
/// `RichTextLayoutEngine` (TextKit), forwards touches with their points in the text's
/// coordinates and their timestamps, draws `layout`, and redoes what `onInvalidate` says.
/// Not thread-safe: use it from one thread or actor (the main actor, in a shell). With an
/// engine that `requiresMainThread` (TextKit's), a call on another thread that lays out or
/// reads a layout stops with a message naming it.
///
/// ```swift
/// let core = RichLabelCore(engine: TextKitLayoutEngine())
/// core.numberOfLines = 3
/// core.setResult(SocialRules.render(post))
/// core.width = bounds.width                      // layoutSubviews
/// core.size(forWidth: 320)                       // sizeThatFits / intrinsicContentSize
/// if case .tap(let match)? = core.touchEnded(at: point, time: touch.timestamp) {
///     SocialRules.dispatch(match, to: handlers)
/// }
/// ```
public final class RichLabelCore {
    public let engine: any RichTextLayoutEngine
    /// The full result (never truncated).
    public private(set) var result: RenderResult
    /// The most lines shown, 0 for no limit (`UILabel.numberOfLines`). A text over the limit
    /// ends with the spec's truncation token.
    public var numberOfLines: Int {
        didSet { if numberOfLines != oldValue { invalidateSize() } }
    }
    /// Whether a tap on the truncation token expands the label (default `true`).
    public var expandsOnTokenTap = true
    /// How the display is styled (style and attribute hooks, links); its `pressed` and
    /// `traits` are the core's (`pressedMatch`, `traits`). Setting it relayouts.
    public var options: RichTextOptions {
        didSet { invalidateSize() }
    }
    /// The traits of the view the label is in (text size, Bold Text, layout direction):
    /// fonts scale by the view's own traits, not the app's. A change relayouts.
    public var traits = LabelTraits() {
        didSet { if traits != oldValue { invalidateSize() } }
    }
    /// How touches become taps and long presses (slop, long-press delay, whether a long
    /// press shows the label's menu). A change cancels the touch in progress.
    public var touchConfiguration: TouchConfiguration {
        get { interaction.configuration }
        set {
            guard newValue != interaction.configuration else { return }
            cancelInteraction()
            interaction.configuration = newValue
        }
    }
    /// The width the label shows its text at (its bounds' width less insets): set it in
    /// `layoutSubviews`. `.infinity` until then (one line per paragraph).
    public var width: Double = .infinity {
        didSet {
            if width != oldValue {
                shownLayout = nil
                cancelInteraction()
            }
        }
    }
    /// Called after each change with what the shell must redo.
    public var onInvalidate: ((RichLabelInvalidation) -> Void)?
    /// Resolves image names (asset catalog names, SF Symbols) to the size to show them at,
    /// in points: asked for each image source that `AttachmentImageLifecycle.isName(_:)`
    /// when a result is set; `nil` from it (or no resolver) leaves the source to the
    /// `AttachmentImageStore`. The shell keeps the images it resolves.
    public var resolveImageName: ((String) -> TextSize?)?
    /// Whether the truncated text was expanded (a tap on the token, or `expand()`).
    public private(set) var isExpanded = false

    private var interaction: RichLabelInteraction
    private var imageLifecycle = AttachmentImageLifecycle()
    private var widgetSizes: [Int: TextSize] = [:]
    /// By width: the fitted result, its cut, its size and (until an image redraw drops it)
    /// its layout without a pressed match. The `fitCapacity` widths used last are kept.
    private var fits: [Double: Fit] = [:]
    /// The widths of `fits`, least recently used first.
    private var fitOrder: [Double] = []
    /// What the engine prepared of the full text (width-independent), by pressed match
    /// (`-1`: none): laid out again at each new width.
    private var prepared: [Int: any PreparedRichText] = [:]
    /// The narrowest width that breaks no word (`minimumWidth`), once measured.
    private var measuredMinimumWidth: Double?
    /// The widths the core keeps fitted: SwiftUI asks for three or four (the ideal, the
    /// minimum, the offered width, the maximum), and the view lays out at one of them.
    static let fitCapacity = 6
    /// The layout at `width` with the pressed match.
    private var shownLayout: (pressed: Int, layout: any RichTextLayout)?
    /// The running `loadImages` relay and its id.
    private var loadRelay: (id: Int, events: AsyncStream<AttachmentImageEvent>.Continuation)?
    private var loadCount = 0

    /// The unpressed layouts of the full text made since the last change, by width, with
    /// their line limit: what a stream's next text reuses.
    private var fullLayouts: [Double: (limit: Int?, layout: any RichTextLayout)] = [:]
    /// After `apply(_:)`: what the previous text prepared and laid out, up to
    /// `unchangedBefore` (a display offset) the same as the current one's.
    private var streamReuse: StreamReuse?

    private struct StreamReuse {
        var unchangedBefore: Int
        var prepared: (any PreparedRichText)?
        var layouts: [Double: (limit: Int?, layout: any RichTextLayout)]
        var fits: [Double: Fit]
    }

    private struct Fit {
        var result: RenderResult
        var cut: Int?
        var size: TextSize
        var layout: (any RichTextLayout)?
    }

    /// A core laying out with `engine`, showing `result` (empty until `setResult`), its
    /// touches turned into taps and long presses as `touch` says.
    public init(
        engine: any RichTextLayoutEngine, result: RenderResult? = nil, numberOfLines: Int = 0,
        touch: TouchConfiguration = TouchConfiguration(), options: RichTextOptions = RichTextOptions()
    ) {
        self.engine = engine
        self.result = result ?? RenderResult(text: "", matches: [], discarded: [], context: nil)
        self.numberOfLines = numberOfLines
        self.interaction = RichLabelInteraction(configuration: touch)
        self.options = options
        if result != nil { imageLifecycle.reset(for: self.result, resolveName: resolveImageName) }
    }

    // MARK: Content

    /// Shows `result` (new text, or a reused cell's next one): the press, the expansion, the
    /// widget sizes and the images of the previous text are dropped, and its image loads
    /// cancelled.
    public func setResult(_ result: RenderResult) {
        loadRelay?.events.finish()
        loadRelay = nil
        self.result = result
        isExpanded = false
        streamReuse = nil
        widgetSizes = [:]
        imageLifecycle.reset(for: result, resolveName: resolveImageName)
        invalidateSize()
    }

    /// Shows a stream's next render (`RichStream.append`): like `setResult`, but what did
    /// not change is kept — the press on a match that did not change (a touch in progress
    /// goes on), the expansion, the widget sizes and images of the unchanged matches — and
    /// the text is laid out again only from the paragraph holding
    /// `change.firstChangedDisplayOffset` (the engine's
    /// `layout(_:prepared:reusing:unchangedBefore:)`). A truncated label keeps its cut while
    /// the change is after it and the text still overflows: the token stays, and the cut is
    /// not searched again.
    /// A change that does not follow the result shown (an append skipped, another text) is
    /// shown as `setResult(change.result)` would.
    public func apply(_ change: StreamChange) {
        guard change.follows(result) else { return setResult(change.result) }
        let unchanged = change.added.lowerBound
        let reuse = StreamReuse(
            unchangedBefore: change.firstChangedDisplayOffset, prepared: prepared[-1], layouts: fullLayouts, fits: fits)
        result = change.result
        widgetSizes = widgetSizes.filter { $0.key < unchanged }
        imageLifecycle.update(for: result, keepingBefore: unchanged, resolveName: resolveImageName)
        if let pressed = interaction.pressedMatch, pressed >= unchanged { cancelInteraction() }
        fits = [:]
        fitOrder = []
        prepared = [:]
        fullLayouts = [:]
        measuredMinimumWidth = nil
        shownLayout = nil
        streamReuse = change.firstChangedDisplayOffset > 0 ? reuse : nil
        onInvalidate?([.size, .display])
    }

    /// Shows the whole text, whatever `numberOfLines` says.
    public func expand() {
        guard !isExpanded else { return }
        isExpanded = true
        invalidateSize()
    }

    /// Back to `numberOfLines`.
    public func collapse() {
        guard isExpanded else { return }
        isExpanded = false
        invalidateSize()
    }

    // MARK: Layout

    /// The size the text takes at `width` within the line limit (`sizeThatFits`; with the
    /// width of the label's bounds, `intrinsicContentSize`): round it up to whole pixels in
    /// the shell. Kept per width until something changes.
    public func size(forWidth width: Double) -> TextSize {
        fit(width).size
    }

    /// The size for a proposal: the natural size (one line per paragraph), the minimum
    /// (`minimumWidth`: SwiftUI's zero proposal), or the size at a width. The same answer
    /// on every platform: shells map their proposals with `SizeProposal(swiftUI:)` and
    /// `SizeProposal(view:)`.
    public func size(for proposal: SizeProposal) -> TextSize {
        switch proposal {
        case .natural: return size(forWidth: .infinity)
        case .minimum: return size(forWidth: minimumWidth)
        case .width(let width): return size(forWidth: width)
        }
    }

    /// The narrowest width at which no word breaks: the widest word, image or unbreakable
    /// run of the text (CSS's min-content width), measured on the natural layout — a word
    /// is the text between break opportunities (spaces, line breaks, before and after each
    /// wide cluster and attachment). What SwiftUI's zero proposal gets
    /// ("the view responds with its minimum size"): lines break at every space, never
    /// one glyph per line. `.infinity` for an empty text (its natural size is zero).
    public var minimumWidth: Double {
        if let measuredMinimumWidth { return measuredMinimumWidth }
        checkThread()
        // The natural fit's layout when it shows the whole text, else one of the whole text.
        let natural: any RichTextLayout
        if let fit = fits[.infinity], fit.cut == nil, let layout = fit.layout {
            natural = layout
        } else {
            natural = layoutFull(request(result, pressed: nil, width: .infinity))
        }
        var widest = 0.0
        for word in Self.words(of: result.display) {
            widest = max(widest, natural.rects(for: word).reduce(0) { $0 + $1.width })
        }
        let width = widest > 0 ? widest.rounded(.up) : .infinity
        measuredMinimumWidth = width
        return width
    }

    /// The words of `display` for `minimumWidth`, as UTF-16 ranges.
    package static func words(of display: String) -> [TextRange] {
        var words: [TextRange] = []
        var start: Int?
        var offset = 0
        func end() {
            if let s = start, offset > s { words.append(TextRange(location: s, length: offset - s)) }
            start = nil
        }
        for character in display {
            let length = character.utf16.count
            if character.isNewline || ReferenceLayout.isBreakingSpace(character) {
                end()
            } else if ReferenceLayout.isWide(character) || character == "\u{FFFC}" {
                end()
                words.append(TextRange(location: offset, length: length))
            } else if start == nil {
                start = offset
            }
            offset += length
        }
        end()
        return words
    }

    /// What the core did for its sizes and layouts since it was made: each width fitted
    /// once, the text prepared once and laid out at each width from what was prepared.
    public private(set) var statistics = LayoutStatistics()

    /// Counts of the core's layout work (`RichLabelCore.statistics`).
    public struct LayoutStatistics: Sendable, Hashable {
        /// Layouts asked of the engine (candidate cuts of a truncation included).
        public var layouts = 0
        /// Texts the engine prepared (`RichTextLayoutEngine.prepare(_:)`).
        public var preparations = 0
        /// Layouts made from a text prepared for another width.
        public var preparedReuses = 0
        /// Sizes and layouts answered from a width already fitted.
        public var fitHits = 0
        /// Widths fitted (each a layout, or more when the lines truncate).
        public var fitMisses = 0
        /// Layouts of a stream's next text made from the previous one's lines
        /// (`apply(_:)`: laid out from the paragraph of the first change).
        public var streamedLayouts = 0
        /// Truncations that kept their cut after `apply(_:)` (the change was after it).
        public var keptCuts = 0
    }

    /// What is shown at `width`: the result, or the result truncated to the lines.
    public var shownResult: RenderResult { fit(width).result }

    /// Whether the text shown at `width` is truncated.
    public var isTruncated: Bool { fit(width).cut != nil }

    /// The shown result laid out at `width`, with the pressed match: draw this.
    public var layout: LabelLayout {
        var fit = self.fit(width)
        guard let pressed = interaction.pressedMatch else {
            if fit.layout == nil {
                fit.layout = layout(fit, pressed: nil)
                fits[width] = fit
            }
            return LabelLayout(result: fit.result, textLayout: fit.layout!)
        }
        if let shownLayout, shownLayout.pressed == pressed { return LabelLayout(result: fit.result, textLayout: shownLayout.layout) }
        let layout = layout(fit, pressed: pressed)
        shownLayout = (pressed, layout)
        return LabelLayout(result: fit.result, textLayout: layout)
    }

    /// The shown result as an attributed string with the pressed match, for a shell that
    /// gives a string to a text view rather than drawing `layout`.
    public func attributedString() -> AttributedString {
        var options = self.options
        options.pressed = interaction.pressedMatch
        options.traits = traits
        return shownResult.attributedString(options: options)
    }

    /// The intrinsic sizes known of attachments (images, named images, widgets), by match index.
    public var attachmentSizes: [Int: TextSize] {
        imageLifecycle.intrinsicSizes.merging(widgetSizes) { _, widget in widget }
    }

    /// The layout request for `result` at `width` (what the core passes its engine).
    public func request(_ result: RenderResult, pressed: Int?, width: Double, lineLimit: Int? = nil) -> RichTextLayoutRequest {
        var options = self.options
        options.pressed = pressed
        options.traits = traits
        return RichTextLayoutRequest(
            result: result, options: options, width: width, lineLimit: lineLimit, attachmentSizes: attachmentSizes,
            images: imageLifecycle.images)
    }

    /// `fit`'s result laid out at `width` with `pressed` (the prepared full text when nothing is cut).
    private func layout(_ fit: Fit, pressed: Int?) -> any RichTextLayout {
        let request = request(fit.result, pressed: pressed, width: width)
        if fit.cut == nil { return layoutFull(request) }
        statistics.layouts += 1
        return engine.layout(request)
    }

    /// A layout of the full text (`request.result` is `result`), from what the engine
    /// prepared of it for another width when it did.
    private func layoutFull(_ request: RichTextLayoutRequest) -> any RichTextLayout {
        statistics.layouts += 1
        let key = request.options.pressed ?? -1
        if key < 0, let reuse = streamReuse, let old = reuse.prepared {
            let made: (any PreparedRichText)?
            if let known = prepared[-1] {
                made = known
            } else {
                made = engine.prepare(request, reusing: old, unchangedBefore: reuse.unchangedBefore)
                statistics.preparations += 1
                prepared[-1] = made
            }
            if let made, let previous = reuse.layouts[request.width], previous.limit == request.lineLimit {
                statistics.streamedLayouts += 1
                let layout = engine.layout(request, prepared: made, reusing: previous.layout, unchangedBefore: reuse.unchangedBefore)
                fullLayouts[request.width] = (request.lineLimit, layout)
                return layout
            }
        }
        let layout = layoutFullFresh(request, key: key)
        if key < 0 { fullLayouts[request.width] = (request.lineLimit, layout) }
        return layout
    }

    private func layoutFullFresh(_ request: RichTextLayoutRequest, key: Int) -> any RichTextLayout {
        if let prepared = prepared[key] {
            statistics.preparedReuses += 1
            return engine.layout(request, prepared: prepared)
        }
        guard let made = engine.prepare(request) else { return engine.layout(request) }
        statistics.preparations += 1
        if key >= 0 { prepared = prepared.filter { $0.key < 0 } }  // the unpressed text and one press
        prepared[key] = made
        return engine.layout(request, prepared: made)
    }

    private func checkThread(function: StaticString = #function) {
        if engine.requiresMainThread, !Thread.isMainThread {
            fatalError(
                "RichLabelCore.\(function): \(type(of: engine)) lays out with TextKit on the main thread only; call the core of a "
                    + "RichLabel or RichText on the main actor (to measure a cell in the background, use a "
                    + "RichLabelCore with an engine of your own)")
        }
    }

    /// Everything that lays out or reads a layout comes here first: the thread check of
    /// `RichTextLayoutEngine.requiresMainThread`.
    private func fit(_ width: Double, function: StaticString = #function) -> Fit {
        checkThread(function: function)
        if let fit = fits[width] {
            statistics.fitHits += 1
            if fitOrder.last != width, let i = fitOrder.firstIndex(of: width) { fitOrder.append(fitOrder.remove(at: i)) }
            return fit
        }
        statistics.fitMisses += 1
        if let kept = keptCut(width) {
            if fitOrder.count >= Self.fitCapacity { fits[fitOrder.removeFirst()] = nil }
            fits[width] = kept
            fitOrder.append(width)
            return kept
        }
        let outcome = LineTruncation.fit(
            request(result, pressed: nil, width: width), lines: isExpanded ? 0 : numberOfLines, engine: engine, layoutFull: layoutFull)
        statistics.layouts += outcome.layoutCount - 1  // the candidates (the full text counted itself)
        let fit = Fit(result: outcome.result, cut: outcome.cut, size: outcome.layout.size, layout: outcome.layout)
        if fitOrder.count >= Self.fitCapacity { fits[fitOrder.removeFirst()] = nil }
        fits[width] = fit
        fitOrder.append(width)
        return fit
    }

    /// After `apply(_:)`: the previous text's truncation at `width` when the change came
    /// after its cut and the text still overflows the lines (so the longest cut that fits is
    /// the same: every longer one holds the same text up to its end); `nil` otherwise.
    private func keptCut(_ width: Double) -> Fit? {
        guard let reuse = streamReuse, !isExpanded, numberOfLines > 0, let old = reuse.fits[width], let cut = old.cut,
            reuse.unchangedBefore > cut
        else { return nil }
        let whole = layoutFull(request(result, pressed: nil, width: width, lineLimit: numberOfLines))
        guard !LineTruncation.fits(whole, lines: numberOfLines, length: result.display.utf16.count) else { return nil }
        statistics.keptCuts += 1
        return Fit(result: result.truncated(atDisplayOffset: cut), cut: cut, size: old.size, layout: old.layout)
    }

    /// Everything laid out is stale: sizes may change.
    private func invalidateSize() {
        streamReuse = nil
        fullLayouts = [:]
        fits = [:]
        fitOrder = []
        prepared = [:]
        measuredMinimumWidth = nil
        shownLayout = nil
        cancelInteraction()
        onInvalidate?([.size, .display])
    }

    /// What VoiceOver sees of the label as shown (`LabelAccessibility`): a shell compares
    /// it with the value it applied last (`change(from:)`) and replaces elements only when
    /// they differ.
    public var accessibility: LabelAccessibility { layout.accessibility }

    // MARK: Interaction

    /// The match shown pressed (an index into `shownResult.matches`).
    public var pressedMatch: Int? { interaction.pressedMatch }
    /// The interaction's state (phase, where the touch began).
    package var interactionState: RichLabelInteraction { interaction }
    /// When to call `tick(time:)` for the long press, if a press waits for it.
    public var longPressDeadline: Double? { interaction.longPressDeadline }

    /// What lies under `point` (in the text's coordinates).
    public func hit(at point: TextPoint) -> LabelHit { layout.hit(at: point) }

    /// A touch went down at `point` at `time`.
    @discardableResult
    public func touchBegan(at point: TextPoint, time: Double) -> RichLabelAction? {
        let hit = self.hit(at: point)
        return handle(interaction.press(at: point, time: time, hit: hit))
    }

    /// The touch moved.
    @discardableResult
    public func touchMoved(to point: TextPoint, time: Double) -> RichLabelAction? {
        handle(interaction.move(to: point, time: time))
    }

    /// The touch went up: a tap to dispatch, or a long press's menu when the shell did
    /// not tick.
    @discardableResult
    public func touchEnded(at point: TextPoint, time: Double) -> RichLabelAction? {
        let hit = self.hit(at: point)
        return handle(interaction.release(at: point, time: time, hit: hit))
    }

    /// The system cancelled the touch.
    public func touchCancelled() {
        _ = handle(interaction.cancel())
    }

    /// The long-press timer fired (at `longPressDeadline` or later).
    @discardableResult
    public func tick(time: Double) -> RichLabelAction? {
        handle(interaction.tick(time: time))
    }

    private func cancelInteraction() {
        if interaction.phase != .idle || interaction.pressedMatch != nil { _ = interaction.cancel() }
        shownLayout = nil
    }

    private func handle(_ update: RichLabelInteraction.Update) -> RichLabelAction? {
        let shown = fit(width).result
        var action: RichLabelAction?
        switch update.outcome {
        case .none: break
        case .tap(let index):
            guard shown.matches.indices.contains(index) else { break }
            let match = shown.matches[index]
            action = .tap(match)
            if match.isTruncationToken, expandsOnTokenTap {
                if update.pressedChanged { shownLayout = nil }
                expand()
                return action
            }
        case .longPress(var index, _):
            if let i = index, !shown.matches.indices.contains(i) { index = nil }
            if let index, let menu = contextMenu(forMatch: index) {
                action = .contextMenu(menu)
            } else if index.map({ shown.matches[$0].isTruncationToken }) != true {
                action = .contextMenu(textContextMenu)
            }
        }
        if update.pressedChanged {
            shownLayout = nil
            onInvalidate?(.display)
        }
        return action
    }

    // MARK: Menus and selection

    /// The long-press menu of match `index` of the shown result (`RenderResult.contextMenu(forMatch:)`):
    /// a match the line limit clips copies and shares what the whole match shows (the whole
    /// link, not the part before the cut); its `displayRange` is the part shown. `nil` for
    /// the token, a match without a tap and indices out of range.
    public func contextMenu(forMatch index: Int) -> ContextMenu? {
        let shown = shownResult
        guard shown.matches.indices.contains(index), !shown.matches[index].isTruncationToken,
            var menu = result.contextMenu(forMatch: index)  // a shown match keeps its index in the full result
        else { return nil }
        menu.displayRange = shown.matches[index].displayRange
        return menu
    }

    /// The long-press menu of the text outside tappable matches: copy and share the whole
    /// message (`RenderResult.textContextMenu` of the full result, whatever the line limit
    /// shows); its `displayRange` is what is shown, the token left out.
    public var textContextMenu: ContextMenu {
        var menu = result.textContextMenu
        menu.displayRange = shownResult.textDisplayRange
        return menu
    }

    /// The selection of `range` of the shown display and its source text. In a truncated
    /// label, a range that reaches the token selects up to the end of the whole message
    /// (so selecting everything shown copies all of it); the display before the cut is the
    /// full result's, offset for offset.
    public func selection(ofDisplayRange range: TextRange) -> TextSelection {
        let shown = shownResult
        guard let token = shown.matches.last, token.isTruncationToken, range.upperBound > token.displayRange.location,
            range.location < token.displayRange.location
        else { return shown.selection(ofDisplayRange: range) }
        let end = result.display.utf16.count
        return result.selection(ofDisplayRange: TextRange(location: range.location, length: end - range.location))
    }

    // MARK: Attachments

    /// Sets the intrinsic size of match `index`'s attachment: a widget's fitting size (its
    /// view's `systemLayoutSizeFitting`), or an image whose size its header did not tell
    /// (measured once decoded). `nil` forgets it. A change relayouts.
    public func setAttachmentSize(_ size: TextSize?, forMatch index: Int) {
        guard widgetSizes[index] != size else { return }
        widgetSizes[index] = size
        invalidateSize()
    }

    /// Where each attachment image stands, by match index of the full result.
    package var imageStates: [Int: AttachmentImageLifecycle.State] { imageLifecycle.states }
    /// The images to draw, by match index.
    public var images: [Int: AttachmentImage] { imageLifecycle.images }
    /// The image requests not yet answered (names the resolver knew are not among them).
    public var pendingImageRequests: [AttachmentImageRequest] { imageLifecycle.pendingRequests }
    /// The current text's image generation (`apply(_:generation:)` ignores older ones).
    public var imageGeneration: Int { imageLifecycle.generation }

    /// Takes an event of the store for the text of generation `generation`: an image that
    /// changes the layout relayouts (`.size`), any other arrival redraws (`.display`).
    public func apply(_ event: AttachmentImageEvent, generation: Int) {
        switch imageLifecycle.apply(event, generation: generation) {
        case .none:
            break
        case .relayout:
            invalidateSize()
        case .redraw:
            // Same sizes: the cuts stay, the layouts (which hold the images) are remade.
            for width in fits.keys { fits[width]?.layout = nil }
            prepared = [:]
            fullLayouts = [:]
            streamReuse = nil
            shownLayout = nil
            onInvalidate?(.display)
        }
    }

    /// Loads the pending images with `store` and applies each event as it arrives, until
    /// all have, the calling task is cancelled, or `setResult` (or another `loadImages`)
    /// replaces this text: then the loads no one else waits for are cancelled. Call it from
    /// the shell's task (`imageTask = Task { await core.loadImages(from: store) }`, on the
    /// main actor), after `setResult`.
    public func loadImages(from store: AttachmentImageStore, isolation: isolated (any Actor)? = #isolation) async {
        loadRelay?.events.finish()
        loadRelay = nil
        let generation = imageLifecycle.generation
        let requests = imageLifecycle.pendingRequests
        guard !requests.isEmpty else { return }
        let (relay, events) = AsyncStream.makeStream(of: AttachmentImageEvent.self)
        loadCount += 1
        let id = loadCount
        loadRelay = (id, events)
        let pump = Task {
            for await event in await store.load(requests) { events.yield(event) }
            events.finish()
        }
        events.onTermination = { _ in pump.cancel() }
        for await event in relay {
            apply(event, generation: generation)
        }
        if loadRelay?.id == id { loadRelay = nil }
    }
}

// RichTextLabel: the AppKit shell of `RichLabelCore`, smaller than UIKit's `RichLabel`:
// the same core and TextKit 2 layout in a flipped NSView, clicks for taps, a context menu
// for right clicks and long presses, one accessibility element per tappable match.
// CI (Linux) compiles this file against stub AppKit and SwiftUI modules
// (Scripts/typecheck-apple.sh, which drops `@objc` there: Linux has no Objective-C
// runtime); only a Mac runs it.
//
// APIs relied on, checked against Apple's documentation (macOS 13 is the package's floor):
//   NSView: isFlipped, draw(_:), layout(), setFrameSize(_:), needsLayout, needsDisplay, intrinsicContentSize,
//     invalidateIntrinsicContentSize(), viewDidMoveToWindow(), viewDidChangeEffectiveAppearance(),
//     effectiveAppearance, convert(_:from:), hitTest(_:), isDescendant(of:), menu(for: NSEvent) -> NSMenu?,
//     setAccessibilityRole(_:), setAccessibilityLabel(_:), setAccessibilityChildren(_:)
//   NSResponder: mouseDown(with:), mouseDragged(with:), mouseUp(with:); NSEvent.locationInWindow
//   NSAppearance.performAsCurrentDrawingAppearance(_:) (macOS 11); NSGraphicsContext.current?.cgContext
//   NSImage: init?(data:), init?(named:), init?(systemSymbolName:accessibilityDescription:) (macOS 11),
//     draw(in:from:operation:fraction:respectFlipped:hints:); NSWindow.backingScaleFactor
//   NSMenu(title:), addItem(_:), NSMenu.popUpContextMenu(_:with:for:); NSMenuItem(title:action:keyEquivalent:),
//     target, representedObject
//   NSPasteboard.general: clearContents(), setString(_:forType:), writeObjects(_:)
//   NSSharingServicePicker(items:).show(relativeTo:of:preferredEdge:)
//   NSAccessibilityElement.element(withRole:frame:label:parent:) (frame in screen coordinates),
//     setAccessibilityFrameInParentSpace(_:) (follows the parent); NSAccessibility.screenRect(fromView:rect:)
//   CACurrentMediaTime() -> CFTimeInterval (one clock for every event)
import RuleRuntime

#if canImport(AppKit) && !canImport(UIKit)
    import AppKit
    import QuartzCore

    /// A rich-text label for AppKit: `RichLabel`'s AppKit counterpart.
    ///
    /// ```swift
    /// let label = RichTextLabel()
    /// label.numberOfLines = 3
    /// label.result = SocialRules.render(post)
    /// label.onTap = { match in _ = SocialRules.dispatch(match, to: handlers) }
    /// ```
    @MainActor
    public final class RichTextLabel: NSView {
        public let core = RichLabelCore(engine: TextKit2LayoutEngine(defaultFontSize: 13))
        /// Called with each clicked match (the generated `<Name>Rules.dispatch(_:to:)`).
        public var onTap: ((RuleMatch) -> Void)?
        /// Called before the label carries out a menu action; `true`: the app did.
        public var onContextAction: ((ContextAction, ContextMenu) -> Bool)?
        public var imageStore: AttachmentImageStore? {
            didSet { loadImages() }
        }
        /// Resolves image names (asset catalog, then SF Symbols). Set it before `result`.
        public var imageNamed: (String) -> NSImage? = { NSImage(named: $0) ?? NSImage(systemSymbolName: $0, accessibilityDescription: nil) }
        public var widgetView: ((AttachmentFrame) -> NSView?)?
        public var actionTitle: (ContextAction) -> String = { $0.defaultTitle }
        /// The width `intrinsicContentSize` breaks lines at (0: the bounds' width).
        public var preferredMaxLayoutWidth: CGFloat = 0 {
            didSet { invalidateIntrinsicContentSize() }
        }

        private var imageTask: Task<Void, Never>?
        private var longPressTask: Task<Void, Never>?
        private var decoded: [Int: NSImage] = [:]
        private var decodedGeneration = -1
        private var widgets: [WidgetKey: NSView] = [:]
        private var tappableWidgets: [NSView] = []
        /// The elements VoiceOver sees (the view must keep them).
        private var elements: [NSAccessibilityElement] = []
        private var mouseDownEvent: NSEvent?

        public override init(frame: NSRect) {
            super.init(frame: frame)
            setUp()
        }

        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            setAccessibilityRole(.group)
            core.resolveImageName = { [weak self] name in self?.imageNamed(name).map { TextSize($0.size) } }
            core.onInvalidate = { [weak self] change in
                if change.contains(.size) { self?.invalidateIntrinsicContentSize() }
                self?.needsLayout = true
                self?.needsDisplay = true
            }
        }

        public override var isFlipped: Bool { true }

        /// What the label shows; setting it drops the previous text's press, expansion and images.
        public var result: RenderResult {
            get { core.result }
            set {
                core.setResult(newValue)
                decoded = [:]
                setAccessibilityLabel(newValue.accessibilityLabel)
                loadImages()
            }
        }

        public var numberOfLines: Int {
            get { core.numberOfLines }
            set { core.numberOfLines = newValue }
        }

        public var options: RichTextOptions {
            get { core.options }
            set { core.options = newValue }
        }

        private func loadImages() {
            imageTask?.cancel()
            imageTask = nil
            guard window != nil, let store = imageStore, !core.pendingImageRequests.isEmpty else { return }
            let core = self.core
            imageTask = Task { await core.loadImages(from: store) }
        }

        public override func viewDidMoveToWindow() {
            super.viewDidMoveToWindow()
            if window == nil {
                imageTask?.cancel()
                imageTask = nil
            } else if imageTask == nil {
                loadImages()
            }
        }

        private func image(forMatch index: Int) -> NSImage? {
            if decodedGeneration != core.imageGeneration {
                decoded = [:]
                decodedGeneration = core.imageGeneration
            }
            if let image = decoded[index] { return image }
            var image: NSImage?
            switch core.images[index] {
            case .loaded(let loaded)?: image = NSImage(data: loaded.data)
            case .named(let name, _)?: image = imageNamed(name)
            case nil: image = nil
            }
            if let image { decoded[index] = image }
            return image
        }

        // MARK: Layout and drawing

        /// The size for a width (`nil` or infinite: the natural width), rounded up to pixels.
        public func fittingSize(forWidth proposed: CGFloat?) -> CGSize {
            let width = proposed.map { $0 > 0 && $0 < CGFloat(TextKit2Layout.unboundedWidth) ? Double($0) : .infinity } ?? .infinity
            return CGSize(core.size(forWidth: width), scale: window?.backingScaleFactor ?? 2)
        }

        public override var intrinsicContentSize: NSSize {
            fittingSize(forWidth: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width)
        }

        public override func setFrameSize(_ newSize: NSSize) {
            super.setFrameSize(newSize)
            needsLayout = true
        }

        public override func layout() {
            super.layout()
            if core.width != Double(bounds.width) {
                core.width = Double(bounds.width)
                if preferredMaxLayoutWidth == 0 { invalidateIntrinsicContentSize() }
                needsDisplay = true
            }
            let layout = core.layout
            for (index, image) in core.images {
                if case .loaded(let loaded) = image, loaded.displaySize == nil, core.attachmentSizes[index] == nil,
                    let decoded = self.image(forMatch: index)
                {
                    core.setAttachmentSize(TextSize(decoded.size), forMatch: index)
                }
            }
            var live = Set<WidgetKey>()
            tappableWidgets = []
            for slot in layout.attachmentFrames where slot.widgetName != nil {
                live.insert(WidgetKey(slot))
                if widgets[WidgetKey(slot)] == nil, let view = widgetView?(slot) {
                    widgets[WidgetKey(slot)] = view
                    addSubview(view)
                    let fitting = view.intrinsicContentSize
                    if slot.attachment.width == nil || slot.attachment.height == nil, fitting.width > 0, fitting.height > 0 {
                        core.setAttachmentSize(TextSize(fitting), forMatch: slot.matchIndex)
                    }
                }
                guard let view = widgets[WidgetKey(slot)] else { continue }
                view.frame = CGRect(slot.rect)
                if slot.attachment.isTappable { tappableWidgets.append(view) }
            }
            for (id, view) in widgets where !live.contains(id) {
                view.removeFromSuperview()
                widgets[id] = nil
            }
            elements = layout.accessibilityFrames.compactMap { frame in
                let rect = CGRect(frame.frame)
                let element = NSAccessibilityElement.element(
                    withRole: frame.element.kind == .button ? .button : frame.element.kind == .image ? .image : .link,
                    frame: NSAccessibility.screenRect(fromView: self, rect: rect), label: frame.element.label, parent: self)
                guard let element = element as? NSAccessibilityElement else { return nil }
                element.setAccessibilityFrameInParentSpace(rect)
                return element
            }
            setAccessibilityChildren(elements)
        }

        public override func draw(_ dirtyRect: NSRect) {
            guard let context = NSGraphicsContext.current?.cgContext else { return }
            let layout = core.layout
            effectiveAppearance.performAsCurrentDrawingAppearance {
                (layout.textLayout as? TextKit2Layout)?.draw(at: .zero, in: context) { $0.cgColor }
            }
            for frame in layout.attachmentFrames {
                guard case .image = frame.attachment.kind, let image = image(forMatch: frame.matchIndex) else { continue }
                image.draw(in: CGRect(frame.rect), from: .zero, operation: .sourceOver, fraction: 1, respectFlipped: true, hints: nil)
            }
        }

        public override func viewDidChangeEffectiveAppearance() {
            super.viewDidChangeEffectiveAppearance()
            needsDisplay = true
        }

        /// A tappable widget's clicks are the match's: the label takes them.
        public override func hitTest(_ point: NSPoint) -> NSView? {
            let hit = super.hitTest(point)
            if let hit, hit !== self, tappableWidgets.contains(where: { hit === $0 || hit.isDescendant(of: $0) }) { return self }
            return hit
        }

        // MARK: Mouse

        public override func mouseDown(with event: NSEvent) {
            let point = convert(event.locationInWindow, from: nil)
            mouseDownEvent = event
            perform(core.touchBegan(at: TextPoint(point), time: CACurrentMediaTime()))
            longPressTask?.cancel()
            if let deadline = core.longPressDeadline {
                let delay = max(0, deadline - CACurrentMediaTime())
                longPressTask = Task { [weak self] in
                    try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
                    guard !Task.isCancelled, let self else { return }
                    self.perform(self.core.tick(time: CACurrentMediaTime()))
                }
            }
        }

        public override func mouseDragged(with event: NSEvent) {
            perform(core.touchMoved(to: TextPoint(convert(event.locationInWindow, from: nil)), time: CACurrentMediaTime()))
        }

        public override func mouseUp(with event: NSEvent) {
            longPressTask?.cancel()
            perform(core.touchEnded(at: TextPoint(convert(event.locationInWindow, from: nil)), time: CACurrentMediaTime()))
        }

        private func perform(_ action: RichLabelAction?) {
            switch action {
            case .tap(let match)?:
                onTap?(match)
            case .contextMenu(let menu)?:
                guard let event = mouseDownEvent else { return }
                NSMenu.popUpContextMenu(makeMenu(menu), with: event, for: self)
                // The menu tracked the mouse: its release will not come here.
                core.touchCancelled()
            case nil:
                break
            }
        }

        // MARK: Menus

        /// A right click: the menu of the match under the pointer, else of the text.
        public override func menu(for event: NSEvent) -> NSMenu? {
            let hit = core.hit(at: TextPoint(convert(event.locationInWindow, from: nil)))
            guard hit.displayOffset != nil else { return nil }
            if let index = hit.matchIndex {
                if let menu = core.contextMenu(forMatch: index) { return makeMenu(menu) }
                if core.shownResult.matches[index].isTruncationToken { return nil }
            }
            return makeMenu(core.textContextMenu)
        }

        /// What a menu item carries out.
        private final class Choice: NSObject {
            let action: ContextAction
            let menu: ContextMenu
            let match: RuleMatch?
            init(action: ContextAction, menu: ContextMenu, match: RuleMatch?) {
                self.action = action
                self.menu = menu
                self.match = match
            }
        }

        private func makeMenu(_ menu: ContextMenu) -> NSMenu {
            let shown = core.shownResult
            let match = menu.matchIndex.flatMap { shown.matches.indices.contains($0) ? shown.matches[$0] : nil }
            let nsMenu = NSMenu(title: menu.title)
            for action in menu.actions {
                let item = NSMenuItem(title: actionTitle(action), action: #selector(choose(_:)), keyEquivalent: "")
                item.target = self
                item.representedObject = Choice(action: action, menu: menu, match: match)
                nsMenu.addItem(item)
            }
            return nsMenu
        }

        @objc private func choose(_ item: NSMenuItem) {
            guard let choice = item.representedObject as? Choice else { return }
            if onContextAction?(choice.action, choice.menu) == true { return }
            switch choice.action {
            case .open:
                guard let match = choice.match else { return }
                if match.isTruncationToken, core.expandsOnTokenTap { core.expand() }
                onTap?(match)
            case .copyLink(let url):
                _ = NSPasteboard.general.clearContents()
                _ = NSPasteboard.general.writeObjects([url as NSURL])
            case .copyText(let text):
                _ = NSPasteboard.general.clearContents()
                _ = NSPasteboard.general.setString(text, forType: .string)
            case .share(let text, let url):
                let rect = TextRect.union(core.layout.textLayout.rects(for: choice.menu.displayRange)).map { CGRect($0) } ?? .zero
                NSSharingServicePicker(items: [url.map { $0 as NSURL as Any } ?? text]).show(
                    relativeTo: rect, of: self, preferredEdge: .minY)
            }
        }
    }
#endif

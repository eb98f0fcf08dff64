// RichLabel (AppKit): the AppKit shell of `RichLabelCore`, smaller than the UIKit one:
// the same core, shell state (Shared/LabelShell.swift) and TextKit 2 layout in a flipped NSView, clicks for taps, a context menu
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

    /// A rich-text label for AppKit: the UIKit `RichLabel`'s counterpart, the same name and
    /// members.
    ///
    /// ```swift
    /// let label = RichLabel()
    /// label.numberOfLines = 3
    /// label.result = SocialRules.render(post)
    /// label.onTap = { match in _ = SocialRules.dispatch(match, to: handlers) }
    /// ```
    @MainActor
    public final class RichLabel: NSView {
        /// The label's core: its options, expansion and line limit are there.
        public let core = RichLabelCore(engine: TextKit2LayoutEngine(defaultFontSize: 13))
        /// Called with each clicked match (the generated `<Name>Rules.dispatch(_:to:)`).
        public var onTap: ((RuleMatch) -> Void)? {
            get { shell.onTap }
            set { shell.onTap = newValue }
        }
        /// Called before the label carries out a menu action; `true`: the app did.
        public var onContextAction: ((ContextAction, ContextMenu) -> Bool)?
        /// Loads the attachments' images (none when `nil`); images by name come from `imageNamed`.
        public var imageStore: AttachmentImageStore? {
            get { shell.imageStore }
            set { shell.imageStore = newValue }
        }
        /// Resolves image names (asset catalog, then SF Symbols). Set it before `result`.
        public var imageNamed: (String) -> NSImage? = { NSImage(named: $0) ?? NSImage(systemSymbolName: $0, accessibilityDescription: nil) }
        /// The view of a widget (its frame's `widgetName`; one per widget, kept while the
        /// text stays).
        public var widgetView: ((AttachmentFrame) -> NSView?)?
        public var actionTitle: (ContextAction) -> String = { $0.defaultTitle }
        /// The width `intrinsicContentSize` breaks lines at (0: the bounds' width).
        public var preferredMaxLayoutWidth: CGFloat = 0 {
            didSet { invalidateIntrinsicContentSize() }
        }

        private lazy var shell = LabelShell<RichLabel>(core: core, clock: { CACurrentMediaTime() })
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
            shell.attach(self)
        }

        public override var isFlipped: Bool { true }

        /// What the label shows; setting it drops the previous text's press, expansion and images.
        public var result: RenderResult {
            get { core.result }
            set {
                shell.setResult(newValue)
                setAccessibilityLabel(newValue.accessibilityLabel)
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

        public override func viewDidMoveToWindow() {
            super.viewDidMoveToWindow()
            shell.windowChanged()
        }

        // MARK: Layout and drawing

        /// The size for a width (`nil` or infinite: the natural width), rounded up to pixels.
        public func fittingSize(forWidth proposed: CGFloat?) -> CGSize {
            CGSize(shell.size(forProposedWidth: proposed.map { Double($0) }), scale: window?.backingScaleFactor ?? 2)
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
            let (layout, widthChanged) = shell.layout(width: Double(bounds.width))
            if widthChanged {
                if preferredMaxLayoutWidth == 0 { invalidateIntrinsicContentSize() }
                needsDisplay = true
            }
            elements = shell.accessibilityFrames(of: layout).compactMap { frame, _ in
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
                guard case .image = frame.attachment.kind, let image = shell.image(forMatch: frame.matchIndex) else { continue }
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
            if let hit, hit !== self, shell.tappableWidgets.contains(where: { hit === $0 || hit.isDescendant(of: $0) }) { return self }
            return hit
        }

        // MARK: Mouse

        public override func mouseDown(with event: NSEvent) {
            let point = convert(event.locationInWindow, from: nil)
            mouseDownEvent = event
            perform(core.touchBegan(at: TextPoint(point), time: CACurrentMediaTime()))
            shell.scheduleLongPress { [weak self] action in self?.perform(action) }
        }

        public override func mouseDragged(with event: NSEvent) {
            perform(core.touchMoved(to: TextPoint(convert(event.locationInWindow, from: nil)), time: CACurrentMediaTime()))
        }

        public override func mouseUp(with event: NSEvent) {
            shell.cancelLongPress()
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
            shell.contextMenu(at: TextPoint(convert(event.locationInWindow, from: nil))).map(makeMenu)
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
            let match = shell.match(of: menu)
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
                if let match = choice.match { shell.activate(match) }
            case .copyLink(let url):
                _ = NSPasteboard.general.clearContents()
                _ = NSPasteboard.general.writeObjects([url as NSURL])
            case .copyText(let text):
                _ = NSPasteboard.general.clearContents()
                _ = NSPasteboard.general.setString(text, forType: .string)
            case .share(let text, let url):
                let rect = shell.rect(of: choice.menu).map { CGRect($0) } ?? .zero
                NSSharingServicePicker(items: [url.map { $0 as NSURL as Any } ?? text]).show(
                    relativeTo: rect, of: self, preferredEdge: .minY)
            }
        }
    }

    extension RichLabel: LabelShellHost {
        package var isInWindow: Bool { window != nil }
        package func decodeImage(_ data: Data) -> NSImage? { NSImage(data: data) }
        package func image(named name: String) -> NSImage? { imageNamed(name) }
        package func size(of image: NSImage) -> TextSize { TextSize(image.size) }
        package func makeWidgetView(for frame: AttachmentFrame) -> NSView? { widgetView?(frame) }
        package func fittingSize(of widget: NSView) -> TextSize { TextSize(widget.intrinsicContentSize) }
        package func addWidgetView(_ widget: NSView) { addSubview(widget) }
        package func removeWidgetView(_ widget: NSView) { widget.removeFromSuperview() }
        /// A tappable widget's clicks are the match's: `hitTest(_:)` gives them to the label.
        package func place(_ widget: NSView, at rect: TextRect, isTappable: Bool) { widget.frame = CGRect(rect) }

        package func invalidate(_ change: RichLabelInvalidation) {
            if change.contains(.size) { invalidateIntrinsicContentSize() }
            needsLayout = true
            needsDisplay = true
        }
    }
#endif

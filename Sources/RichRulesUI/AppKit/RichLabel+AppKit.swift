// RichLabel (AppKit): the AppKit shell of `RichLabelCore`, smaller than the UIKit one:
// the same core, shell state (Shared/LabelShell.swift) and TextKit 2 layout in a flipped
// NSView, clicks for taps, a context menu for right clicks and long presses, an
// accessibility group with one pressable element per tappable match and the widget views,
// a Links rotor, the pointing-hand cursor over links.
// CI (Linux) compiles this file against stub AppKit and SwiftUI modules
// (Scripts/typecheck-apple.sh, which drops `@objc` there: Linux has no Objective-C
// runtime); only a Mac runs it.
//
// APIs relied on, checked against Apple's documentation (macOS 13 is the package's floor):
//   NSView: isFlipped, draw(_:), layout(), setFrameSize(_:), needsLayout, needsDisplay, intrinsicContentSize,
//     invalidateIntrinsicContentSize(), viewDidMoveToWindow(), viewDidChangeEffectiveAppearance(),
//     effectiveAppearance, convert(_:from:), hitTest(_:), isDescendant(of:), menu(for: NSEvent) -> NSMenu?,
//     fittingSize, visibleRect, resetCursorRects(), addCursorRect(_:cursor:); NSWindow.invalidateCursorRects(for:);
//     NSCursor.pointingHand
//   NSAccessibilityProtocol on NSView: isAccessibilityElement() (NSView's default is false: overridden, so
//     the group and its label are exposed), accessibilityChildren() (overridden: built when VoiceOver
//     asks), setAccessibilityRole(_:), setAccessibilityLabel(_:), setAccessibilityCustomRotors(_:) (10.13)
//   NSAccessibilityElement (not main-actor isolated): init(), setAccessibilityRole(_:), setAccessibilityLabel(_:),
//     setAccessibilityParent(_:), setAccessibilityFrameInParentSpace(_:) (follows the parent);
//     accessibilityPerformPress() -> Bool (NSAccessibility's press action: VoiceOver's VO-Space)
//   NSAccessibility.post(element:notification: .layoutChanged)
//   NSAccessibilityCustomRotor(rotorType: .link, itemSearchDelegate:) (10.13; the delegate is held weakly);
//     NSAccessibilityCustomRotorItemSearchDelegate.rotor(_:resultFor:) -> NSAccessibilityCustomRotor.ItemResult?;
//     SearchParameters.currentItem (optional) / searchDirection; ItemResult(targetElement:)
//   NSResponder: mouseDown(with:), mouseDragged(with:), mouseUp(with:); NSEvent.locationInWindow
//   NSObject.perform(_:with:afterDelay:) (the long press's menu runs from the run loop, not inside a task:
//     a menu's modal tracking inside a main-actor job would hold every other main-actor job until it closes)
//   NSAppearance.performAsCurrentDrawingAppearance(_:) (macOS 11); NSGraphicsContext.current?.cgContext
//   NSImage: init?(data:), init(size:), addRepresentation(_:), init?(named:),
//     init?(systemSymbolName:accessibilityDescription:) (macOS 11),
//     draw(in:from:operation:fraction:respectFlipped:hints:); NSBitmapImageRep(data:), pixelsWide, pixelsHigh;
//     NSWindow.backingScaleFactor
//   NSMenu(title:), addItem(_:), NSMenu.popUpContextMenu(_:with:for:); NSMenuItem(title:action:keyEquivalent:),
//     target, representedObject
//   NSPasteboard.general: clearContents(), setString(_:forType:), writeObjects(_:)
//   NSSharingServicePicker(items:).show(relativeTo:of:preferredEdge:)
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
        /// text stays). A widget without a declared size takes its view's intrinsic size,
        /// else its `fittingSize` (a view built with constraints).
        public var widgetView: ((AttachmentFrame) -> NSView?)?
        public var actionTitle: (ContextAction) -> String = { $0.defaultTitle }
        /// The width `intrinsicContentSize` breaks lines at (0: the bounds' width).
        public var preferredMaxLayoutWidth: CGFloat = 0 {
            didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } }
        }
        /// Whether holding the mouse down shows the label's menu (default `true`; the right
        /// click always does).
        public var showsMenuOnLongPress: Bool {
            get { core.touchConfiguration.showsMenuOnLongPress }
            set { core.touchConfiguration.showsMenuOnLongPress = newValue }
        }
        /// The traits fonts follow (`RichText` sets them from SwiftUI's environment); `nil`:
        /// the view's layout direction (`userInterfaceLayoutDirection`) and the default text
        /// size (macOS has no Dynamic Type for AppKit text).
        public var traitsOverride: LabelTraits? {
            didSet { updateTraits() }
        }

        private lazy var shell = LabelShell<RichLabel>(core: core, clock: { CACurrentMediaTime() })
        /// The elements VoiceOver was given (the view must keep them), by element index.
        private var linkElements: [LinkElement] = []
        private var accessibilityItems: [Any]?
        private var mouseDownEvent: NSEvent?
        /// The menu a long press asked for, shown from the run loop (`showPendingMenu`).
        private var pendingMenu: ContextMenu?
        private lazy var linksRotor = NSAccessibilityCustomRotor(rotorType: .link, itemSearchDelegate: self)

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
            updateTraits()
            setAccessibilityCustomRotors([linksRotor])
        }

        private func updateTraits() {
            core.traits =
                traitsOverride
                ?? LabelTraits(layoutDirection: userInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight)
        }

        public override var isFlipped: Bool { true }

        /// What the label shows; setting it drops the previous text's press, expansion and images.
        public var result: RenderResult {
            get { core.result }
            set {
                cancelPendingMenu()
                shell.setResult(newValue)
            }
        }

        /// Shows a stream's next render (`RichStream.append`): the press and the images of the
        /// matches that did not change stay, the text is laid out again from the paragraph of
        /// the first change, and a truncation keeps its cut while the change is after it.
        public func apply(_ change: StreamChange) {
            shell.apply(change)
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
            if window == nil { cancelPendingMenu() }
            shell.windowChanged()
        }

        // MARK: Layout and drawing

        /// The size for a proposal, rounded up to pixels: `SizeProposal(swiftUI:)` for
        /// SwiftUI's (its zero proposal is the minimum size, the same on every platform).
        public func size(for proposal: SizeProposal) -> CGSize {
            CGSize(shell.size(for: proposal), scale: window?.backingScaleFactor ?? 2)
        }

        /// Runs `body` (SwiftUI's `sizeThatFits`) without invalidating the intrinsic size.
        package func measuring<T>(_ body: () -> T) -> T { shell.measuring(body) }

        public override var intrinsicContentSize: NSSize {
            size(for: SizeProposal(view: Double(preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width)))
        }

        public override func setFrameSize(_ newSize: NSSize) {
            super.setFrameSize(newSize)
            needsLayout = true
        }

        public override func layout() {
            super.layout()
            let (_, widthChanged) = shell.layout(width: Double(bounds.width))
            if widthChanged {
                if preferredMaxLayoutWidth == 0 { invalidateIntrinsicContentSize() }
                needsDisplay = true
            }
            // The link rects may have moved (new text at the same width, an image): cheap,
            // AppKit asks `resetCursorRects` again when it needs them.
            window?.invalidateCursorRects(for: self)
            // Once VoiceOver asked for the elements, they follow the layout (only when they change).
            if shell.appliedAccessibility != nil { apply(shell.updateAccessibility()) }
        }

        public override func draw(_ dirtyRect: NSRect) {
            guard let context = NSGraphicsContext.current?.cgContext else { return }
            let layout = core.layout
            effectiveAppearance.performAsCurrentDrawingAppearance {
                (layout.textLayout as? TextKit2Layout)?.draw(at: .zero, in: context) { $0.cgColor }
            }
            // Images decoded for display by the layout pass; none decodes here.
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

        /// The pointing hand over every tappable match.
        public override func resetCursorRects() {
            for rect in shell.linkRects {
                let visible = CGRect(rect).intersection(visibleRect)
                if !visible.isEmpty { addCursorRect(visible, cursor: .pointingHand) }
            }
        }

        // MARK: Mouse

        public override func mouseDown(with event: NSEvent) {
            let point = convert(event.locationInWindow, from: nil)
            cancelPendingMenu()
            mouseDownEvent = event
            handle(core.touchBegan(at: TextPoint(point), time: CACurrentMediaTime()))
            shell.scheduleLongPress { [weak self] action in self?.handle(action) }
        }

        public override func mouseDragged(with event: NSEvent) {
            handle(core.touchMoved(to: TextPoint(convert(event.locationInWindow, from: nil)), time: CACurrentMediaTime()))
        }

        public override func mouseUp(with event: NSEvent) {
            shell.cancelLongPress()
            handle(core.touchEnded(at: TextPoint(convert(event.locationInWindow, from: nil)), time: CACurrentMediaTime()))
        }

        private func handle(_ action: RichLabelAction?) {
            switch action {
            case .tap(let match)?:
                onTap?(match)
            case .contextMenu(let menu)?:
                // Not here: this may run inside the long-press task, and the menu's modal
                // tracking would hold the main actor until it closes. From a run-loop timer:
                // its callout is outside the main queue's drain, so the tracking loop keeps
                // running main-queue (main-actor) work — `DispatchQueue.main.async` would not.
                pendingMenu = menu
                perform(#selector(showPendingMenu), with: nil, afterDelay: 0)
            case nil:
                break
            }
        }

        /// A long press's menu not shown yet goes (new text, a new press, out of the window).
        private func cancelPendingMenu() {
            guard pendingMenu != nil else { return }
            pendingMenu = nil
            NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(showPendingMenu), object: nil)
        }

        @objc private func showPendingMenu() {
            guard let menu = pendingMenu, let event = mouseDownEvent else { return }
            pendingMenu = nil
            NSMenu.popUpContextMenu(makeMenu(menu), with: event, for: self)
            // The menu tracked the mouse: its release will not come here.
            core.touchCancelled()
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

        // MARK: Accessibility

        /// A group VoiceOver enters (NSView is no accessibility element by default: its role
        /// and label would never be exposed).
        public override func isAccessibilityElement() -> Bool { true }

        /// The tappable matches (each pressable) and the widget views, in reading order:
        /// built when VoiceOver asks, rebuilt only when they change.
        public override func accessibilityChildren() -> [Any]? {
            apply(shell.updateAccessibility())
            return accessibilityItems
        }

        /// The whole text, even before the children were asked for.
        public override func accessibilityLabel() -> String? {
            apply(shell.updateAccessibility())
            return shell.appliedAccessibility?.label
        }

        private func apply(_ update: LabelShell<RichLabel>.AccessibilityUpdate) {
            let value = update.value
            switch update.change {
            case .none where accessibilityItems != nil:
                return
            case .frames where linkElements.count == value.elements.count:
                for (element, frame) in zip(linkElements, value.elements) {
                    element.setAccessibilityFrameInParentSpace(CGRect(frame.frame))
                }
                return
            default:
                break
            }
            setAccessibilityLabel(value.label)
            linkElements = value.elements.enumerated().map { index, frame in
                let element = LinkElement()
                element.owner = self
                element.index = index
                let role: NSAccessibility.Role =
                    index == value.truncationToken || frame.element.kind == .button
                    ? .button : frame.element.kind == .image ? .image : .link
                element.setAccessibilityRole(role)
                element.setAccessibilityLabel(frame.element.label)
                element.setAccessibilityParent(self)
                element.setAccessibilityFrameInParentSpace(CGRect(frame.frame))
                return element
            }
            accessibilityItems = value.order.compactMap { item -> Any? in
                switch item {
                case .text: return nil  // the group's own label
                case .element(let index): return linkElements[index]
                case .widget(let index): return shell.widgetView(forMatch: value.widgets[index].matchIndex)
                }
            }
            if update.announce {
                NSAccessibility.post(element: self, notification: .layoutChanged, userInfo: [.uiElements: linkElements])
            }
        }

        /// VoiceOver's press on element `index`: the match's tap (the token expands).
        fileprivate func pressElement(_ index: Int) -> Bool {
            guard let match = shell.match(ofElement: index) else { return false }
            shell.activate(match)
            return true
        }

        fileprivate func rotorElement(from current: (any NSAccessibilityElementProtocol)?, forward: Bool) -> LinkElement? {
            apply(shell.updateAccessibility())
            var item: LabelAccessibility.Item?
            if let element = current as? LinkElement, let index = linkElements.firstIndex(where: { $0 === element }) {
                item = .element(index)
            } else if let view = current as? NSView {
                item = view === self ? .text : shell.accessibilityItem(ofWidgetView: view)
            }
            return shell.rotorLink(from: item, forward: forward).map { linkElements[$0] }
        }
    }

    extension RichLabel: @preconcurrency NSAccessibilityCustomRotorItemSearchDelegate {
        /// The Links rotor: the links in reading order (`LabelAccessibility.links`).
        public func rotor(
            _ rotor: NSAccessibilityCustomRotor, resultFor searchParameters: NSAccessibilityCustomRotor.SearchParameters
        ) -> NSAccessibilityCustomRotor.ItemResult? {
            let current = searchParameters.currentItem?.targetElement
            guard let next = rotorElement(from: current, forward: searchParameters.searchDirection == .next) else { return nil }
            return NSAccessibilityCustomRotor.ItemResult(targetElement: next)
        }
    }

    extension RichLabel: LabelShellHost {
        package var isInWindow: Bool { window != nil }

        /// Decoded at the store's scale (pixels ÷ scale points: `NSImage(data:)` alone takes
        /// the file's DPI, 72 for most web images: pixels as points), on a global queue: off
        /// the main thread whatever the isolation defaults.
        package nonisolated func decodeForDisplay(_ data: Data, scale: Double) async -> sending NSImage? {
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    guard let bitmap = NSBitmapImageRep(data: data), bitmap.pixelsWide > 0, bitmap.pixelsHigh > 0 else {
                        continuation.resume(returning: NSImage(data: data))  // not a bitmap (PDF): its own size
                        return
                    }
                    let size = NSSize(width: CGFloat(bitmap.pixelsWide) / scale, height: CGFloat(bitmap.pixelsHigh) / scale)
                    let image = NSImage(size: size)
                    image.addRepresentation(bitmap)
                    continuation.resume(returning: image)
                }
            }
        }

        package func image(named name: String) -> NSImage? { imageNamed(name) }
        package func size(of image: NSImage) -> TextSize { TextSize(image.size) }
        package func makeWidgetView(for frame: AttachmentFrame) -> NSView? { widgetView?(frame) }

        package func measure(_ widget: NSView) -> TextSize {
            let intrinsic = widget.intrinsicContentSize  // `noIntrinsicMetric` (-1) without one
            if intrinsic.width > 0, intrinsic.height > 0 { return TextSize(intrinsic) }
            let fitting = widget.fittingSize
            if fitting.width > 0, fitting.height > 0 { return TextSize(fitting) }
            return TextSize(widget.frame.size)
        }

        package func addWidgetView(_ widget: NSView) { addSubview(widget) }
        package func removeWidgetView(_ widget: NSView) { widget.removeFromSuperview() }
        /// A tappable widget's clicks are the match's: `hitTest(_:)` gives them to the label.
        package func place(_ widget: NSView, at rect: TextRect, isTappable: Bool) { widget.frame = CGRect(rect) }

        package func invalidate(_ change: RichLabelInvalidation) {
            if change.contains(.size) { invalidateIntrinsicContentSize() }
            window?.invalidateCursorRects(for: self)
            needsLayout = true
            needsDisplay = true
        }
    }

    /// A tappable match for VoiceOver: pressing it is the match's tap. NSAccessibilityElement
    /// is not main-actor isolated; AppKit calls accessibility on the main thread.
    private final class LinkElement: NSAccessibilityElement {
        weak var owner: RichLabel?
        /// Its index in the applied `LabelAccessibility.elements`.
        var index = 0

        override func accessibilityPerformPress() -> Bool {
            MainActor.assumeIsolated { [owner, index] in owner?.pressElement(index) ?? false }
        }
    }
#endif

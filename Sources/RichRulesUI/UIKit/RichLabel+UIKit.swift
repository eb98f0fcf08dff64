// RichLabel: the UIKit shell of `RichLabelCore`. Every decision the core can make is the
// core's (truncation and its "…more" token, the size for a proposal, press, slop, tap, long
// press, menus, frames, images, what VoiceOver sees and when it changed, the Links rotor's
// order, fonts by the view's traits), and what it shares with the AppKit label is
// Shared/LabelShell.swift's; this view maps their values to UIKit. CI (Linux) compiles this
// file against stub UIKit and SwiftUI modules for iOS, Mac Catalyst, tvOS, visionOS and
// watchOS (Scripts/typecheck-apple.sh); only a Mac runs it.
//
// Platforms: iOS, iPadOS, Mac Catalyst, tvOS and visionOS (TextKit 2: iOS 15, tvOS 15); not
// watchOS (no UIView). Menus and the pasteboard: iOS, Mac Catalyst and visionOS
// (`UIEditMenuInteraction`, `UIPasteboard`, `UIActivityViewController` are not on tvOS);
// on Mac Catalyst the menu is the right click's (`UIContextMenuInteraction`: Catalyst does
// not present an edit menu from code), and a long press shows none.
//
// APIs relied on, checked against Apple's documentation (iOS 16 is the package's floor):
//   UIView: draw(_:), layoutSubviews(), sizeThatFits(_: CGSize) -> CGSize, intrinsicContentSize,
//     invalidateIntrinsicContentSize(), setNeedsLayout(), setNeedsDisplay(), didMoveToWindow(),
//     traitCollectionDidChange(_: UITraitCollection?), addInteraction(_:), systemLayoutSizeFitting(_:) and
//     systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:),
//     UIView.layoutFittingCompressedSize; UILayoutPriority.required
//   UIResponder: touchesBegan/Moved/Ended/Cancelled(_: Set<UITouch>, with: UIEvent?), next
//   UITouch.location(in:); CACurrentMediaTime() -> CFTimeInterval (one clock for every event)
//   UIGraphicsGetCurrentContext() -> CGContext?; UIColor.resolvedColor(with:) -> UIColor
//   UITraitCollection: displayScale, preferredContentSizeCategory, legibilityWeight, layoutDirection,
//     hasDifferentColorAppearance(comparedTo:), init(preferredContentSizeCategory:)
//   UIImage: init?(data:scale:), preparingForDisplay() -> UIImage? (iOS 15, tvOS 15; decodes on the
//     calling thread: called off the main actor), init?(named:), init?(systemName:), draw(in:), size
//   UIEditMenuInteraction (iOS 16): init(delegate:), presentEditMenu(with:);
//     UIEditMenuConfiguration(identifier:sourcePoint:); UIEditMenuInteractionDelegate:
//     editMenuInteraction(_:menuFor:suggestedActions:) -> UIMenu? (an empty menu: none shown),
//     editMenuInteraction(_:targetRectFor:) -> CGRect (the protocol is not main-actor isolated, unlike
//     the interaction: the conformance is `@preconcurrency`, UIKit calls it on the main thread);
//     UIMenu(title:children:), UIAction(title:handler:)
//   UIContextMenuInteraction(delegate:) (Mac Catalyst); @MainActor UIContextMenuInteractionDelegate:
//     contextMenuInteraction(_:configurationForMenuAtLocation:) -> UIContextMenuConfiguration?;
//     UIContextMenuConfiguration(identifier:previewProvider:actionProvider:)
//   UIPasteboard.general: string, url (writing only: reading would prompt)
//   UIActivityViewController(activityItems: [Any], applicationActivities: [UIActivity]?);
//     popoverPresentationController?.sourceView / sourceRect; UIViewController.present(_:animated:)
//   UIAccessibilityElement(accessibilityContainer:): accessibilityFrameInContainerSpace (follows the
//     view), accessibilityLabel, accessibilityTraits (.staticText, .link, .image, .button);
//     @MainActor func accessibilityActivate() -> Bool (VoiceOver's double tap);
//     @MainActor var accessibilityPath: UIBezierPath?; UIAccessibility.convertToScreenCoordinates(
//     _: UIBezierPath, in: UIView) -> UIBezierPath; @MainActor UIAccessibility.isVoiceOverRunning;
//     UIAccessibility.post(notification: .layoutChanged, argument:); NSObject.accessibilityElements
//     (overridden: built when VoiceOver asks), accessibilityCustomRotors;
//     UIAccessibilityCustomRotor(systemType: .link, itemSearch:) with its @MainActor search closure,
//     UIAccessibilityCustomRotorSearchPredicate.currentItem / searchDirection,
//     UIAccessibilityCustomRotorItemResult(targetElement:targetRange:) (its target is held weakly: the
//     view keeps its elements)
import RuleRuntime

#if canImport(UIKit) && !os(watchOS)
    import UIKit
    import QuartzCore

    /// A rich-text label: a `RichLabelCore` laid out by TextKit 2 (`TextKit2LayoutEngine`),
    /// drawn by this view.
    ///
    /// ```swift
    /// let label = RichLabel()
    /// label.numberOfLines = 3                                  // the spec's token ends a longer text; a tap on it expands
    /// label.result = SocialRules.render(post)
    /// label.onTap = { match in _ = SocialRules.dispatch(match, to: handlers) }
    /// label.imageStore = store                                 // optional: loads the attachments' images
    /// label.widgetView = { frame in BadgeView(name: frame.widgetName ?? "") }   // optional: the spec's widgets
    /// ```
    ///
    /// A tap on a match calls `onTap` (the truncation token expands first); a long press
    /// shows the core's menu (open, copy link, copy, share) in an edit menu (turn it off
    /// with `showsMenuOnLongPress` in a cell with a context menu of its own); VoiceOver
    /// reads the text, each tappable match (its double tap is its tap) and the widget views
    /// in reading order, and its Links rotor walks the links. Fonts follow the view's own
    /// traits (text size, Bold Text, layout direction).
    ///
    /// In a self-sizing cell, the first height pass may come before the label has its width:
    /// set `preferredMaxLayoutWidth` to the width the label will have (the cell's
    /// `systemLayoutSizeFitting` target width less its insets), as with `UILabel`.
    @MainActor
    public final class RichLabel: UIView {
        /// The label's core: its options, expansion and line limit are there.
        public let core = RichLabelCore(engine: TextKit2LayoutEngine())
        /// Called with each tapped match (the generated `<Name>Rules.dispatch(_:to:)`).
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
        /// Resolves image names (asset catalog, then SF Symbols); its image's size is the
        /// attachment's intrinsic size. Set it before `result`.
        public var imageNamed: (String) -> UIImage? = { UIImage(named: $0) ?? UIImage(systemName: $0) }
        /// The view of a widget (its frame's `widgetName`; one per widget, kept while the
        /// text stays). A widget without a declared size takes its view's size: its
        /// intrinsic size, else what Auto Layout fits it to.
        public var widgetView: ((AttachmentFrame) -> UIView?)?
        /// The title of a menu action (English by default: `ContextAction.defaultTitle`).
        public var actionTitle: (ContextAction) -> String = { $0.defaultTitle }
        /// The width `intrinsicContentSize` breaks lines at before the label has a width
        /// (`UILabel`'s property); 0: the bounds' width, else one line per paragraph.
        public var preferredMaxLayoutWidth: CGFloat = 0 {
            didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } }
        }
        /// Whether a long press shows the label's menu (default `true`). Turn it off in a cell
        /// or view with a context menu of its own: both would fire. Always `false` on Mac
        /// Catalyst, which cannot present an edit menu from code: the right click shows it.
        public var showsMenuOnLongPress: Bool {
            get { core.touchConfiguration.showsMenuOnLongPress }
            set {
                #if targetEnvironment(macCatalyst)
                    core.touchConfiguration.showsMenuOnLongPress = false
                #else
                    core.touchConfiguration.showsMenuOnLongPress = newValue
                #endif
            }
        }
        /// The traits fonts follow; `nil` (default): the view's own trait collection
        /// (`traitOverrides` included). `RichText` sets them from SwiftUI's environment.
        public var traitsOverride: LabelTraits? {
            didSet { updateTraits() }
        }

        private lazy var shell = LabelShell<RichLabel>(core: core, clock: { CACurrentMediaTime() })
        private var menu: ContextMenu?
        private var forwardsTouches = false
        #if os(iOS) || os(visionOS)
            private lazy var editMenu = UIEditMenuInteraction(delegate: self)
        #endif
        /// The accessibility elements applied (`shell.appliedAccessibility`'s): the text's, each
        /// match's, and the reading order with the widget views.
        private var textElement: UIAccessibilityElement?
        private var matchElements: [MatchElement] = []
        private var accessibilityItems: [Any]?

        public override init(frame: CGRect) {
            super.init(frame: frame)
            setUp()
        }

        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            isOpaque = false
            contentMode = .redraw
            isUserInteractionEnabled = true
            #if os(iOS) || os(visionOS)
                addInteraction(editMenu)
            #endif
            #if targetEnvironment(macCatalyst)
                addInteraction(UIContextMenuInteraction(delegate: self))
                core.touchConfiguration.showsMenuOnLongPress = false
            #endif
            shell.attach(self)
            updateTraits()
            accessibilityCustomRotors = [makeLinksRotor()]
        }

        // MARK: Content

        /// What the label shows (a generated `render(_:)`). Setting it drops the previous
        /// text's press, expansion and images (their loads are cancelled): a reused cell's
        /// reset. VoiceOver hears of it only when its elements change (`updateAccessibility`).
        public var result: RenderResult {
            get { core.result }
            set { shell.setResult(newValue) }
        }

        /// The most lines shown (0: no limit); a longer text ends with the spec's truncation token.
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

        /// The styling hooks (`style`, `attributes`); the pressed match and the traits are the core's.
        public var options: RichTextOptions {
            get { core.options }
            set { core.options = newValue }
        }

        public override func didMoveToWindow() {
            super.didMoveToWindow()
            shell.windowChanged()
        }

        // MARK: Layout and drawing

        /// As `UILabel`: no width (0) is no limit, the natural size.
        public override func sizeThatFits(_ size: CGSize) -> CGSize {
            self.size(for: SizeProposal(view: Double(size.width)))
        }

        /// The size for a proposal, rounded up to whole pixels: `SizeProposal(swiftUI:)` for
        /// SwiftUI's (its zero proposal is the minimum size, the same on every platform).
        public func size(for proposal: SizeProposal) -> CGSize {
            CGSize(shell.size(for: proposal), scale: traitCollection.displayScale)
        }

        /// Runs `body` (SwiftUI's `sizeThatFits`) without invalidating the intrinsic size.
        package func measuring<T>(_ body: () -> T) -> T { shell.measuring(body) }

        public override var intrinsicContentSize: CGSize {
            sizeThatFits(CGSize(width: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width, height: 0))
        }

        /// A fitting of the label itself with a required width: that width, and the text's
        /// height at it, whatever the bounds are yet. (A cell's fitting asks its content view,
        /// whose engine reads `intrinsicContentSize`: see README for a cell's first pass.)
        public override func systemLayoutSizeFitting(
            _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
            verticalFittingPriority: UILayoutPriority
        ) -> CGSize {
            guard horizontalFittingPriority == .required, targetSize.width > 0 else {
                return super.systemLayoutSizeFitting(
                    targetSize, withHorizontalFittingPriority: horizontalFittingPriority, verticalFittingPriority: verticalFittingPriority)
            }
            return CGSize(width: targetSize.width, height: size(for: SizeProposal(view: Double(targetSize.width))).height)
        }

        public override func layoutSubviews() {
            super.layoutSubviews()
            let (_, widthChanged) = shell.layout(width: Double(bounds.width))
            if widthChanged, preferredMaxLayoutWidth == 0 { invalidateIntrinsicContentSize() }
            textElement?.accessibilityFrameInContainerSpace = bounds
            // Elements only for assistive technologies (VoiceOver runs, or one asked for them
            // before: Switch Control, Voice Control), and only when they change.
            if UIAccessibility.isVoiceOverRunning || shell.appliedAccessibility != nil { apply(shell.updateAccessibility()) }
        }

        public override func draw(_ rect: CGRect) {
            guard let context = UIGraphicsGetCurrentContext() else { return }
            let layout = core.layout
            let traits = traitCollection
            (layout.textLayout as? TextKit2Layout)?.draw(at: .zero, in: context) { $0.resolvedColor(with: traits).cgColor }
            // Images decoded for display by the layout pass; none decodes here.
            for frame in layout.attachmentFrames {
                guard case .image = frame.attachment.kind, let image = shell.image(forMatch: frame.matchIndex) else { continue }
                image.draw(in: CGRect(frame.rect))
            }
        }

        public override func traitCollectionDidChange(_ previous: UITraitCollection?) {
            super.traitCollectionDidChange(previous)
            updateTraits()  // text size, Bold Text, direction: a relayout when they changed
            if traitCollection.hasDifferentColorAppearance(comparedTo: previous) { setNeedsDisplay() }
        }

        private func updateTraits() {
            core.traits = traitsOverride ?? LabelTraits(traitCollection)
        }

        // MARK: Touches

        public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            guard let touch = touches.first else { return super.touchesBegan(touches, with: event) }
            let point = touch.location(in: self)
            handle(core.touchBegan(at: TextPoint(point), time: CACurrentMediaTime()), at: point)
            // Beside a tappable match the touch also goes on (a cell's selection).
            forwardsTouches = core.pressedMatch == nil
            if forwardsTouches { super.touchesBegan(touches, with: event) }
            shell.scheduleLongPress { [weak self] action in self?.handle(action, at: point) }
        }

        public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            if let touch = touches.first {
                let point = touch.location(in: self)
                handle(core.touchMoved(to: TextPoint(point), time: CACurrentMediaTime()), at: point)
            }
            if forwardsTouches { super.touchesMoved(touches, with: event) }
        }

        public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            shell.cancelLongPress()
            if let touch = touches.first {
                let point = touch.location(in: self)
                handle(core.touchEnded(at: TextPoint(point), time: CACurrentMediaTime()), at: point)
            }
            if forwardsTouches { super.touchesEnded(touches, with: event) }
        }

        public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            shell.cancelLongPress()
            core.touchCancelled()
            if forwardsTouches { super.touchesCancelled(touches, with: event) }
        }

        private func handle(_ action: RichLabelAction?, at point: CGPoint) {
            switch action {
            case .tap(let match)?:
                onTap?(match)
            case .contextMenu(let menu)?:
                #if os(iOS) || os(visionOS)
                    self.menu = menu
                    editMenu.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: point))
                #else
                    _ = menu  // tvOS: no edit menu, no pasteboard
                #endif
            case nil:
                break
            }
        }

        // MARK: Menus

        #if os(iOS) || os(visionOS)
            private func carryOut(_ action: ContextAction, of menu: ContextMenu, match: RuleMatch?, at point: CGPoint) {
                if onContextAction?(action, menu) == true { return }
                switch action {
                case .open:
                    if let match { shell.activate(match) }
                case .copyLink(let url):
                    UIPasteboard.general.url = url
                case .copyText(let text):
                    UIPasteboard.general.string = text
                case .share(let text, let url):
                    var responder: UIResponder? = next
                    while let current = responder, !(current is UIViewController) { responder = current.next }
                    guard let presenter = responder as? UIViewController else { return }
                    let sheet = UIActivityViewController(activityItems: [url.map { $0 as Any } ?? text], applicationActivities: nil)
                    sheet.popoverPresentationController?.sourceView = self
                    sheet.popoverPresentationController?.sourceRect = CGRect(origin: point, size: .zero)
                    presenter.present(sheet, animated: true)
                }
            }

            /// The UIKit menu of `menu`, its actions carried out at `point`.
            fileprivate func makeMenu(_ menu: ContextMenu, at point: CGPoint) -> UIMenu {
                let match = shell.match(of: menu)
                return UIMenu(
                    title: "",
                    children: menu.actions.map { action in
                        UIAction(title: actionTitle(action)) { [weak self] _ in self?.carryOut(action, of: menu, match: match, at: point) }
                    })
            }

            fileprivate var pendingMenu: ContextMenu? { menu }
            fileprivate func menuRect(_ menu: ContextMenu) -> TextRect? { shell.rect(of: menu) }
            fileprivate func contextMenu(at point: CGPoint) -> ContextMenu? { shell.contextMenu(at: TextPoint(point)) }
        #endif

        // MARK: Accessibility

        /// VoiceOver's elements in reading order: the text, each tappable match, each widget's
        /// own view (reachable). Built when VoiceOver asks, rebuilt only when they change.
        public override var accessibilityElements: [Any]? {
            get {
                apply(shell.updateAccessibility())
                return accessibilityItems
            }
            set {}  // the label's elements are its own
        }

        /// Applies what changed for VoiceOver: rebuilt elements (announced when VoiceOver
        /// already had others), moved frames, or nothing (its focus stays).
        private func apply(_ update: LabelShell<RichLabel>.AccessibilityUpdate) {
            let value = update.value
            switch update.change {
            case .none where accessibilityItems != nil:
                return
            case .frames where matchElements.count == value.elements.count:
                for (element, frame) in zip(matchElements, value.elements) { element.place(frame) }
                textElement?.accessibilityFrameInContainerSpace = bounds
                return
            default:
                break
            }
            let text = UIAccessibilityElement(accessibilityContainer: self)
            text.accessibilityLabel = value.label
            text.accessibilityTraits = .staticText
            text.accessibilityFrameInContainerSpace = bounds
            textElement = text
            matchElements = value.elements.enumerated().map { index, frame in
                let element = MatchElement(accessibilityContainer: self)
                element.owner = self
                element.index = index
                element.accessibilityLabel = frame.element.label
                switch frame.element.kind {
                case .link: element.accessibilityTraits = .link
                case .image: element.accessibilityTraits = [.image, .link]
                case .button: element.accessibilityTraits = .button
                }
                if index == value.truncationToken { element.accessibilityTraits = .button }
                element.place(frame)
                return element
            }
            accessibilityItems = value.order.compactMap { item -> Any? in
                switch item {
                case .text: return text
                case .element(let index): return matchElements[index]
                case .widget(let index): return shell.widgetView(forMatch: value.widgets[index].matchIndex)
                }
            }
            if update.announce, UIAccessibility.isVoiceOverRunning {
                UIAccessibility.post(notification: .layoutChanged, argument: nil)
            }
        }

        /// The Links rotor: the links in reading order (`LabelAccessibility.links`).
        private func makeLinksRotor() -> UIAccessibilityCustomRotor {
            UIAccessibilityCustomRotor(systemType: .link) { [weak self] predicate in
                guard let self else { return nil }
                self.apply(self.shell.updateAccessibility())
                guard
                    let next = self.shell.rotorLink(
                        from: self.accessibilityItem(of: predicate.currentItem.targetElement), forward: predicate.searchDirection == .next)
                else { return nil }
                return UIAccessibilityCustomRotorItemResult(targetElement: self.matchElements[next], targetRange: nil)
            }
        }

        /// Where VoiceOver's focus is, as an item of the reading order: the text, a match's
        /// element, a widget's view (`nil`: none of the label's).
        private func accessibilityItem(of target: (any NSObjectProtocol)?) -> LabelAccessibility.Item? {
            if let target = target as? UIAccessibilityElement, target === textElement { return .text }
            if let element = target as? MatchElement, let index = matchElements.firstIndex(where: { $0 === element }) {
                return .element(index)
            }
            return (target as? UIView).flatMap(shell.accessibilityItem(ofWidgetView:))
        }

        /// What VoiceOver's double tap on element `index` does: the match's tap (the token expands).
        fileprivate func activateElement(_ index: Int) -> Bool {
            guard let match = shell.match(ofElement: index) else { return false }
            shell.activate(match)
            return true
        }
    }

    #if os(iOS) || os(visionOS)
        extension RichLabel: @preconcurrency UIEditMenuInteractionDelegate {
            public func editMenuInteraction(
                _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                suggestedActions: [UIMenuElement]
            ) -> UIMenu? {
                guard let menu = pendingMenu else { return UIMenu(title: "", children: []) }
                return makeMenu(menu, at: configuration.sourcePoint)
            }

            public func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration)
                -> CGRect
            {
                // Beside what the menu is about, not over it.
                guard let menu = pendingMenu, let rect = menuRect(menu) else {
                    return CGRect(origin: configuration.sourcePoint, size: .zero)
                }
                return CGRect(rect)
            }
        }
    #endif

    #if targetEnvironment(macCatalyst)
        extension RichLabel: UIContextMenuInteractionDelegate {
            /// The right click on Mac Catalyst: the menu of the match under the pointer, else of
            /// the text; none on the token or beside the text.
            public func contextMenuInteraction(
                _ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint
            ) -> UIContextMenuConfiguration? {
                guard let menu = contextMenu(at: location) else { return nil }
                let uiMenu = makeMenu(menu, at: location)
                return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in uiMenu }
            }
        }
    #endif

    extension RichLabel: LabelShellHost {
        package var isInWindow: Bool { window != nil }

        /// Decoded at the store's scale and prepared for display on a global queue: off the
        /// main thread whatever the isolation defaults (a `nonisolated(nonsending)` function
        /// would run on its caller's, the main actor).
        package nonisolated func decodeForDisplay(_ data: Data, scale: Double) async -> sending UIImage? {
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    let image = UIImage(data: data, scale: CGFloat(scale))
                    continuation.resume(returning: image?.preparingForDisplay() ?? image)
                }
            }
        }

        package func image(named name: String) -> UIImage? { imageNamed(name) }
        package func size(of image: UIImage) -> TextSize { TextSize(image.size) }
        package func makeWidgetView(for frame: AttachmentFrame) -> UIView? { widgetView?(frame) }

        package func measure(_ widget: UIView) -> TextSize {
            let intrinsic = widget.intrinsicContentSize  // `noIntrinsicMetric` (-1) for Auto Layout views
            if intrinsic.width > 0, intrinsic.height > 0 { return TextSize(intrinsic) }
            let fitting = widget.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
            if fitting.width > 0, fitting.height > 0 { return TextSize(fitting) }
            return TextSize(widget.bounds.size)
        }

        package func addWidgetView(_ widget: UIView) { addSubview(widget) }
        package func removeWidgetView(_ widget: UIView) { widget.removeFromSuperview() }

        package func place(_ widget: UIView, at rect: TextRect, isTappable: Bool) {
            widget.frame = CGRect(rect)
            // A tappable widget's touches are the match's tap: the label takes them.
            widget.isUserInteractionEnabled = !isTappable
        }

        package func invalidate(_ change: RichLabelInvalidation) {
            if change.contains(.size) { invalidateIntrinsicContentSize() }
            setNeedsLayout()
            setNeedsDisplay()
        }
    }

    extension LabelTraits {
        /// The traits of a trait collection: its text size (unspecified: large), Bold Text,
        /// layout direction.
        public init(_ traits: UITraitCollection) {
            let sizes: [UIContentSizeCategory: LabelTraits.ContentSize] = [
                .extraSmall: .extraSmall, .small: .small, .medium: .medium, .large: .large, .extraLarge: .extraLarge,
                .extraExtraLarge: .extraExtraLarge, .extraExtraExtraLarge: .extraExtraExtraLarge,
                .accessibilityMedium: .accessibilityMedium, .accessibilityLarge: .accessibilityLarge,
                .accessibilityExtraLarge: .accessibilityExtraLarge, .accessibilityExtraExtraLarge: .accessibilityExtraExtraLarge,
                .accessibilityExtraExtraExtraLarge: .accessibilityExtraExtraExtraLarge,
            ]
            self.init(
                contentSize: sizes[traits.preferredContentSizeCategory] ?? .large,
                legibilityWeight: traits.legibilityWeight == .bold ? .bold : .regular,
                layoutDirection: traits.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight)
        }

        /// The content size category of `contentSize` (for `UIFontMetrics`).
        var contentSizeCategory: UIContentSizeCategory {
            switch contentSize {
            case .extraSmall: return .extraSmall
            case .small: return .small
            case .medium: return .medium
            case .large: return .large
            case .extraLarge: return .extraLarge
            case .extraExtraLarge: return .extraExtraLarge
            case .extraExtraExtraLarge: return .extraExtraExtraLarge
            case .accessibilityMedium: return .accessibilityMedium
            case .accessibilityLarge: return .accessibilityLarge
            case .accessibilityExtraLarge: return .accessibilityExtraLarge
            case .accessibilityExtraExtraLarge: return .accessibilityExtraExtraLarge
            case .accessibilityExtraExtraExtraLarge: return .accessibilityExtraExtraExtraLarge
            }
        }
    }

    /// A tappable match for VoiceOver: its double tap is the match's tap, and a match over
    /// several lines is outlined line by line.
    @MainActor
    private final class MatchElement: UIAccessibilityElement {
        weak var owner: RichLabel?
        /// Its index in the applied `LabelAccessibility.elements`.
        var index = 0
        var rects: [CGRect] = []

        func place(_ frame: AccessibilityFrame) {
            rects = frame.rects.map { CGRect($0) }
            accessibilityFrameInContainerSpace = CGRect(frame.frame)
        }

        override func accessibilityActivate() -> Bool {
            owner?.activateElement(index) ?? false
        }

        override var accessibilityPath: UIBezierPath? {
            get {
                guard rects.count > 1, let owner else { return nil }
                let path = UIBezierPath()
                for rect in rects { path.append(UIBezierPath(rect: rect)) }
                return UIAccessibility.convertToScreenCoordinates(path, in: owner)
            }
            set { super.accessibilityPath = newValue }
        }
    }
#endif

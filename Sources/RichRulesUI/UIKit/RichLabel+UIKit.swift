// RichLabel: the UIKit shell of `RichLabelCore`. Every decision the core can make is the
// core's (truncation and its "…more" token, the size for a width, press, slop, tap, long
// press, menus, frames, images), and what it shares with the AppKit label is
// Shared/LabelShell.swift's; this view maps their values to UIKit. CI (Linux) compiles
// this file against stub UIKit and SwiftUI modules (Scripts/typecheck-apple.sh); only a
// Mac runs it.
//
// APIs relied on, checked against Apple's documentation (iOS 16 is the package's floor):
//   UIView: draw(_:), layoutSubviews(), sizeThatFits(_: CGSize) -> CGSize, intrinsicContentSize,
//     invalidateIntrinsicContentSize(), setNeedsLayout(), setNeedsDisplay(), didMoveToWindow(),
//     traitCollectionDidChange(_: UITraitCollection?), addInteraction(_:), accessibilityElements
//   UIResponder: touchesBegan/Moved/Ended/Cancelled(_: Set<UITouch>, with: UIEvent?), next
//   UITouch.location(in:); CACurrentMediaTime() -> CFTimeInterval (one clock for every event)
//   UIGraphicsGetCurrentContext() -> CGContext?; UIColor.resolvedColor(with:) -> UIColor
//   UITraitCollection: displayScale, preferredContentSizeCategory, hasDifferentColorAppearance(comparedTo:)
//   UIImage: init?(data: Data), init?(named:), init?(systemName:), draw(in:), size
//   UIEditMenuInteraction (iOS 16): init(delegate:), presentEditMenu(with:);
//     UIEditMenuConfiguration(identifier:sourcePoint:); UIEditMenuInteractionDelegate:
//     editMenuInteraction(_:menuFor:suggestedActions:) -> UIMenu? (an empty menu: none shown),
//     editMenuInteraction(_:targetRectFor:) -> CGRect (the protocol is not main-actor isolated, unlike
//     the interaction: the conformance is `@preconcurrency`, UIKit calls it on the main thread);
//     UIMenu(title:children:), UIAction(title:handler:)
//   UIPasteboard.general: string, url (writing only: reading would prompt)
//   UIActivityViewController(activityItems: [Any], applicationActivities: [UIActivity]?);
//     popoverPresentationController?.sourceView / sourceRect; UIViewController.present(_:animated:)
//   UIAccessibilityElement(accessibilityContainer:): accessibilityFrameInContainerSpace (follows the
//     view), accessibilityLabel, accessibilityTraits (.staticText, .link, .image, .button);
//     @MainActor func accessibilityActivate() -> Bool (VoiceOver's double tap);
//     @MainActor var accessibilityPath: UIBezierPath?; UIAccessibility.convertToScreenCoordinates(
//     _: UIBezierPath, in: UIView) -> UIBezierPath; UIAccessibility.post(notification: .layoutChanged, argument:)
import RuleRuntime

#if canImport(UIKit)
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
    /// shows the core's menu (open, copy link, copy, share) in an edit menu; VoiceOver reads
    /// the text and each tappable match, whose double tap is its tap.
    @MainActor
    public final class RichLabel: UIView, @preconcurrency UIEditMenuInteractionDelegate {
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
        /// text stays).
        public var widgetView: ((AttachmentFrame) -> UIView?)?
        /// The title of a menu action (English by default: `ContextAction.defaultTitle`).
        public var actionTitle: (ContextAction) -> String = { $0.defaultTitle }
        /// The width `intrinsicContentSize` breaks lines at before the label has a width
        /// (`UILabel`'s property); 0: the bounds' width, else one line per paragraph.
        public var preferredMaxLayoutWidth: CGFloat = 0 {
            didSet { invalidateIntrinsicContentSize() }
        }

        private lazy var shell = LabelShell<RichLabel>(core: core, clock: { CACurrentMediaTime() })
        private var menu: ContextMenu?
        private var forwardsTouches = false
        private lazy var editMenu = UIEditMenuInteraction(delegate: self)

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
            addInteraction(editMenu)
            shell.attach(self)
        }

        // MARK: Content

        /// What the label shows (a generated `render(_:)`). Setting it drops the previous
        /// text's press, expansion and images (their loads are cancelled): a reused cell's reset.
        public var result: RenderResult {
            get { core.result }
            set {
                shell.setResult(newValue)
                UIAccessibility.post(notification: .layoutChanged, argument: nil)
            }
        }

        /// The most lines shown (0: no limit); a longer text ends with the spec's truncation token.
        public var numberOfLines: Int {
            get { core.numberOfLines }
            set { core.numberOfLines = newValue }
        }

        /// The styling hooks (`style`, `attributes`); the pressed match is the core's.
        public var options: RichTextOptions {
            get { core.options }
            set { core.options = newValue }
        }

        public override func didMoveToWindow() {
            super.didMoveToWindow()
            shell.windowChanged()
        }

        // MARK: Layout and drawing

        public override func sizeThatFits(_ size: CGSize) -> CGSize {
            CGSize(shell.size(forProposedWidth: Double(size.width)), scale: traitCollection.displayScale)
        }

        /// The size for a width SwiftUI proposes (`nil` or infinite: the natural width).
        public func fittingSize(forWidth proposed: CGFloat?) -> CGSize {
            CGSize(shell.size(forProposedWidth: proposed.map { max(1, Double($0)) }), scale: traitCollection.displayScale)
        }

        public override var intrinsicContentSize: CGSize {
            sizeThatFits(CGSize(width: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width, height: 0))
        }

        public override func layoutSubviews() {
            super.layoutSubviews()
            let (layout, widthChanged) = shell.layout(width: Double(bounds.width))
            if widthChanged, preferredMaxLayoutWidth == 0 { invalidateIntrinsicContentSize() }
            accessibilityElements = makeAccessibilityElements(for: layout)
        }

        public override func draw(_ rect: CGRect) {
            guard let context = UIGraphicsGetCurrentContext() else { return }
            let layout = core.layout
            let traits = traitCollection
            (layout.textLayout as? TextKit2Layout)?.draw(at: .zero, in: context) { $0.resolvedColor(with: traits).cgColor }
            for frame in layout.attachmentFrames {
                guard case .image = frame.attachment.kind, let image = shell.image(forMatch: frame.matchIndex) else { continue }
                image.draw(in: CGRect(frame.rect))
            }
        }

        public override func traitCollectionDidChange(_ previous: UITraitCollection?) {
            super.traitCollectionDidChange(previous)
            if previous?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory {
                let options = core.options
                core.options = options  // Dynamic Type fonts scale: lay out again
            }
            if traitCollection.hasDifferentColorAppearance(comparedTo: previous) { setNeedsDisplay() }
        }

        // MARK: Touches

        public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            guard let touch = touches.first else { return super.touchesBegan(touches, with: event) }
            let point = touch.location(in: self)
            perform(core.touchBegan(at: TextPoint(point), time: CACurrentMediaTime()), at: point)
            // Beside a tappable match the touch also goes on (a cell's selection).
            forwardsTouches = core.pressedMatch == nil
            if forwardsTouches { super.touchesBegan(touches, with: event) }
            shell.scheduleLongPress { [weak self] action in self?.perform(action, at: point) }
        }

        public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            if let touch = touches.first {
                let point = touch.location(in: self)
                perform(core.touchMoved(to: TextPoint(point), time: CACurrentMediaTime()), at: point)
            }
            if forwardsTouches { super.touchesMoved(touches, with: event) }
        }

        public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            shell.cancelLongPress()
            if let touch = touches.first {
                let point = touch.location(in: self)
                perform(core.touchEnded(at: TextPoint(point), time: CACurrentMediaTime()), at: point)
            }
            if forwardsTouches { super.touchesEnded(touches, with: event) }
        }

        public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            shell.cancelLongPress()
            core.touchCancelled()
            if forwardsTouches { super.touchesCancelled(touches, with: event) }
        }

        private func perform(_ action: RichLabelAction?, at point: CGPoint) {
            switch action {
            case .tap(let match)?:
                onTap?(match)
            case .contextMenu(let menu)?:
                self.menu = menu
                editMenu.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: point))
            case nil:
                break
            }
        }

        // MARK: Menus

        public func editMenuInteraction(
            _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration, suggestedActions: [UIMenuElement]
        ) -> UIMenu? {
            guard let menu else { return UIMenu(title: "", children: []) }
            let match = shell.match(of: menu)
            let point = configuration.sourcePoint
            return UIMenu(
                title: "",
                children: menu.actions.map { action in
                    UIAction(title: actionTitle(action)) { [weak self] _ in self?.carryOut(action, of: menu, match: match, at: point) }
                })
        }

        public func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration)
            -> CGRect
        {
            // Beside what the menu is about, not over it.
            guard let menu, let rect = shell.rect(of: menu) else {
                return CGRect(origin: configuration.sourcePoint, size: .zero)
            }
            return CGRect(rect)
        }

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

        // MARK: Accessibility

        /// The whole text (as VoiceOver reads it), then each tappable match laid out.
        private func makeAccessibilityElements(for layout: LabelLayout) -> [Any] {
            let text = UIAccessibilityElement(accessibilityContainer: self)
            text.accessibilityLabel = layout.result.accessibilityLabel
            text.accessibilityTraits = .staticText
            text.accessibilityFrameInContainerSpace = bounds
            var elements: [Any] = [text]
            for (frame, match) in shell.accessibilityFrames(of: layout) {
                let element = MatchElement(accessibilityContainer: self)
                element.owner = self
                element.match = match
                element.rects = frame.rects.map { CGRect($0) }
                element.accessibilityLabel = frame.element.label
                switch frame.element.kind {
                case .link: element.accessibilityTraits = .link
                case .image: element.accessibilityTraits = [.image, .link]
                case .button: element.accessibilityTraits = .button
                }
                element.accessibilityFrameInContainerSpace = CGRect(frame.frame)
                elements.append(element)
            }
            return elements
        }
    }

    extension RichLabel: LabelShellHost {
        package var isInWindow: Bool { window != nil }
        package func decodeImage(_ data: Data) -> UIImage? { UIImage(data: data) }
        package func image(named name: String) -> UIImage? { imageNamed(name) }
        package func size(of image: UIImage) -> TextSize { TextSize(image.size) }
        package func makeWidgetView(for frame: AttachmentFrame) -> UIView? { widgetView?(frame) }
        package func fittingSize(of widget: UIView) -> TextSize { TextSize(widget.intrinsicContentSize) }
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

        /// What a tap on `match` does, for VoiceOver's double tap: the token expands.
        fileprivate func activate(_ match: RuleMatch) { shell.activate(match) }
    }

    /// A tappable match for VoiceOver: its double tap is the match's tap, and a match over
    /// several lines is outlined line by line.
    @MainActor
    private final class MatchElement: UIAccessibilityElement {
        weak var owner: RichLabel?
        var match: RuleMatch?
        var rects: [CGRect] = []

        override func accessibilityActivate() -> Bool {
            guard let owner, let match else { return false }
            owner.activate(match)
            return true
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

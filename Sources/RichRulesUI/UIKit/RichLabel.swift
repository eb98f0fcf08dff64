// RichLabel: the UIKit shell of `RichLabelCore`. Every decision the core can make is the
// core's (truncation and its "…more" token, the size for a width, press, slop, tap, long
// press, menus, frames, images); this view maps its values to UIKit. CI (Linux) compiles
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
        /// The label's core: its options, expansion and interaction configuration are there.
        public let core = RichLabelCore(engine: TextKit2LayoutEngine())
        /// Called with each tapped match (the generated `<Name>Rules.dispatch(_:to:)`).
        public var onTap: ((RuleMatch) -> Void)?
        /// Called before the label carries out a menu action; `true`: the app did.
        public var onContextAction: ((ContextAction, ContextMenu) -> Bool)?
        /// Loads the attachments' images (none when `nil`); images by name come from `imageNamed`.
        public var imageStore: AttachmentImageStore? {
            didSet { loadImages() }
        }
        /// Resolves image names (asset catalog, then SF Symbols); its image's size is the
        /// attachment's intrinsic size. Set it before `result`.
        public var imageNamed: (String) -> UIImage? = { UIImage(named: $0) ?? UIImage(systemName: $0) }
        /// The view of a widget slot (one per slot id, kept while the id stays).
        public var widgetView: ((AttachmentFrame) -> UIView?)?
        /// The title of a menu action (English by default: `ContextAction.defaultTitle`).
        public var actionTitle: (ContextAction) -> String = { $0.defaultTitle }
        /// The width `intrinsicContentSize` breaks lines at before the label has a width
        /// (`UILabel`'s property); 0: the bounds' width, else one line per paragraph.
        public var preferredMaxLayoutWidth: CGFloat = 0 {
            didSet { invalidateIntrinsicContentSize() }
        }

        private var imageTask: Task<Void, Never>?
        private var longPressTask: Task<Void, Never>?
        private var decoded: [Int: UIImage] = [:]
        private var decodedGeneration = -1
        private var widgets: [WidgetKey: UIView] = [:]
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
            core.resolveImageName = { [weak self] name in self?.imageNamed(name).map { TextSize($0.size) } }
            core.onInvalidate = { [weak self] change in
                if change.contains(.size) { self?.invalidateIntrinsicContentSize() }
                self?.setNeedsLayout()
                self?.setNeedsDisplay()
            }
        }

        // MARK: Content

        /// What the label shows (a generated `render(_:)`). Setting it drops the previous
        /// text's press, expansion and images (their loads are cancelled): a reused cell's reset.
        public var result: RenderResult {
            get { core.result }
            set {
                core.setResult(newValue)
                decoded = [:]
                loadImages()
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

        private func loadImages() {
            imageTask?.cancel()
            imageTask = nil
            guard window != nil, let store = imageStore, !core.pendingImageRequests.isEmpty else { return }
            let core = self.core
            imageTask = Task { await core.loadImages(from: store) }
        }

        public override func didMoveToWindow() {
            super.didMoveToWindow()
            // Off screen, the pending loads stop; back on screen they resume (from the cache).
            if window == nil {
                imageTask?.cancel()
                imageTask = nil
            } else if imageTask == nil {
                loadImages()
            }
        }

        /// The image of match `index`, decoded once per text.
        private func image(forMatch index: Int) -> UIImage? {
            if decodedGeneration != core.imageGeneration {
                decoded = [:]
                decodedGeneration = core.imageGeneration
            }
            if let image = decoded[index] { return image }
            var image: UIImage?
            switch core.images[index] {
            case .loaded(let loaded)?: image = UIImage(data: loaded.data)
            case .named(let name, _)?: image = imageNamed(name)
            case nil: image = nil
            }
            if let image { decoded[index] = image }
            return image
        }

        // MARK: Layout and drawing

        private func width(_ proposed: CGFloat) -> Double {
            proposed > 0 && proposed < CGFloat(TextKit2Layout.unboundedWidth) ? Double(proposed) : .infinity
        }

        public override func sizeThatFits(_ size: CGSize) -> CGSize {
            CGSize(core.size(forWidth: width(size.width)), scale: traitCollection.displayScale)
        }

        /// The size for a width SwiftUI proposes (`nil` or infinite: the natural width).
        public func fittingSize(forWidth proposed: CGFloat?) -> CGSize {
            let width = proposed.map { $0 < CGFloat(TextKit2Layout.unboundedWidth) ? Double(max(1, $0)) : .infinity } ?? .infinity
            return CGSize(core.size(forWidth: width), scale: traitCollection.displayScale)
        }

        public override var intrinsicContentSize: CGSize {
            sizeThatFits(CGSize(width: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width, height: 0))
        }

        public override func layoutSubviews() {
            super.layoutSubviews()
            if core.width != Double(bounds.width) {
                core.width = Double(bounds.width)
                if preferredMaxLayoutWidth == 0 { invalidateIntrinsicContentSize() }
            }
            let layout = core.layout
            // Images whose header gave no size: measured once decoded (a relayout follows).
            for (index, image) in core.images {
                if case .loaded(let loaded) = image, loaded.displaySize == nil, core.attachmentSizes[index] == nil,
                    let decoded = self.image(forMatch: index)
                {
                    core.setAttachmentSize(TextSize(decoded.size), forMatch: index)
                }
            }
            placeWidgets(layout.attachmentFrames.filter { $0.widgetName != nil })
            accessibilityElements = makeAccessibilityElements(for: layout)
        }

        private func placeWidgets(_ slots: [AttachmentFrame]) {
            var live = Set<WidgetKey>()
            for slot in slots {
                live.insert(WidgetKey(slot))
                if widgets[WidgetKey(slot)] == nil, let view = widgetView?(slot) {
                    widgets[WidgetKey(slot)] = view
                    addSubview(view)
                    let fitting = view.intrinsicContentSize
                    if slot.attachment.width == nil || slot.attachment.height == nil, fitting.width > 0, fitting.height > 0 {
                        core.setAttachmentSize(TextSize(fitting), forMatch: slot.matchIndex)
                    }
                }
                widgets[WidgetKey(slot)]?.frame = CGRect(slot.rect)
                // A tappable widget's touches are the match's tap: the label takes them.
                widgets[WidgetKey(slot)]?.isUserInteractionEnabled = !slot.attachment.isTappable
            }
            for (id, view) in widgets where !live.contains(id) {
                view.removeFromSuperview()
                widgets[id] = nil
            }
        }

        public override func draw(_ rect: CGRect) {
            guard let context = UIGraphicsGetCurrentContext() else { return }
            let layout = core.layout
            let traits = traitCollection
            (layout.textLayout as? TextKit2Layout)?.draw(at: .zero, in: context) { $0.resolvedColor(with: traits).cgColor }
            for frame in layout.attachmentFrames {
                guard case .image = frame.attachment.kind, let image = image(forMatch: frame.matchIndex) else { continue }
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
            longPressTask?.cancel()
            if let deadline = core.longPressDeadline {
                let delay = max(0, deadline - CACurrentMediaTime())
                longPressTask = Task { [weak self] in
                    try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
                    guard !Task.isCancelled, let self else { return }
                    self.perform(self.core.tick(time: CACurrentMediaTime()), at: point)
                }
            }
        }

        public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            if let touch = touches.first {
                let point = touch.location(in: self)
                perform(core.touchMoved(to: TextPoint(point), time: CACurrentMediaTime()), at: point)
            }
            if forwardsTouches { super.touchesMoved(touches, with: event) }
        }

        public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            longPressTask?.cancel()
            if let touch = touches.first {
                let point = touch.location(in: self)
                perform(core.touchEnded(at: TextPoint(point), time: CACurrentMediaTime()), at: point)
            }
            if forwardsTouches { super.touchesEnded(touches, with: event) }
        }

        public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            longPressTask?.cancel()
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
            let shown = core.shownResult
            let match = menu.matchIndex.flatMap { shown.matches.indices.contains($0) ? shown.matches[$0] : nil }
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
            guard let menu, let rect = TextRect.union(core.layout.textLayout.rects(for: menu.displayRange)) else {
                return CGRect(origin: configuration.sourcePoint, size: .zero)
            }
            return CGRect(rect)
        }

        private func carryOut(_ action: ContextAction, of menu: ContextMenu, match: RuleMatch?, at point: CGPoint) {
            if onContextAction?(action, menu) == true { return }
            switch action {
            case .open:
                if let match { activate(match) }
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

        /// What a tap on `match` does, for a menu's "Open" and VoiceOver: the token expands.
        func activate(_ match: RuleMatch) {
            if match.isTruncationToken, core.expandsOnTokenTap { core.expand() }
            onTap?(match)
        }

        // MARK: Accessibility

        /// The whole text (as VoiceOver reads it), then each tappable match laid out.
        private func makeAccessibilityElements(for layout: LabelLayout) -> [Any] {
            let text = UIAccessibilityElement(accessibilityContainer: self)
            text.accessibilityLabel = layout.result.accessibilityLabel
            text.accessibilityTraits = .staticText
            text.accessibilityFrameInContainerSpace = bounds
            var elements: [Any] = [text]
            for frame in layout.accessibilityFrames where layout.result.matches.indices.contains(frame.element.matchIndex) {
                let element = MatchElement(accessibilityContainer: self)
                element.owner = self
                element.match = layout.result.matches[frame.element.matchIndex]
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

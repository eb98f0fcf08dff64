/// What VoiceOver sees of a label, as a value: the whole text, the tappable matches laid
/// out, the widget views among them, in reading order, and the Links rotor's order.
///
/// A shell keeps the last value it applied and compares the next one with it
/// (`change(from:)`) before replacing anything: the same elements (a cell reused with the
/// same text, a press, a redraw) replace nothing, moved frames (a new width) move the
/// elements it has, and only different elements are rebuilt and announced
/// (`UIAccessibility.Notification.layoutChanged`). VoiceOver's focus stays on an element
/// that is not replaced.
public struct LabelAccessibility: Sendable, Hashable {
    /// What VoiceOver reads for the whole text (`RenderResult.accessibilityLabel` of what is shown).
    public var label: String
    /// The tappable matches laid out, in display order (`LabelLayout.accessibilityFrames`).
    public var elements: [AccessibilityFrame]
    /// The widgets laid out, by match index with their frames: their views stay
    /// reachable, in reading order among the elements.
    public var widgets: [AttachmentFrame]
    /// Reading order: the text, then every element and widget by where it starts in the
    /// display.
    public var order: [Item]
    /// The element of the truncation token ("…more", a button that expands), if shown.
    public var truncationToken: Int?

    /// One entry of the reading order.
    public enum Item: Sendable, Hashable {
        /// The whole text.
        case text
        /// `elements[index]`.
        case element(Int)
        /// `widgets[index]`: the widget's own view.
        case widget(Int)
    }

    /// How a value differs from the one a shell applied last.
    public enum Change: Sendable, Hashable {
        /// Nothing VoiceOver sees.
        case none
        /// The same elements, with other frames (a new width): move them, announce nothing.
        case frames
        /// Other elements or text: rebuild them and post `.layoutChanged`.
        case elements
    }

    public init(label: String, elements: [AccessibilityFrame], widgets: [AttachmentFrame], truncationToken: Int? = nil) {
        self.label = label
        self.elements = elements
        self.widgets = widgets
        self.truncationToken = truncationToken
        var starts: [(offset: Int, item: Item)] = elements.indices.map { (elements[$0].element.displayRange.location, .element($0)) }
        starts += widgets.indices.map { (widgets[$0].displayOffset, .widget($0)) }
        // Stable by offset: an element and a widget at one offset keep elements first.
        let sorted = starts.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
        self.order = [.text] + sorted.map(\.element.item)
    }

    /// What `self` changes compared with `previous` (`nil`: nothing applied yet).
    public func change(from previous: LabelAccessibility?) -> Change {
        guard let previous else { return .elements }
        if previous == self { return .none }
        guard previous.label == label, previous.order == order, previous.truncationToken == truncationToken,
            previous.elements.map(\.element) == elements.map(\.element),
            previous.widgets.map(\.matchIndex) == widgets.map(\.matchIndex)
        else { return .elements }
        return .frames
    }

    /// The Links rotor's items, as indices into `elements`: every link and image (a
    /// tappable match read as a link), in reading order; widgets (buttons) and the
    /// truncation token ("more") are not links.
    public var links: [Int] {
        order.compactMap { item in
            guard case .element(let index) = item, elements[index].element.kind != .button, index != truncationToken else { return nil }
            return index
        }
    }

    /// The Links rotor's answer from `current` (where VoiceOver's focus is: the text, an
    /// element, a widget's view; `nil` or an item not in `order`: from the start or the
    /// end) in `direction`: the next (or previous) link in reading order, `nil` past the last
    /// (or before the first). From the text, which comes first, there is no previous link.
    public func link(from current: Item?, forward: Bool) -> Int? {
        let links = self.links
        guard let current, let position = order.firstIndex(of: current) else { return forward ? links.first : links.last }
        let rank = { (link: Int) in self.order.firstIndex(of: .element(link))! }
        return forward ? links.first { rank($0) > position } : links.last { rank($0) < position }
    }
}

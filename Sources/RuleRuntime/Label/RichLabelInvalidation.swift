/// What a shell redoes after a change of the label core (`RichLabelCore.onInvalidate`).
public struct RichLabelInvalidation: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Redraw (`setNeedsDisplay`, or set the attributed text again): the pressed match
    /// changed, an image arrived.
    public static let display = RichLabelInvalidation(rawValue: 1)
    /// The size may have changed (`invalidateIntrinsicContentSize`, `setNeedsLayout`):
    /// new text, expanded, a line limit, an attachment's intrinsic size, the options.
    public static let size = RichLabelInvalidation(rawValue: 2)
}

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

/// What a touch produced, for the shell to carry out.
public enum RichLabelAction: Sendable, Hashable {
    /// Dispatch this tap (the generated `<Name>Rules.dispatch(_:to:)`). A tap on the
    /// truncation token has already expanded the label when `expandsOnTokenTap` is set; its
    /// handler (the spec's, such as `expand`) is dispatched like any other.
    case tap(RuleMatch)
    /// Show this menu (a long press).
    case contextMenu(ContextMenu)
}

/// What a touch produced, for the shell to carry out.
public enum RichLabelAction: Sendable, Hashable {
    /// Dispatch this tap (the generated `<Name>Rules.dispatch(_:to:)`). A tap on the
    /// truncation token has already expanded the label when `expandsOnTokenTap` is set; its
    /// handler (the spec's, such as `expand`) is dispatched like any other.
    case tap(RuleMatch)
    /// Show this menu (a long press).
    case contextMenu(ContextMenu)
}

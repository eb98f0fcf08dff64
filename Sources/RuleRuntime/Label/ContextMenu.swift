/// What a long press offers, as data: the shell shows it (`UIContextMenuInteraction`,
/// `UIMenu`, `NSMenu`, SwiftUI's `contextMenu`) and carries out the chosen action.
public struct ContextMenu: Sendable, Hashable {
    /// The match pressed (an index into the shown result's `matches`), `nil` for plain text.
    public var matchIndex: Int?
    /// What the menu is about in the display (the match's range; the whole display for
    /// plain text), for the preview's highlight.
    public var displayRange: TextRange
    /// The menu's title: the match's text as VoiceOver reads it (an image's alt text), or
    /// the display for plain text.
    public var title: String
    /// The actions, in menu order.
    public var actions: [ContextAction]

    public init(matchIndex: Int?, displayRange: TextRange, title: String, actions: [ContextAction]) {
        self.matchIndex = matchIndex
        self.displayRange = displayRange
        self.title = title
        self.actions = actions
    }
}

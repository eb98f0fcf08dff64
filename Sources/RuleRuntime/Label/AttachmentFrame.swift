/// The frame of an attachment on screen.
public struct AttachmentFrame: Sendable, Hashable {
    /// The match showing it (an index into the shown result's `matches`, the same in the
    /// full result).
    public var matchIndex: Int
    /// Its U+FFFC character in the display.
    public var displayOffset: Int
    public var attachment: Attachment
    /// Its bounds in the text's coordinates.
    public var rect: TextRect

    public init(matchIndex: Int, displayOffset: Int, attachment: Attachment, rect: TextRect) {
        self.matchIndex = matchIndex
        self.displayOffset = displayOffset
        self.attachment = attachment
        self.rect = rect
    }

    /// The widget's name (`nil` for an image): a shell keeps one view per widget frame
    /// (its name and `matchIndex`, stable while the text stays), sets its frame to `rect`,
    /// and lets it take touches itself when its attachment is not `isTappable` (a tappable
    /// widget's touches are the match's tap).
    public var widgetName: String? {
        guard case .widget(let name) = attachment.kind else { return nil }
        return name
    }
}

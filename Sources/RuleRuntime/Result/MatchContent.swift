/// What a match shows in the display text.
@_spi(Testing) public enum MatchContent: Sendable, Hashable {
    /// Text (the matched text, a tag's content, or a replacement).
    case text(String)
    /// An image or widget (one U+FFFC in the display text) and the text beside it: empty
    /// when it replaces the match, else the match's text (`position before|after`).
    case attachment(Attachment, text: String)
}

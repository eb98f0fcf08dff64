/// How the lines of a paragraph are aligned (`NSTextAlignment`).
public enum ParagraphAlignment: String, Codable, Sendable, Hashable, CaseIterable {
    /// By the paragraph's writing direction: left for left to right, right for right to left.
    case natural
    case left, center, right
    /// Both edges, the paragraph's last line aligned naturally.
    case justified
}

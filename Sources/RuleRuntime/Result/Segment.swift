/// A run of the display text: plain text or a kept match.
public enum Segment: Sendable, Hashable {
    /// Plain text: its range in the source and in the display (same length). Its text is
    /// `RenderResult.text(of:)`.
    case plain(source: TextRange, display: TextRange)
    /// Index into `RenderResult.matches`.
    case match(Int)
}

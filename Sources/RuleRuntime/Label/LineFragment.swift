/// One line of a laid-out display.
public struct LineFragment: Sendable, Hashable {
    /// The line's characters in the display (UTF-16), its trailing spaces and line break
    /// included. The fragments of a layout follow each other without gaps from offset 0.
    public var displayRange: TextRange
    /// The line's used rect: its glyphs' extent across, its line height down (TextKit:
    /// `lineFragmentUsedRect`, or the text line fragment's typographic bounds).
    public var rect: TextRect
    /// The baseline's y (in the same coordinates as `rect`).
    public var baseline: Double

    public init(displayRange: TextRange, rect: TextRect, baseline: Double) {
        self.displayRange = displayRange
        self.rect = rect
        self.baseline = baseline
    }
}

/// A selected range of a label: what it shows and the source text it came from (for
/// "Copy", and for quoting or editing the original).
public struct TextSelection: Sendable, Hashable {
    /// The selected display range, widened to grapheme-cluster boundaries.
    public var displayRange: TextRange
    /// The display's text in that range (an attachment is its U+FFFC).
    public var displayText: String
    /// The source range it came from (see `RenderResult.selection(ofDisplayRange:)`).
    public var sourceRange: TextRange
    /// The original text in `sourceRange`.
    public var sourceText: String

    public init(displayRange: TextRange, displayText: String, sourceRange: TextRange, sourceText: String) {
        self.displayRange = displayRange
        self.displayText = displayText
        self.sourceRange = sourceRange
        self.sourceText = sourceText
    }
}

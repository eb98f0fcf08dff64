/// What lies under a point of a label: the display offset of the character there (`nil`
/// beside the text) and the tappable match it belongs to (`nil`: plain text, a match
/// without a tap, a widget that handles its own touches).
public struct LabelHit: Sendable, Hashable {
    public var displayOffset: Int?
    public var matchIndex: Int?

    public init(displayOffset: Int?, matchIndex: Int?) {
        self.displayOffset = displayOffset
        self.matchIndex = matchIndex
    }

    /// Nothing: beside the text.
    public static let besideText = LabelHit(displayOffset: nil, matchIndex: nil)
}

/// What a label is asked to size itself for, whatever the platform: each shell maps its own
/// proposals here, so that SwiftUI on iOS and on macOS, `sizeThatFits` and
/// `intrinsicContentSize` give the same answer for the same question
/// (`RichLabelCore.size(for:)`).
public enum SizeProposal: Sendable, Hashable {
    /// The natural size: one line per paragraph (SwiftUI's ideal size and its infinite
    /// proposal; a view's `sizeThatFits` with no width).
    case natural
    /// The minimum size: the narrowest width that breaks no word (`RichLabelCore.minimumWidth`),
    /// with the height there (SwiftUI's zero proposal).
    case minimum
    /// The size at this width (lines break to fit it).
    case width(Double)

    /// A width no label reaches (TextKit's default container size): a proposal this wide
    /// or wider is no limit.
    public static let unbounded = 10_000_000.0

    /// SwiftUI's proposal (`ProposedViewSize.width`): `nil` (the ideal size) and infinity
    /// (the maximum: a text is no wider than its lines) are the natural size, 0 ("the view
    /// responds with its minimum size") is the minimum, anything else that width. A width
    /// below the minimum still breaks lines there (inside words), as `Text` does.
    public init(swiftUI width: Double?) {
        guard let width, width.isFinite, width < Self.unbounded else {
            self = .natural
            return
        }
        self = width > 0 ? .width(width) : .minimum
    }

    /// A view's proposal (`sizeThatFits(_:)`, `intrinsicContentSize` at its bounds' width):
    /// as `UILabel`, 0 or less (no width yet) is no limit — the natural size.
    public init(view width: Double) {
        self = width > 0 && width.isFinite && width < Self.unbounded ? .width(width) : .natural
    }
}

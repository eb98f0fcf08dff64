/// The width a shell lays its text out at for a proposed one.
package enum LabelWidth {
    /// A container width no label reaches (TextKit's default container size): a proposal
    /// this wide or wider is no limit.
    package static let unbounded = 10_000_000.0

    /// `proposed` when it limits the lines; 0 or less (no width yet), `unbounded` or more
    /// and `nil` (SwiftUI's ideal size): `.infinity`, one line per paragraph.
    package static func forProposal(_ proposed: Double?) -> Double {
        guard let proposed, proposed > 0, proposed < unbounded else { return .infinity }
        return proposed
    }
}

import Foundation

/// What a `where` block does to a match's tap: gives it one, or takes it away (`tap none`).
@_spi(Generated) public enum TapOverride: Sendable, Hashable {
    /// The match taps this (its arguments filled from the match).
    case tap(TapSpec)
    /// The match is not tappable.
    case notTappable
}

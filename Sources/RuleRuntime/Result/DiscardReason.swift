/// Why a match was discarded: the kept match it overlaps, and which ranking step decided.
public struct DiscardReason: Sendable, Hashable, CustomStringConvertible {
    public enum Decider: String, Sendable, Hashable {
        case priority, position, length, declarationOrder
    }
    public var keptRule: String
    public var keptRange: TextRange
    public var decider: Decider

    package init(keptRule: String, keptRange: TextRange, decider: Decider) {
        self.keptRule = keptRule
        self.keptRange = keptRange
        self.decider = decider
    }

    public var description: String {
        let why: String
        switch decider {
        case .priority: why = "higher priority"
        case .position: why = "earlier start"
        case .length: why = "longer match"
        case .declarationOrder: why = "declared earlier"
        }
        return "overlaps '\(keptRule)' at \(keptRange), which wins (\(why))"
    }
}

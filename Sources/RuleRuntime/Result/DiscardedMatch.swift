/// A match the resolver dropped, with the reason.
public struct DiscardedMatch: Sendable, Hashable {
    public var match: RuleMatch
    public var reason: DiscardReason
    package init(match: RuleMatch, reason: DiscardReason) {
        self.match = match
        self.reason = reason
    }
}

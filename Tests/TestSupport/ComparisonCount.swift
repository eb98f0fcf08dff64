/// What a differential test compared: the pairs (pattern × text, rule × text, case) whose
/// reference answer it checked, and those it skipped because the reference gave up
/// (NSRegularExpression past its backtracking budget or out of stack).
///
/// A differential that skips without counting passes on nothing: a generator that makes no
/// pairs, or a reference that always gives up. `shortfall` says when a run compared fewer
/// pairs than its floor, or skipped more than its bound (1 % of the pairs by default).
public struct ComparisonCount: Sendable {
    public private(set) var compared = 0
    public private(set) var skipped = 0

    public init() {}

    public var pairs: Int { compared + skipped }

    /// Counts one pair by the reference's answer (`nil`: it gave up, the pair is skipped),
    /// and returns the answer.
    public mutating func count<Answer>(_ answer: Answer?) -> Answer? {
        if answer == nil { skipped += 1 } else { compared += 1 }
        return answer
    }

    /// Adds the counts of another run (a helper's, a pattern's).
    public mutating func add(_ other: ComparisonCount) {
        compared += other.compared
        skipped += other.skipped
    }

    /// Why the counts fail their bounds, or `nil` when they hold: at least `minimum` pairs
    /// compared, at most `maximum` skipped (default: 1 % of the pairs, rounded down).
    public func shortfall(compared minimum: Int, skippedAtMost maximum: Int? = nil) -> String? {
        let allowed = maximum ?? pairs / 100
        var problems: [String] = []
        if compared < minimum { problems.append("compared \(compared) pairs, fewer than \(minimum)") }
        if skipped > allowed {
            problems.append("skipped \(skipped) of \(pairs) pairs where the reference gave up, more than \(allowed)")
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}

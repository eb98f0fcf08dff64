/// Stage 2 of the engine: decides which candidates are kept, exactly as the brief's
/// resolution contract (rule 3) says.
///
/// All non-empty candidates are ranked by
/// 1. priority (`priorities[ruleIndex]`), higher first;
/// 2. location, earlier first;
/// 3. length, longer first;
/// 4. declaration order (`ruleIndex`), earlier first;
/// 5. (only for identical candidates from a hand-made list) index in the input.
///
/// Walking that ranking, a candidate is kept unless it overlaps (shares at least one
/// UTF-16 unit with) one already kept. Empty candidates never count: they are neither kept
/// nor discarded.
///
/// Cost: sorting the m candidates, plus one look at each UTF-16 unit a candidate covers:
/// the kept candidates are disjoint, so an owner array over the text answers "best-ranked
/// kept candidate overlapping this range" by scanning the range. Each rule's own matches
/// are disjoint too, so the scans add up to at most (number of rules) × (text length).
public enum Resolver {
    /// A discarded candidate: its index, the index of the best-ranked kept candidate it
    /// overlaps, and the first ranking key on which that one beats it.
    public typealias Discard = (index: Int, by: Int, decider: DiscardReason.Decider)

    /// Resolves `candidates` (see the type's documentation). `priorities[ruleIndex]` is the
    /// priority of a candidate's rule (a rule index past the end counts as priority 0).
    /// Returns indices into `candidates`, both lists in ranking order.
    public static func resolve(_ candidates: [Candidate], priorities: [Int]) -> (kept: [Int], discarded: [Discard]) {
        let order = ranking(candidates, priorities: priorities)
        guard !order.isEmpty else { return ([], []) }

        var end = 0
        for i in order { end = max(end, candidates[i].range.upperBound) }
        // owner[unit]: rank of the kept candidate covering it, or Int32.max.
        var owner = [Int32](repeating: Int32.max, count: end)
        var kept: [Int] = []
        var discarded: [Discard] = []
        owner.withUnsafeMutableBufferPointer { owner in
            for (rank, i) in order.enumerated() {
                let range = candidates[i].range
                var best = Int32.max
                for unit in range.location..<range.upperBound where owner[unit] < best { best = owner[unit] }
                if best == Int32.max {
                    for unit in range.location..<range.upperBound { owner[unit] = Int32(rank) }
                    kept.append(i)
                } else {
                    let winner = order[Int(best)]
                    discarded.append((i, winner, decider(winner: candidates[winner], loser: candidates[i], priorities: priorities)))
                }
            }
        }
        return (kept, discarded)
    }

    /// The indices of the non-empty candidates, best first.
    public static func ranking(_ candidates: [Candidate], priorities: [Int]) -> [Int] {
        var order = candidates.indices.filter { candidates[$0].range.length > 0 && candidates[$0].range.location >= 0 }
        let keys = candidates.map { c in
            (priority: priority(of: c, priorities), location: c.range.location, length: c.range.length, rule: c.ruleIndex)
        }
        order.sort { a, b in
            let x = keys[a], y = keys[b]
            if x.priority != y.priority { return x.priority > y.priority }
            if x.location != y.location { return x.location < y.location }
            if x.length != y.length { return x.length > y.length }
            if x.rule != y.rule { return x.rule < y.rule }
            return a < b
        }
        return order
    }

    /// The first ranking key on which `winner` beats `loser` (`declarationOrder` when they
    /// tie on every key).
    public static func decider(winner: Candidate, loser: Candidate, priorities: [Int]) -> DiscardReason.Decider {
        if priority(of: winner, priorities) != priority(of: loser, priorities) { return .priority }
        if winner.range.location != loser.range.location { return .position }
        if winner.range.length != loser.range.length { return .length }
        return .declarationOrder
    }

    @inline(__always) private static func priority(of candidate: Candidate, _ priorities: [Int]) -> Int {
        candidate.ruleIndex >= 0 && candidate.ruleIndex < priorities.count ? priorities[candidate.ruleIndex] : 0
    }
}

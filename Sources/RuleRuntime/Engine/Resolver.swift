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
/// Cost: O(m log m) for m candidates, independent of the text length and of how long or
/// nested the candidates are. Kept candidates are disjoint, so each elementary segment
/// between two candidate end points is claimed at most once; a min segment tree over those
/// segments answers "best-ranked kept candidate overlapping this range" in O(log m).
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

        // Elementary segments between the sorted distinct end points.
        var points: [Int] = []
        points.reserveCapacity(order.count * 2)
        for i in order {
            points.append(candidates[i].range.location)
            points.append(candidates[i].range.upperBound)
        }
        points.sort()
        var unique: [Int] = []
        unique.reserveCapacity(points.count)
        for p in points where unique.last != p { unique.append(p) }
        var tree = MinTree(count: unique.count - 1)

        var kept: [Int] = []
        var discarded: [Discard] = []
        for (rank, i) in order.enumerated() {
            let range = candidates[i].range
            let first = lowerBound(unique, range.location)
            let end = lowerBound(unique, range.upperBound)
            let owner = tree.minimum(first, end)
            if owner == Int.max {
                tree.assign(first, end, rank)
                kept.append(i)
            } else {
                let winner = order[owner]
                discarded.append((i, winner, decider(winner: candidates[winner], loser: candidates[i], priorities: priorities)))
            }
        }
        return (kept, discarded)
    }

    /// The indices of the non-empty candidates, best first.
    public static func ranking(_ candidates: [Candidate], priorities: [Int]) -> [Int] {
        var order = candidates.indices.filter { candidates[$0].range.length > 0 }
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

    /// The first index of sorted `values` whose element is not below `value`.
    private static func lowerBound(_ values: [Int], _ value: Int) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// A bottom-up segment tree of `Int` values (initially `Int.max`) answering range minima.
/// Each leaf is assigned at most once (kept candidates are disjoint), so point updates
/// keep the total cost linear in the number of leaves plus a logarithm per assignment.
private struct MinTree {
    private var size = 1
    private var nodes: [Int]

    init(count: Int) {
        while size < max(count, 1) { size *= 2 }
        nodes = Array(repeating: Int.max, count: 2 * size)
    }

    /// The minimum over leaves `low..<high`.
    func minimum(_ low: Int, _ high: Int) -> Int {
        var result = Int.max
        var l = low + size, r = high + size
        while l < r {
            if l & 1 == 1 {
                result = min(result, nodes[l])
                l += 1
            }
            if r & 1 == 1 {
                r -= 1
                result = min(result, nodes[r])
            }
            l /= 2
            r /= 2
        }
        return result
    }

    /// Sets leaves `low..<high` to `value` and updates their ancestors.
    mutating func assign(_ low: Int, _ high: Int, _ value: Int) {
        guard low < high else { return }
        for leaf in low..<high { nodes[size + leaf] = value }
        var l = (low + size) / 2, r = (high - 1 + size) / 2
        while l >= 1 {
            for parent in l...r { nodes[parent] = min(nodes[2 * parent], nodes[2 * parent + 1]) }
            l /= 2
            r /= 2
        }
    }
}

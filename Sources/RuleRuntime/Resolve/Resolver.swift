/// Stage 2 of the engine: decides which candidates are kept (the resolution rules of
/// docs/Language.md).
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
/// Cost: candidates that overlap nothing are kept without ranking, so the work is one sort
/// by position (fast when the matcher emits in text order, as the compiled scan does) plus
/// the ranking of each cluster of overlapping candidates. A cluster of more than a few
/// candidates uses an owner array over its own extent: the kept candidates are disjoint,
/// so it answers "best-ranked kept candidate overlapping this range" by scanning the
/// range; each rule's own matches are disjoint too, so the scans add up to at most
/// (number of rules) × (text length).
package enum Resolver {
    /// Resolves `candidates` (see the type's documentation). `priorities[ruleIndex]` is the
    /// priority of a candidate's rule (a rule index past the end counts as priority 0).
    /// Returns indices into `candidates`: the kept ones in text order, the discarded ones
    /// ordered by range (location, then length), rule index and index.
    package static func resolve(_ candidates: [Candidate], priorities: [Int]) -> (kept: [Int], discarded: [Resolution.Discard]) {
        // The usual case, as the compiled scan emits it: non-empty candidates in text order,
        // none overlapping the one before. Every one is kept, in that order.
        if isResolved(candidates) { return (Array(candidates.indices), []) }
        // The working order lives in a temporary buffer (on the stack for the usual few
        // candidates): every array allocation costs a run-time metadata lookup here.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: candidates.count) { buffer in
            var count = 0
            for (i, c) in candidates.enumerated() where c.range.length > 0 && c.range.location >= 0 {
                buffer[count] = i
                count += 1
            }
            var order = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            candidates.withUnsafeBufferPointer { c in
                order.sort { a, b in
                    let x = c[a].range, y = c[b].range
                    if x.location != y.location { return x.location < y.location }
                    if x.length != y.length { return x.length < y.length }
                    if c[a].ruleIndex != c[b].ruleIndex { return c[a].ruleIndex < c[b].ruleIndex }
                    return a < b
                }
            }
            var kept: [Int] = []
            kept.reserveCapacity(count)
            var discarded: [Resolution.Discard] = []
            var start = 0
            while start < count {
                var end = start + 1
                var reach = candidates[order[start]].range.upperBound
                while end < count, candidates[order[end]].range.location < reach {
                    reach = max(reach, candidates[order[end]].range.upperBound)
                    end += 1
                }
                if end - start == 1 {
                    kept.append(order[start])
                } else {
                    resolveCluster(Array(order[start..<end]), reach: reach, candidates, priorities, &kept, &discarded)
                }
                start = end
            }
            return (kept, discarded)
        }
    }

    /// Whether every candidate is non-empty and none overlaps the one before (in the given
    /// order): then all are kept, in that order.
    static func isResolved(_ candidates: [Candidate]) -> Bool {
        candidates.withUnsafeBufferPointer { c in
            var reach = 0
            for index in c.indices {
                let range = c[index].range
                guard range.length > 0, range.location >= reach else { return false }
                reach = range.upperBound
            }
            return true
        }
    }

    /// Resolves candidates that overlap only each other (`members`, in position order,
    /// covering units up to `reach`), appending to `kept` and `discarded` in that order.
    private static func resolveCluster(
        _ members: [Int], reach: Int, _ candidates: [Candidate], _ priorities: [Int], _ kept: inout [Int],
        _ discarded: inout [Resolution.Discard]
    ) {
        let count = members.count
        let ranked = ranking(members.map { candidates[$0] }, priorities: priorities)  // positions in `members`
        // winner[position]: -1 kept, else the position of the kept candidate that beats it.
        var winner = [Int](repeating: -1, count: count)
        if count <= 16 {
            var keptPositions: [Int] = []
            for position in ranked {
                let range = candidates[members[position]].range
                if let best = keptPositions.first(where: { candidates[members[$0]].range.overlaps(range) }) {
                    winner[position] = best
                } else {
                    keptPositions.append(position)
                }
            }
        } else {
            let base = candidates[members[0]].range.location
            // owner[unit - base]: rank of the kept candidate covering the unit, or Int32.max.
            var owner = [Int32](repeating: Int32.max, count: reach - base)
            owner.withUnsafeMutableBufferPointer { owner in
                for (rank, position) in ranked.enumerated() {
                    let range = candidates[members[position]].range
                    var best = Int32.max
                    for unit in range.location - base..<range.upperBound - base where owner[unit] < best { best = owner[unit] }
                    if best == Int32.max {
                        for unit in range.location - base..<range.upperBound - base { owner[unit] = Int32(rank) }
                    } else {
                        winner[position] = ranked[Int(best)]
                    }
                }
            }
        }
        for position in 0..<count {
            let index = members[position]
            if winner[position] < 0 {
                kept.append(index)
            } else {
                let by = members[winner[position]]
                discarded.append(
                    Resolution.Discard(
                        index: index, by: by, decider: decider(winner: candidates[by], loser: candidates[index], priorities: priorities)))
            }
        }
    }

    /// The indices of the non-empty candidates, best first.
    package static func ranking(_ candidates: [Candidate], priorities: [Int]) -> [Int] {
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
    package static func decider(winner: Candidate, loser: Candidate, priorities: [Int]) -> DiscardReason.Decider {
        if priority(of: winner, priorities) != priority(of: loser, priorities) { return .priority }
        if winner.range.location != loser.range.location { return .position }
        if winner.range.length != loser.range.length { return .length }
        return .declarationOrder
    }

    @inline(__always) private static func priority(of candidate: Candidate, _ priorities: [Int]) -> Int {
        candidate.ruleIndex >= 0 && candidate.ruleIndex < priorities.count ? priorities[candidate.ruleIndex] : 0
    }
}

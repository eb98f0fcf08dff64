/// Resolution with containers (`RuleEntry.nest`).
///
/// Two candidates *conflict* when their ranges overlap, except when one is a container and
/// the other lies entirely inside its content range: those two nest. Walking the ranking, a
/// candidate is kept unless it conflicts with one already kept, so the kept candidates form
/// a laminar family (any two are disjoint or one lies in the other's content), a forest in
/// which each kept candidate's parent is the innermost kept container around it. Of two
/// containers that each lie in the other's content (the same range, shown whole), the one
/// ranked first is the outer.
///
/// Note: the cluster keeps, per code unit, the innermost kept candidate covering it
/// (`owner`) and, per kept candidate, its parent. A candidate conflicts with a kept one
/// exactly when
/// - it is not a container, and some unit of its range has an owner chain member that does
///   not hold the whole range in its content; or
/// - it is a container, and such a member covers a unit of its markup (its range outside
///   its content), or covers its first or last unit while not lying inside its content
///   (a kept candidate crossing its boundary covers one of these).
/// So a container checks only its markup and its two end units, and walks owner chains
/// (at most the nesting depth, which the tag scanner bounds). Keeping a candidate writes it
/// as the owner of the units where it is now innermost and jumps over the kept candidates
/// it adopts as children.
extension Resolver {
    /// Resolves `candidates`; `contents[i]` is the content range of candidate `i` when it is
    /// a match of a container (`nil` otherwise, or `contents` itself `nil` when the table has
    /// no container). Discarded candidates name the best-ranked kept candidate they conflict
    /// with.
    package static func resolve(_ candidates: [Candidate], priorities: [Int], contents: [TextRange?]?) -> Resolution {
        guard let contents else {
            if isResolved(candidates) { return .keepingAll(candidates.count) }
            let (kept, discarded) = resolve(candidates, priorities: priorities)
            return Resolution(kept: kept, parents: nil, discarded: discarded)
        }
        var resolution = Resolution(kept: [], parents: [], discarded: [])
        let order = candidates.indices.filter { candidates[$0].range.length > 0 && candidates[$0].range.location >= 0 }.sorted { a, b in
            let x = candidates[a].range, y = candidates[b].range
            if x.location != y.location { return x.location < y.location }
            if x.length != y.length { return x.length < y.length }
            if candidates[a].ruleIndex != candidates[b].ruleIndex { return candidates[a].ruleIndex < candidates[b].ruleIndex }
            return a < b
        }
        var start = 0
        while start < order.count {
            var end = start + 1
            var reach = candidates[order[start]].range.upperBound
            while end < order.count, candidates[order[end]].range.location < reach {
                reach = max(reach, candidates[order[end]].range.upperBound)
                end += 1
            }
            let members = Array(order[start..<end])
            if members.count == 1 {
                resolution.kept.append(members[0])
                resolution.parents!.append(-1)
            } else {
                var cluster = NestedCluster(members: members, reach: reach, candidates: candidates, contents: contents)
                if !cluster.resolveWithoutConflicts(into: &resolution) { cluster.resolve(priorities: priorities, into: &resolution) }
            }
            start = end
        }
        if resolution.parents!.allSatisfy({ $0 < 0 }) { resolution.parents = nil }
        return resolution
    }
}

/// One cluster of overlapping candidates, resolved with nesting (see `Resolver+Nesting`).
private struct NestedCluster {
    let members: [Int]
    let candidates: [Candidate]
    let contents: [TextRange?]
    /// Ranges relative to the cluster's first unit, by position in `members`.
    let low: [Int]
    let high: [Int]
    /// Content ranges (relative) of containers; `nil` for other candidates.
    let content: [(low: Int, high: Int)?]
    let extent: Int

    init(members: [Int], reach: Int, candidates: [Candidate], contents: [TextRange?]) {
        self.members = members
        self.candidates = candidates
        self.contents = contents
        let base = candidates[members[0]].range.location
        low = members.map { candidates[$0].range.location - base }
        high = members.map { candidates[$0].range.upperBound - base }
        content = members.map { index in
            guard index < contents.count, let c = contents[index] else { return nil }
            // A content range outside the candidate's range is clamped into it.
            let r = candidates[index].range
            let lo = min(max(c.location, r.location), r.upperBound), hi = max(min(c.upperBound, r.upperBound), lo)
            return (lo - base, hi - base)
        }
        extent = reach - base
    }

    /// Resolves the cluster when no two members conflict (well-formed markup, however deep),
    /// in O(n log n): then every member is kept, whatever the ranking, each one's parent the
    /// innermost container holding it. One sweep in text order (by start, outer first) keeps
    /// the members around the sweep on a stack: a member conflicts with none when the top
    /// holds it in its content (the members below hold the top). Returns `false`, adding
    /// nothing, at the first conflict, or when two members share a range (the ranking then
    /// decides which is the outer): `resolve(priorities:into:)` decides those.
    func resolveWithoutConflicts(into resolution: inout Resolution) -> Bool {
        let order = low.indices.sorted { a, b in low[a] != low[b] ? low[a] < low[b] : high[a] > high[b] }
        var parent = [Int](repeating: -1, count: order.count)  // by position in `order`
        var stack: [Int] = []  // positions in `order`
        for (i, p) in order.enumerated() {
            if i > 0, low[order[i - 1]] == low[p], high[order[i - 1]] == high[p] { return false }
            while let t = stack.last, high[order[t]] <= low[p] { stack.removeLast() }
            if let t = stack.last {
                guard let c = content[order[t]], c.low <= low[p], high[p] <= c.high else { return false }
                parent[i] = t
            }
            stack.append(i)
        }
        let offset = resolution.kept.count
        for (i, p) in order.enumerated() {
            resolution.kept.append(members[p])
            resolution.parents!.append(parent[i] < 0 ? -1 : offset + parent[i])
        }
        return true
    }

    mutating func resolve(priorities: [Int], into resolution: inout Resolution) {
        let count = members.count
        let ranked = Resolver.ranking(members.map { candidates[$0] }, priorities: priorities)  // positions, best first
        // By position: -2 not kept, -1 kept at the top, else the position of the kept parent.
        var parent = [Int](repeating: -2, count: count)
        // The position of the best-ranked kept candidate a discarded one conflicts with.
        var beatenBy = [Int](repeating: -1, count: count)
        var rankOf = [Int](repeating: 0, count: count)
        for (rank, position) in ranked.enumerated() { rankOf[position] = rank }
        var owner = [Int](repeating: -1, count: extent)
        for position in ranked {
            let lo = low[position], hi = high[position], own = content[position]
            /// Kept `k` holds the whole candidate in its content.
            func holds(_ k: Int) -> Bool {
                guard let c = content[k] else { return false }
                return c.low <= lo && hi <= c.high
            }
            /// Kept `k` lies in the candidate's content.
            func inside(_ k: Int) -> Bool {
                guard let own else { return false }
                return own.low <= low[k] && high[k] <= own.high
            }
            var best = -1
            var enclosing = -1
            var last = -1
            func check(_ unit: Int) {
                var k = owner[unit]
                guard k != last else { return }
                last = k
                while k >= 0 {
                    if holds(k) {
                        enclosing = k
                        return
                    }
                    if !inside(k), best < 0 || rankOf[k] < rankOf[best] { best = k }
                    k = parent[k]
                }
            }
            if let own, own.high > own.low {
                for unit in lo..<own.low { check(unit) }
                for unit in own.high..<hi { check(unit) }
                if own.low == lo { check(lo) }
                if own.high == hi { check(hi - 1) }
            } else {
                for unit in lo..<hi { check(unit) }
            }
            if best >= 0 {
                beatenBy[position] = best
                continue
            }
            parent[position] = enclosing
            var unit = lo
            while unit < hi {
                let k = owner[unit]
                if k < 0 || holds(k) {
                    owner[unit] = position
                    unit += 1
                    continue
                }
                // A kept candidate inside the content: its outermost ancestor below
                // `enclosing` becomes a child.
                var child = k
                while parent[child] != enclosing { child = parent[child] }
                parent[child] = position
                unit = high[child]
            }
        }
        // Text order: by start, outer (longer, then shallower) first.
        var depth = [Int](repeating: -1, count: count)
        func depthOf(_ p: Int) -> Int {
            if depth[p] < 0 { depth[p] = parent[p] < 0 ? 0 : depthOf(parent[p]) + 1 }
            return depth[p]
        }
        let keptPositions = (0..<count).filter { parent[$0] != -2 }.sorted { a, b in
            if low[a] != low[b] { return low[a] < low[b] }
            if high[a] != high[b] { return high[a] > high[b] }
            return depthOf(a) < depthOf(b)
        }
        let offset = resolution.kept.count
        var index = [Int](repeating: -1, count: count)
        for (i, p) in keptPositions.enumerated() { index[p] = offset + i }
        for p in keptPositions {
            resolution.kept.append(members[p])
            resolution.parents!.append(parent[p] < 0 ? -1 : index[parent[p]])
        }
        for position in 0..<count where beatenBy[position] >= 0 {
            let by = members[beatenBy[position]]
            resolution.discarded.append(
                Resolution.Discard(
                    index: members[position], by: by,
                    decider: Resolver.decider(winner: candidates[by], loser: candidates[members[position]], priorities: priorities)))
        }
    }
}

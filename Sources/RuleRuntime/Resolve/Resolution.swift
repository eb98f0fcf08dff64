/// What the resolver decided for a text's candidates: the kept ones in text order (by
/// start, outer before inner), each one's parent container, and the discarded ones with
/// the kept candidate that beat each.
package struct Resolution: Sendable, Hashable {
    /// A discarded candidate: its index, the index of the best-ranked kept candidate it
    /// overlaps, and the first ranking key on which that one beats it. (A struct, not a
    /// tuple: an array of tuples looks up its element type at run time on every render.)
    package struct Discard: Sendable, Hashable {
        package var index: Int
        package var by: Int
        package var decider: DiscardReason.Decider

        package init(index: Int, by: Int, decider: DiscardReason.Decider) {
            self.index = index
            self.by = by
            self.decider = decider
        }
    }

    /// Indices into the candidates, in text order.
    package var kept: [Int] {
        get { keepsEveryCandidate ? Array(0..<candidateCount) : storedKept }
        _modify {
            if keepsEveryCandidate { storedKept = Array(0..<candidateCount) }
            keepsEveryCandidate = false
            yield &storedKept
        }
    }
    private var storedKept: [Int]
    /// Every one of `candidateCount` candidates is kept, in their order (the usual label:
    /// matches in text order, none overlapping): no index list is made.
    private(set) var keepsEveryCandidate = false
    private var candidateCount = 0
    /// The parent of each kept candidate, as an index into `kept` (`-1`: none); `nil` when
    /// nothing nests (every parent is `-1`).
    package var parents: [Int]?
    /// Ordered by range (location, then length), rule index and index.
    package var discarded: [Discard]

    /// Every one of `count` candidates kept, in order.
    static func keepingAll(_ count: Int) -> Resolution {
        var resolution = Resolution(kept: [], parents: nil, discarded: [])
        resolution.keepsEveryCandidate = true
        resolution.candidateCount = count
        return resolution
    }

    package init(kept: [Int], parents: [Int]?, discarded: [Discard]) {
        self.storedKept = kept
        self.parents = parents
        self.discarded = discarded
    }

    /// The parent of `kept[position]` (an index into `kept`), or `nil`.
    package func parent(of position: Int) -> Int? {
        guard let parents, parents[position] >= 0 else { return nil }
        return parents[position]
    }
}

import Foundation

extension RenderResult {
    /// The index in `matches` of the tappable match at a UTF-16 offset of the display, as
    /// TextKit's `characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)` returns
    /// one, or `nil` (plain text, a match without a tap, a widget with `tappable false`, an
    /// offset out of the display): the hit test every label builds on. Inside a container it
    /// is the innermost match around the character that has a tap (`tapOwner(of:)`).
    ///
    /// An offset inside a grapheme cluster (a surrogate pair's second half, a combining
    /// mark, a flag's second letter) resolves as its cluster: the match holding the
    /// cluster's first code unit. O(log n) in the number of matches, after the display and
    /// its runs are made once (the first hit test, or any other read of them).
    public func matchIndex(atDisplayOffset offset: Int) -> Int? {
        let display = self.display
        guard offset >= 0, offset < display.utf16.count, !matches.isEmpty else { return nil }
        let start = clusterStart(of: offset, in: display)
        guard let run = runIndex(atDisplayOffset: start).map({ displayRuns()[$0] }), let owner = run.owner else { return nil }
        // A widget that handles its own touches is not the match's tap.
        if run.isAttachment, matches[owner].ownPresentation.widget?.tappable == false { return nil }
        return tapOwner(of: owner)
    }

    /// The match of `matchIndex(atDisplayOffset:)`.
    package func match(atDisplayOffset offset: Int) -> RuleMatch? {
        matchIndex(atDisplayOffset: offset).map { matches[$0] }
    }

    /// The tappable match at a position of `attributedString()` (its character's first
    /// run), or `nil`.
    package func match(at index: AttributedString.Index, in attributed: AttributedString) -> RuleMatch? {
        guard index >= attributed.startIndex, index < attributed.endIndex else { return nil }
        let characters = attributed.characters
        let next = characters.index(after: index)
        let start = characters.index(before: next)
        guard let run = attributed[start..<next].runs.first, let matchIndex = run.richRules.matchIndex,
            matches.indices.contains(matchIndex), run.richRules.tap != nil, let owner = tapOwner(of: matchIndex)
        else { return nil }
        return matches[owner]
    }

    /// The UTF-16 offset where the grapheme cluster holding `offset` starts.
    func clusterStart(of offset: Int, in display: String) -> Int {
        let index = String.Index(utf16Offset: offset, in: display)
        // Character indices round down to a cluster boundary: the cluster after the one
        // holding `index`, then back one.
        let after = display.index(after: index)
        let start = display.index(before: after)
        return start.utf16Offset(in: display)
    }
}

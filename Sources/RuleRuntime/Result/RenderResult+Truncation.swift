extension RenderResult {
    /// The result cut to at most `limit` grapheme clusters of display, followed by the
    /// truncation token (ZLRichLabel's `truncationToken`): the spec's `truncation`
    /// statement (its text, style, highlight and tap), else `…` in the base style.
    ///
    /// The cut never splits a grapheme cluster or a match other than a container: a match
    /// that would be cut is dropped whole, with everything after it; a container around the
    /// cut keeps the part of its content before it (its display range ends at the cut). The
    /// token is the last of `matches` (`RuleMatch.isTruncationToken`; its source range is
    /// empty, at the cut; at the top level); every other match keeps its ranges, parent,
    /// tap and index. A display of at most `limit` clusters is
    /// returned unchanged (no token). Line-based truncation needs layout: see
    /// docs/Runtime.md for the TextKit recipe. Linear in the result.
    public func truncated(toCharacters limit: Int) -> RenderResult {
        guard let context, context.cut == nil else { return self }
        let display = self.display
        var cut = display.utf16.count
        var clusters = 0
        var index = display.startIndex
        while index < display.endIndex {
            if clusters == max(0, limit) {
                cut = index.utf16Offset(in: display)
                break
            }
            clusters += 1
            index = display.index(after: index)
        }
        guard index < display.endIndex else { return self }
        // Back off until the cut is a cluster boundary outside every match but containers.
        let runs = displayRuns()
        while true {
            var moved = cut
            // The leaf match holding the unit at the cut, if it starts before it.
            if let run = runIndex(atDisplayOffset: moved).map({ runs[$0] }), let owner = run.owner, !matches[owner].isContainer,
                matches[owner].displayRange.location < moved
            {
                moved = matches[owner].displayRange.location
            }
            if moved < display.utf16.count { moved = clusterStart(of: moved, in: display) }
            if moved == cut { break }
            cut = moved
        }
        return self.cut(at: cut, clipping: nil)
    }

    /// The result cut at display offset `offset`, followed by the truncation token: what a
    /// label truncated to a number of lines shows (`LineTruncation` finds the offset).
    ///
    /// `offset` is rounded down to a grapheme-cluster boundary of the display, so the cut
    /// never splits a cluster. Everything shown before the cut stays, everything after it
    /// goes: a leaf match the cut goes through is kept **clipped** — its `displayRange`,
    /// `display` and `content` end at the cut (an attachment after the cut is left out), its
    /// source range, tap, style and index stay, so the part shown is still tappable and
    /// still dispatches the whole match's tap. A container around the cut is cut short as in
    /// `truncated(toCharacters:)`. The token is the last of `matches`, its source range
    /// empty at the source end of what is shown (the end of a clipped match). Kept matches
    /// keep their indices. An offset at or past the end of the display returns the result
    /// unchanged (no token); a result already truncated is returned as it is. Linear in the
    /// result.
    public func truncated(atDisplayOffset offset: Int) -> RenderResult {
        guard let context, context.cut == nil else { return self }
        let display = self.display
        guard offset < display.utf16.count else { return self }
        let cut = offset <= 0 ? 0 : clusterStart(of: offset, in: display)
        var clip: Int?
        if let run = runIndex(atDisplayOffset: cut).map({ displayRuns()[$0] }), let owner = run.owner, !matches[owner].isContainer,
            matches[owner].displayRange.location < cut
        {
            clip = owner
        }
        return self.cut(at: cut, clipping: clip)
    }

    /// The result cut at display offset `cut` (a cluster boundary outside every leaf match
    /// but `clip`), with the token.
    private func cut(at cut: Int, clipping clip: Int?) -> RenderResult {
        guard let context else { return self }
        // The matches shown whole, and the containers cut short (with their parents).
        var kept: [Int] = []
        var newIndex = [Int](repeating: -1, count: matches.count)
        for (index, match) in matches.enumerated() {
            let range = match.displayRange
            guard range.upperBound <= cut || (match.isContainer && range.location < cut) || index == clip,
                match.parent.map({ newIndex[$0] >= 0 }) ?? true
            else { continue }
            newIndex[index] = kept.count
            kept.append(index)
        }
        let html = context.nesting?.html
        let sourceCut =
            clip.map { matches[$0].range.upperBound } ?? html?.sourceOffset(ofDisplay: cut, sourceLength: context.units.count)
            ?? sourceOffset(ofDisplay: cut, kept: kept)
        let clipped = clip.map { index in
            let range = matches[index].displayRange
            return MatchContext.Clip(candidate: matches[index].candidateIndex, shown: cut - range.location, full: range.length)
        }
        let truncated = MatchContext(
            text: text, units: context.storage, rules: context.rules, candidates: context.candidates, solver: context.solver,
            presentation: context.presentation, measured: context.measured,
            cut: .init(source: sourceCut, clip: clipped, display: html != nil ? cut : nil),
            reads: context.reads, unitCount: context.unitCount)
        let ranges = kept.map { index in
            let range = matches[index].displayRange
            return TextRange(location: range.location, length: min(range.upperBound, cut) - range.location)
        }
        if let nesting = context.nesting {
            truncated.nesting = Nesting(
                kept: kept.map { nesting.kept[$0] }, parents: kept.map { matches[$0].parent.map { newIndex[$0] } ?? -1 },
                isContainer: kept.map { nesting.isContainer[$0] }, contents: kept.map { nesting.contents[$0] }, displayRanges: ranges)
            if let html {
                truncated.nesting?.html = html
                truncated.nesting?.sliced = kept.map { nesting.sliced[$0] }
            }
        }
        func rebased(_ match: RuleMatch, at position: Int? = nil) -> RuleMatch {
            RuleMatch(
                candidateIndex: match.candidateIndex, range: match.range, ruleIndex: match.ruleIndex,
                displayRange: position.map { ranges[$0] } ?? match.displayRange, context: truncated,
                position: context.nesting != nil ? position ?? -1 : -1, parent: match.parent.map { newIndex[$0] })
        }
        var newMatches = kept.indices.map { rebased(matches[kept[$0]], at: $0) }
        newMatches.append(
            RuleMatch(
                candidateIndex: -1, range: TextRange(location: sourceCut, length: 0), ruleIndex: context.rules.count,
                displayRange: TextRange(location: cut, length: context.presentation.tokenText.utf16.count), context: truncated))
        let newDiscarded = discarded.filter { $0.match.range.location < sourceCut }.map {
            DiscardedMatch(match: rebased($0.match), reason: $0.reason)
        }
        var result = RenderResult(text: text, matches: newMatches, discarded: newDiscarded, interrupted: interrupted, context: truncated)
        result.arguments = arguments
        return result
    }

    /// The source offset of display offset `cut`, which lies outside every match but
    /// containers: after the last of the `kept` matches (indices into `matches`) that ends
    /// before it in the innermost container around it (or at the top), else from that
    /// container's content start.
    private func sourceOffset(ofDisplay cut: Int, kept: [Int]) -> Int {
        var around: Int?
        for index in kept where matches[index].isContainer {
            let range = matches[index].displayRange
            if range.location < cut, cut < range.upperBound { around = index }
        }
        if let before = kept.last(where: { matches[$0].parent == around && matches[$0].displayRange.upperBound <= cut }) {
            return matches[before].range.upperBound + (cut - matches[before].displayRange.upperBound)
        }
        if let around { return matches[around].contentRange.location + (cut - matches[around].displayRange.location) }
        return cut
    }

    /// Whether this result was truncated (its last match is the token).
    public var isTruncated: Bool { matches.last?.isTruncationToken ?? false }
}

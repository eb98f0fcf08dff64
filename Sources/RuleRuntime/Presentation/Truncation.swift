extension RenderResult {
    /// The result cut to at most `limit` grapheme clusters of display, followed by the
    /// truncation token (ZLRichLabel's `truncationToken`): the spec's `truncation`
    /// statement (its text, style, highlight and tap), else `…` in the base style.
    ///
    /// The cut never splits a grapheme cluster or a match: a match that would be cut is
    /// dropped whole, with everything after it. The token is the last of `matches`
    /// (`RuleMatch.isTruncationToken`; its source range is empty, at the cut); every other
    /// match keeps its ranges, tap and index. A display of at most `limit` clusters is
    /// returned unchanged (no token). Line-based truncation needs layout: see
    /// docs/Runtime.md for the TextKit recipe.
    public func truncated(toCharacters limit: Int) -> RenderResult {
        guard let context, context.truncationRuleIndex == nil else { return self }
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
        // Back off until the cut is a cluster boundary outside every match.
        while true {
            var moved = cut
            if let inside = matches.last(where: { $0.displayRange.location < moved && moved < $0.displayRange.upperBound }) {
                moved = inside.displayRange.location
            }
            if moved < display.utf16.count { moved = clusterStart(of: moved, in: display) }
            if moved == cut { break }
            cut = moved
        }
        let kept = matches.filter { $0.displayRange.upperBound <= cut }
        let sourceCut: Int
        if let last = kept.last {
            sourceCut = last.range.upperBound + (cut - last.displayRange.upperBound)
        } else {
            sourceCut = cut
        }
        // The token: a pseudo-rule after the table's, one empty candidate at the cut.
        let spec = context.presentation.truncation ?? TruncationSpec(text: "…", style: context.presentation.base)
        let tokenRule = RuleEntry(
            name: "truncation", matcher: .prefix(""),
            presentation: Presentation(
                style: spec.style, styleName: spec.styleName, highlight: spec.highlight, tap: spec.tap, replace: Template(text: spec.text)))
        var candidates = context.candidates
        candidates.append(Candidate(ruleIndex: context.rules.count, range: TextRange(location: sourceCut, length: 0)))
        let tokenContext = MatchContext(
            units: context.storage, rules: context.rules + [tokenRule], candidates: candidates, solver: context.solver,
            presentation: context.presentation, truncationRuleIndex: context.rules.count)
        func rebased(_ match: RuleMatch) -> RuleMatch {
            RuleMatch(
                candidateIndex: match.candidateIndex, range: match.range, ruleIndex: match.ruleIndex, displayRange: match.displayRange,
                context: tokenContext)
        }
        var newMatches = kept.map(rebased)
        newMatches.append(
            RuleMatch(
                candidateIndex: candidates.count - 1, range: TextRange(location: sourceCut, length: 0), ruleIndex: context.rules.count,
                displayRange: TextRange(location: cut, length: spec.text.utf16.count), context: tokenContext))
        let newDiscarded = discarded.filter { $0.match.range.location < sourceCut }.map {
            DiscardedMatch(match: rebased($0.match), reason: $0.reason)
        }
        return RenderResult(
            text: text, matches: newMatches, discarded: newDiscarded, interrupted: interrupted, context: tokenContext,
            sourceLimit: sourceCut)
    }

    /// Whether this result was truncated (its last match is the token).
    public var isTruncated: Bool { matches.last?.isTruncationToken ?? false }
}

extension RuleMatch {
    /// Whether this is the token `RenderResult.truncated(toCharacters:)` appended.
    public var isTruncationToken: Bool { context.truncationRuleIndex == ruleIndex }
}

import Foundation

extension RuleMatcher {
    /// Every match exactly as `NSRegularExpression.matches(in:options:range:)` enumerates
    /// them over the whole text, minus the zero-length ones, until `budget` runs out.
    /// Returns why the enumeration stopped early (and the offset up to which the matches
    /// are complete), or `nil` when it reached the end of the text.
    ///
    /// Note: `enumerateMatches` with `.reportCompletion` calls the block once more at the
    /// end, with the `.internalError` flag when ICU gave up by itself (which `matches(in:)`
    /// hides). With `.reportProgress` it also calls the block with `.progress` and no match
    /// periodically: swift-corelibs-foundation's `CFRegularExpression.c` forwards ICU's
    /// find-progress callback (once per start position tried) and match callback (once per
    /// 10,000 backtracking steps); Apple documents the same `.progress` calls. Setting
    /// `stop` there makes ICU abandon the search at once. `BudgetMeter` counts the reports.
    /// Without a budget no progress is requested, so the enumeration costs what
    /// `matches(in:)` costs (progress reports add about 30 ms per MB of text).
    static func regexCandidates(
        _ regex: NSRegularExpression, ruleIndex: Int, in text: String, budget: FallbackBudget, into result: inout [Candidate]
    ) -> (cause: InterruptedRule.Cause, completeUpTo: Int)? {
        let length = text.utf16.count
        var options: NSRegularExpression.MatchingOptions = [.reportCompletion]
        if !budget.isUnlimited { options.insert(.reportProgress) }
        var meter = BudgetMeter(budget, textLength: length)
        var cause: InterruptedRule.Cause?
        var completeUpTo = 0
        var found: [Candidate] = []
        regex.enumerateMatches(in: text, options: options, range: NSRange(location: 0, length: length)) { match, flags, stop in
            guard let match else {
                if flags.contains(.completed) {
                    if flags.contains(.internalError) { cause = .internalError }
                } else if flags.contains(.progress), let exceeded = meter.report() {
                    cause = exceeded
                    stop.pointee = true
                }
                return
            }
            completeUpTo = match.range.location + match.range.length
            guard match.range.length > 0 else { return }
            var groups: [TextRange?] = []
            groups.reserveCapacity(match.numberOfRanges)
            for group in 0..<match.numberOfRanges {
                let r = match.range(at: group)
                groups.append(r.location == NSNotFound ? nil : TextRange(location: r.location, length: r.length))
            }
            let range = TextRange(location: match.range.location, length: match.range.length)
            found.append(Candidate(ruleIndex: ruleIndex, range: range, groups: groups))
        }
        result.append(contentsOf: found)
        return cause.map { ($0, completeUpTo) }
    }
}

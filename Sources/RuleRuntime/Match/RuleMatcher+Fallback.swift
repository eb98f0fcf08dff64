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
    ///
    /// Note: one ICU step can be long: a back-reference compares its whole capture in one
    /// step, so on a 200 KB text 10,000 steps of `(\w+)\1$` take seconds between two
    /// reports. On a text longer than `watchedLength` with a time limit, the enumeration
    /// therefore runs on a thread of its own (`FallbackWatch`) and the render waits for it
    /// until the deadline only: then it keeps the matches reported so far and the rule is
    /// interrupted (`time`); the abandoned thread stops at ICU's next report.
    static func regexCandidates(
        _ regex: NSRegularExpression, ruleIndex: Int, in text: String, budget: FallbackBudget, into result: inout [Candidate]
    ) -> (cause: InterruptedRule.Cause, completeUpTo: Int)? {
        if let time = budget.time, text.utf16.count > FallbackWatch.watchedLength {
            return FallbackWatch.run(regex, ruleIndex: ruleIndex, in: text, budget: budget, time: time, into: &result)
        }
        var found: [Candidate] = []
        var completeUpTo = 0
        let cause = enumerate(regex, ruleIndex: ruleIndex, in: text, budget: budget) { candidate, end in
            if let candidate { found.append(candidate) }
            completeUpTo = end
            return true
        }
        result.append(contentsOf: found)
        return cause.map { ($0, completeUpTo) }
    }

    /// Enumerates the matches of `regex` under `budget`, giving each to `found` with its
    /// end (`nil` for an empty match; `found` returns `false` to stop); returns why it
    /// stopped early, if it did.
    static func enumerate(
        _ regex: NSRegularExpression, ruleIndex: Int, in text: String, budget: FallbackBudget, found: (Candidate?, Int) -> Bool
    ) -> InterruptedRule.Cause? {
        let length = text.utf16.count
        var options: NSRegularExpression.MatchingOptions = [.reportCompletion]
        if !budget.isUnlimited { options.insert(.reportProgress) }
        var meter = BudgetMeter(budget, textLength: length)
        var cause: InterruptedRule.Cause?
        withoutActuallyEscaping(found) { found in
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
                guard match.range.length > 0 else {
                    if !found(nil, match.range.location) { stop.pointee = true }
                    return
                }
                var groups: [TextRange?] = []
                groups.reserveCapacity(match.numberOfRanges)
                for group in 0..<match.numberOfRanges {
                    let r = match.range(at: group)
                    groups.append(r.location == NSNotFound ? nil : TextRange(location: r.location, length: r.length))
                }
                let range = TextRange(location: match.range.location, length: match.range.length)
                if !found(Candidate(ruleIndex: ruleIndex, range: range, groups: groups), range.upperBound) { stop.pointee = true }
            }
        }
        return cause
    }
}

/// One fallback rule's enumeration on a thread of its own, which the render waits for
/// until the rule's deadline only (see `RuleMatcher.regexCandidates`).
final class FallbackWatch: @unchecked Sendable {
    // Unchecked: every mutable property is read and written under `lock`.
    /// Texts up to this length enumerate on the render's thread: 10,000 steps of a
    /// back-reference as long as the text stay within a few milliseconds.
    static let watchedLength = 2_048

    private let lock = NSLock()
    private var found: [Candidate] = []
    private var completeUpTo = 0
    private var abandoned = false
    private var cause: InterruptedRule.Cause?
    private let done = DispatchSemaphore(value: 0)

    static func run(
        _ regex: NSRegularExpression, ruleIndex: Int, in text: String, budget: FallbackBudget, time: Duration,
        into result: inout [Candidate]
    ) -> (cause: InterruptedRule.Cause, completeUpTo: Int)? {
        let watch = FallbackWatch()
        let (seconds, attoseconds) = time.components
        let deadline = DispatchTime.now() + .nanoseconds(Int(min(max(seconds, 0), 86_400) * 1_000_000_000 + attoseconds / 1_000_000_000))
        let thread = Thread {
            let cause = RuleMatcher.enumerate(regex, ruleIndex: ruleIndex, in: text, budget: budget) { candidate, end in
                watch.lock.withLock {
                    guard !watch.abandoned else { return false }
                    if let candidate { watch.found.append(candidate) }
                    watch.completeUpTo = end
                    return true
                }
            }
            watch.lock.withLock { watch.cause = watch.cause ?? cause }
            watch.done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        // A little past the deadline: the rule's own meter stops it at its next report.
        let finished = watch.done.wait(timeout: deadline + .milliseconds(5)) == .success
        return watch.lock.withLock {
            if !finished {
                watch.abandoned = true
                watch.cause = .time
            }
            result.append(contentsOf: watch.found)
            return watch.cause.map { ($0, watch.completeUpTo) }
        }
    }
}

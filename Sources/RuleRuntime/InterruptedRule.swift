import Foundation

/// A rule whose matching stopped before the end of the text in one render (see
/// `RenderResult.interrupted`). Its matches that start before `completeUpTo` are exactly
/// NSRegularExpression's; the ones after it are missing, so later text that the rule would
/// have styled stays plain (or goes to other rules).
public struct InterruptedRule: Sendable, Hashable, CustomStringConvertible {
    /// Why the rule stopped.
    public enum Cause: String, Sendable, Hashable {
        /// It exceeded `FallbackBudget.steps`.
        case steps
        /// It exceeded `FallbackBudget.time`.
        case time
        /// ICU gave up by itself (NSRegularExpression's `internalError` flag: its
        /// backtracking stack or another resource limit ran out). NSRegularExpression
        /// reports no error for this; the matches it found are kept, as always. Reported
        /// with or without a budget.
        case internalError
    }

    /// The rule's index in the table.
    public var ruleIndex: Int
    /// The rule's name.
    public internal(set) var rule: String
    public var cause: Cause
    /// UTF-16 offset up to which the rule's matches are complete: the end of its last
    /// match found (0 when it found none).
    public var completeUpTo: Int

    package init(ruleIndex: Int, rule: String, cause: Cause, completeUpTo: Int) {
        self.ruleIndex = ruleIndex
        self.rule = rule
        self.cause = cause
        self.completeUpTo = completeUpTo
    }

    public var description: String {
        let why: String
        switch cause {
        case .steps: why = "exceeded its step budget"
        case .time: why = "exceeded its time budget"
        case .internalError: why = "hit NSRegularExpression's internal limit"
        }
        return "rule '\(rule)' \(why); its matches are complete up to offset \(completeUpTo)"
    }
}

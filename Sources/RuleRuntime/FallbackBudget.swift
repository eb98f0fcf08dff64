import Foundation

// The match-time budget of the rules that run on NSRegularExpression (the fallback rules of
// an engine: patterns no automaton expresses). See `FallbackBudget` and
// `RuleMatcher+Fallback.swift`, which enforces it.

/// How much work each rule that runs on `NSRegularExpression` may do in one render.
///
/// Rules compiled to automata run in time linear in the text and need no budget. A rule
/// that falls back to `NSRegularExpression` (a backreference, a lookaround…) runs on ICU's
/// backtracking matcher, where a pattern such as `(a+)+$` takes seconds on a 30-character
/// text. A budget stops such a rule's matching within one render, keeps the matches it
/// found until then, and lists the rule in `RenderResult.interrupted`.
///
/// Both limits apply to each fallback rule separately, in each `render`:
/// - `steps` is deterministic: ICU reports progress once per start position it tries and
///   once per 10,000 backtracking steps; a rule is stopped when its reports exceed the
///   text's UTF-16 length + 1 + `steps / 10_000`. A rule can always scan the whole text,
///   plus `steps` steps of backtracking (rounded down to ICU's 10,000), so the same rule on
///   the same text is cut off at the same place on every run (for a given ICU version).
/// - `time` is wall-clock time, checked at every report (ICU reports once per start
///   position and once per 10,000 steps). One step can be long (a back-reference compares
///   its whole capture), so on texts over 2,048 units the rule runs on a thread of its own
///   and the render stops waiting at the deadline (see `RuleMatcher.regexCandidates`): a
///   render takes about the budget, whatever the text's length. It bounds long texts,
///   where the allowance per position of `steps` lets a hostile rule backtrack longer, and
///   slow devices; a cut-off by time depends on the machine's load and is not
///   reproducible.
///
/// ```swift
/// var engine = try RuleEngine(compiling: table)   // or <Name>Rules.engine: `.standard`
/// engine.fallbackBudget = FallbackBudget(steps: 200_000, time: .milliseconds(20))
/// let result = engine.render(text)
/// for rule in result.interrupted { log("rule \(rule.rule) cut off: \(rule.cause)") }
/// ```
public struct FallbackBudget: Sendable, Hashable {
    /// Backtracking steps each fallback rule may take in one render, beyond scanning the
    /// text (see the type's documentation). `nil`: no limit.
    public var steps: Int?
    /// Wall-clock time each fallback rule may take in one render. `nil`: no limit.
    public var time: Duration?

    public init(steps: Int? = nil, time: Duration? = nil) {
        self.steps = steps
        self.time = time
    }

    /// No limit: every rule gets exactly NSRegularExpression's matches, however long they
    /// take (the reference engine's budget, in tests and the benchmark). For trusted rules
    /// on trusted text only.
    public static let unlimited = FallbackBudget()

    /// 1,000,000 backtracking steps (about 25 ms of ICU's time on a 2020s desktop core)
    /// and 100 ms a rule. Well-behaved patterns stay far below both on texts of a screen or
    /// two; `(a+)+$` on 26 `a` and a `!` (5 s unbounded) stops after about 25 ms. The
    /// default of every engine (`RuleEngine(compiling:)`, `<Name>Rules.engine`).
    public static let standard = FallbackBudget(steps: 1_000_000, time: .milliseconds(100))

    var isUnlimited: Bool { steps == nil && time == nil }
}

/// Counts one rule's progress reports against a budget.
struct BudgetMeter {
    /// The most progress reports allowed (`Int.max`: no step limit).
    let maxReports: Int
    let deadline: ContinuousClock.Instant?
    private(set) var reports = 0

    init(_ budget: FallbackBudget, textLength: Int) {
        if let steps = budget.steps {
            let (sum, overflow) = (max(textLength, 0) + 1).addingReportingOverflow(max(steps, 0) / 10_000)
            maxReports = overflow ? Int.max : sum
        } else {
            maxReports = Int.max
        }
        deadline = budget.time.map { ContinuousClock.now.advanced(by: $0) }
    }

    /// Counts a progress report: the cause when the rule must stop now. The clock is read
    /// on every report (about 20 ns): one report may stand for 10,000 backtracking steps,
    /// and a step can compare a back-reference as long as the text.
    mutating func report() -> InterruptedRule.Cause? {
        reports += 1
        if reports > maxReports { return .steps }
        if let deadline, ContinuousClock.now >= deadline { return .time }
        return nil
    }
}

import TestSupport
import XCTest

@testable import RuleAutomata
@_spi(Generated) @testable import RuleRuntime

/// The match-time budget of rules on NSRegularExpression: a hostile rule is cut off and
/// listed, the matches found before the cut-off stay, other rules are untouched, and a
/// budget changes nothing for well-behaved rules. (No test measures wall time: each
/// asserts what the result says.)
final class FallbackBudgetTests: XCTestCase {
    /// 26 `a` and a `!`: `(a+)+$` backtracks through every split of the run (5 s unbounded).
    static let hostileText = String(repeating: "a", count: 26) + "!"

    func engine(_ rules: [RuleEntry], budget: FallbackBudget) throws -> RuleEngine {
        var engine = try Fixture.engine(rules)
        engine.fallbackBudget = budget
        return engine
    }

    func testHostileRuleIsCutOffByTheStepBudget() throws {
        let engine = try engine(
            [Fixture.regex("hostile", "(a+)+$"), Fixture.regex("bang", "!")], budget: FallbackBudget(steps: 1_000_000))
        let result = engine.render(Self.hostileText)
        XCTAssertEqual(result.interrupted, [InterruptedRule(ruleIndex: 0, rule: "hostile", cause: .steps, completeUpTo: 0)])
        XCTAssertEqual(
            result.interrupted.first?.description, "rule 'hostile' exceeded its step budget; its matches are complete up to offset 0")
        // The budget is per rule: the other rule still runs to the end.
        XCTAssertEqual(result.matches.map(\.rule), ["bang"])
        XCTAssertEqual(result.matches.map(\.range), [range(26, 1)])
        RenderTests.assertConsistent(result)
    }

    func testMatchesFoundBeforeTheCutOffAreKept() throws {
        let engine = try engine([Fixture.regex("rule", "(a+)+$|b")], budget: FallbackBudget(steps: 1_000_000))
        let text = "b b " + Self.hostileText + " b"
        let result = engine.render(text)
        XCTAssertEqual(result.matches.map(\.range), [range(0, 1), range(2, 1)])
        XCTAssertEqual(result.interrupted, [InterruptedRule(ruleIndex: 0, rule: "rule", cause: .steps, completeUpTo: 3)])
        XCTAssertEqual(result.display, text)
    }

    func testStepCutOffIsDeterministic() throws {
        let engine = try engine([Fixture.regex("rule", "(a+)+$|b")], budget: FallbackBudget(steps: 200_000))
        let text = "b " + Self.hostileText
        let first = engine.render(text)
        XCTAssertFalse(first.interrupted.isEmpty)
        for _ in 0..<3 { XCTAssertEqual(engine.render(text), first) }
    }

    func testHostileRuleIsCutOffByTheTimeBudget() throws {
        let engine = try engine([Fixture.regex("hostile", "(a+)+$")], budget: FallbackBudget(time: .milliseconds(1)))
        let result = engine.render(Self.hostileText)
        XCTAssertEqual(result.interrupted.map(\.cause), [.time])
        XCTAssertEqual(result.matches, [])
    }

    func testStandardBudgetStopsTheHostileRule() throws {
        let engine = try engine([Fixture.regex("hostile", "(a+)+$")], budget: .standard)
        let result = engine.render(Self.hostileText)
        // Steps or time, whichever comes first on this machine.
        XCTAssertEqual(result.interrupted.map(\.rule), ["hostile"])
        XCTAssertEqual(result.matches, [])
    }

    /// A budget changes nothing for rules that stay within it, on short and long texts
    /// (each position tried has its own allowance). (Step budgets only on the long text: a
    /// time budget depends on the machine's load.)
    func testBudgetKeepsWellBehavedRulesExact() throws {
        let rules = [
            Fixture.regex("pair", "(a)\\1"), Fixture.regex("behind", "(?<=@)\\w+", priority: 1),
            Fixture.regex("ahead", "#\\w+(?=\\s)"), Fixture.regex("words", "\\b\\w+\\b"), Fixture.regex("rare", "z{3}"),
        ]
        let unlimited = try Fixture.engine(rules)
        let long = String(repeating: "aab @alice #topic q ", count: 2_000)
        let cases: [(FallbackBudget, [String])] = [
            (.standard, ["", "aa", "@bob #x ", "😀aa@中文 #t\n"]),
            (FallbackBudget(steps: 0), ["aa", "@bob #x ", long]), (FallbackBudget(steps: 10_000), ["😀aa@中文 #t\n", long]),
        ]
        for (budget, texts) in cases {
            let engine = try engine(rules, budget: budget)
            for text in texts {
                let result = engine.render(text)
                XCTAssertEqual(result.interrupted, [], "\(budget) on \(text.prefix(40))")
                XCTAssertEqual(result, unlimited.render(text), "\(budget) on \(text.prefix(40))")
            }
        }
    }

    /// Without a budget the enumeration is NSRegularExpression's, but ICU giving up by
    /// itself (its backtracking stack runs out here, where `matches(in:)` silently returns
    /// nothing) is reported.
    func testICUGivingUpIsReported() throws {
        let engine = try Fixture.engine([Fixture.regex("deep", "^(a|b)*c")])
        XCTAssertEqual(engine.fallbackBudget, .unlimited)
        let result = engine.render(String(repeating: "ab", count: 500_000))
        XCTAssertEqual(result.interrupted, [InterruptedRule(ruleIndex: 0, rule: "deep", cause: .internalError, completeUpTo: 0)])
        XCTAssertEqual(result.matches, [])
        let short = engine.render("abc")
        XCTAssertEqual(short.interrupted, [])
        XCTAssertEqual(short.matches.map(\.range), [range(0, 3)])
    }

    /// Out-of-range budgets never crash: a negative step budget counts as 0, a huge one
    /// as no limit, a zero or negative time stops every rule at the first check (after 16
    /// progress reports: `b` below is cut off too); what was found stays consistent.
    func testExtremeBudgetsAreSafe() throws {
        let rules = [Fixture.regex("hostile", "(a+)+$"), Fixture.regex("b", "b")]
        let text = "b" + String(repeating: "a", count: 18) + "!b"
        let cases: [(FallbackBudget, [String], [TextRange])] = [
            (FallbackBudget(steps: -5), ["hostile"], [range(0, 1), range(20, 1)]),
            (FallbackBudget(steps: 0, time: .seconds(60)), ["hostile"], [range(0, 1), range(20, 1)]),
            (FallbackBudget(steps: Int.max, time: .zero), ["hostile", "b"], [range(0, 1)]),
            (FallbackBudget(time: .seconds(-1)), ["hostile", "b"], [range(0, 1)]),
        ]
        for (budget, interrupted, matches) in cases {
            let result = try engine(rules, budget: budget).render(text)
            XCTAssertEqual(result.interrupted.map(\.rule), interrupted, "\(budget)")
            XCTAssertEqual(result.matches.map(\.range), matches, "\(budget)")
            RenderTests.assertConsistent(result)
        }
        let huge = try engine(rules, budget: FallbackBudget(steps: Int.max)).render("aa!b")
        XCTAssertEqual(huge.interrupted, [])
        XCTAssertEqual(huge.matches.map(\.range), [range(3, 1)])
    }
}

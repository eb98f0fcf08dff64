import Foundation
import RuleAutomata
@_spi(Generated) @_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

/// Tables compiled at run time (`RuleEngine(compiling:)`): the same renders as
/// NSRegularExpression, fallback and NFA-only rules listed, and hostile patterns in linear
/// time. (That they are the automata `rulegen` generates: RuleCompilerTests'
/// `RunTimeAutomataTests`.)
final class CompiledEngineTests: XCTestCase {
    static let specs = ["agreement", "social", "html", "prefix"]

    static let texts = [
        "", "plain text", "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice",
        "call 13812345678 or @bob_1, <h>x</h> <h3>deep</h3> <H1>upper</h1> <h1>unclosed",
        "#topic# and #another# @carol see https://example.com/a?b=c and www.apple.com [smile][heart][vip]",
        "<a href=\"https://x.y\" title=\"T\">link</a> <img src=\"p.png\" alt=\"a\"/> <a href='q'>二</a>",
        "#hash @user http://site.com/x #中文 @😀 http:// trailing#", "😀@é 中文#话题# 1391234567890 <h1>😀</h1>\r\n@x",
    ]

    /// Fragments of the four specs' syntax, for random texts.
    static let fragments = [
        "@", "ab", "_1", "#", "x#", "<h1>", "</h1>", "<h2>", "</h2>", "<h>", "</h>", "<h1/>", "138", "12345678", "9",
        "http://", "https://a.b/", "www.", ".com", "[smile]", "[heart]", "[vip]", "[", "]", "<a href=\"u\">", "</a>",
        "<img src=\"s\"/>", " ", "\n", "😀", "中", "é", "<", ">", "\"",
    ]

    /// A table read from its checked-in JSON (`CheckedInTables`), as an app receives it.
    func jsonTable(_ spec: String) throws -> StyleTable {
        try CheckedInTables.table(spec)
    }

    func testRunTimeTablesRenderLikeNSRegularExpression() throws {
        let seed = testSeed(20_261_201)
        var rng = SeededGenerator(seed: seed)
        for spec in Self.specs {
            let table = try jsonTable(spec)
            let compiled = try RuleEngine(compiling: table)
            let reference = try RuleEngine(reference: table)
            XCTAssertEqual(compiled.fallbacks, [], spec)
            XCTAssertEqual(compiled.nfaOnlyRules, [], spec)
            XCTAssertEqual(compiled.fallbackBudget, .standard)
            var texts = Self.texts
            for _ in 0..<150 { texts.append((0..<rng.below(24)).map { _ in rng.pick(Self.fragments) }.joined()) }
            var matched = Set<String>()
            for text in texts {
                let result = compiled.render(text)
                XCTAssertEqual(result, reference.render(text), "seed \(seed): \(spec) on \(text.debugDescription)")
                XCTAssertEqual(result.interrupted, [])
                matched.formUnion(result.matches.map(\.rule))
            }
            XCTAssertEqual(matched, Set(table.rules.map(\.name)), "every rule of \(spec) matches some text")
        }
    }

    func testFallbackRulesAreListedWithTheirConstruct() throws {
        let table = Self.table([
            ("mention", "@\\w+"), ("twice", "(a)\\1"), ("after", "(?<=@)\\w+"), ("ahead", "#\\w+(?=\\s)"), ("named", "(?<c>x)\\k<c>"),
        ])
        let compiled = try RuleEngine(compiling: table)
        XCTAssertEqual(
            compiled.fallbacks,
            [
                RuleEngine.Fallback(ruleIndex: 1, rule: "twice", construct: "backreference", offset: 3),
                RuleEngine.Fallback(ruleIndex: 4, rule: "named", construct: "backreference", offset: 7),
            ])
        XCTAssertEqual(
            compiled.fallbacks[0].description,
            "rule 'twice': backreference at offset 3 of its pattern cannot become an automaton; it runs on NSRegularExpression")
        XCTAssertNotNil(AutomataBuilder.build(table).automata.automata[0])
        XCTAssertNil(AutomataBuilder.build(table).automata.automata[1])
        XCTAssertNotNil(AutomataBuilder.build(table).automata.automata[2]?.dfa, "a one-code-point lookbehind keeps the DFA")
        XCTAssertNotNil(AutomataBuilder.build(table).automata.automata[3]?.dfa, "a one-code-point lookahead keeps the DFA")
        let reference = try RuleEngine(reference: table)
        for text in ["aa @bob #x y", "@aa a #t\n", "xx aaa"] {
            XCTAssertEqual(compiled.render(text), reference.render(text), text)
        }
    }

    /// `(a+)+$` backtracks exponentially on NSRegularExpression (5 s on this text); at run
    /// time it compiles to an automaton and renders the text in linear time, with no match.
    func testHostilePatternCompilesToAnAutomaton() throws {
        let table = Self.table([("hostile", "(a+)+$"), ("words", "(\\w+\\s?)+$"), ("bang", "!")])
        let compiled = try RuleEngine(compiling: table)
        XCTAssertEqual(compiled.fallbacks, [])
        XCTAssertEqual(compiled.nfaOnlyRules, [])
        XCTAssertNotNil(AutomataBuilder.build(table).automata.automata[0]?.dfa)
        let hostile = String(repeating: "a", count: 26) + "!"
        let result = compiled.render(hostile)
        XCTAssertEqual(result.matches.map(\.rule), ["bang"])
        XCTAssertEqual(result.interrupted, [])
        // Ten times longer: still linear.
        let longer = compiled.render(String(repeating: "a", count: 260) + "!")
        XCTAssertEqual(longer.matches.map(\.range), [TextRange(location: 260, length: 1)])
        XCTAssertEqual(compiled.render("aaaa").matches.map(\.range), [TextRange(location: 0, length: 4)])
    }

    /// A hostile pattern that must fall back (it has a back-reference) runs under the budget.
    func testHostileFallbackRuleRunsUnderTheBudget() throws {
        let compiled = try RuleEngine(compiling: Self.table([("hostile", "(a+)+$|(x)\\2"), ("bang", "!")]))
        XCTAssertEqual(compiled.fallbacks.map(\.construct), ["backreference"])
        let result = compiled.render(String(repeating: "a", count: 26) + "!")
        XCTAssertEqual(result.interrupted.map(\.rule), ["hostile"])
        XCTAssertEqual(result.matches.map(\.rule), ["bang"])
        var unlimited = compiled
        unlimited.fallbackBudget = .unlimited
        XCTAssertEqual(
            unlimited.render("aaa!aa").matches.map(\.range), [TextRange(location: 3, length: 1), TextRange(location: 4, length: 2)])
    }

    /// A rule whose DFA would exceed the state budget runs on its lazy DFA and is listed.
    func testLazyDFARulesAreListed() throws {
        let table = Self.table([("word", "\\w+"), ("wide", "[ab]*a[ab]{12}c")])
        let compiled = try RuleEngine(compiling: table)
        XCTAssertEqual(compiled.lazyDFARules, [1])
        XCTAssertEqual(compiled.nfaOnlyRules, [])
        XCTAssertEqual(compiled.fallbacks, [])
        let reference = try RuleEngine(reference: table)
        for text in ["ab" + String(repeating: "ba", count: 8) + "c", "aaaaaaaaaaaaac xy", String(repeating: "b", count: 20) + "c"] {
            XCTAssertEqual(compiled.render(text), reference.render(text), text)
        }
    }

    /// A pattern NSRegularExpression rejects throws, as `RuleEngine(table:)` does.
    func testInvalidPatternThrows() throws {
        XCTAssertThrowsError(try RuleEngine(compiling: Self.table([("ok", "x"), ("bad", "(a")]))) { error in
            guard case .invalidRegex(let rule, let pattern, _)? = error as? RuleEngineError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(rule, "bad")
            XCTAssertEqual(pattern, "(a")
        }
    }

    static func table(_ rules: [(String, String)]) -> StyleTable {
        let presentation = RulePresentation(style: TextStyle())
        return StyleTable(
            name: "Test", source: "test.richrules", base: TextStyle(), styles: [:], highlight: nil, handlers: [:],
            rules: rules.map { name, pattern in
                RuleEntry(name: name, matcher: .regex(pattern: pattern, flags: [], detector: nil), priority: 0, presentation: presentation)
            })
    }
}

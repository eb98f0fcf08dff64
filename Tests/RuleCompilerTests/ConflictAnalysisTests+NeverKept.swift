import Foundation
import RuleSpec
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// `never-kept` and `shadowed` (docs/Lint.md): which proof a rule gets, the conditions that
/// templates add, and the note when a search cannot decide.
final class NeverKeptAnalysisTests: XCTestCase {
    /// The analysis's never-kept, shadowed and undecided diagnostics of `body`; each example
    /// text is checked on the reference engine: the rule's match is discarded for the
    /// other's there.
    func neverKept(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Diagnostic] {
        let output = Compiler.compile(source: "richrules 1\n" + body, path: "case.richrules")
        let table = try XCTUnwrap(output.table, output.diagnostics.map(\.message).joined(separator: "\n"), file: file, line: line)
        let found = output.diagnostics.filter {
            $0.name == "never-kept" || $0.name == "shadowed" || ($0.name == "not-analyzable" && $0.message.contains("ever kept"))
        }
        for d in found where d.name != "not-analyzable" {
            let witness = try XCTUnwrap(d.witness, d.message, file: file, line: line)
            let indices = d.rules.map { name in table.rules.firstIndex { $0.name == name }! }
            let resolved = try RuleEngine(reference: table).resolve(witness, rules: Set(indices))
            let lost = resolved.resolution.discarded.contains {
                resolved.candidates[$0.index].ruleIndex == indices[0] && resolved.candidates[$0.by].ruleIndex == indices[1]
            }
            XCTAssertTrue(lost, "\(d.message): not discarded on \(witness.debugDescription)", file: file, line: line)
            XCTAssertEqual(d.winner, d.rules[1], file: file, line: line)
        }
        return found
    }

    /// `\w+` takes a character of every `@\w+`, never its first: `never-kept`, not
    /// `shadowed`, and no `overlap` note for the pair.
    func testAWordRuleKeepsNoMention() throws {
        let output = Compiler.compile(
            source: "richrules 1\nrule word { match /\\w+/ priority 50 }\nrule mention { match /@\\w+/ priority 10 }\n",
            path: "case.richrules")
        XCTAssertEqual(output.diagnostics.map(\.name), ["never-kept"])
        let d = try XCTUnwrap(try neverKept("rule word { match /\\w+/ priority 50 }\nrule mention { match /@\\w+/ priority 10 }\n").first)
        XCTAssertEqual(
            d.message,
            #"rule 'mention' can never be kept: 'word' matches on a character of each of its matches, and has a higher priority and is always kept (as on "@a")"#
        )
        XCTAssertEqual(d.severity, .warning)
        XCTAssertEqual(d.rules, ["mention", "word"])
        XCTAssertEqual(d.location?.line, 3)
        XCTAssertEqual(d.notes.map(\.message), ["'word' declared here"])
    }

    /// A copy of a rule at a lower priority (pattern, detector or prefix) is `never-kept`,
    /// even when its matches start where the other's do; a different pattern that always
    /// starts there stays `shadowed`.
    func testCopiesAreNeverKeptAndSameStartsShadowed() throws {
        let copies =
            try neverKept("rule a { match /\\d+/ priority 5 }\nrule b { match /\\d+/ }\n")
            + neverKept("rule p { match prefix \"#\" priority 5 }\nrule q { match prefix \"#\" }\n")
        XCTAssertEqual(copies.map(\.name), ["never-kept", "never-kept"])
        XCTAssertEqual(
            copies.map(\.message),
            [
                #"rule 'b' can never be kept: it matches exactly what 'a' matches (the same pattern), which has a higher priority and is always kept (as on "0")"#,
                ##"rule 'q' can never be kept: it matches exactly what 'p' matches (the same prefix "#"), which has a higher priority and is always kept (as on "#")"##,
            ])
        let shadowed = try neverKept("rule a { match /\\d+/ priority 5 }\nrule b { match /\\d{4}/ }\n")
        XCTAssertEqual(shadowed.map(\.name), ["shadowed"])
    }

    /// A rule that can match where the other does not (`@` alone), or beside a rule that can
    /// discard the other (`\w+` loses `ab` to `abc` below), is not reported.
    func testRulesKeptOnSomeTextAreNotReported() throws {
        XCTAssertEqual(try neverKept("rule word { match /\\w+/ priority 5 }\nrule at { match /@\\w*/ }\n").map(\.name), [])
        XCTAssertEqual(
            try neverKept("rule word { match /\\w+/ priority 5 }\nrule abc { match /a\\w*c/ priority 9 }\nrule m { match /@\\w+/ }\n")
                .map(\.rules),
            [])
    }

    /// In a template, `b`'s matches inside a rich argument face no match of a rule without
    /// `in arguments`, and a match of `\S+` that holds an argument's stand-in is dropped:
    /// neither proves anything there, and the rules it would report are kept.
    func testTemplatesKeepWhatPlainTextsWouldNot() throws {
        let handle = "rule word { match /\\w+/ priority 5 }\nrule handle { match /@\\w+/ in arguments }\n"
        XCTAssertEqual(try neverKept(handle).map(\.name), [])
        XCTAssertEqual(try engine(handle).render(template: "%@", arguments: ["@bob"]).matches.map(\.rule), ["handle"])
        let both = "rule word { match /\\w+/ priority 5 in arguments }\nrule handle { match /@\\w+/ in arguments }\n"
        XCTAssertEqual(try neverKept(both).map(\.name), ["never-kept"])

        let token = "rule token { match /\\S+/ priority 5 }\nrule hash { match /#\\w+/ }\n"
        XCTAssertEqual(try neverKept(token).map(\.name), [])
        XCTAssertEqual(try engine(token).render(template: "#a%@", arguments: ["x"]).matches.map(\.rule), ["hash"])
        // Without the argument, `\S+` takes every hashtag's first character.
        XCTAssertEqual(try engine(token).render("#a x").matches.map(\.rule), ["token", "token"])
    }

    /// A container holds the other's match in its content, so neither side of a pair with a
    /// container (but a tag's or element's, whose first character is markup) is reported.
    func testContainersAreLeftOut() throws {
        XCTAssertEqual(try neverKept("rule word { match /\\w+/ priority 5 nest }\nrule m { match /@\\w+/ }\n").map(\.name), [])
        XCTAssertEqual(try neverKept("rule word { match /\\w+/ priority 5 }\nrule m { match /@\\w+/ nest }\n").map(\.name), [])
        XCTAssertEqual(try neverKept("rule a { match /\\w+/ priority 5 }\nrule b { match /\\w+/ nest }\n").map(\.name), [])
    }

    /// A search over its budget decides nothing: a note says so, and nothing is reported.
    func testAnUndecidedRuleGetsANote() throws {
        var loader = SpecLoader()
        var bag = DiagnosticBag()
        let source = "richrules 1\nrule word { match /\\w+/ priority 50 }\nrule mention { match /@\\w+/ priority 10 }\n"
        let (_, checked) = try XCTUnwrap(Compiler.check(loader.load(source: source, path: "case.richrules"), into: &bag))
        let table = checked.makeTable()
        let automata = AutomataPhase.run(checked).built
        var analysis = ConflictAnalysis(
            spec: checked, table: table, automata: automata,
            engine: try RuleEngine(table: table, automata: automata.automata, issues: automata.issues))
        analysis.neverKeptBudget = 2
        let diagnostics = analysis.run()
        XCTAssertEqual(diagnostics.map(\.name), ["overlap", "not-analyzable"])
        XCTAssertEqual(
            diagnostics.last?.message,
            "whether rule 'mention' is ever kept is not decided: the search for a match of it that 'word' leaves alone ran over its budget")
        XCTAssertEqual(diagnostics.last?.location?.line, 3)
    }

    /// The searches on their own: `\w+` takes some character of every `@\w+` (not its
    /// first), and of no match of `@\w*` (`@` alone).
    func testTheCoverSearch() throws {
        func automaton(_ pattern: String) throws -> RuleLanguage.Automaton {
            guard case .program(let program) = RegexCompiler.compile(pattern, flags: []), let dfa = DFABuilder.build(program) else {
                throw XCTSkip("\(pattern) has no DFA")
            }
            return RuleLanguage.Automaton(dfa: dfa, exact: true)
        }
        let word = try automaton(#"\w+"#)
        XCTAssertEqual(OverlapSearch(word, try automaton(#"@\w+"#)).firstCoversSomeCodePointOfSecond(), true)
        XCTAssertEqual(OverlapSearch(word, try automaton(#"@\w+"#)).firstCoversSecond(), false)
        XCTAssertEqual(OverlapSearch(word, try automaton(#"@\w*"#)).firstCoversSomeCodePointOfSecond(), false)
        // `a` before `c`: the run from `a` records its match only on the next code point.
        XCTAssertEqual(OverlapSearch(try automaton("a"), try automaton("[ab]c")).firstCoversSomeCodePointOfSecond(), false)
        XCTAssertEqual(OverlapSearch(try automaton("bc?"), try automaton("a+b")).firstCoversSomeCodePointOfSecond(), true)
        // A match that may end the text: `x$` covers `yx` only where the text ends.
        XCTAssertEqual(OverlapSearch(try automaton("x$"), try automaton("yx")).firstCoversSomeCodePointOfSecond(), false)
        XCTAssertEqual(OverlapSearch(try automaton("x$"), try automaton("yx$")).firstCoversSomeCodePointOfSecond(), true)
        XCTAssertNil(OverlapSearch(word, try automaton(#"@\w+"#), budget: 1).firstCoversSomeCodePointOfSecond())
    }

    func engine(_ body: String) throws -> RuleEngine {
        let output = Compiler.compile(source: "richrules 1\n" + body, path: "case.richrules", analyze: false)
        return try RuleEngine(reference: try XCTUnwrap(output.table))
    }
}

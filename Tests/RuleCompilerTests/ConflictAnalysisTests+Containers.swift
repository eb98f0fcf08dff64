import Foundation
import RuleSpec
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// Containers (`nest`) in the conflict analysis: matches that only nest are no conflict;
/// those that cross a content boundary are, with a witness that crosses.
extension ConflictAnalysisTests {
    func testMentionInsideBoldNestsAndIsNoConflict() throws {
        let (diagnostics, _) = try lint("rule bold { match /\\*\\*(.+?)\\*\\*/ show $1 nest }\nrule mention { match /@\\w+/ }\n")
        XCTAssertEqual(diagnostics.map(\.message), [])
    }

    /// `\w` holds `_`: a mention can run over italic's closing `_`.
    func testMentionCrossingTheEndOfItalicIsAConflict() throws {
        let (diagnostics, table) = try lint("rule italic { match /_(.+?)_/ show $1 nest }\nrule mention { match /@\\w+/ }\n")
        XCTAssertEqual(
            diagnostics.map(\.message),
            [#"'mention' overlaps 'italic' on "_@_", and 'mention' is not inside the content of 'italic'; 'italic' wins (earlier start)"#])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        // The mention sticks out of the content: it holds the closing `_`.
        let resolved = try RuleEngine(reference: table).resolve("_@_")
        let content = try XCTUnwrap(resolved.contents?.compactMap { $0 }.first)
        let mention = try XCTUnwrap(resolved.candidates.first { $0.ruleIndex == 1 })
        XCTAssertGreaterThan(mention.range.upperBound, content.upperBound)
    }

    /// Markup containers cross only on mismatched tags, where the tag opened first wins:
    /// a note, even at the same priority.
    func testCrossingMarkupContainersAreANote() throws {
        let (diagnostics, _) = try lint("rule b { match tag <b> nest }\nrule i { match tag <i> nest }\n")
        XCTAssertEqual(
            diagnostics.map(\.message),
            [
                #"'i' overlaps 'b' on "<i><b></i></b>", and neither is inside the other's content; 'i' wins (earlier start); "#
                    + "the tag is dropped and its markup shown as text; such tags cross only in mismatched markup, where the tag opened first wins"
            ])
        XCTAssertEqual(diagnostics.map(\.severity), [.note])
        // With one of them not a container, a tag inside the other is a conflict already,
        // a warning (the example chosen reads best: balanced tags rather than crossed ones).
        let (plain, _) = try lint("rule b { match tag <b> nest }\ntags h { }\n")
        XCTAssertEqual(plain.map(\.severity), [.warning])
        XCTAssertEqual(plain.first?.witness, "<h><b></b></h>")
    }

    /// An image in a link's content nests, but the scanners read tags inside quoted
    /// attribute values: a link's opening tag in an image's `src` (the shortest witness),
    /// or an image in a link's `title`, sits in the other's markup.
    func testMarkupInAttributeValuesIsAConflict() throws {
        let (diagnostics, table) = try lint("rule a { match tag <a href> nest }\nrule img { match tag <img src/> }\n")
        XCTAssertEqual(diagnostics.map(\.witness), [#"<img src="<a>"></a>"#])
        XCTAssertEqual(diagnostics.map(\.winner), ["img"])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        for (text, conflicts) in [(#"<a title="<img src=x>">x</a>"#, true), ("<a href=u><img src=x>x</a>", false)] {
            let resolved = try RuleEngine(reference: table).resolve(text)
            let candidates = resolved.candidates
            XCTAssertEqual(candidates.count, 2, text)
            XCTAssertEqual(resolved.resolution.discarded.map { candidates[$0.index].ruleIndex }, conflicts ? [1] : [], text)
        }
    }

    /// A regex container without `show` holds what lies in its whole match.
    func testWholeMatchContainerConflictsOnlyWithWhatSticksOut() throws {
        let (inside, _) = try lint("rule brace { match /\\{[^{}]*\\}/ nest }\nrule digits { match /\\d+/ }\n")
        XCTAssertEqual(inside.map(\.message), [])
        let (out, _) = try lint("rule brace { match /\\{[^{}]*\\}/ nest }\nrule cross { match /[a-z]\\}[a-z]/ }\n")
        XCTAssertEqual(
            out.map(\.message),
            [#"'cross' overlaps 'brace' on "{a}a", and 'cross' is not inside the content of 'brace'; 'brace' wins (earlier start)"#])
    }

    /// A `show` group under an alternation is not split: every overlap counts, and the
    /// witness is one where the group did not take part (empty content).
    func testShowGroupOutsideTheTopLevelFallsBack() throws {
        let (diagnostics, _) = try lint("rule emph { match /\\*\\*(.+?)\\*\\*|__(.+?)__/ show $1 nest }\nrule mention { match /@\\w+/ }\n")
        XCTAssertEqual(diagnostics.map(\.witness), ["__@__"])
        XCTAssertEqual(diagnostics.map(\.winner), ["emph"])
    }

    func testAllowBetweenRulesThatOnlyNestIsUnneeded() throws {
        let (diagnostics, _) = try lint(
            "rule bold { match /\\*\\*(.+?)\\*\\*/ show $1 nest  allow overlap at }\nrule at { match /@\\w+/ }\n")
        XCTAssertEqual(
            diagnostics.map(\.message), ["'allow overlap at' is not needed: no text makes 'bold' and 'at' overlap other than by nesting"])
    }

    /// A container shadows nothing (the other rule nests in it); a tag container is
    /// shadowed by a rule that always takes its first `<`.
    func testShadowingWithContainers() throws {
        let nested = Compiler.compile(
            source: "richrules 1\nrule as { match /a+/ priority 5 nest }\nrule a { match /a/ }\n", path: "c.richrules")
        XCTAssertEqual(nested.diagnostics.map(\.name), [])
        let tag = Compiler.compile(source: "richrules 1\ntags b { nest }\nrule lt { match /</ priority 5 }\n", path: "c.richrules")
        XCTAssertEqual(tag.diagnostics.map(\.name), ["shadowed"])
        XCTAssertEqual(tag.diagnostics.first?.rules, ["b", "lt"])
    }

    /// A piece of a pattern compiled alone records every end that some path reaches: a
    /// leftmost-first `.+?` stops after one code point, the all-match one does not.
    func testAllMatchPiecesAcceptEveryEnd() throws {
        guard case .program(let program) = RegexCompiler.compile(".+?", flags: []) else { return XCTFail("no program") }
        let text = Array("abc".utf16)
        func lastEnd(_ dfa: DFATable) -> Int {
            var steps = 0
            return text.withUnsafeBufferPointer { DFARunner(dfa).matchAnchored($0, at: 0, limit: Int.max / 8, steps: &steps) }
        }
        XCTAssertEqual(lastEnd(try XCTUnwrap(DFABuilder.build(program))), 1)
        XCTAssertEqual(lastEnd(try XCTUnwrap(DFABuilder.build(program, allMatches: true))), 3)
        // The split of `show $N`: top-level items through non-capturing and other groups.
        let ast = try RegexParser.parse(#"(?:\*\*)((.+?))(?i:x)(y)"#, flags: [])
        let pieces = try XCTUnwrap(RuleLanguage.showPieces(ast.root, group: 1))
        XCTAssertEqual(pieces.before.count, 2)
        XCTAssertEqual(pieces.after.count, 2)
        XCTAssertNil(RuleLanguage.showPieces(try RegexParser.parse("(?:_(.+?)_)+", flags: []).root, group: 1))
        XCTAssertNil(RuleLanguage.showPieces(try RegexParser.parse("a(b)|c", flags: []).root, group: 1))
    }

    /// The markup phases hold every opening and closing tag the nesting scanner pairs
    /// (quoted values with `<` and `>`, white space before `>`, `<name/>`).
    func testMarkupPhasesHoldTheScannersTags() throws {
        let cases: [(MatcherSpec, [String])] = [
            (.element(name: "a", attributes: ["t"], isVoid: false), [#"<a t="x></a>">y</a>"#, "<A t='<i>'>x</a >", "<a x=y/>x<a />"]),
            (.element(name: "*", attributes: [], isVoid: false), [#"<p q="<b>"><x-1>y</x-1 ></p>"#, "<Ab>x<ab/>"]),
            (.tagFamily("k"), ["<k1>x<k1>y</k1></K1>", "<k12>x<k12/>"]),
        ]
        guard case .program(let any) = RegexCompiler.compile("x", flags: []), let unused = DFABuilder.build(any) else {
            return XCTFail("no DFA")
        }
        for (matcher, texts) in cases {
            let table = StyleTable(
                name: "T", source: "t", base: TextStyle(), styles: [:], highlight: nil, handlers: [:],
                rules: [RuleEntry(name: "t", matcher: matcher, presentation: RulePresentation(style: TextStyle()), nest: true)])
            let phases = try XCTUnwrap(RuleLanguage.phases(table.rules[0], ast: nil, dfa: unused))
            XCTAssertEqual(phases.map(\.isContent), [false, true, false])
            let scanner = try RuleMatcher(table: table)
            for text in texts {
                let units = Array(text.utf16)
                let tags = scanner.candidates(in: text)
                XCTAssertFalse(tags.isEmpty, "\(text.debugDescription): the scanner finds no tag")
                for tag in tags {
                    let content = try XCTUnwrap(tag.tag?.contentRange)
                    for (phase, range) in [
                        (phases[0], tag.range.location..<content.location), (phases[2], content.upperBound..<tag.range.upperBound),
                    ] {
                        let span = Array(units[range])
                        var steps = 0
                        let end = span.withUnsafeBufferPointer {
                            DFARunner(phase.dfa).matchAnchored($0, at: 0, limit: Int.max / 8, steps: &steps)
                        }
                        XCTAssertEqual(
                            end, span.count, "\(String(decoding: span, as: UTF16.self).debugDescription) in \(text.debugDescription)")
                    }
                }
            }
        }
    }
}

import Foundation
import RuleSpec
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// The conflict analysis (`rulegen lint`): each kind positive and negative, every witness
/// checked on the NSRegularExpression reference matcher and the resolver.
final class ConflictAnalysisTests: XCTestCase {
    /// Compiles `body` as a spec; returns the analysis's diagnostics (kinds other than the
    /// compiler's) and the table.
    func lint(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws -> ([Diagnostic], StyleTable) {
        let output = Compiler.compile(source: "richrules 1\n" + body, path: "case.richrules")
        let table = try XCTUnwrap(output.table, output.diagnostics.map(\.message).joined(separator: "\n"), file: file, line: line)
        let analysis = output.diagnostics.filter { ["overlap", "never-matches", "unneeded-allow", "not-analyzable"].contains($0.name) }
        for d in analysis where d.name == "overlap" { try verify(d, table, file: file, line: line) }
        return (analysis, table)
    }

    /// The witness holds overlapping matches of both rules on the reference matcher, and the
    /// resolver (with the containers' content ranges) keeps the reported winner.
    func verify(_ d: Diagnostic, _ table: StyleTable, file: StaticString, line: UInt) throws {
        guard let witness = d.witness else { return }
        let names = Set(d.rules)
        let resolved = try RuleEngine(reference: table).resolve(
            witness, rules: Set(table.rules.indices.filter { names.contains(table.rules[$0].name) }))
        let candidates = resolved.candidates
        let overlapping = candidates.contains { a in
            candidates.contains { b in
                a.ruleIndex != b.ruleIndex && a.range.location < b.range.upperBound && b.range.location < a.range.upperBound
            }
        }
        XCTAssertTrue(overlapping, "\(d.message): no overlap on the reference matcher", file: file, line: line)
        let winner = resolved.resolution.discarded.first { candidates[$0.index].ruleIndex != candidates[$0.by].ruleIndex }.map {
            table.rules[candidates[$0.by].ruleIndex].name
        }
        XCTAssertEqual(winner, d.winner, d.message, file: file, line: line)
    }

    func testOverlapSamePriorityIsAWarningWithTheShortestWitness() throws {
        let (diagnostics, _) = try lint("rule a { match /ab/ }\nrule b { match /bc/ }\n")
        XCTAssertEqual(diagnostics.map(\.message), [#"'b' overlaps 'a' on "abc"; 'a' wins (earlier start)"#])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(diagnostics.first?.rules, ["b", "a"])
        XCTAssertEqual(diagnostics.first?.location?.line, 3)
        XCTAssertEqual(diagnostics.first?.notes.first?.message, "'a' declared here")
    }

    func testOverlapSettledByPriorityIsANote() throws {
        let (diagnostics, _) = try lint("rule tag { match /#\\w+/ }\nrule num { match /\\d+/ priority 5 }\n")
        XCTAssertEqual(diagnostics.map(\.message), [##"'num' overlaps 'tag' on "#0"; 'num' wins (higher priority)"##])
        XCTAssertEqual(diagnostics.map(\.severity), [.note])
    }

    func testOverlapDecidedByLengthAndDeclarationOrder() throws {
        let (length, _) = try lint("rule short { match /ab/ }\nrule long { match /abc/ }\n")
        XCTAssertEqual(length.map(\.message), [#"'long' overlaps 'short' on "abc"; 'long' wins (longer match)"#])
        let (order, _) = try lint("rule first { match /ab/ }\nrule second { match /a[a-z]/ }\n")
        XCTAssertEqual(order.map(\.message), [#"'second' overlaps 'first' on "ab"; 'first' wins (declared first)"#])
    }

    func testRulesThatLookCloseButCannotOverlapGiveNothing() throws {
        // '@' and '#' are not \w: a mention never runs into a hashtag.
        XCTAssertEqual(try lint("rule tag { match /#\\w+/ }\nrule at { match /@\\w+/ }\n").0.map(\.message), [])
        // Words start with one character: prefix rules with different prefixes never meet.
        XCTAssertEqual(try lint("rule h { match prefix \"#\" }\nrule m { match prefix \"@\" }\n").0.map(\.message), [])
        // Digits only between brackets vs. letters only.
        XCTAssertEqual(try lint("rule n { match /\\[\\d+\\]/ }\nrule w { match /[a-z]+/ }\n").0.map(\.message), [])
        // Anchored at the start vs. needing a line feed before it.
        XCTAssertEqual(try lint("rule s { match /\\Aab/ }\nrule l { match /(?m)^\\nb/ }\n").0.map(\.message), [])
    }

    func testOverlapWithTagsAndPrefixes() throws {
        let (tags, _) = try lint("tags b { }\nrule bang { match /!+/ priority 1 }\n")
        XCTAssertEqual(
            tags.map(\.message),
            [#"'bang' overlaps 'b' on "<b>!</b>"; 'bang' wins (higher priority); the tag is dropped and its markup shown as text"#])
        let (prefix, _) = try lint("rule hashtag { match prefix \"#\" }\nrule digits { match /\\d+/ }\n")
        XCTAssertEqual(prefix.map(\.message), [##"'digits' overlaps 'hashtag' on "#0"; 'hashtag' wins (earlier start)"##])
    }

    func testNeverMatches() throws {
        let (classes, _) = try lint("rule none { match /x[^\\s\\S]/ }\nrule boundary { match /a\\bb/ }\n")
        XCTAssertEqual(
            classes.map(\.message),
            [
                "rule 'none' can never match: no text satisfies its pattern",
                "rule 'boundary' can never match: no text satisfies its pattern",
            ])
        XCTAssertEqual(classes.map(\.severity), [.warning, .warning])
        // Assertions that some text satisfies.
        XCTAssertEqual(try lint("rule word { match /\\bfoo\\b/ }\nrule end { match /(?m)x$/ }\n").0.map(\.message), [])
    }

    func testAllowOverlapSilencesThePairAndAnUnneededOneIsAWarning() throws {
        let (allowed, _) = try lint("rule a { match /ab/ }\nrule b { match /bc/  allow overlap a }\n")
        XCTAssertEqual(allowed.map(\.message), [])
        let (unneeded, _) = try lint("rule a { match /a/  allow overlap b }\nrule b { match /b/ }\n")
        XCTAssertEqual(unneeded.map(\.message), ["'allow overlap b' is not needed: no text makes 'a' and 'b' overlap"])
        XCTAssertEqual(unneeded.map(\.severity), [.warning])
        XCTAssertEqual(unneeded.first?.location?.column, 35)
    }

    func testFallbackRulesAreNotAnalyzable() throws {
        let (diagnostics, _) = try lint("rule twice { match /(a)\\1/ }\nrule a { match /a/ }\n")
        XCTAssertEqual(diagnostics.map(\.name), ["not-analyzable"])
        XCTAssertEqual(diagnostics.map(\.severity), [.note])
        XCTAssertTrue(
            diagnostics[0].message.hasPrefix("rule 'twice' is not analyzable (it uses "), diagnostics[0].message)
    }

    func testWitnessesEscapeInvisibleCodePoints() throws {
        let (diagnostics, _) = try lint("rule a { match /a\\n/ }\nrule b { match /\\nb/ }\n")
        XCTAssertEqual(diagnostics.map(\.message), [#"'b' overlaps 'a' on "a\nb"; 'a' wins (earlier start)"#])
        XCTAssertEqual(diagnostics.first?.witness, "a\nb")
    }

    // Regressions found in review.

    /// A line terminator ending the text reads differently (`$` holds before it): a node
    /// whose matches overlap must not be pruned because they could end there.
    func testFinalTerminatorDoesNotHideAnOverlap() throws {
        let (diagnostics, _) = try lint("rule a { match /x(?:$|\\n)/ }\nrule b { match /\\n/ }\n")
        XCTAssertEqual(diagnostics.map(\.message), [#"'b' overlaps 'a' on "x\na"; 'a' wins (earlier start)"#])
    }

    /// A text ending with CR LF reads both as ending the text (where `$` holds before the CR).
    func testTrailingCRLFEndsTheText() throws {
        XCTAssertEqual(try lint("rule a { match /a$\\r\\n/ }\n").0.map(\.message), [])
        let (overlap, _) = try lint("rule a { match /a$\\r\\n?/ }\nrule b { match /\\r\\n/ }\n")
        XCTAssertEqual(overlap.map(\.message), [#"'b' overlaps 'a' on "a\r\n"; 'a' wins (earlier start)"#])
        // 'b' is kept on "y\r\n", so it is not shadowed by 'a'.
        let (shadow, _) = try lint("rule a { match /yz/ priority 2 }\nrule b { match /y(?:$\\r\\n|z)/ priority 1 }\n")
        XCTAssertEqual(shadow.map(\.name), ["overlap"])
    }

    /// Every tag the scanner finds is a match of its rule's over-approximation as the
    /// analysis reads it: the DFA's anchored run from the tag's start records a match at
    /// its end (a lazy content stopped at a close-like token inside a quoted value).
    func testTagOverApproximationsHoldTheScannersTags() throws {
        let cases: [(MatcherSpec, [String])] = [
            (
                .element(name: "a", attributes: ["t"], isVoid: false),
                [#"<a t="x></a>">y</a>"#, "<a>x</a\u{A0}>y</a>", "<A>x</a >", "<a>x<a/>"]
            ),
            (.element(name: "img", attributes: ["alt"], isVoid: true), [#"<img alt="a>b">"#, "<IMG/>", "<img\tsrc='x'/>"]),
            (.tagFamily("k"), ["<k1>x</\u{212A}1>y</k1>", "<K>x</k>", "<k12>x<k12/>"]),
        ]
        for (matcher, texts) in cases {
            let pattern = try XCTUnwrap(RuleLanguage.overApproximation(matcher))
            guard case .program(let program) = RegexCompiler.compile(pattern, flags: []), let dfa = DFABuilder.build(program) else {
                return XCTFail("\(pattern) has no DFA")
            }
            let runner = DFARunner(dfa)
            let table = StyleTable(
                name: "T", source: "t", base: TextStyle(), styles: [:], highlight: nil, handlers: [:],
                rules: [RuleEntry(name: "t", matcher: matcher, presentation: RulePresentation(style: TextStyle()))])
            let scanner = try RuleMatcher(table: table)
            for text in texts {
                let tags = scanner.candidates(in: text)
                XCTAssertFalse(tags.isEmpty, "\(text.debugDescription): the scanner finds no tag")
                for tag in tags {
                    // The tag alone as the text: the run's last recorded end is the text's end.
                    let span = Array(
                        text.utf16[text.utf16.index(text.utf16.startIndex, offsetBy: tag.range.location)...].prefix(tag.range.length))
                    var steps = 0
                    let end = span.withUnsafeBufferPointer { runner.matchAnchored($0, at: 0, limit: Int.max / 8, steps: &steps) }
                    XCTAssertEqual(
                        end, span.count, "\(pattern) does not hold the tag \(String(decoding: span, as: UTF16.self).debugDescription)")
                }
            }
        }
    }

    /// Out of time, the analysis claims nothing: one note, no overlap, no unneeded allow.
    func testTimeBudgetLeavesPairsUncheckedWithOneNote() throws {
        let output = Compiler.compile(
            source: "richrules 1\nrule a { match /ab/  allow overlap c }\nrule b { match /bc/ }\nrule c { match /x/ }\n",
            path: "case.richrules", analyze: true, analysisBudget: .zero)
        XCTAssertEqual(output.diagnostics.map(\.name), ["not-analyzable"])
        XCTAssertEqual(
            output.diagnostics.first?.message,
            "the conflict analysis stopped after 0.0 seconds: 3 pairs of rules were not checked ('rulegen lint' runs it for up to 30.0 seconds)"
        )
        XCTAssertEqual(output.diagnostics.first?.path, "case.richrules")
    }
}

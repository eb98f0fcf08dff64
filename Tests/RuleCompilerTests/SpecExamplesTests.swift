import Foundation
import RuleCompiler
import RuleRuntime
import RuleSpec
import XCTest

/// Spec examples (DESIGN.md "Spec examples"): checked on the compiled engine by lint and
/// generate, reported at the example's line with what the text gives instead.
final class SpecExamplesTests: XCTestCase {
    static let rules = """
        richrules 1
        rule mention { match /@\\w+/ priority 10 tap openProfile(user: $0) }
        rule topic { match /#[^#\\s]+#/ }
        tags h { tag h1 { tap openAgreement } }
        rule amp { match entity }

        """

    func compile(_ examples: String, analyze: Bool = true, examplesFlag: Bool? = nil) -> Compiler.Output {
        Compiler.compile(source: Self.rules + examples, path: "x.richrules", analyze: analyze, examples: examplesFlag)
    }

    /// Errors as `line:column: message` and their notes' messages.
    func errors(_ output: Compiler.Output) -> [String] {
        output.diagnostics.filter { $0.severity == .error }.flatMap { d in
            ["\(d.location?.description ?? "-"): \(d.message)"] + d.notes.map { "note: \($0.message)" }
        }
    }

    func testTheContractsExamplesHold() {
        let output = compile(
            """
            example "Hi @alice, see #swift#" {
              mention "@alice"
              topic "#swift#"
            }
            example "nothing here" { }
            example "<h1>Terms</h1>" { display "Terms"  h "<h1>Terms</h1>" tap openAgreement }
            example "@bob &amp; me" { mention "@bob" tap openProfile(user: "@bob") display "@bob" amp "&amp;" display "&" }
            example "" { }
            example "@a" { display "@a" mention "@a" }
            """)
        XCTAssertEqual(errors(output), [])
        XCTAssertEqual(output.examples, SpecExamples.Summary(passed: 6, failed: 0))
        XCTAssertNotNil(output.table)
    }

    /// A failing example over a long text: its message and note quote the start of what
    /// they would show and its length, not a line as long as the text (it was one
    /// 25 MB line for a 10 MB example).
    func testLongExampleTextsAreCutWithTheirLength() throws {
        let text = String(repeating: "@bob ", count: 20_000)
        let output = compile("example \"\(text)\" { }\n")
        let error = try XCTUnwrap(output.diagnostics.first { $0.severity == .error })
        XCTAssertTrue(error.message.hasPrefix("example does not hold: expected no match, found 'mention \"@bob\"'"), error.message)
        let note = try XCTUnwrap(error.notes.first?.message)
        XCTAssertLessThanOrEqual(note.count, Diagnostic.messageLimit)
        XCTAssertTrue(note.hasPrefix("example \"@bob @bob "), note)
        XCTAssertTrue(note.hasSuffix("… (cut: 400014 characters in all)"), note)
        // Short ones stay whole (ready to paste).
        XCTAssertEqual(Diagnostic.cut("example \"@a\" { mention \"@a\" }"), "example \"@a\" { mention \"@a\" }")
    }

    func testAFailingExampleIsAnErrorAtItsKeywordWithThePasteableTruth() throws {
        let output = compile(
            """
            example "Hi @alice, see #swift#" { topic "#swift#" mention "@alice" }
              example "nothing here @x" { }
            example "Hi @alice" { mention "@alice" topic "#x#" }
            example "Hi @alice #a# #b#" { mention "@alice" }
            example "@bob" { mention "@bob" tap openProfile(user: "bob") }
            example "@bob" { mention "@bob" tap openProfile }
            example "@bob" { mention "@bob" display "bob" }
            example "<h1>A</h1>" { display "B" h "<h1>A</h1>" }
            """)
        XCTAssertTrue(output.hasErrors, "a failing example fails the compile")
        XCTAssertEqual(output.examples, SpecExamples.Summary(passed: 0, failed: 8))
        XCTAssertEqual(
            errors(output),
            [
                "6:1: example does not hold: expected 'topic \"#swift#\"' as match 1, found 'mention \"@alice\"'; the text gives:",
                "note: example \"Hi @alice, see #swift#\" { mention \"@alice\" topic \"#swift#\" }",
                "7:3: example does not hold: expected no match, found 'mention \"@x\"'; the text gives:",
                "note: example \"nothing here @x\" { mention \"@x\" }",
                "8:1: example does not hold: expected 'topic \"#x#\"' as match 2, found only 1 match; the text gives:",
                "note: example \"Hi @alice\" { mention \"@alice\" }",
                "9:1: example does not hold: found 'topic \"#a#\"' as match 2 after the 1 expected; the text gives:",
                "note: example \"Hi @alice #a# #b#\" { mention \"@alice\" topic \"#a#\" topic \"#b#\" }",
                "10:1: example does not hold: match 1 'mention \"@bob\"' should have 'tap openProfile(user: \"bob\")', found 'tap openProfile(user: \"@bob\")'; the text gives:",
                "note: example \"@bob\" { mention \"@bob\" tap openProfile(user: \"@bob\") }",
                "11:1: example does not hold: match 1 'mention \"@bob\"' should have 'tap openProfile', found 'tap openProfile(user: \"@bob\")'; the text gives:",
                "note: example \"@bob\" { mention \"@bob\" tap openProfile(user: \"@bob\") }",
                "12:1: example does not hold: match 1 'mention \"@bob\"' should have 'display \"bob\"', found 'display \"@bob\"'; the text gives:",
                "note: example \"@bob\" { mention \"@bob\" display \"@bob\" }",
                "13:1: example does not hold: expected the display text \"B\", found \"A\"; the text gives:",
                "note: example \"<h1>A</h1>\" { display \"A\" h \"<h1>A</h1>\" }",
            ])
        let rendered = DiagnosticRenderer.render(try XCTUnwrap(output.diagnostics.first { $0.severity == .error }))
        XCTAssertEqual(
            rendered,
            """
            x.richrules:6:1: error: example does not hold: expected 'topic "#swift#"' as match 1, found 'mention "@alice"'; the text gives:
            example "Hi @alice, see #swift#" { topic "#swift#" mention "@alice" }
            ^~~~~~~
            x.richrules: note: example "Hi @alice, see #swift#" { mention "@alice" topic "#swift#" }

            """)
    }

    /// The note's block, pasted back, holds.
    func testTheFoundBlockPastesBack() throws {
        let texts = ["a\\\"b\\\\c \\$1 @x\\n\\t#y z#\\u{202E}@q", "<h1>T</h1> &lt; @z"]
        for text in texts {
            let failing = compile("example \"\(text)\" { topic \"nope\" }")
            let note = try XCTUnwrap(failing.diagnostics.first { $0.severity == .error }?.notes.first?.message)
            let pasted = compile(note + "\n")
            XCTAssertEqual(errors(pasted), [], note)
            XCTAssertEqual(pasted.examples, SpecExamples.Summary(passed: 1, failed: 0))
        }
    }

    func testUnknownRulesAndHandlersHaveDidYouMean() {
        let output = compile(
            """
            example "@a" { mentoin "@a" tap openProfil(user: "@a") }
            example "x" { h "x" tap nothingLikeIt }
            """)
        XCTAssertEqual(
            errors(output),
            [
                "6:16: unknown rule 'mentoin' in an example; did you mean 'mention'?",
                "6:33: unknown handler 'openProfil' in an example: no rule taps it; did you mean 'openProfile'?",
                "7:25: unknown handler 'nothingLikeIt' in an example: no rule taps it",
            ])
        XCTAssertEqual(
            output.diagnostics.map(\.name).filter { $0.hasPrefix("unknown") }, ["unknown-rule", "unknown-handler", "unknown-handler"])
        XCTAssertNil(output.examples, "examples do not run on a spec with errors")
    }

    /// `explain` and `preview` compile with `analyze: false`: examples run only when asked.
    func testExamplesRunWithTheAnalysisOrWhenAsked() {
        let failing = "example \"@a\" { }\n"
        XCTAssertFalse(compile(failing, analyze: false).hasErrors)
        XCTAssertNil(compile(failing, analyze: false).examples)
        XCTAssertTrue(compile(failing, analyze: false, examplesFlag: true).hasErrors)
        XCTAssertEqual(compile(failing, analyze: false, examplesFlag: true).examples, SpecExamples.Summary(passed: 0, failed: 1))
        XCTAssertFalse(compile(failing, analyze: true, examplesFlag: false).hasErrors)
    }

    /// Examples are not part of the table, the JSON or the generated Swift.
    func testGeneratedOutputIsTheSameWithoutExamples() throws {
        let plain = Compiler.compile(source: Self.rules, path: "x.richrules")
        let with = compile("example \"@a\" { mention \"@a\" }\nexample \"none\" { }\n")
        let table = try XCTUnwrap(plain.table)
        XCTAssertEqual(try XCTUnwrap(with.table), table)
        XCTAssertEqual(try with.table?.jsonData(), try table.jsonData())
        let emit = { (o: Compiler.Output) in
            SwiftEmitter(table: o.table!, automata: o.automata!, specPath: "x.richrules", ruleLocations: o.ruleLocations).emit()
        }
        XCTAssertEqual(emit(with), emit(plain))
    }

    func testHostileTextsDoNotCrash() {
        let long = String(repeating: "@ab #c# ", count: 20_000)
        let output = compile("example \"\(long)\" { }\nexample \"\\u{0}\\u{1B}[31m\\r\" { }\n")
        XCTAssertEqual(output.examples, SpecExamples.Summary(passed: 1, failed: 1))
        let note = output.diagnostics.first { $0.severity == .error }?.notes.first?.message ?? ""
        XCTAssertTrue(note.hasPrefix("example \"@ab #c# @ab"), String(note.prefix(40)))
        XCTAssertEqual(Quoting.specString("\u{0}\u{1B}\r\n\t\"\\$\u{202E}é"), "\"\\0\\u{1B}\\r\\n\\t\\\"\\\\\\$\\u{202E}é\"")
        let rendered = DiagnosticRenderer.render(output.diagnostics)
        XCTAssertFalse(rendered.contains("\u{1B}"))
    }
}

import RuleSpec
import XCTest

/// `example "TEXT" { … }` (DESIGN.md "Spec examples").
final class ExampleParserTests: XCTestCase {
    func parse(_ text: String) -> (SpecFile, [Diagnostic]) {
        Parser.parse(SourceFile(path: "t.richrules", text: text))
    }

    func messages(_ text: String) -> [String] {
        parse(text).1.map { "\($0.location?.description ?? "-"): \($0.message)" }
    }

    func examples(_ spec: SpecFile) -> [ExampleDecl] {
        spec.statements.compactMap { if case .example(let e) = $0 { return e } else { return nil } }
    }

    func testTheContractsExamplesParse() throws {
        let text = """
            richrules 1
            rule mention { match /@\\w+/ }
            example "Hi @alice, see #swift#" {
              mention "@alice"
              topic "#swift#"
            }
            example "nothing here" { }
            example "<h1>Terms</h1>" { display "Terms"  h "<h1>Terms</h1>" tap openAgreement }
            example "@bob" { mention "@bob" tap openProfile(user: "bob", "x") display "@bob" }
            """
        let (spec, diagnostics) = parse(text)
        XCTAssertEqual(diagnostics.map(\.message), [])
        let all = examples(spec)
        XCTAssertEqual(all.count, 4)
        XCTAssertEqual(all[0].text.value, "Hi @alice, see #swift#")
        XCTAssertEqual(all[0].items.map(\.rule.name), ["mention", "topic"])
        XCTAssertEqual(all[0].items.map(\.text.value), ["@alice", "#swift#"])
        XCTAssertEqual(spec.source.location(of: all[0].keyword.start), SourceLocation(line: 3, column: 1))
        XCTAssertEqual(spec.source.location(of: all[0].items[1].rule.span.start), SourceLocation(line: 5, column: 3))
        XCTAssertEqual(spec.source.location(of: all[0].text.span.start), SourceLocation(line: 3, column: 9))
        XCTAssertEqual(all[1].items, [])
        XCTAssertNil(all[1].display)
        XCTAssertEqual(all[2].display?.value, "Terms")
        XCTAssertEqual(all[2].items.first?.tap?.handler.name, "openAgreement")
        XCTAssertEqual(all[2].items.first?.tap?.arguments, [])
        XCTAssertNil(all[2].items.first?.display)
        let tap = try XCTUnwrap(all[3].items.first?.tap)
        XCTAssertEqual(tap.arguments.map { $0.label?.name }, ["user", nil])
        XCTAssertEqual(tap.arguments.map(\.value.value), ["bob", "x"])
        XCTAssertEqual(all[3].items.first?.display?.value, "@bob")
        XCTAssertNil(all[3].display)
    }

    func testEscapesAndEmptyText() {
        let (spec, diagnostics) = parse(#"richrules 1 example "\$5 \u{1F600}\n\"" { r "\$5" } example "" { }"#)
        XCTAssertEqual(diagnostics.map(\.message), [])
        XCTAssertEqual(examples(spec).map(\.text.value), ["$5 😀\n\"", ""])
        XCTAssertEqual(examples(spec).first?.items.first?.text.value, "$5")
    }

    func testErrorsAreLocatedAndParsingGoesOn() {
        let text = """
            richrules 1
            example "price $1" { }
            example "a" { mention }
            example "b" { mention "@b" tap open(user: $0) }
            example { }
            example "c" { display "x" display "y" }
            example "d" { m "d" display "1" display "2" }
            example "e" { 12 }
            example "f" { m "f" tap }
            rule ok { match /x/ }
            example "g" {
              m "g"
            rule after { match /y/ }
            example "h" { m "\\q" }
            """
        XCTAssertEqual(
            messages(text),
            [
                "2:16: an example's texts are plain text, without '$' references: write '\\$' for a dollar sign",
                "3:23: expected the matched text in quotes after the rule name 'mention' (e.g. mention \"…\"), found '}'",
                "4:43: expected an argument value in quotes (the text the handler gets), found a capture reference",
                "5:9: expected the example text in quotes after 'example' (e.g. example \"Hi @alice\" { mention \"@alice\" }), found '{'",
                "6:27: the example's display text is given twice",
                "7:33: 'display' is given twice for the expected match 'm' (the whole text's display comes first, before the matches)",
                "8:15: expected an expected match ('RULE \"matched text\"') or '}' in the example, found a number",
                "9:25: expected a handler name after 'tap', found '}'",
                "11:13: unclosed '{' of the example: expected '}' before the next statement",
                "14:18: unknown escape '\\q' in string literal",
            ])
        let (spec, _) = parse(text)
        XCTAssertEqual(spec.statements.filter { if case .rule = $0 { return true } else { return false } }.count, 2)
    }

    func testNoCrashOnTruncatedExamples() {
        let whole = #"richrules 1 example "Hi @a" { display "x" mention "@a" tap open(user: "a") display "@a" }"#
        let scalars = Array(whole.unicodeScalars)
        for end in 0...scalars.count {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[..<end])
            let (_, diagnostics) = parse(String(view))
            if end < scalars.count, end > 12 { XCTAssertFalse(diagnostics.isEmpty, "\(end)") }
        }
    }
}

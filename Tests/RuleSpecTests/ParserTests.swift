import RuleSpec
import XCTest

final class ParserTests: XCTestCase {
    func parse(_ text: String) -> (SpecFile, [Diagnostic]) {
        Parser.parse(SourceFile(path: "t.richrules", text: text))
    }

    func messages(_ text: String) -> [String] {
        parse(text).1.map { "\($0.location?.description ?? "-"): \($0.message)" }
    }

    func testBriefExampleParsesWithoutErrors() {
        let text = """
            richrules 1
            base { font: 14; color: #8E8E93 }
            style link    { color: systemBlue }
            style danger : link { color: systemRed }
            highlight pressed
            tags h {
              priority 0
              style link
              tag h1 { style { underline: single }  tap openAgreement }
              tag h2 { style danger  tap openPrivacy }
              tap onTag
            }
            rule mention { match /@\\w+/ priority 10 style { color: systemPurple } tap openProfile(user: $0) }
            rule emoji  { match /\\[(?<name>smile|heart)\\]/  image "${name}" size 17x17 }
            rule vip    { match /\\[vip\\]/  widget badge size 30x16 align middle }
            rule url    { match detector(link)  replace "🔗 link"  style link  tap openURL(url: $0) }
            rule a { match tag <a href>; tap open(url: ${href}) } rule img { match tag <img src/> image "${src}" }
            rule p { match prefix "#" }
            """
        let (spec, diagnostics) = parse(text)
        XCTAssertEqual(diagnostics.map(\.message), [])
        XCTAssertEqual(spec.statements.count, 12)
        guard case .rule(let mention) = spec.statements[5] else { return XCTFail("expected rule") }
        XCTAssertEqual(mention.name.name, "mention")
        guard case .match(.regex(let pattern, _, let flags, _), _) = mention.items[0] else { return XCTFail("expected regex") }
        XCTAssertEqual(pattern, "@\\w+")
        XCTAssertEqual(flags, "")
        guard case .rule(let img) = spec.statements[10], case .match(.element(let name, let attrs, let isVoid), _) = img.items[0] else {
            return XCTFail("expected element")
        }
        XCTAssertEqual([name.name] + attrs.map(\.name), ["img", "src"])
        XCTAssertTrue(isVoid)
    }

    /// `where TEST [and TEST] { … }` in a rule or a tag family is a conditional block for
    /// every tag (`tag *`), taking `style` and `tap`; colors with `dark` and paragraph
    /// properties are plain property values.
    func testWhereBlocksAndLabelStyleValues() {
        let (spec, diagnostics) = parse(
            """
            richrules 1
            base { color: #333 dark #CCC; alignment: center; lineSpacing: 4 }
            rule a { match tag <a href>  where href == "/t" and index >= 1 { style { font: bold } tap terms }  where: x }
            tags h { where level > 2 { tap none } }
            """)
        XCTAssertEqual(
            diagnostics.map { "\($0.location?.description ?? "-"): \($0.message)" },
            [
                "3:105: expected a tag field after 'where' ('index', 'level', 'text', 'name' or an attribute), found ':'"
            ])
        guard case .base(let base, _) = spec.statements[0] else { return XCTFail("expected base") }
        XCTAssertEqual(base.properties.map(\.name.name), ["color", "alignment", "lineSpacing"])
        guard case .color("333", _) = base.properties[0].values[0], case .word(let dark) = base.properties[0].values[1],
            case .color("CCC", _) = base.properties[0].values[2]
        else { return XCTFail("expected a color pair") }
        XCTAssertEqual(dark.name, "dark")
        guard case .rule(let rule) = spec.statements[1], case .tag(let block) = rule.items[1] else {
            return XCTFail("expected a where block")
        }
        XCTAssertEqual(block.name.name, "*")
        XCTAssertEqual(block.conditions.map { "\($0.field.name) \($0.op)" }, ["href ==", "index >="])
        XCTAssertEqual(block.items.map(\.keyword), ["style", "tap"])
        guard case .tags(let family) = spec.statements[2], case .tag(let familyBlock) = family.items[0],
            case .tap(let tap, _) = familyBlock.items[0]
        else { return XCTFail("expected a family where block") }
        XCTAssertEqual(familyBlock.conditions.map(\.field.name), ["level"])
        XCTAssertEqual(tap.handler.name, "none")
        XCTAssertEqual(
            messages("richrules 1\ntags h { tag h1 { where index == 0 { style { font: bold } } } }"),
            ["2:19: 'where' is not allowed in a tag block"])
    }

    func testKeywordsAreContextual() {
        let (spec, diagnostics) = parse(
            "richrules 1\nstyle style { color: red }\nrule tag { match /x/ style style tap rule }\nrule match { match /y/i }")
        XCTAssertEqual(diagnostics.map(\.message), [])
        XCTAssertEqual(spec.statements.count, 3)
    }

    func testRegexLiteralKeepsEscapesAndClassesAndFlags() {
        let (spec, diagnostics) = parse("richrules 1\nrule r { match /[/]a\\/b/im }")
        XCTAssertEqual(diagnostics.map(\.message), [])
        guard case .rule(let r) = spec.statements[0], case .match(.regex(let pattern, let span, let flags, _), _) = r.items[0] else {
            return XCTFail()
        }
        XCTAssertEqual(pattern, "[/]a\\/b")
        XCTAssertEqual(flags, "im")
        XCTAssertEqual(spec.source.location(of: span.start), SourceLocation(line: 2, column: 17))
    }

    func testStringTemplatesAndEscapes() {
        let (spec, diagnostics) = parse("richrules 1\nrule r { match /(a)/ replace \"x$1\\$2 ${n}\\u{1F600}\\\"\" }")
        XCTAssertEqual(diagnostics.map(\.message), [])
        guard case .rule(let r) = spec.statements[0], case .replace(let t, _) = r.items[1] else { return XCTFail() }
        XCTAssertEqual(t.pieces.map(\.piece), [.text("x"), .group(1), .text("$2 "), .name("n"), .text("😀\"")])
    }

    func testEveryErrorOfAFileIsReported() {
        let text = """
            richrules 1
            rule a { match /x/ priority }
            rule b { frobnicate 3 }
            style s { color: }
            rule c { match /y/ }
            bogus
            rule d { match /z/ style {
            """
        XCTAssertEqual(
            messages(text),
            [
                "2:29: expected an integer after 'priority', found '}'",
                "3:10: expected a statement of a rule ('allow', 'alt', 'highlight', 'image', 'in arguments', 'match', 'nest', 'priority', 'replace', 'show', 'style', 'tap', 'where', 'widget'; HTML specs: 'before', 'after', 'inline', 'block', 'paragraph', 'pre', 'hide'), found 'frobnicate'",
                "4:18: expected a value for 'color', found '}'",
                "6:1: expected a statement ('rule', 'tags', 'style', 'base', 'highlight', 'truncation', 'import' or 'example'), found 'bogus'",
                "7:8: unclosed '{' of rule 'd': expected '}' before the end of the file",
                "7:26: unclosed '{' of the style block after 'style': expected '}' before the end of the file",
            ])
    }

    func testHeaderErrors() {
        XCTAssertEqual(messages("rule a { match /x/ }"), ["1:1: a spec must start with the header 'richrules 1'"])
        XCTAssertEqual(messages(""), ["1:1: empty spec: a spec must start with the header 'richrules 1'"])
        XCTAssertEqual(
            messages("richrules\nrule a { match /x/ }").first, "1:1: expected a language version after 'richrules' (write 'richrules 1')")
    }

    func testNotAllowedItemsAndUnterminatedThings() {
        XCTAssertEqual(messages("richrules 1\ntags h { match /x/ }"), ["2:10: 'match' is not allowed in a tag family"])
        XCTAssertEqual(
            messages("richrules 1\nrule r { match /abc }"),
            ["2:16: unterminated pattern: missing closing '/'"])
        XCTAssertEqual(
            messages("richrules 1\nrule r { replace \"abc }"),
            ["2:18: unterminated string literal"])
    }

    /// A block that lacks its `}` is named at its `{`, and parsing resumes at the next
    /// statement: nothing after it is lost or misread.
    func testUnclosedBlocksResumeAtTheNextStatement() {
        let text = """
            richrules 1
            style link { color: systemBlue
            rule a { match /x/ style link }
            rule b { match /y/
              tap open
            tags h { tag h1 { style link }
            style other : link { color: red }
            rule c { match /[a-z/ style { color: red
              tap go }
            """
        XCTAssertEqual(
            messages(text),
            [
                "2:12: unclosed '{' of style 'link': expected '}' before the next statement",
                "4:8: unclosed '{' of rule 'b': expected '}' before the next statement",
                "6:8: unclosed '{' of tag family 'h': expected '}' before the next statement",
                "8:29: unclosed '{' of the style block after 'style': expected '}' before the next statement",
            ])
        let (spec, _) = parse(text)
        XCTAssertEqual(spec.statements.count, 6)
        guard case .rule(let c) = spec.statements[5], case .match(.regex(let pattern, _, _, _), _) = c.items[0] else {
            return XCTFail("rule c is parsed")
        }
        XCTAssertEqual(pattern, "[a-z", "an unclosed class ends at the line's next '/'")
        XCTAssertEqual(c.items.count, 3)
    }

    func testCaretRendering() {
        let (_, diagnostics) = parse("richrules 1\nrule r { match /x/ priority zz }")
        XCTAssertEqual(
            DiagnosticRenderer.render(diagnostics),
            """
            t.richrules:2:29: error: expected an integer after 'priority', found 'zz'
            rule r { match /x/ priority zz }
                                        ^~

            """)
    }

    func testColumnsCountScalarsAndCaretWidensForCJK() {
        let (_, diagnostics) = parse("richrules 1\n/* 中文 */ zz")
        XCTAssertEqual(diagnostics.first?.location, SourceLocation(line: 2, column: 10))
        XCTAssertEqual(DiagnosticRenderer.render(diagnostics).split(separator: "\n")[2], "           ^~")
    }
}

/// The diagnostic registry and its documentation.
final class DiagnosticKindTests: XCTestCase {
    /// docs/Lint.md holds the registry's own table (`rulegen help diagnostics`).
    func testLintDocsListEveryKindFromTheRegistry() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/Lint.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let table = try XCTUnwrap(
            text.components(separatedBy: "<!-- diagnostics:begin -->\n").last?.components(separatedBy: "<!-- diagnostics:end -->").first)
        XCTAssertEqual(table, DiagnosticKind.markdownTable, "docs/Lint.md: paste the output of 'rulegen help diagnostics'")
    }

    func testNamesAreUniqueAndErrorsAreNotAdjustable() {
        XCTAssertEqual(Set(DiagnosticKind.all.map(\.name)).count, DiagnosticKind.all.count)
        XCTAssertTrue(DiagnosticKind.all.filter { $0.severity == .error }.allSatisfy { !$0.isAdjustable })
        XCTAssertEqual(DiagnosticKind.named("overlap"), .overlap)
        XCTAssertEqual(DiagnosticKind.unknownStyle("x", at: nil).severity, .error)
        XCTAssertEqual(DiagnosticKind.overlap("x", at: nil).severity, .note)
    }
}

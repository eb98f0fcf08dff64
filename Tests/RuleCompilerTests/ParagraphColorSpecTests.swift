import Foundation
@_spi(Generated) import RuleRuntime
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler

/// The language's paragraph properties (`alignment`, `lineSpacing`, `lineHeight`,
/// `paragraphSpacing`, `headIndent`, `firstLineHeadIndent`) and colors with a dark variant (`#333333 dark #CCCCCC`): what the
/// checks accept and reject (at their line and column), the table they make, and the
/// generated Swift literal of it.
final class ParagraphColorSpecTests: XCTestCase {
    func compile(_ body: String) -> Compiler.Output {
        Compiler.compile(source: "richrules 1\n" + body, path: "p.richrules", analyze: false)
    }

    func table(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws -> StyleTable {
        let output = compile(body)
        XCTAssertEqual(output.diagnostics.map(\.message), [], file: file, line: line)
        return try XCTUnwrap(output.table, file: file, line: line)
    }

    /// `line:column: message` of each error.
    func errors(_ body: String) -> [String] {
        compile(body).diagnostics.filter { $0.severity == .error }.map {
            "\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.message)"
        }
    }

    static let pair = StyleColor.dynamic(light: RGBA(hex: "333333")!, dark: RGBA(hex: "CCCCCC")!)

    /// Base → family → tag, each property separately, as every other property merges.
    func testParagraphPropertiesMergeBaseThenFamilyThenTag() throws {
        let table = try table(
            """
            base { font: 15; alignment: natural; lineSpacing: 4; paragraphSpacing: 6 }
            style title { alignment: center; lineHeight: 22.5 }
            tags h {
              style title
              tag h1 { style { alignment: right; paragraphSpacing: 0 } }
            }
            rule quote { match /^>.*$/m  style { alignment: justified } }
            """)
        XCTAssertEqual(table.base, TextStyle(font: FontSpec(size: 15), alignment: .natural, lineSpacing: 4, paragraphSpacing: 6))
        XCTAssertEqual(table.styles["title"], TextStyle(alignment: .center, lineHeight: 22.5))
        let family = try XCTUnwrap(table.rules.first)
        XCTAssertEqual(
            family.presentation.style.paragraphStyle,
            ParagraphStyle(alignment: .center, lineSpacing: 4, lineHeight: 22.5, paragraphSpacing: 6))
        XCTAssertEqual(
            family.tags["h1"]?.style.paragraphStyle,
            ParagraphStyle(alignment: .right, lineSpacing: 4, lineHeight: 22.5, paragraphSpacing: 0))
        XCTAssertEqual(table.rules[1].presentation.style.alignment, .justified)
        XCTAssertEqual(try StyleTable(jsonData: table.jsonData()), table)
    }

    /// `headIndent` and `firstLineHeadIndent` merge base → style → rule like the others,
    /// and the table keeps them through its JSON.
    func testIndentsMergeAndReachTheTable() throws {
        let table = try table(
            """
            base { font: 15; headIndent: 18 }
            style hanging { headIndent: 24; firstLineHeadIndent: 0 }
            rule item { match /^- .*$/m  style hanging }
            rule quote { match /^>.*$/m  style { firstLineHeadIndent: 12.5 } }
            """)
        XCTAssertEqual(table.base, TextStyle(font: FontSpec(size: 15), headIndent: 18))
        XCTAssertEqual(table.styles["hanging"], TextStyle(headIndent: 24, firstLineHeadIndent: 0))
        XCTAssertEqual(table.rules[0].presentation.style.paragraphStyle, ParagraphStyle(headIndent: 24, firstLineHeadIndent: 0))
        XCTAssertEqual(table.rules[1].presentation.style.paragraphStyle, ParagraphStyle(headIndent: 18, firstLineHeadIndent: 12.5))
        XCTAssertEqual(try StyleTable(jsonData: table.jsonData()), table)
        let result = try RuleEngine(compiling: table).render("- item\nplain")
        XCTAssertEqual(
            result.paragraphs.map(\.style), [ParagraphStyle(headIndent: 24, firstLineHeadIndent: 0), ParagraphStyle(headIndent: 18)])
    }

    func testIndentErrors() {
        XCTAssertEqual(errors("base { headIndent: -1 }"), ["2:20: 'headIndent' must be between 0 and 1000 points"])
        XCTAssertEqual(errors("base { firstLineHeadIndent: 1000.5 }"), ["2:29: 'firstLineHeadIndent' must be between 0 and 1000 points"])
        XCTAssertEqual(errors("base { headIndent: 2 3 }"), ["2:22: 'headIndent' takes one number"])
        XCTAssertEqual(errors("base { headIndent: left }"), ["2:20: 'headIndent' takes one number"])
        XCTAssertEqual(errors("base { headIndnet: 2 }"), ["2:8: unknown style property 'headIndnet'; did you mean 'headIndent'?"])
        XCTAssertEqual(
            errors("base { firstLineIndent: 2 }"), ["2:8: unknown style property 'firstLineIndent'; did you mean 'firstLineHeadIndent'?"])
        XCTAssertEqual(
            errors("base { headIndent: 1; headIndent: 2 }"), ["2:23: style property 'headIndent' is set twice"])
        // A highlight changes no layout.
        XCTAssertEqual(
            errors("rule a { match /a/ tap t highlight { firstLineHeadIndent: 4 } }"),
            ["2:38: 'firstLineHeadIndent' is a paragraph property: a pressed highlight changes how text looks, not its layout"])
        XCTAssertEqual(
            errors("style p { headIndent: 8; firstLineHeadIndent: 4; lineHeight: 20 }\nhighlight p"),
            [
                "3:11: style 'p' sets 'lineHeight', 'headIndent' and 'firstLineHeadIndent', paragraph properties: a pressed highlight changes how text looks, not its layout"
            ])
    }

    func testColorsWithADarkVariant() throws {
        let table = try table(
            """
            base { color: #333 dark #CCCCCC; background: black dark white }
            style a { underline: dashed #FF000080 dark #FF8080; strikethroughColor: #123456 dark #123456 }
            highlight { background: #E5E5EA dark #2C2C2E }
            rule r { match /r/ style { color: systemBlue } }
            """)
        XCTAssertEqual(table.base.color, Self.pair)
        XCTAssertEqual(table.base.background, .dynamic(light: RGBA(red: 0, green: 0, blue: 0), dark: RGBA(red: 255, green: 255, blue: 255)))
        let a = try XCTUnwrap(table.styles["a"])
        XCTAssertEqual(a.underline, .dashed)
        XCTAssertEqual(a.underlineColor, .dynamic(light: RGBA(hex: "FF000080")!, dark: RGBA(hex: "FF8080")!))
        // The same value in both appearances is one fixed color.
        XCTAssertEqual(a.strikethroughColor, .rgba(RGBA(hex: "123456")!))
        XCTAssertEqual(table.highlight?.background, .dynamic(light: RGBA(hex: "E5E5EA")!, dark: RGBA(hex: "2C2C2E")!))
        XCTAssertEqual(try StyleTable(jsonData: table.jsonData()), table)
    }

    func testErrorsAreLocated() {
        XCTAssertEqual(
            errors("base { alignment: center left }"),
            ["2:26: 'alignment' takes one of natural, left, center, right, justified"])
        XCTAssertEqual(errors("base { alignment: #FFF }"), ["2:19: 'alignment' takes one of natural, left, center, right, justified"])
        XCTAssertEqual(errors("base { lineSpacing: 2 3 }"), ["2:23: 'lineSpacing' takes one number"])
        XCTAssertEqual(errors("base { lineHeight: -1 }"), ["2:20: 'lineHeight' must be greater than 0 and at most 1000 points"])
        XCTAssertEqual(
            errors("base { color: #333 #444 }"), ["2:20: 'color' takes a color, or a color and its dark variant ('#333333 dark #CCCCCC')"])
        XCTAssertEqual(
            errors("base { color: #333 dark label }"),
            ["2:25: 'label' adapts to dark appearance by itself; 'dark' pairs two fixed colors (hex, or a fixed name such as 'white')"])
        XCTAssertEqual(
            errors("base { color: #333 dark #444 dark #555 }"),
            ["2:30: 'color' takes a color, or a color and its dark variant ('#333333 dark #CCCCCC')"])
        XCTAssertEqual(
            errors("base { underline: single #333 dark }"), ["2:31: expected the dark color after 'dark'"])
        XCTAssertEqual(errors("base { color: #333 dark blu }"), ["2:25: unknown color 'blu'; did you mean 'blue'?"])
        // A highlight changes no layout; a style used elsewhere may.
        XCTAssertEqual(
            errors("style p { lineHeight: 20; paragraphSpacing: 2 }\nrule a { match /a/ style p tap t highlight { lineSpacing: 1 } }"),
            ["3:46: 'lineSpacing' is a paragraph property: a pressed highlight changes how text looks, not its layout"])
        XCTAssertEqual(
            errors("style p { lineHeight: 20; paragraphSpacing: 2 }\nhighlight p"),
            [
                "3:11: style 'p' sets 'lineHeight' and 'paragraphSpacing', paragraph properties: a pressed highlight changes how text looks, not its layout"
            ])
    }

    /// The generated Swift writes the new properties and color pairs through the runtime's
    /// initializers, leaving out what is not set.
    func testTableLiteral() throws {
        XCTAssertEqual(
            TableLiteral.style(TextStyle(color: Self.pair, alignment: .justified, lineSpacing: 1.5, lineHeight: 20, paragraphSpacing: 0))
                .flat,
            "TextStyle(color: .dynamic(light: RGBA(red: 51, green: 51, blue: 51), dark: RGBA(red: 204, green: 204, blue: 204)), alignment: .justified, lineSpacing: 1.5, lineHeight: 20, paragraphSpacing: 0)"
        )
        XCTAssertEqual(
            TableLiteral.color(.dynamic(light: RGBA(red: 1, green: 2, blue: 3, alpha: 4), dark: RGBA(red: 5, green: 6, blue: 7))).flat,
            ".dynamic(light: RGBA(red: 1, green: 2, blue: 3, alpha: 4), dark: RGBA(red: 5, green: 6, blue: 7))")
        XCTAssertEqual(TableLiteral.style(TextStyle(alignment: .natural)).flat, "TextStyle(alignment: .natural)")
        XCTAssertEqual(
            TableLiteral.style(TextStyle(paragraphSpacing: 2, headIndent: 18, firstLineHeadIndent: 0)).flat,
            "TextStyle(paragraphSpacing: 2, headIndent: 18, firstLineHeadIndent: 0)")
        let output = compile("base { color: #333 dark #CCC; alignment: center }\nrule a { match /a/ }")
        let source = SwiftEmitter(table: try XCTUnwrap(output.table), automata: try XCTUnwrap(output.automata), specPath: "p.richrules")
            .emit()
        XCTAssertTrue(
            source.contains("color: .dynamic(light: RGBA(red: 51, green: 51, blue: 51), dark: RGBA(red: 204, green: 204, blue: 204))"),
            source)
        XCTAssertTrue(source.contains("alignment: .center"), source)
        // A rule's indents over the base's: the base merged with what the rule adds.
        let indented = compile("base { headIndent: 4 }\nrule a { match /a/ style { headIndent: 18; firstLineHeadIndent: 0 } }")
        let indentedSource = SwiftEmitter(
            table: try XCTUnwrap(indented.table), automata: try XCTUnwrap(indented.automata), specPath: "p.richrules"
        ).emit()
        XCTAssertTrue(indentedSource.contains("TextStyle(headIndent: 4)"), indentedSource)
        XCTAssertTrue(
            indentedSource.contains("Styles.base.merged(with: TextStyle(headIndent: 18, firstLineHeadIndent: 0))"), indentedSource)
        XCTAssertEqual(
            StyleReferences.delta(
                from: TextStyle(headIndent: 4, firstLineHeadIndent: 0), to: TextStyle(headIndent: 4, firstLineHeadIndent: 2)),
            TextStyle(firstLineHeadIndent: 2))
    }

    /// A spec's paragraphs through the engine: a heading rule that starts a line sets its
    /// paragraph; the same rule in the middle of a paragraph does not.
    func testRenderedParagraphs() throws {
        let table = try table(
            """
            base { font: 14; lineSpacing: 2 }
            rule heading { match /#\\w+/  style { font: bold; alignment: center; paragraphSpacing: 8 } }
            """)
        let result = try RuleEngine(compiling: table).render("#Top\nsee #inline here")
        XCTAssertEqual(
            result.paragraphs.map(\.style),
            [ParagraphStyle(alignment: .center, lineSpacing: 2, paragraphSpacing: 8), ParagraphStyle(lineSpacing: 2)])
        XCTAssertEqual(result.matches.map { $0.style.alignment }, [.center, .center])
    }
}

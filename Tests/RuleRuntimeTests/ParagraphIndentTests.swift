import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// The paragraph indents `headIndent` and `firstLineHeadIndent` in the runtime: merging,
/// the table's JSON and its ranges, and each paragraph's properties in
/// `attributedString()`.
final class ParagraphIndentTests: XCTestCase {
    /// 10-point text: a narrow cluster is 5 points wide in the reference layout.
    static let hanging = TextStyle(font: FontSpec(size: 10), headIndent: 20, firstLineHeadIndent: 10)

    func engine(base: TextStyle, _ rules: [RuleEntry] = []) throws -> RuleEngine {
        var table = Fixture.table(rules)
        table.base = base
        return try RuleEngine(reference: table)
    }

    func testIndentsMergeLaterWins() {
        let merged = TextStyle(headIndent: 18, firstLineHeadIndent: 4).merged(with: TextStyle(firstLineHeadIndent: 0))
        XCTAssertEqual(merged.paragraphStyle, ParagraphStyle(headIndent: 18, firstLineHeadIndent: 0))
        XCTAssertTrue(TextStyle(headIndent: 0).hasParagraphProperties)
        XCTAssertTrue(TextStyle(firstLineHeadIndent: 3).hasParagraphProperties)
        XCTAssertEqual(merged.withoutParagraphProperties, TextStyle())
        XCTAssertEqual(ParagraphStyle(headIndent: 18).indent(firstLine: true), 0)
        XCTAssertEqual(ParagraphStyle(headIndent: 18).indent(firstLine: false), 18)
        XCTAssertFalse(ParagraphStyle(headIndent: 0, firstLineHeadIndent: 0).isIndented)
    }

    /// Plain keys in the table's JSON, read back; out of range, refused at their key path.
    func testJSONAndRanges() throws {
        var table = Fixture.table([Fixture.regex("a", "a", presentation: Fixture.presentation(style: TextStyle(firstLineHeadIndent: 0)))])
        table.base = TextStyle(headIndent: 18.5, firstLineHeadIndent: 4)
        let json = String(decoding: try table.jsonData(), as: UTF8.self)
        XCTAssertTrue(
            json.contains(
                """
                  "base" : {
                    "firstLineHeadIndent" : 4,
                    "headIndent" : 18.5
                  },
                """), json)
        XCTAssertTrue(json.contains(#""firstLineHeadIndent" : 0"#), json)
        XCTAssertEqual(try StyleTable(jsonData: Data(json.utf8)), table)
        for (key, value) in [("headIndent", "-1"), ("firstLineHeadIndent", "1000.5")] {
            let bad = json.replacingOccurrences(of: #""headIndent" : 18.5"#, with: #""\#(key)" : \#(value)"#)
                .replacingOccurrences(of: #""firstLineHeadIndent" : 4,"#, with: key == "headIndent" ? #""firstLineHeadIndent" : 4,"# : "")
            XCTAssertThrowsError(try StyleTable(jsonData: Data(bad.utf8)), key) { error in
                XCTAssertTrue(
                    "\(error)".contains("'\(key)' is from 0 to 1000 points, found \(Double(value)!) (at base.\(key))"), "\(error)")
            }
        }
    }

    /// Every run of a paragraph carries its first character's indents.
    func testAttributedStringCarriesIndents() throws {
        let item = Fixture.regex(
            "item", "(?m)^- .*$", presentation: Fixture.presentation(style: Self.hanging.merged(with: TextStyle(firstLineHeadIndent: 0))))
        let text = try engine(base: Self.hanging, [item]).render("- one\ntwo").attributedString()
        let paragraphs = text.runs.map { run in (String(text[run.range].characters), run.richRules.paragraph) }
        XCTAssertEqual(paragraphs.map(\.0), ["- one", "\n", "two"])
        XCTAssertEqual(
            paragraphs.map(\.1),
            [
                ParagraphStyle(headIndent: 20, firstLineHeadIndent: 0), ParagraphStyle(headIndent: 20, firstLineHeadIndent: 0),
                ParagraphStyle(headIndent: 20, firstLineHeadIndent: 10),
            ])
    }
}

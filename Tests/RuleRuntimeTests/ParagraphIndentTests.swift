import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// The paragraph indents `headIndent` and `firstLineHeadIndent` in the runtime: merging,
/// the table's JSON and its ranges, each paragraph's properties in `attributedString()`,
/// `html()`'s CSS, and the reference layout's lines, rects and hit tests.
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

    /// One paragraph: `padding-inline-start` for `headIndent` on the container, `text-indent`
    /// for the first line's difference (negative for a hanging indent).
    func testHTMLIndentsOneParagraph() throws {
        let base = TextStyle(font: FontSpec(size: 14), headIndent: 18, firstLineHeadIndent: 6)
        let html = try engine(base: base).render("a b").html(options: HTMLOptions(base: base))
        HTMLRendererTests.assertWellFormed(html)
        XCTAssertEqual(
            html,
            #"<div class="rr" dir="ltr" style="white-space:pre-wrap;overflow-wrap:break-word;font-size:14px;padding-inline-start:18px;text-indent:-12px">a b</div>"#
        )
        let first = try engine(base: TextStyle(firstLineHeadIndent: 12)).render("x").html()
        XCTAssertTrue(first.contains(#"style="white-space:pre-wrap;overflow-wrap:break-word;text-indent:12px">"#), first)
        let head = try engine(base: TextStyle(headIndent: 8, firstLineHeadIndent: 8)).render("x").html()
        XCTAssertTrue(head.contains(#"overflow-wrap:break-word;padding-inline-start:8px">"#), head)
        // Indents of 0 write nothing.
        let zero = try engine(base: TextStyle(headIndent: 0, firstLineHeadIndent: 0)).render("x").html()
        XCTAssertTrue(zero.contains(#"style="white-space:pre-wrap;overflow-wrap:break-word">"#), zero)
    }

    /// Several paragraphs with indents: a block each, since CSS indents a block's first line
    /// only; the container has none (padding would add up). `headIndent` alone is a hanging
    /// indent, as in TextKit (the first line's indent is 0).
    func testHTMLIndentsEachParagraphBlock() throws {
        let base = TextStyle(headIndent: 20)
        let item = Fixture.regex(
            "item", "(?m)^- .*$", presentation: Fixture.presentation(style: TextStyle(headIndent: 20, firstLineHeadIndent: 0)))
        let html = try engine(base: base, [item]).render("- one\nשלום").html(options: HTMLOptions(base: base))
        HTMLRendererTests.assertWellFormed(html)
        XCTAssertEqual(
            html,
            #"<div class="rr" dir="ltr" style="white-space:pre-wrap;overflow-wrap:break-word">"#
                + #"<div class="rr-p" style="padding-inline-start:20px;text-indent:-20px"><span class="rr-m" data-rule="item">- one</span><br></div>"#
                + #"<div class="rr-p" dir="rtl" style="padding-inline-start:20px;text-indent:-20px">שלום</div></div>"#)
        // The same indents on every paragraph: still a block each.
        let same = try engine(base: Self.hanging).render("a\nb").html(options: HTMLOptions(base: Self.hanging))
        XCTAssertEqual(
            same.components(separatedBy: #"<div class="rr-p" style="padding-inline-start:20px;text-indent:-10px">"#).count - 1, 2, same)
    }

    /// A placeholder's box inherits `text-indent` in CSS: it resets it where a first line is
    /// indented, and only there.
    func testHTMLPlaceholdersResetTextIndent() throws {
        let badge = Fixture.regex("w", "w", presentation: Fixture.presentation(widget: WidgetSpec(name: "dot")))
        let indented = try engine(base: Self.hanging, [badge]).render("a w").html()
        XCTAssertTrue(indented.contains(#"vertical-align:middle;text-indent:0">dot</span>"#), indented)
        let plain = try engine(base: TextStyle(headIndent: 20, firstLineHeadIndent: 20), [badge]).render("a w").html()
        XCTAssertFalse(plain.contains("text-indent"), plain)
    }

    /// The first line of a paragraph starts at `firstLineHeadIndent`, the others at
    /// `headIndent`, and the indents narrow the lines; fragments start after the indent,
    /// where hit tests find nothing.
    func testReferenceLayoutIndentsLines() throws {
        let result = try engine(base: Self.hanging).render("aaaa bbbb cccc\nzz")
        let plain = ReferenceLayout(
            RichTextLayoutRequest(result: try engine(base: TextStyle(font: FontSpec(size: 10))).render(result.display), width: 50))
        let layout = ReferenceLayout(RichTextLayoutRequest(result: result, width: 50))
        func lines(_ layout: ReferenceLayout) -> [String] {
            layout.lineFragments.map { String(result.display.utf16.dropFirst($0.displayRange.location).prefix($0.displayRange.length))! }
        }
        XCTAssertEqual(lines(plain), ["aaaa bbbb ", "cccc\n", "zz"])
        // 40 points after the first line's 10, 30 after the others' 20.
        XCTAssertEqual(lines(layout), ["aaaa ", "bbbb ", "cccc\n", "zz"])
        XCTAssertEqual(layout.lineFragments.map(\.rect.minX), [10, 20, 20, 10])
        XCTAssertEqual(layout.lineFragments.map(\.rect.width), [20, 20, 20, 10])
        XCTAssertEqual(layout.size.width, 40)
        let c = try XCTUnwrap(utf16Range(of: "cccc", in: result.display))
        let rect = try XCTUnwrap(layout.rects(for: c).first)
        XCTAssertRectsEqual([rect], [TextRect(x: 20, y: layout.lineFragments[2].rect.minY, width: 20, height: 10 * 1.19)])
        let y = rect.center.y
        XCTAssertEqual(layout.displayOffset(at: TextPoint(x: 21, y: y)), c.location)
        XCTAssertNil(layout.displayOffset(at: TextPoint(x: 19, y: y)))
        XCTAssertEqual(layout.displayOffset(at: TextPoint(x: 11, y: layout.lineFragments[0].rect.center.y)), 0)
        XCTAssertNil(layout.displayOffset(at: TextPoint(x: 9, y: layout.lineFragments[0].rect.center.y)))
        // The new paragraph's first line starts at its first-line indent again.
        XCTAssertEqual(layout.displayOffset(at: TextPoint(x: 10, y: layout.lineFragments[3].rect.center.y)), c.upperBound + 1)
    }

    /// The label core's hit test on an indented line lands on its match; a tap in the indent
    /// lands on nothing.
    func testLabelHitOnAnIndentedLine() throws {
        let tap = Fixture.regex("tag", "#\\w+", presentation: Fixture.presentation(style: Self.hanging, tap: TapSpec(handler: "t")))
        let result = try engine(base: Self.hanging, [tap]).render("aaaa #bbb")
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: result)
        core.width = 50
        let laid = core.layout
        XCTAssertEqual(laid.textLayout.lineFragments.map(\.rect.minX), [10, 20])
        let line = laid.textLayout.lineFragments[1].rect
        XCTAssertEqual(laid.hit(at: TextPoint(x: 22, y: line.center.y)).matchIndex, 0)
        XCTAssertNil(laid.hit(at: TextPoint(x: 12, y: line.center.y)).matchIndex)
        XCTAssertRectsEqual(laid.rects(forMatch: 0), [TextRect(x: 20, y: line.minY, width: 20, height: line.height)])
    }

    /// A right-to-left paragraph is indented from the right, as TextKit takes the indents
    /// from the leading margin.
    func testReferenceLayoutIndentsRightToLeftFromTheRight() throws {
        let result = try engine(base: Self.hanging).render("אבגד הוזח")
        let layout = ReferenceLayout(RichTextLayoutRequest(result: result, width: 50))
        XCTAssertEqual(layout.lineFragments.map(\.displayRange.length), [5, 4])
        XCTAssertEqual(layout.lineFragments.map(\.rect.maxX), [40, 30])
        XCTAssertEqual(layout.displayOffset(at: TextPoint(x: 39, y: layout.lineFragments[0].rect.center.y)), 0)
        XCTAssertNil(layout.displayOffset(at: TextPoint(x: 41, y: layout.lineFragments[0].rect.center.y)))
    }
}

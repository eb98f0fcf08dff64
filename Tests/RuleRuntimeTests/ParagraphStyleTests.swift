import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// Paragraph properties (`alignment`, `lineSpacing`, `lineHeight`, `paragraphSpacing`) and
/// colors with a dark variant in the runtime: merging, the table's JSON, each paragraph's
/// properties (`RenderResult.paragraphs`, `attributedString()`), and `html()`.
final class ParagraphStyleTests: XCTestCase {
    static let centered = TextStyle(font: FontSpec(weight: .bold), alignment: .center, lineHeight: 24, paragraphSpacing: 10)
    static let pair = StyleColor.dynamic(light: RGBA(red: 0x33, green: 0x33, blue: 0x33), dark: RGBA(red: 0xCC, green: 0xCC, blue: 0xCC))

    func engine(_ rules: [RuleEntry], base: TextStyle) throws -> RuleEngine {
        var table = Fixture.table(rules)
        table.base = base
        return try RuleEngine(reference: table)
    }

    /// A rule `title` on whole lines starting with `#`, its style over `base`.
    func titled(base: TextStyle, title: TextStyle = ParagraphStyleTests.centered) throws -> RuleEngine {
        try engine(
            [
                Fixture.regex("title", "(?m)^#.*$", presentation: Fixture.presentation(style: base.merged(with: title))),
                Fixture.regex(
                    "mention", "@\\w+", presentation: Fixture.presentation(style: base.merged(with: title), tap: TapSpec(handler: "t"))),
            ], base: base)
    }

    func testParagraphPropertiesMergeLaterWins() {
        let base = TextStyle(alignment: .natural, lineSpacing: 4, paragraphSpacing: 6)
        let merged = base.merged(with: TextStyle(alignment: .right, lineHeight: 20))
        XCTAssertEqual(merged.paragraphStyle, ParagraphStyle(alignment: .right, lineSpacing: 4, lineHeight: 20, paragraphSpacing: 6))
        XCTAssertTrue(merged.hasParagraphProperties)
        XCTAssertFalse(TextStyle(color: "systemBlue").hasParagraphProperties)
        XCTAssertEqual(merged.withoutParagraphProperties, TextStyle())
        XCTAssertTrue(ParagraphStyle().isEmpty)
    }

    /// The table's JSON: paragraph properties as plain keys, a pair of colors as an object;
    /// both read back, and tables written before them still read.
    func testJSONOfParagraphPropertiesAndColorPairs() throws {
        var table = Fixture.table([Fixture.regex("a", "a")])
        table.base = TextStyle(color: Self.pair, alignment: .justified, lineSpacing: 2.5, lineHeight: 18, paragraphSpacing: 0)
        let json = String(decoding: try table.jsonData(), as: UTF8.self)
        XCTAssertTrue(
            json.contains(
                """
                  "base" : {
                    "alignment" : "justified",
                    "color" : {
                      "dark" : "#CCCCCCFF",
                      "light" : "#333333FF"
                    },
                    "lineHeight" : 18,
                    "lineSpacing" : 2.5,
                    "paragraphSpacing" : 0
                  },
                """), json)
        XCTAssertEqual(try StyleTable(jsonData: Data(json.utf8)), table)
        // A version 3 table without the new keys reads as before.
        let old =
            ##"{"formatVersion":3,"name":"T","source":"t.richrules","base":{"color":"#8E8E93FF"},"styles":{},"handlers":{},"rules":[]}"##
        XCTAssertEqual(try StyleTable(jsonData: Data(old.utf8)).base, TextStyle(color: "#8E8E93FF"))
        // A pair is two hex colors; a string with ` dark ` is not the table's spelling.
        for bad in [##"{"light":"#333333FF"}"##, ##"{"light":"systemBlue","dark":"#000000FF"}"##, ##""#333333FF dark #CCCCCCFF""##] {
            let text = old.replacingOccurrences(of: ##""#8E8E93FF""##, with: bad)
            XCTAssertThrowsError(try StyleTable(jsonData: Data(text.utf8)), bad)
        }
    }

    func testColorPairsResolvePerAppearance() {
        XCTAssertEqual(Self.pair.resolved(dark: false).hex, "#333333FF")
        XCTAssertEqual(Self.pair.resolved(dark: true).hex, "#CCCCCCFF")
        XCTAssertTrue(Self.pair.adapts)
        XCTAssertFalse(StyleColor.system(.black).adapts)
        XCTAssertTrue(StyleColor.system(.label).adapts)
        XCTAssertEqual(Self.pair.description, "#333333FF dark #CCCCCCFF")
        // `StyleColor("…")` of a literal is the literal initializer: parse strings from a variable.
        func parse(_ string: String) -> StyleColor? { StyleColor(string) }
        XCTAssertEqual(parse("#333333 dark #CCCCCC"), Self.pair)
        XCTAssertEqual(parse("#333333FF dark #CCCCCCFF"), Self.pair)
        XCTAssertEqual("#333333 dark #CCCCCC" as StyleColor, Self.pair)
        XCTAssertNil(parse("#333333 dark systemBlue"))
        XCTAssertNil(parse("#333333 light #CCCCCC"))
        XCTAssertTrue(SystemColor.white.isFixed)
        XCTAssertFalse(SystemColor.systemGray.isFixed)
    }

    /// Each paragraph takes the properties of its first character's style: a match that
    /// starts a paragraph sets them, one inside a paragraph does not.
    func testParagraphsTakeTheirFirstCharactersStyle() throws {
        let base = TextStyle(font: FontSpec(size: 14), alignment: .natural, lineSpacing: 4)
        let result = try titled(base: base).render("# Title\nbody @bob\n@ann starts\n\nשלום")
        XCTAssertEqual(result.paragraphs.map(\.range), [0..<8, 8..<18, 18..<30, 30..<31, 31..<35])
        let heading = ParagraphStyle(alignment: .center, lineSpacing: 4, lineHeight: 24, paragraphSpacing: 10)
        let plain = ParagraphStyle(alignment: .natural, lineSpacing: 4)
        XCTAssertEqual(result.paragraphs.map(\.style), [heading, plain, heading, plain, plain])
        XCTAssertEqual(result.paragraphs.map(\.direction), [.leftToRight, .leftToRight, .leftToRight, .leftToRight, .rightToLeft])
        // The style hook's properties count as the match's own.
        let hooked = result.paragraphs(options: RichTextOptions(style: { $0.rule == "mention" ? TextStyle(alignment: .left) : nil }))
        XCTAssertEqual(hooked[2].style.alignment, .left)
        XCTAssertEqual(hooked[1].style.alignment, .natural)
    }

    /// `attributedString()` puts each paragraph's properties on all its runs, and none
    /// when no style of the table sets one.
    func testAttributedStringCarriesEachParagraphsProperties() throws {
        let base = TextStyle(font: FontSpec(size: 14), lineSpacing: 3)
        let text = try titled(base: base).render("# Title @x\nbody @bob").attributedString()
        var byOffset: [(String, ParagraphStyle?)] = []
        for run in text.runs { byOffset.append((String(text[run.range].characters), run.richRules.paragraph)) }
        let heading = ParagraphStyle(alignment: .center, lineSpacing: 3, lineHeight: 24, paragraphSpacing: 10)
        let plain = ParagraphStyle(lineSpacing: 3)
        XCTAssertEqual(byOffset.map(\.0), ["# Title @x", "\n", "body ", "@bob"])
        XCTAssertEqual(byOffset.map(\.1), [heading, heading, plain, plain])
        // No paragraph property anywhere: no attribute.
        let none = try Fixture.engine([Fixture.regex("m", "@\\w+")]).render("a\n@b").attributedString()
        XCTAssertTrue(none.runs.allSatisfy { $0.richRules.paragraph == nil })
        // A paragraph whose first character's style sets nothing gets none either.
        let mixed = try engine(
            [Fixture.regex("title", "(?m)^#.*$", presentation: Fixture.presentation(style: Self.centered))], base: TextStyle()
        )
        .render("# T\nplain").attributedString()
        XCTAssertEqual(mixed.runs.map { $0.richRules.paragraph }, [Self.centered.paragraphStyle, Self.centered.paragraphStyle, nil])
    }

    /// One paragraph, or paragraphs that all share the container's properties: CSS on
    /// the container, line breaks as `<br>`.
    func testHTMLContainerCarriesTheBaseParagraph() throws {
        let base = TextStyle(font: FontSpec(size: 14), alignment: .center, lineSpacing: 4)
        let html = try engine([], base: base).render("a\nb").html(options: HTMLOptions(base: base))
        HTMLRendererTests.assertWellFormed(html)
        XCTAssertEqual(
            html,
            #"<div class="rr" dir="ltr" style="white-space:pre-wrap;overflow-wrap:break-word;font-size:14px;text-align:center;line-height:calc(1.2em + 4px)">a<br>b</div>"#
        )
        // A single paragraph takes its own first character's properties.
        let single = try titled(base: TextStyle(font: FontSpec(size: 14))).render("# T").html(
            options: HTMLOptions(base: TextStyle(font: FontSpec(size: 14))))
        XCTAssertTrue(
            single.hasPrefix(
                #"<div class="rr" dir="ltr" style="white-space:pre-wrap;overflow-wrap:break-word;font-size:14px;text-align:center;line-height:24px">"#
            ), single)
        let justified = try engine([], base: TextStyle(alignment: .justified, lineSpacing: 2, lineHeight: 20)).render("x").html()
        XCTAssertTrue(justified.contains("text-align:justify;line-height:22px"), justified)
    }

    /// Paragraphs that differ, or are set apart by paragraph spacing: one block each, with
    /// what differs from the container, a bottom margin but after the last, `dir` for a
    /// paragraph of the other direction; a match across a break is opened in each.
    func testHTMLBlocksPerParagraph() throws {
        let base = TextStyle(font: FontSpec(size: 14), alignment: .natural)
        let engine = try engine(
            [
                Fixture.regex("title", "(?m)^#.*$", presentation: Fixture.presentation(style: base.merged(with: Self.centered))),
                Fixture.regex(
                    "span", "<[^>]*>", presentation: Fixture.presentation(style: base.merged(with: TextStyle(color: "systemRed")))),
            ], base: base)
        let html = engine.render("# T\n<x\n\ny> שלום\nend").html(options: HTMLOptions(base: base))
        HTMLRendererTests.assertWellFormed(html)
        XCTAssertEqual(
            html,
            #"<div class="rr" dir="ltr" style="white-space:pre-wrap;overflow-wrap:break-word;font-size:14px;text-align:start">"#
                + #"<div class="rr-p" style="text-align:center;line-height:24px;margin-bottom:10px"><span class="rr-m" data-rule="title" style="font-weight:700"># T</span><br></div>"#
                + #"<div class="rr-p"><span class="rr-m" data-rule="span" style="color:#FF3B30">&lt;x<br></span></div>"#
                + #"<div class="rr-p"><span class="rr-m" data-rule="span" style="color:#FF3B30"><br></span></div>"#
                + #"<div class="rr-p"><span class="rr-m" data-rule="span" style="color:#FF3B30">y&gt;</span> שלום<br></div>"#
                + #"<div class="rr-p">end</div></div>"#)
        // A paragraph of the other direction has its own `dir`; spacing of the last is left out.
        let spaced = TextStyle(paragraphSpacing: 8)
        let rtl = try self.engine([], base: spaced).render("abc\nשלום").html(options: HTMLOptions(base: spaced))
        XCTAssertEqual(
            rtl,
            #"<div class="rr" dir="ltr" style="white-space:pre-wrap;overflow-wrap:break-word">"#
                + #"<div class="rr-p" style="margin-bottom:8px">abc<br></div><div class="rr-p" dir="rtl">שלום</div></div>"#)
    }

    /// A tappable match opened again in each paragraph it spans has its tap and details on
    /// its first element; the others name it by `data-tap` (a tap written once, whatever the
    /// number of paragraphs).
    func testHTMLWritesATapOnceAcrossParagraphs() throws {
        let base = TextStyle(font: FontSpec(size: 14), paragraphSpacing: 4)
        let tap = TapSpec(handler: "t", arguments: [TapSpec.Argument(label: "v", value: Fixture.template(.group(0)))])
        let engine = try engine([Fixture.regex("span", "<[^>]*>", presentation: Fixture.presentation(style: base, tap: tap))], base: base)
        let html = engine.render("a <x\n\ny> b").html(options: HTMLOptions(base: base, includesMatchDetails: true))
        HTMLRendererTests.assertWellFormed(html)
        XCTAssertEqual(html.components(separatedBy: "<div class=\"rr-p\"").count - 1, 3, html)
        XCTAssertEqual(html.components(separatedBy: #"data-match="0""#).count - 1, 3, html)
        XCTAssertEqual(html.components(separatedBy: #"data-handler="t""#).count - 1, 1, html)
        XCTAssertEqual(html.components(separatedBy: "data-info=").count - 1, 1, html)
        XCTAssertEqual(html.components(separatedBy: #"data-tap="0""#).count - 1, 3, html)
        XCTAssertTrue(
            html.contains(##"<a class="rr-m" href="#" data-rule="span" data-handler="t""##)
                && html.contains(##"data-handler="t" data-arg-v="&lt;x&#xA;"##), html)
    }

    /// Color pairs: their light or dark value, or custom properties named by their values.
    func testHTMLColorPairs() throws {
        let rule = Fixture.regex(
            "x", "x",
            presentation: Fixture.presentation(
                style: TextStyle(color: Self.pair, underline: .single, underlineColor: Self.pair), tap: TapSpec(handler: "t"),
                highlight: TextStyle(background: Self.pair)))
        let render = try Fixture.engine([rule]).render("x")
        XCTAssertTrue(render.html().contains(#"style="color:#333333;text-decoration:underline solid #333333""#), render.html())
        let dark = render.html(options: HTMLOptions(colorScheme: .dark))
        XCTAssertTrue(dark.contains(#"style="color:#CCCCCC;text-decoration:underline solid #CCCCCC""#), dark)
        XCTAssertTrue(dark.contains("{background-color:#CCCCCC!important}"), dark)
        let adaptive = render.html(options: HTMLOptions(base: TextStyle(color: "label"), colorScheme: .adaptive))
        HTMLRendererTests.assertWellFormed(adaptive)
        XCTAssertTrue(adaptive.contains("color:var(--rr-333333FF-CCCCCCFF,#333333)"), adaptive)
        XCTAssertTrue(adaptive.contains("{background-color:var(--rr-333333FF-CCCCCCFF,#333333)!important}"), adaptive)
        XCTAssertTrue(
            adaptive.contains(
                ".rr{--rr-label:#000000;--rr-333333FF-CCCCCCFF:#333333}@media (prefers-color-scheme:dark){.rr{--rr-label:#FFFFFF;--rr-333333FF-CCCCCCFF:#CCCCCC}}"
            ), adaptive)
    }
}

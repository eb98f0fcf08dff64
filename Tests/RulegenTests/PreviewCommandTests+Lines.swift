import Foundation
import RuleCompiler
@_spi(Testing) import RuleRuntime
import XCTest

@testable import rulegen

/// `rulegen preview --lines N [--width PT]`: each sample also as a label of N lines shows
/// it, cut where the label core cuts it on the reference layout; named images and widgets
/// as placeholders showing their whole name; escaping of what the new markup takes from the
/// spec.
extension PreviewCommandTests {
    static let longLatin =
        "A post by @ana with a link https://example.com/a/b that goes on and on, long enough to need more than "
        + "three lines at a phone's width, and then some more words so that the label has to cut it somewhere."
    static let longCJK = "中文的文章里有一个链接 https://example.com/zh 和 @小明，这段文字很长，需要在手机宽度上换行并截断，看看效果如何。再写一些字让它超过三行。"
    static let longArabic =
        "مرحبا @omar، هذا نص عربي طويل بما يكفي ليمتد على عدة أسطر في عرض الهاتف، مع رابط https://example.com/ar في وسطه :smile: ونهاية."

    /// The spec's table and an engine for it.
    func compiled(_ spec: String) throws -> (table: StyleTable, engine: RuleEngine) {
        let output = Compiler.compile(path: CLI.packageRoot.appendingPathComponent(spec).path, analyze: false)
        let table = try XCTUnwrap(output.table, spec)
        return (table, try RuleEngine(table: table, automata: XCTUnwrap(output.automata)))
    }

    /// The options the page renders with (light appearance).
    func pageOptions(_ table: StyleTable) -> HTMLOptions {
        HTMLOptions(base: table.base, includesMatchDetails: true, namedImages: .placeholder)
    }

    /// The cut the page shows is the label core's: `LineTruncation.fit` on
    /// `ReferenceLayout` at the width, and the truncated fragment is the truncated result's
    /// `html()`, its token last.
    func testLinesShowTheLabelCoresCut() throws {
        let scratch = try ScratchDirectory()
        let texts = [Self.longLatin, Self.longCJK, Self.longArabic, "Short."]
        let file = try scratch.write("t.jsonl", jsonLines(texts))
        let page = scratch.url.appendingPathComponent("p.html")
        let run = try CLI.run([
            "preview", "Specs/article.richrules", "--texts", file.path, "--lines", "2", "--width", "320", "-o", page.path,
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try read(page)
        XCTAssertTrue(html.contains("Article · 7 rules · 4 samples · 2 lines at 320 pt · light appearance"), html)
        XCTAssertEqual(count(#"<div class="render phone" style="--width:320px">"#, in: html), 4)
        XCTAssertEqual(count(#"<div class="render phone cut" style="--width:320px;--lines:2">"#, in: html), 4)
        let (table, engine) = try compiled("Specs/article.richrules")
        for text in texts {
            let result = engine.render(text)
            let outcome = LineTruncation.fit(RichTextLayoutRequest(result: result, width: 320), lines: 2, engine: ReferenceLayoutEngine())
            // The whole text at the width, and beside it the label's cut.
            XCTAssertTrue(html.contains(result.html(options: pageOptions(table))), text)
            guard let cut = outcome.cut else {
                XCTAssertEqual(text, "Short.")
                XCTAssertTrue(html.contains(#"<div class="truncated" data-lines="2" data-cut="none">"#), html)
                XCTAssertTrue(html.contains("Fits: not truncated — ReferenceLayout: 1 line, "), html)
                continue
            }
            XCTAssertTrue(html.contains(#"<div class="truncated" data-lines="2" data-cut="\#(cut)">"#), "\(text): cut \(cut)")
            XCTAssertTrue(html.contains("Cut at display offset \(cut) of \(result.display.utf16.count), then the truncation token"), html)
            let truncated = result.truncated(atDisplayOffset: cut)
            XCTAssertEqual(truncated.display, outcome.result.display)
            XCTAssertTrue(truncated.display.hasSuffix("…"), truncated.display)
            let fragment = truncated.html(options: pageOptions(table))
            XCTAssertTrue(fragment.contains(#"<span class="rr-m rr-token" data-rule="truncation""#), fragment)
            XCTAssertTrue(html.contains(fragment), text)
        }
    }

    /// `PreviewPage.LabelFit` (the label core) agrees with `LineTruncation` on
    /// `ReferenceLayout` at every width and line count tried, and its layout keeps to the
    /// lines.
    func testLabelFitIsLineTruncationOnTheReferenceLayout() throws {
        for spec in ["Specs/article.richrules", "Specs/social.richrules"] {
            let (_, engine) = try compiled(spec)
            for text in [Self.longLatin, Self.longCJK, Self.longArabic, "hi @bob [smile] [vip] #topic# https://e.com/x", ""] {
                let result = engine.render(text)
                for width in [60.0, 150, 320, 390, 1000] {
                    for lines in 1...4 {
                        let fit = PreviewPage.LabelFit(result, width: width, lines: lines)
                        let outcome = LineTruncation.fit(
                            RichTextLayoutRequest(result: result, width: width), lines: lines, engine: ReferenceLayoutEngine())
                        let context = "\(spec) \(text.prefix(12)) at \(width) × \(lines)"
                        XCTAssertEqual(fit.cut, outcome.cut, context)
                        XCTAssertEqual(fit.shown.display, outcome.result.display, context)
                        XCTAssertEqual(fit.lineCount, outcome.layout.lineCount, context)
                        XCTAssertLessThanOrEqual(fit.lineCount, lines, context)
                        XCTAssertEqual(fit.size, outcome.layout.size, context)
                    }
                }
            }
        }
    }

    /// The social spec's token is tappable: it is a link with its tap, `rr-token`; the page
    /// script leaves it out of the row highlighting (its index is no row's).
    func testTappableTokenAndNamedImagePlaceholders() throws {
        let scratch = try ScratchDirectory()
        let spec = CLI.packageRoot.appendingPathComponent("Specs/social.richrules").path
        let root = CLI.packageRoot.appendingPathComponent("Specs").path
        let text = "hi @bob [smile] [vip] [heart] " + String(repeating: "and more words ", count: 20)
        let run = try CLI.run(["preview", spec, "--import-root", root, "--text", text, "--lines", "1", "-o", "p.html"], cwd: scratch.url)
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try read(scratch.url.appendingPathComponent("p.html"))
        XCTAssertTrue(html.contains("1 line at 390 pt"), html)
        XCTAssertTrue(html.contains(#"--width:390px;--lines:1"#), html)
        XCTAssertTrue(html.contains(#"<a class="rr-m rr-token rr-hl-"#), html)
        XCTAssertTrue(html.contains(#"data-rule="truncation" data-handler="expand" data-args='[]'"#), html)
        XCTAssertTrue(html.contains(#"data-info="truncation token&#xA;tap expand()""#), html)
        XCTAssertTrue(html.contains(#".rr-m[data-match]:not(.rr-token)"#), html)
        // Named images: placeholders with the name, at the declared size; no <img>.
        XCTAssertFalse(html.contains("<img"), html)
        XCTAssertTrue(
            html.contains(
                #"<span class="rr-named-image" data-image="smile" role="img" aria-label="smile" style="display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;font-size:0.6em;line-height:1;min-width:17px;min-height:17px;padding:0 0.3em;border:1px dashed currentColor;"#
            ), html)
        XCTAssertTrue(html.contains(">smile</span>") && html.contains(">heart</span>"), html)
        // The widget shows its whole name: its size is a minimum, nothing clips it.
        XCTAssertTrue(html.contains(#"data-widget="badge" role="img" aria-label="VIP member""#), html)
        XCTAssertTrue(html.contains("min-width:30px;min-height:16px;padding:0 0.3em;border:1px solid currentColor"), html)
        XCTAssertTrue(html.contains(">badge</span>"), html)
        XCTAssertFalse(html.contains("overflow:hidden"), html)
        // The alt texts are in the table.
        XCTAssertTrue(html.contains(#"<div class="pressed">alt &quot;<bdi>VIP member</bdi>&quot;</div>"#), html)
    }

    /// `--width` alone: the samples at that width, not cut.
    func testWidthWithoutLines() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", "richrules 1\nrule m { match /@\\w+/ tap open(user: $0) }\n")
        let run = try CLI.run(["preview", "a.richrules", "--text", "hi @a", "--width=200.25", "-o", "p.html"], cwd: scratch.url)
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try read(scratch.url.appendingPathComponent("p.html"))
        XCTAssertTrue(html.contains("1 sample · 200.3 pt · light"), html)
        XCTAssertTrue(html.contains(#"<div class="label">Rendered · 200.3 pt</div>"#), html)
        XCTAssertTrue(html.contains(#"<div class="render phone" style="--width:200.3px">"#), html)
        XCTAssertFalse(html.contains(#"class="truncated""#), html)
        XCTAssertFalse(html.contains(#"class="rr-m rr-token"#), html)
    }

    /// What the new markup takes from the spec (image names, alt texts, the token's text)
    /// and the text is escaped.
    func testLabelMarkupEscapesSpecStrings() throws {
        let scratch = try ScratchDirectory()
        try scratch.write(
            "e.richrules",
            #"""
            richrules 1
            truncation "<i>&\"more\"</i>'" tap expand
            rule pic { match /:p:/  image "<b>\"x\"</b>&'"  size 16x16  alt "<alt> & \"q\"" }
            rule w   { match /\[w\]/  widget badge size 4x4 }

            """#)
        let text = ":p: [w] <script>alert('x')</script> " + String(repeating: "word ", count: 60)
        let run = try CLI.run(
            ["preview", "e.richrules", "--text", text, "--lines", "1", "--width", "120", "-o", "p.html"], cwd: scratch.url)
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try read(scratch.url.appendingPathComponent("p.html"))
        XCTAssertFalse(html.contains("<b>") || html.contains("<i>") || html.contains("<alt>") || html.contains("<script>alert"), html)
        XCTAssertTrue(
            html.contains(
                #"data-image="&lt;b&gt;&quot;x&quot;&lt;/b&gt;&amp;&#39;" role="img" aria-label="&lt;alt&gt; &amp; &quot;q&quot;""#), html)
        XCTAssertTrue(html.contains(#">&lt;b&gt;&quot;x&quot;&lt;/b&gt;&amp;&#39;</span>"#), html)
        XCTAssertTrue(html.contains(#">&lt;i&gt;&amp;&quot;more&quot;&lt;/i&gt;&#39;</a>"#), html)
        XCTAssertTrue(html.contains(#"data-cut=""#) && !html.contains(#"data-cut="none""#), html)
        XCTAssertTrue(html.contains("min-width:4px;min-height:4px"), html)
    }

    func testLinesAndWidthUsageErrors() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", "richrules 1\nrule a { match /x/ }\n")
        let cases: [([String], String)] = [
            (["--lines", "0"], "Error: the value '0' is invalid for '--lines'; use a whole number of lines, 1 or more"),
            (["--lines", "two"], "Error: the value 'two' is invalid for '--lines'"),
            (["--lines", "-1"], "Error: the value '-1' is invalid for '--lines'"),
            (["--lines"], "Error: missing value for '--lines'"),
            (["--width", "0"], "Error: the value '0' is invalid for '--width'; use a width in points, over 0 and at most 10000"),
            (["--width", "inf"], "Error: the value 'inf' is invalid for '--width'"),
            (["--width", "nan"], "Error: the value 'nan' is invalid for '--width'"),
            (["--width", "10001"], "Error: the value '10001' is invalid for '--width'"),
            (["--width=wide"], "Error: the value 'wide' is invalid for '--width'"),
        ]
        for (options, message) in cases {
            let arguments = ["preview", "a.richrules", "--text", "x", "-o", "p.html"] + options
            let result = try CLI.run(arguments, cwd: scratch.url)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(options): \(result.stderr)")
        }
        XCTAssertEqual(Set(scratch.snapshot().keys), ["a.richrules"])
        let help = try CLI.run(["preview", "--help"])
        XCTAssertTrue(help.stdout.contains("--lines <n>") && help.stdout.contains("--width <points>"), help.stdout)
    }
}

import Foundation
@_spi(Generated) @_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

@testable import RuleCompiler

/// HTML renders (`RuleEngine.rendersHTML`, issue 37): one tree per text, tag rules claiming
/// its elements, the display laid out as a browser's `innerText`, and everything read from
/// a result (display ranges, hit tests, taps, truncation, selection, segments, attributed
/// strings, `html()`) following the rendered text.
final class HTMLRenderTests: XCTestCase {
    static let spec = """
        style link { color: link; underline: single }
        rule bold { match tag <b> nest priority 2 style { font: bold } }
        rule link { match tag <a href> nest priority 2 style link tap openURL(url: ${href}) }
        rule other { match tag <*> nest priority 2 }
        rule image { match tag <img src/> priority 1 image "${src}" }
        rule lineBreak { match tag <br/> replace "\\n" }
        rule mention { match /@\\w+/ style { color: systemGreen } tap mention(name: $0) }
        rule entity { match entity priority -1 }
        """

    /// `html`: the engine option (`nil`: the table's, as `import html` sets it).
    func engine(_ body: String = spec, html: Bool? = true, file: StaticString = #filePath, line: UInt = #line) throws -> RuleEngine {
        let output = Compiler.compile(source: "richrules 1\n" + body, path: "h.richrules", analyze: false)
        let table = try XCTUnwrap(output.table, "\(output.diagnostics.map(\.message))", file: file, line: line)
        var engine = try RuleEngine(table: table, automata: XCTUnwrap(output.automata, file: file, line: line))
        if let html { engine.rendersHTML = html }
        return engine
    }

    func testTheIssuesSnippetShowsAsTheBrowserDoes() throws {
        let html =
            "<p>One.</p><p>Two <b>bold</b> &amp; <i>it</i></p><ul><li>Alpha</li><li>Beta</li></ul><script>alert(1)</script><style>p{}</style>Tail<br>line"
        let result = try engine().render(html)
        // Chromium's innerText, with the list markers shown (generated content).
        XCTAssertEqual(result.display, "One.\n\nTwo bold & it\n\n• Alpha\n• Beta\nTail\nline")
        XCTAssertEqual(result.displayWithoutGenerated, "One.\n\nTwo bold & it\n\nAlpha\nBeta\nTail\nline")
        let bold = try XCTUnwrap(result.matches.first { $0.rule == "bold" })
        XCTAssertEqual(bold.display, "bold")
        XCTAssertEqual(bold.style.font?.weight, .bold)
        // `script` and `style` are elements too, shown as nothing.
        XCTAssertFalse(result.matches.contains { $0.range.location >= html.utf16.count - 60 && $0.display.contains("alert") })
        // The line break's replacement is the `<br>`'s line feed, not a second one.
        XCTAssertEqual(result.matches.filter { $0.rule == "lineBreak" }.map(\.display), ["\n"])
    }

    func testBrokenMarkupIsRepairedAndNeverShown() throws {
        let engine = try engine()
        XCTAssertEqual(engine.render("<div><p>A</p><p>B</p></div><h2>Title</h2>").display, "A\n\nB\n\nTitle")
        XCTAssertEqual(engine.render("<b>a <i>b</b> c</i>").display, "a b c")
        XCTAssertEqual(engine.render("<p>a<p>b<!-- c -->").display, "a\n\nb")
        XCTAssertEqual(engine.render("x\n   <span>y</span>\n  z").display, "x y z")
        XCTAssertEqual(engine.render("<pre>\n a  b\n</pre>").display, " a  b\n")
        let crossed = engine.render("<b>a <i>b</b> c</i>")
        // The `i` is reopened after `</b>`: two elements, each a match of the catch-all.
        XCTAssertEqual(crossed.matches.filter { $0.rule == "other" }.map(\.display), ["b", " c"])
    }

    func testMatchesAndTapsFollowTheRenderedText() throws {
        let engine = try engine()
        let html = "<p>Hi   <a href=\"/u/ann\">@ann</a>,\n see <b>@bob</b>&nbsp;<img src=\"x.png\"></p>"
        let result = engine.render(html)
        XCTAssertEqual(result.display, "Hi @ann, see @bob\u{A0}\u{FFFC}")
        let display = result.display.utf16
        for match in result.matches {
            // Every display range lies in the display, and in its parent's.
            XCTAssertLessThanOrEqual(match.displayRange.upperBound, display.count)
            if let parent = match.parent {
                XCTAssertTrue(result.matches[parent].displayRange.contains(match.displayRange), "\(match.rule)")
            }
        }
        let link = try XCTUnwrap(result.matches.first { $0.rule == "link" })
        XCTAssertEqual(link.display, "@ann")
        XCTAssertEqual(link.displayRange, TextRange(location: 3, length: 4))
        XCTAssertEqual(link.tap?.arguments.first?.value, "/u/ann")
        // A mention inside the link: a match of its own, nested, tapping itself.
        let mentions = result.matches.filter { $0.rule == "mention" }
        XCTAssertEqual(mentions.map(\.display), ["@ann", "@bob"])
        XCTAssertEqual(mentions.map(\.displayRange), [TextRange(location: 3, length: 4), TextRange(location: 13, length: 4)])
        // Hit tests by display offset: the link's text taps the innermost tap (the mention).
        XCTAssertEqual(result.match(atDisplayOffset: 4)?.rule, "mention")
        XCTAssertNil(result.match(atDisplayOffset: 1))
        XCTAssertEqual(result.match(atDisplayOffset: 14)?.tap?.arguments.first?.value, "@bob")
        let image = try XCTUnwrap(result.matches.first { $0.rule == "image" })
        XCTAssertEqual(image.displayRange, TextRange(location: 18, length: 1))
        XCTAssertEqual(image.attachment?.kind, .image(source: "x.png"))
        // The attributed string holds the display.
        XCTAssertEqual(String(result.attributedString().characters), result.display)
        // Segments: plain runs with their source and display ranges, and the top matches.
        let shown = result.segments.map { result.text(of: $0) }.joined()
        XCTAssertEqual(shown, result.display)
    }

    func testTruncationAndSelectionMapThroughTheSource() throws {
        let engine = try engine()
        let html = "<p>First <b>bold</b> words</p><p>Second paragraph</p>"
        let result = engine.render(html)
        XCTAssertEqual(result.display, "First bold words\n\nSecond paragraph")
        let cut = result.truncated(toCharacters: 8)
        XCTAssertEqual(cut.display, "First bo…")
        XCTAssertEqual(cut.matches.first { $0.rule == "bold" }?.display, "bo")
        XCTAssertTrue(cut.isTruncated)
        let atOffset = result.truncated(atDisplayOffset: 18)
        XCTAssertEqual(atOffset.display, "First bold words\n\n…")
        // A selection selects its source, markup included (at a match's edge, outside it).
        let selection = result.selection(ofDisplayRange: TextRange(location: 6, length: 10))
        XCTAssertEqual(selection.displayText, "bold words")
        XCTAssertEqual(selection.sourceText, "<b>bold</b> words</p>")  // the paragraph ends there: its end tag too
        let second = result.selection(ofDisplayRange: TextRange(location: 18, length: 6))
        XCTAssertEqual(second.sourceText, "<p>Second")
    }

    /// `import html`: a spec's table renders HTML without an engine option, list items hang
    /// their wrapped lines past the marker (a head indent), links without `href` are text,
    /// and the spec's statements lay elements out.
    func testImportHTML() throws {
        let engine = try engine(
            """
            import html
            rule span { match tag <span class> nest where class has "invisible" { hide } where class has "ellipsis" { after "…" } }
            rule quote { match tag <blockquote> nest before "> " }
            rule para { match tag <p> nest block style { paragraphSpacing: 6 } }
            """, html: nil)
        XCTAssertTrue(engine.rendersHTML)
        XCTAssertEqual(engine.table.formatVersion, StyleTable.htmlFormatVersion)
        let result = engine.render(
            #"<p>See <a href="https://x.org/long"><span class="invisible">https://</span><span class="ellipsis">x.org/l</span><span class="invisible">ong</span></a> and <a name="top">this</a></p><ul><li>One</li><li>Two</li></ul><blockquote>q</blockquote>"#
        )
        XCTAssertEqual(result.display, "See x.org/l… and this\n• One\n• Two\n> q")
        XCTAssertEqual(result.displayWithoutGenerated, "See x.org/l and this\nOne\nTwo\nq")
        XCTAssertEqual(result.matches.compactMap(\.tap).map { $0.arguments.first?.value }, ["https://x.org/long"])
        let paragraphs = result.paragraphs
        XCTAssertEqual(paragraphs.map(\.style.headIndent), [nil, 18, 18, nil])
        XCTAssertEqual(paragraphs.first?.style.paragraphSpacing, 6)
        // Hidden spans are matches with nothing shown, inside their link.
        let hidden = result.matches.filter { $0.rule == "span" && $0.display.isEmpty }
        XCTAssertEqual(hidden.count, 2)
    }

    /// Found by fuzzing: an element inside an atomic one (a canvas's fallback content) is
    /// not laid out; it is no match, and nothing lies outside its parent's display range.
    func testContentOfAnAtomicElementIsNotShown() throws {
        let result = try engine().render("<ol><li>Cha<canvas><div id=x><b>in</b></div></canvas> after</li></ol>")
        XCTAssertEqual(result.display, "1. Cha after")
        XCTAssertFalse(result.matches.contains { $0.rule == "bold" })
        for match in result.matches {
            guard let parent = match.parent else { continue }
            XCTAssertTrue(result.matches[parent].displayRange.contains(match.displayRange), "\(match.rule)")
        }
    }

    /// Found by fuzzing: formatting elements reopened in a new paragraph share the range of
    /// the image they hold; the image's attachment is the image's, not theirs.
    func testAnImageInReopenedFormattingElements() throws {
        let result = try engine("import html", html: nil).render("<p><a href=x><i><p><img src=q>")
        XCTAssertEqual(result.display, "\u{FFFC}")
        XCTAssertEqual(result.matches.filter { $0.displayRange.length == 1 }.map(\.rule), ["htmlItalic", "htmlLink", "htmlImage"])
        for match in result.matches {
            guard let parent = match.parent else { continue }
            XCTAssertTrue(result.matches[parent].displayRange.contains(match.displayRange), "\(match.rule)")
        }
    }

    /// Found in review: nested tables (a table inside a table's moved content) are shown
    /// once, in time linear in their depth.
    func testNestedTablesAreShownOnce() throws {
        let engine = try engine("import html", html: nil)
        XCTAssertEqual(engine.render("<table><table>x").display, "x")
        let deep = engine.render(String(repeating: "<table>", count: 400) + "x")
        XCTAssertEqual(deep.display, "x")
    }

    /// Found in review: list numbers are 32-bit, as browsers clamp them.
    func testHugeListNumbersAreClamped() throws {
        let engine = try engine("import html", html: nil)
        XCTAssertEqual(engine.render(#"<ol start="9223372036854775807"><li>a<li>b</ol>"#).display, "2147483647. a\n2147483647. b")
        XCTAssertEqual(engine.render(#"<ol><li value="-9999999999">a</ol>"#).display, "-2147483648. a")
    }

    /// Found in review: the token of a truncated HTML render stays in the text without its
    /// generated content; a cut after an image maps past the image's whole source.
    func testTruncatedHTMLRenders() throws {
        let engine = try engine("import html", html: nil)
        let list = engine.render("<ul><li>a<li>b</ul>")
        let cut = list.truncated(toCharacters: 4)
        XCTAssertEqual(cut.display, "• a\n…")
        XCTAssertEqual(cut.displayWithoutGenerated, "a\n…")
        let image = engine.render("<img src=a.png><br>b").truncated(atDisplayOffset: 1)
        XCTAssertEqual(image.matches.last?.range, TextRange(location: 15, length: 0))
    }

    /// Found in review: text before and after an element sits where CSS puts `::before` and
    /// `::after`, inside the element; a hidden element shows nothing, not even the image it
    /// is; an element rule without `nest` still holds the matches inside it (in an HTML
    /// spec every element holds its content).
    func testGeneratedTextHiddenImagesAndImpliedNesting() throws {
        let engine = try engine(
            """
            import html
            rule span { match tag <span> nest before "X" after "Y" }
            rule pic { match tag <img src/> image "${src}" where src starts with "t" { hide } }
            rule para { match tag <p> style { font: bold } }
            rule mention { match /@\\w+/ tap mention(name: $0) }
            """, html: nil)
        XCTAssertEqual(engine.render("a <span>b</span>").display, "a XbY")
        XCTAssertEqual(engine.render("a<span> b</span>").display, "aX bY")
        XCTAssertEqual(engine.render("a <span></span>").display, "a XY")
        let span = try XCTUnwrap(engine.render("a <span>b</span>").matches.first { $0.rule == "span" })
        XCTAssertEqual(span.display, "XbY")
        XCTAssertEqual(engine.render("<img src=t.png><img src=u.png>").display, "\u{FFFC}")
        // (Found by fuzzing: an image hidden by its style is no match either.)
        let hiddenImage = engine.render("<img src=u.png style='display:none'>")
        XCTAssertEqual(hiddenImage.display, "")
        XCTAssertTrue(hiddenImage.matches.isEmpty)
        let para = engine.render("<p>hi @ann <a href=/x>link</a></p>")
        XCTAssertEqual(para.matches.map(\.rule), ["para", "mention", "htmlLink"])
        XCTAssertEqual(para.matches.compactMap(\.tap).map(\.handler), ["mention", "openURL"])
    }

    /// Found in review: a match that ends where a table starts ends before the content the
    /// browser moves out of the table.
    func testASpanEndsBeforeContentMovedOutOfATable() throws {
        let engine = try engine("import html\nrule tag { match /#\\w+/ style { font: bold } }", html: nil)
        let result = engine.render("#tag<table>x<tr><td>y")
        XCTAssertEqual(result.display, "#tagx\ny")
        XCTAssertEqual(result.matches.first { $0.rule == "tag" }?.display, "#tag")
    }

    /// Found in review: an HTML spec's template is HTML, its arguments text: shown as
    /// written (`<b>` and `&amp;` in an argument are characters), never markup.
    func testTemplatesOfAnHTMLSpec() throws {
        let engine = try engine("import html\nrule mention { match /@\\w+/ in arguments tap mention(name: $0) }", html: nil)
        let result = engine.render(template: "<p><b>%@</b> wrote:</p><p>%@</p>", arguments: ["Ann <i>&amp;</i>", "hi  @bob"])
        XCTAssertEqual(result.display, "Ann <i>&amp;</i> wrote:\n\nhi @bob")
        XCTAssertEqual(result.matches.map(\.rule), ["htmlBold", "mention"])
        XCTAssertEqual(result.matches.first?.display, "Ann <i>&amp;</i>")
        // An element whose markup holds an argument is no link.
        let link = engine.render(template: #"<a href="%@">go</a>"#, arguments: ["javascript:x"])
        XCTAssertEqual(link.display, "go")
        XCTAssertTrue(link.matches.isEmpty)
    }

    /// Found by fuzzing: a span ends before the tab its cell adds; what a `<br>` holds (in
    /// SVG, where it is no line break) is no match.
    func testSpansEndBeforeLayoutCharacters() throws {
        let engine = try engine("import html\nrule mention { match /@\\w+/ tap mention(name: $0) }", html: nil)
        let cells = engine.render("<table><td><a href=x>O@e<td>")
        XCTAssertEqual(cells.display, "O@e\t")
        XCTAssertEqual(cells.matches.first { $0.rule == "mention" }?.display, "@e")
        let svg = engine.render("<svg><br><code><img src=a></code></svg>")
        XCTAssertTrue(svg.matches.isEmpty)
    }

    /// Found by fuzzing: formatting elements reopened together in a new list item have the
    /// same source range; each display range lies inside its parent's.
    func testReopenedElementsWithTheSameRange() throws {
        let result = try engine("import html", html: nil).render(#" <li>s<s><i style="display:block"><li>s"#)
        XCTAssertEqual(result.display, "• s\n• s")
        for match in result.matches {
            guard let parent = match.parent else { continue }
            XCTAssertTrue(result.matches[parent].displayRange.contains(match.displayRange), "\(match.rule)")
        }
    }

    func testPlainSpecsRenderAsBefore() throws {
        // Without `rendersHTML`, tags pair as the tag scanner pairs them (markup it cannot pair shows).
        let engine = try engine(html: false)
        XCTAssertEqual(engine.render("<p>a<p>b").display, "<p>a<p>b")
    }

    /// Seeded random markup through an HTML render: every read of the result holds
    /// together (ranges nested in the display, hit tests, truncation at every offset,
    /// selections, attributed strings, HTML output) and nothing traps.
    func testInvariantsOnRandomMarkup() throws {
        let engine = try engine()
        let seed = testSeed(3702)
        var rng = SeededGenerator(seed: seed)
        let pieces = [
            "<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "</i>", "<a href=x>", "</a>", "<li>", "</li>", "<ul>", "</ul>",
            "<ol start=3>", "</ol>", "<table>", "<tr>", "<td>", "</td>", "</table>", "<br>", "<!--c-->", "<", ">", "&amp;", "&", "text ",
            "\n", " ", "<script>", "</script>", "<pre>", "</pre>", "<img src='q'>", "<img style='display:block'>", "<h1>", "</h2>",
            "@ann", "@bob ", "é", "😀", "\r\n", "<span hidden>", "</span>", "<div style=\"white-space: pre\">", "\t",
        ]
        for round in 0..<300 {
            let html = (0..<rng.below(40)).map { _ in rng.pick(pieces) }.joined()
            let context = "seed \(seed) round \(round): \(html.debugDescription)"
            let result = engine.render(html)
            let display = result.display
            let count = display.utf16.count
            for match in result.matches {
                XCTAssertLessThanOrEqual(match.displayRange.upperBound, count, context)
                if let parent = match.parent {
                    XCTAssertTrue(result.matches[parent].displayRange.contains(match.displayRange), context)
                }
                if !match.isContainer, match.attachment == nil {
                    XCTAssertEqual(match.display.utf16.count, match.displayRange.length, context)
                }
            }
            for offset in 0...count { _ = result.matchIndex(atDisplayOffset: offset) }
            XCTAssertEqual(String(result.attributedString().characters), display, context)
            XCTAssertEqual(result.segments.map { result.text(of: $0) }.joined(), display, context)
            _ = result.html()
            for limit in [0, 1, 3, count / 2, count] {
                let cut = result.truncated(toCharacters: limit)
                XCTAssertEqual(String(cut.attributedString().characters), cut.display, context)
                _ = result.truncated(atDisplayOffset: limit)
            }
            if count > 0 {
                let a = rng.below(count)
                let selection = result.selection(ofDisplayRange: TextRange(location: a, length: rng.below(count - a + 1)))
                XCTAssertLessThanOrEqual(selection.sourceRange.upperBound, html.utf16.count, context)
            }
        }
    }
}

extension TextRange {
    fileprivate func contains(_ other: TextRange) -> Bool { location <= other.location && other.upperBound <= upperBound }
}

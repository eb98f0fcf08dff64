import Foundation
import RuleRuntime
import TestSupport
import XCTest

/// `HTMLTree`: HTML parsed as a browser parses `innerHTML` in a `<div>` (issue 37, step 2),
/// checked by hand on the repairs servers' HTML needs and against Chromium's trees (the
/// corpus' `dom`, its `innerHTML` after parsing).
final class HTMLTreeTests: XCTestCase {
    func testRepairsAsABrowserDoes() {
        let cases: [(String, String)] = [
            ("<p>One.<p>Two", "<p>One.</p><p>Two</p>"),
            ("<ul><li>Alpha<li>Beta</ul>Tail", "<ul><li>Alpha</li><li>Beta</li></ul>Tail"),
            ("<b>a <i>b</b> c</i>", "<b>a <i>b</i></b><i> c</i>"),
            ("<div><p>A</p><p>B</p></div><h2>Title</h2>", "<div><p>A</p><p>B</p></div><h2>Title</h2>"),
            ("a</p>b", "a<p></p>b"),
            ("a</br>b", "a<br>b"),
            ("x</span>y</div>z", "xyz"),
            ("<!-- note -->text<!doctype html>", "<!-- note -->text<!--doctype html-->"),
            ("<script>if (a < b) { x = '</p>' }</script>", "<script>if (a < b) { x = '</p>' }</script>"),
            ("<style>p > a {}</style>", "<style>p > a {}</style>"),
            ("<title>a &amp; <b>b</b></title>", "<title>a &amp; &lt;b&gt;b&lt;/b&gt;</title>"),
            ("<pre>\nkept\n</pre>", "<pre>kept\n</pre>"),
            ("a < b & c &amp; d", "a &lt; b &amp; c &amp; d"),
            ("<a href=\"/x?a=1&amp;b=2\" title='q\"' data-x=y>l</a>", "<a href=\"/x?a=1&amp;b=2\" title=\"q&quot;\" data-x=\"y\">l</a>"),
            ("<DIV CLASS=x>a</Div>", "<div class=\"x\">a</div>"),
            ("<table><tr><td>a<td>b<tr><td>c</table>", "<table><tbody><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table>"),
            ("<td>cell</td>", "cell"),
            ("<h1>a<h2>b</h2>", "<h1>a</h1><h2>b</h2>"),
            ("<p>a<div>b</div>", "<p>a</p><div>b</div>"),
            ("<img src=x.png><br/>", "<img src=\"x.png\"><br>"),
            ("<div/>a", "<div>a</div>"),
            ("<a href=1>x<a href=2>y</a>", "<a href=\"1\">x</a><a href=\"2\">y</a>"),
            ("<select><option>a<option>b</select>", "<select><option>a</option><option>b</option></select>"),
            ("<dl><dt>t<dd>d<dt>u</dl>", "<dl><dt>t</dt><dd>d</dd><dt>u</dt></dl>"),
            ("<b>unclosed", "<b>unclosed</b>"),
            ("text <a href", "text "),
        ]
        for (html, expected) in cases {
            XCTAssertEqual(HTMLTree(parsing: html).innerHTML(), expected, html)
        }
    }

    func testRangesPointIntoTheSource() {
        let html = "<p>One <b>two</b><p>three"
        let tree = HTMLTree(parsing: html)
        let source = Array(html.utf16)
        func text(_ r: TextRange) -> String { String(decoding: source[r.location..<r.upperBound], as: UTF16.self) }
        let elements = tree.nodes.indices.filter { tree.nodes[$0].kind == .element }
        XCTAssertEqual(elements.map { tree.nodes[$0].name }, ["p", "b", "p"])
        XCTAssertEqual(text(tree.nodes[elements[0]].range), "<p>One <b>two</b>", "closed where the next <p> starts")
        XCTAssertFalse(tree.nodes[elements[0]].hasEndTag)
        XCTAssertEqual(text(tree.nodes[elements[1]].range), "<b>two</b>")
        XCTAssertTrue(tree.nodes[elements[1]].hasEndTag)
        XCTAssertEqual(text(tree.nodes[elements[2]].range), "<p>three")
        // Parents before children, children in order.
        for (index, node) in tree.nodes.enumerated() where index > 0 {
            XCTAssertLessThan(node.parent, index)
            XCTAssertTrue(tree.nodes[node.parent].children.contains(index))
        }
    }

    /// (Linear time: rulebench's hostile `htmltree` case; no unit test asserts a time.)
    func testDeepNestingIsBounded() {
        let depth = 20_000
        let html = String(repeating: "<span>", count: depth) + "x" + String(repeating: "</span>", count: depth)
        let tree = HTMLTree(parsing: html)
        var deepest = 0
        var parents = [Int](repeating: 0, count: tree.nodes.count)
        for (index, node) in tree.nodes.enumerated() where index > 0 {
            parents[index] = parents[node.parent] + 1
            deepest = max(deepest, parents[index])
        }
        XCTAssertLessThanOrEqual(deepest, HTMLTree.maxDepth + 1)
        XCTAssertTrue(tree.innerHTML().contains("x"))
    }

    /// Random markup soup (seeded): the tree's invariants hold and nothing traps.
    func testInvariantsOnRandomMarkup() {
        let seed = testSeed(3701)
        var rng = SeededGenerator(seed: seed)
        let pieces = [
            "<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "</i>", "<a href=x>", "</a>", "<li>", "</li>", "<ul>", "</ul>",
            "<table>", "<tr>", "<td>", "</td>", "</table>", "<br>", "</br>", "<!--c-->", "<!x>", "<?y>", "</>", "<", ">", "&amp;",
            "&", "text ", "\n", " ", "<script>", "</script>", "<style>", "</style>", "<pre>", "</pre>", "<svg>", "<path/>", "</svg>",
            "<title>", "</title>", "<img src='q'>", "<h1>", "</h2>", "<option>", "<select>", "<dd>", "<dt>", "<p class=\"a b\">",
            "\"", "'", "=", "<x y=\"", "é", "😀", "\r\n",
        ]
        for round in 0..<400 {
            let html = (0..<rng.below(60)).map { _ in rng.pick(pieces) }.joined()
            let tree = HTMLTree(parsing: html)
            let count = html.utf16.count
            let context = "seed \(seed) round \(round): \(html.debugDescription)"
            for (index, node) in tree.nodes.enumerated() {
                XCTAssertLessThanOrEqual(node.range.upperBound, count, context)
                if index > 0 { XCTAssertLessThan(node.parent, index, context) }
                for (a, b) in zip(node.children, node.children.dropFirst()) {
                    XCTAssertLessThan(a, b, context)
                    XCTAssertLessThanOrEqual(tree.nodes[a].range.location, tree.nodes[b].range.location, context)
                }
                for (a, b) in zip(node.pieces, node.pieces.dropFirst()) { XCTAssertLessThanOrEqual(a.upperBound, b.location, context) }
            }
            _ = tree.innerHTML()
        }
    }

    func testTreesAgainstChromiumOnTheCorpus() {
        let corpus = HTMLCorpusTests.corpus.filter { $0.dom != nil }
        XCTAssertGreaterThan(corpus.count, 500)
        var same: [String: (Int, Int)] = [:]
        var differing: [String] = []
        for item in corpus {
            let ours = HTMLTree(parsing: item.html).innerHTML()
            var counts = same[item.source, default: (0, 0)]
            counts.1 += 1
            if ours == item.dom {
                counts.0 += 1
            } else {
                differing.append(item.id)
            }
            same[item.source] = counts
        }
        let report = same.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.0)/\($0.value.1)" }.joined(separator: ", ")
        print("html trees equal to Chromium's: \(report); differing: \(differing.prefix(40).joined(separator: " "))")
        let total = same.values.reduce(0) { $0 + $1.0 }
        // 558 of 564 on 2026-12-05 (a ratchet). What differs: text inside a table but outside
        // its cells, which a browser moves before the table (foster parenting: the tree would
        // no longer follow the source order; wpt-196, cms-149, -155, -156, -168, -175).
        XCTAssertGreaterThanOrEqual(total, 558, report)
    }
}

extension HTMLTreeTests {
    func testRenderedTextOfTheIssuesSnippets() {
        let cases: [(String, String)] = [
            (
                "<p>One.</p><p>Two <b>bold</b> &amp; <i>it</i></p><ul><li>Alpha</li><li>Beta</li></ul><script>alert(1)</script><style>p{}</style>Tail<br>line",
                "One.\n\nTwo bold & it\n\nAlpha\nBeta\nTail\nline"
            ),
            ("<div><p>A</p><p>B</p></div><h2>Title</h2>", "A\n\nB\n\nTitle"),
            ("<b>a <i>b</b> c</i>", "a b c"),
            ("<!-- x -->  spaced \n  text  ", "spaced text"),
            ("<pre>  kept\n  as is</pre>after", "  kept\n  as is\nafter"),
            ("<div>abc <br> def</div>", "abc\ndef"),
            ("<table><tr><td>a</td><td> b </td></tr><tr><td>c</td></tr></table>", "a\tb\nc"),
            ("abc <img> def", "abc  def"),
            ("<p>a</p><p><br>b</p>", "a\n\n\nb"),
            ("<span style='white-space:pre'>  a  b</span> c", "  a  b c"),
            ("<div style='white-space:pre-line'>a  b\nc</div>", "a b\nc"),
            ("x<b style=\"display: none\">hidden</b>y<span style='display:block'>z</span>", "xy\nz"),
            ("<p hidden>no</p>yes<input type=hidden>", "yes"),
        ]
        for (html, expected) in cases {
            XCTAssertEqual(HTMLTree(parsing: html).renderedText().string, expected, html)
        }
        // Where a node is in the text, and where each character came from.
        let html = "<p>Hi <b>you</b></p>"
        let tree = HTMLTree(parsing: html)
        let text = tree.renderedText()
        let b = tree.nodes.firstIndex { $0.name == "b" }!
        XCTAssertEqual(text.nodeRanges[b], TextRange(location: 3, length: 3))
        XCTAssertEqual(text.sources, [3, 4, 5, 9, 10, 11])
    }

    func testListMarkersAreGeneratedContent() {
        let cases: [(String, String)] = [
            ("<ul><li>Alpha<li> Beta</ul>", "• Alpha\n• Beta"),
            ("<ol start=3><li>x<li value=10>y<li>z</ol>", "3. x\n10. y\n11. z"),
            ("<ul><li>a<ul><li>b<ul><li>c</ul></ul></ul>", "• a\n◦ b\n▪ c"),
            ("<ol><li>one<ul><li>dot</ul><li>two</ol>", "1. one\n• dot\n2. two"),
            ("<li>loose</li>", "• loose"),
            ("<ol><li><ul><li>nested</ul><li>next</ol>", "1. • nested\n2. next"),
            ("<ul><li><p>para</p><li></ul>after", "• para\n\nafter"),
        ]
        for (html, expected) in cases {
            let text = HTMLTree(parsing: html).renderedText(listMarkers: true)
            XCTAssertEqual(text.string, expected, html)
            // A browser's innerText has no markers (::marker is not text).
            XCTAssertEqual(text.innerText, HTMLTree(parsing: html).renderedText().string, html)
            XCTAssertEqual(text.units.count, text.sources.count)
        }
        let text = HTMLTree(parsing: "<ul><li>Alpha</ul>").renderedText(listMarkers: true)
        XCTAssertEqual(text.sources.prefix(2), [HTMLRenderedText.generated, HTMLRenderedText.generated])
    }

    func testRenderedTextAgainstChromiumsInnerText() {
        let corpus = HTMLCorpusTests.corpus.filter { $0.note == nil }
        var same: [String: (Int, Int)] = [:]
        var differing: [String] = []
        for item in corpus {
            let ours = HTMLTree(parsing: item.html).renderedText().string
            // With markers, the text without them is the same.
            XCTAssertEqual(HTMLTree(parsing: item.html).renderedText(listMarkers: true).innerText, ours, item.id)
            var counts = same[item.source, default: (0, 0)]
            counts.1 += 1
            if ours == item.innerText { counts.0 += 1 } else { differing.append(item.id) }
            same[item.source] = counts
        }
        let report = same.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.0)/\($0.value.1)" }.joined(separator: ", ")
        print("html rendered text equal to Chromium's innerText: \(report); differing: \(differing.prefix(60).joined(separator: " "))")
        // 528 of 528 on 2026-12-05 (493 before `visibility`, `text-transform` with `lang`,
        // inline blocks, floats, flex and grid items, SVG and MathML text, row groups as
        // table parts and text a table moves before itself).
        XCTAssertGreaterThanOrEqual(same.values.reduce(0) { $0 + $1.0 }, 528, report)
    }
}

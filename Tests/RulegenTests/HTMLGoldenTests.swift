import Foundation
import RuleCompiler
@_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

/// `RenderResult.html(options:)` on the example specs, against `HTMLGoldens/<spec>.html`
/// byte for byte: each golden is a page holding every sample's text and fragment (open it
/// in a browser to look at them). The compiled engine and the NSRegularExpression
/// reference give the same HTML.
///
/// After a deliberate change of the output, regenerate with
/// `RICHRULES_UPDATE_GOLDENS=1 swift test --filter HTMLGoldenTests` (the run fails, naming
/// each file written), review the diff and run again without the variable.
final class HTMLGoldenTests: XCTestCase {
    static let folder = CLI.packageRoot.appendingPathComponent("Tests/RulegenTests/HTMLGoldens")

    /// Representative texts per spec: every rule kind, discarded matches, markup and
    /// quotes in plain text, line breaks, right-to-left and mixed paragraphs.
    static let samples: [(spec: String, texts: [String])] = [
        (
            "agreement",
            [
                "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice",
                "Call <h1>13800138000</h1> or <h3>Help</h3> & <b>\"quotes\"</b> 'single'\nsecond line",
                "<h1>a<h2>b</h2>c</h1> <h2>未闭合 <h4>ok</h4>",
                "אני מסכים ל<h1>תנאי השימוש</h1> @dana",
                "English first\nשורה בעברית <h2>פרטיות</h2>\nback to English\r\n\r\n<h5>x</h5>",
            ]
        ),
        (
            "social",
            [
                "hi @bob_1 see https://a.bc/c#x# and #topic# [smile][vip] www.example.org.",
                "[heart] @carol\n\n#weekend plans# #中文# 😀",
                "مرحبا @omar [smile] https://example.com/ar",
                "<script>alert('@x')</script> \"#a\"b#\" @<i>y</i>",
            ]
        ),
        (
            "html",
            [
                "<a href=\"https://example.com/?a=1&amp;b=2\" title=\"Ex &quot;ample&quot;\">go</a> <img src=\"p.png\" alt=\"A photo\"/>",
                "<a href='x'><img src=\"data:image/png;base64,iVBORw0KGgo=\" alt='pic'/></a> and <A HREF=y>caps</A>",
                "<a href=\"javascript:alert(1)\">x</a><img src=\"javascript:alert(1)\" alt=\"<script>alert(1)</script>\"/>",
                "<img src=\"https://example.com/w.png\" width=\"40\"/> <a>no href</a> <a href=\"u\">line\nbreak</a>",
            ]
        ),
        (
            "chat",
            [
                "**great job @carol** see https://example.com and :smile: at 12:30:45", "**bold _and italic @x_** #swift",
            ]
        ),
        (
            "cms",
            [
                "<b>Bold with <a href=\"/l\">link</a></b> &amp; <a href=\"x\"><img src=\"pic.png\" alt=\"A picture\"/></a>",
                "<p>Tom &amp; Jerry&nbsp;&#x1F600;</p><br><p>two <span class=\"x\">lines</span> &lt;b&gt; <i>x</b></i></p>",
                "<a href=\"https://example.com/all\">all of <b>these: <a href=\"/one\">one</a></b> and <a href=\"/two\">two</a></a>",
            ]
        ),
        (
            "article",
            [
                "## Reading in the dark\nSet apart by @editor: https://example.com/a :smile:\n> A quote from @ana, justified when it runs over more than one line of the column, with a link https://example.org in it\n— The editors",
                "<a href=\"#top\">top</a> <a href=\"https://w.example\" class=\"external\">external</a> <a href=\"/x\" class=\"disabled\">off</a>\n\n## 标题\nשלום @dana",
            ]
        ),
        ("legal", ["I have read <h1>Terms of <b>Service</b></h1> (v2.1) and <h2>Privacy Policy</h2>."]),
        (
            "prefix",
            [
                "a #b @c http://d\n中文 😀 @é", "#tag@x http://example.com/a?b=<c>&d=\"e\" ##", "שלום #עברית @דנה http://x",
            ]
        ),
    ]

    static func page(spec: String, _ fragments: [(text: String, html: String)]) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <meta charset="utf-8">
            <title>\(spec).richrules: RenderResult.html() goldens</title>
            <body style="font-family: -apple-system, 'Segoe UI', Roboto, sans-serif; max-width: 720px; margin: 24px auto">

            """
        for (i, fragment) in fragments.enumerated() {
            let text = fragment.text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            page += "<h2>Sample \(i + 1)</h2>\n<pre>\(text)</pre>\n\(fragment.html)\n"
        }
        return page + "</body>\n</html>\n"
    }

    func testEverySpecMatchesItsGolden() throws {
        for (spec, texts) in Self.samples {
            let output = Compiler.compile(path: CLI.packageRoot.appendingPathComponent("Specs/\(spec).richrules").path, analyze: false)
            let table = try XCTUnwrap(output.table, spec)
            let compiled = try RuleEngine(table: table, automata: XCTUnwrap(output.automata))
            let reference = try RuleEngine(reference: table)
            var fragments: [(String, String)] = []
            for text in texts {
                let options = HTMLOptions(base: table.base)
                let html = compiled.render(text).html(options: options)
                XCTAssertEqual(html, reference.render(text).html(options: options), "\(spec): \(text.debugDescription)")
                fragments.append((text, html))
            }
            // One sample in the other color schemes.
            for scheme in [HTMLOptions.ColorScheme.dark, .adaptive] {
                let html = compiled.render(texts[0]).html(options: HTMLOptions(base: table.base, colorScheme: scheme))
                fragments.append(("\(texts[0]) (\(scheme.rawValue))", html))
            }
            let page = Self.page(spec: spec, fragments)
            let golden = Self.folder.appendingPathComponent("\(spec).html")
            if let failure = try Golden.check(page, against: golden, name: "HTMLGoldens/\(spec).html") { XCTFail(failure) }
        }
    }
}

import Foundation
import XCTest

@testable import rulegen

/// `rulegen preview`: the page's structure, the CLI conventions (help, usage errors, spec
/// errors without a page, I/O errors), bad lines of a texts file.
final class PreviewCommandTests: XCTestCase {
    static let agreementTexts = [
        "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice",
        "Call <h1>13800138000</h1> <script>alert('x')</script> & \"q\"",
        "אני מסכים ל<h1>תנאי השימוש</h1>",
    ]

    func jsonLines(_ texts: [String]) -> String {
        texts.map { String(decoding: try! JSONSerialization.data(withJSONObject: $0, options: .fragmentsAllowed), as: UTF8.self) }
            .joined(separator: "\n") + "\n"
    }

    func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// The number of times `needle` occurs in `text`.
    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func testPageForATextsFile() throws {
        let scratch = try ScratchDirectory()
        let texts = try scratch.write("t.jsonl", jsonLines(Self.agreementTexts))
        let page = scratch.url.appendingPathComponent("out/agreement.html")
        let result = try CLI.run(["preview", "Specs/agreement.richrules", "--texts", texts.path, "-o", page.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "wrote \(page.path)\n")
        XCTAssertEqual(result.stderr, "")  // the spec lints clean (its notes are shown in the page only)
        let html = try read(page)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"), html)
        XCTAssertTrue(html.hasSuffix("</body>\n</html>\n"))
        XCTAssertTrue(html.contains("<title>agreement.richrules — RichRules preview</title>"))
        XCTAssertTrue(html.contains("<h1>agreement.richrules</h1>"))
        XCTAssertTrue(html.contains("Agreement · 3 rules · 3 samples · light appearance"))
        // Self-contained: one inline style sheet and one inline script, and a policy that
        // loads nothing else.
        XCTAssertEqual(count("<script", in: html), 1)
        XCTAssertFalse(html.contains("<link"))
        XCTAssertFalse(html.contains("<script src"))
        XCTAssertTrue(
            html.contains("default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; img-src data:; script-src &#39;sha256-"))
        // Diagnostics: the overlap notes lint shows with --notes, grouped, with their place.
        XCTAssertTrue(html.contains(#"<details class="group note"><summary>Notes <span class="count">"#), html)
        XCTAssertFalse(html.contains(#"<details class="group error""#))
        XCTAssertTrue(html.contains(#"<span class="loc">Specs/agreement.richrules:"#), html)
        XCTAssertTrue(html.contains("[-Woverlap]"), html)
        // Samples: one card each, the fragment, a row per kept match, the discarded ones.
        XCTAssertEqual(count(#"<section class="card sample""#, in: html), 3)
        XCTAssertTrue(html.contains(#"<h2>Sample 2 <span class="where">line 2</span>"#), html)
        XCTAssertEqual(count(#"<div class="render"><style>"#, in: html), 3)
        XCTAssertEqual(count("<tr data-match=", in: html), 3 + 1 + 1)
        XCTAssertTrue(html.contains(#"data-info="rule mention, priority 10&#xA;tap openProfile(user: &quot;@alice&quot;)""#), html)
        XCTAssertTrue(
            html.contains(
                "<li><code>h</code> <code>&lt;h1&gt;</code> <span class=\"num\">[5, 20]</span> <code>&quot;<bdi>&lt;h1&gt;13800138000&lt;/h1&gt;</bdi>&quot;</code> — overlaps &#39;phone&#39; at [9, 11], which wins (higher priority)</li>"
            ),
            html)
        XCTAssertTrue(html.contains(#"<span class="badge">rtl</span>"#), html)
        // Text in the tables is isolated: right-to-left text keeps its quotes and what follows in place.
        XCTAssertTrue(
            html.contains(#"tap openProfile(user: &quot;<bdi>"#) || html.contains(#"openProfile(user: &quot;<bdi>@alice</bdi>&quot;)"#),
            html)
        XCTAssertTrue(html.contains(#"<div class="rr" dir="rtl""#), html)
        // The sample's markup is text.
        XCTAssertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"), html)
        // Deterministic, and an unchanged page is left untouched.
        let before = try FileManager.default.attributesOfItem(atPath: page.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        let again = try CLI.run(["preview", "Specs/agreement.richrules", "--texts", texts.path, "-o", page.path])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, "")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: page.path)[.modificationDate] as? Date, before)
    }

    func testTextAndDarkAppearance() throws {
        let scratch = try ScratchDirectory()
        let spec = CLI.packageRoot.appendingPathComponent("Specs/social.richrules").path
        let root = CLI.packageRoot.appendingPathComponent("Specs").path
        let result = try CLI.run(
            ["preview", spec, "--text", "hi @bob [smile] [vip]", "--dark", "-o", "p.html", "--import-root", root], cwd: scratch.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "wrote p.html\n")
        let html = try read(scratch.url.appendingPathComponent("p.html"))
        XCTAssertTrue(html.contains(#"<body class="dark">"#))
        XCTAssertTrue(html.contains("color:#FFFFFF"), html)  // label in dark appearance
        XCTAssertTrue(html.contains("color:#BF5AF2"), html)  // systemPurple, dark
        XCTAssertTrue(html.contains(#"<h2>Sample 1 <span class="badge">ltr</span>"#), html)
        XCTAssertTrue(html.contains(#"<span class="rr-widget" data-widget="badge""#), html)
        XCTAssertTrue(html.contains(#"<span class="rr-named-image" data-image="smile" role="img" aria-label="smile""#), html)
    }

    /// A template's arguments are shown as text: the name's markup is escaped, not run.
    func testTemplateWithArguments() throws {
        let scratch = try ScratchDirectory()
        let spec = CLI.packageRoot.appendingPathComponent("Specs/agreement.richrules").path
        let result = try CLI.run(
            [
                "preview", spec, "--template", "I agree to the <h1>%@</h1>", "--arg", "</h1><script>alert(1)</script><h2>x</h2>", "-o",
                "p.html",
            ],
            cwd: scratch.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try read(scratch.url.appendingPathComponent("p.html"))
        XCTAssertFalse(html.contains("<script>alert"), html)
        XCTAssertTrue(html.contains("&lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;h2&gt;x&lt;/h2&gt;"), html)
        for flag in ["--arg", "--plain-arg"] {
            let usage = try CLI.run(["preview", spec, flag, "x", "-o", "p.html"], cwd: scratch.url)
            XCTAssertEqual(usage.status, 2, usage.stderr)
        }
    }

    /// The sample's text marks each argument with its role, numbered in the order given
    /// whatever the flag; a plain argument holds no match (no tap on its mention).
    func testPlainAndRichArgumentsAreMarked() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("n.richrules", "richrules 1\nrule m { match /@\\w+/  in arguments  tap open(user: $0) }\n")
        let result = try CLI.run(
            ["preview", "n.richrules", "--template", "%@ to %@", "--plain-arg", "@eve <b>", "--arg", "@bob", "-o", "p.html"],
            cwd: scratch.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try read(scratch.url.appendingPathComponent("p.html"))
        let plain = #"<mark class="arg plain" title="argument 1, plain: no rule matches inside it">@eve &lt;b&gt;</mark>"#
        let rich = #"<mark class="arg rich" title="argument 2, rich: rules with &#39;in arguments&#39; may match inside it">@bob</mark>"#
        XCTAssertTrue(html.contains(#"<pre class="source" dir="auto">"# + plain + " to " + rich + "</pre>"), html)
        XCTAssertTrue(html.contains(#"data-args='[{"label":"user","value":"@bob"}]'"#), html)
        XCTAssertFalse(html.contains(#""value":"@eve""#), html)
    }

    /// Bad lines are reported as explain reports them; the page is written without them,
    /// lists them, and the exit status is 1.
    func testBadLinesAreReportedAndThePageWritten() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", "richrules 1\nrule m { match /@\\w+/ tap open(user: $0) }\n")
        try scratch.write("t.jsonl", "\"@a\"\n42\n\n\"b <i>\"\n'x'\n")
        let result = try CLI.run(["preview", "a.richrules", "--texts", "t.jsonl", "-o", "p.html"], cwd: scratch.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            """
            t.jsonl:2:1: error: expected a JSON string, found a number
            t.jsonl:5:1: error: expected a JSON string, found a single quote (JSON strings use double quotes)

            """)
        let html = try read(scratch.url.appendingPathComponent("p.html"))
        XCTAssertEqual(count(#"<section class="card sample""#, in: html), 2)
        XCTAssertTrue(html.contains(#"<h2>Sample 2 <span class="where">line 4</span>"#), html)
        XCTAssertTrue(html.contains(#"<h2>Lines left out <span class="count">2</span></h2>"#), html)
        XCTAssertTrue(html.contains("<li><code>t.jsonl:2:1: error: expected a JSON string, found a number</code></li>"), html)
        XCTAssertTrue(html.contains(#"<p class="clean">No diagnostics: the spec lints clean.</p>"#), html)
    }

    /// A spec with errors: located diagnostics on stderr, exit 1, no page.
    func testSpecWithErrorsWritesNoPage() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("bad.richrules", "richrules 1\nrule a { match /x/ style lnk }\n")
        let result = try CLI.run(["preview", "bad.richrules", "--text", "x", "-o", "p.html"], cwd: scratch.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("bad.richrules:2:26: error: unknown style 'lnk'"), result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("p.html").path))
        XCTAssertEqual(Set(scratch.snapshot().keys), ["bad.richrules"])
    }

    func testUsageErrorsAndHelp() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", "richrules 1\nrule a { match /x/ }\n")
        let cases: [([String], String)] = [
            (["preview", "a.richrules", "--text", "x"], "Error: missing expected option '-o <file.html>'"),
            (["preview", "a.richrules", "-o", "p.html"], "Error: missing '--text <text>' or '--texts <file>'"),
            (
                ["preview", "a.richrules", "--text", "x", "--texts", "t", "-o", "p.html"],
                "Error: use either '--text' or '--texts', not both"
            ),
            (["preview", "--text", "x", "-o", "p.html"], "Error: missing expected argument '<spec>'"),
            (["preview", "a.richrules", "a.richrules", "--text", "x", "-o", "p.html"], "Error: preview takes one spec, found 2"),
            (["preview", "a.richrules", "--text", "x", "-o", "p.html", "--engine", "icu"], "Error: unknown option '--engine'"),
            (["preview", "a.richrules", "--text", "x", "-o"], "Error: missing value for '-o'"),
            (["preview", "a.richrules", "--text", "x", "-o", "out/"], "Error: '-o out/' names a folder; give the page's file name"),
            (
                ["preview", "a.richrules", "--text", "x", "-o", "a.richrules"],
                "Error: the output 'a.richrules' would overwrite the input 'a.richrules'"
            ),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(arguments, cwd: scratch.url)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains(
                    "\nUsage: rulegen preview <spec> (--text <text> | --texts <file> | --template <template> "
                        + "[--arg <argument> | --plain-arg <argument> ...]) -o <file.html>"), result.stderr)
        }
        XCTAssertEqual(Set(scratch.snapshot().keys), ["a.richrules"])
        XCTAssertEqual(try read(scratch.url.appendingPathComponent("a.richrules")), "richrules 1\nrule a { match /x/ }\n")
        for command in [["preview", "--help"], ["help", "preview"]] {
            let help = try CLI.run(command)
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: Write an HTML page"), help.stdout)
            XCTAssertTrue(help.stdout.contains("USAGE: \(PreviewCommand.usage)"), help.stdout)
        }
        XCTAssertTrue(try CLI.run(["--help"]).stdout.contains("  preview    "))
    }

    func testIOErrors() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", "richrules 1\nrule a { match /x/ }\n")
        try scratch.write("file", "not a folder")
        let missingSpec = try CLI.run(["preview", "nope.richrules", "--text", "x", "-o", "p.html"], cwd: scratch.url)
        XCTAssertEqual(missingSpec.status, 3)
        XCTAssertEqual(missingSpec.stderr, "error: nope.richrules: cannot read spec: no such file\n")
        let missingTexts = try CLI.run(["preview", "a.richrules", "--texts", "nope.jsonl", "-o", "p.html"], cwd: scratch.url)
        XCTAssertEqual(missingTexts.status, 3)
        XCTAssertEqual(missingTexts.stderr, "error: nope.jsonl: cannot read texts file\n")
        let blocked = try CLI.run(["preview", "a.richrules", "--text", "x", "-o", "file/p.html"], cwd: scratch.url)
        XCTAssertEqual(blocked.status, 3)
        XCTAssertTrue(blocked.stderr.contains("file: output path exists and is not a directory"), blocked.stderr)
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("dir.html"), withIntermediateDirectories: true)
        let folder = try CLI.run(["preview", "a.richrules", "--text", "x", "-o", "dir.html"], cwd: scratch.url)
        XCTAssertEqual(folder.status, 3)
        XCTAssertTrue(folder.stderr.contains("dir.html: cannot write: Is a directory"), folder.stderr)
        XCTAssertEqual(Set(scratch.snapshot().keys), ["a.richrules", "file"])
    }

    /// The page's script hash (its Content-Security-Policy) is SHA-256; checked on the
    /// standard test vectors.
    func testSHA256() {
        func hex(_ s: String) -> String { SHA256.digest(Array(s.utf8)).map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // Lengths around the padding boundary (55, 56 and 64 bytes) and several blocks.
        XCTAssertEqual(hex(String(repeating: "a", count: 55)), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        XCTAssertEqual(hex(String(repeating: "a", count: 56)), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        XCTAssertEqual(hex(String(repeating: "a", count: 64)), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
        XCTAssertEqual(hex(String(repeating: "a", count: 1000)), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}

import Foundation
import RuleRuntime
import XCTest

/// The HTML corpus with a browser's answers (`Tests/HTMLCorpus`, issue 37): what
/// `Specs/cms.richrules` shows (its text: attachments' U+FFFC left out, as innerText has no
/// images) against headless Chromium's `innerText`, per source. The
/// floors are today's figures (a ratchet): raise them as the HTML block model lands; the
/// issue's target is 98 % exact and 100 % whitespace-normalised.
final class HTMLCorpusTests: XCTestCase {
    struct Case: Decodable {
        var id: String
        var source: String
        var html: String
        var innerText: String
        var links: [Link]
        var note: String?
        /// The container's `innerHTML` after parsing: Chromium's tree, serialised.
        var dom: String?

        struct Link: Decodable {
            var text: String
            var href: String?
        }
    }

    static let corpus: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HTMLCorpus/cases.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let decoder = JSONDecoder()
        return text.split(separator: "\n").compactMap { try? decoder.decode(Case.self, from: Data($0.utf8)) }
    }()

    /// Runs of white space as one space, none at the ends: what stays when only the
    /// whitespace model differs.
    static func normalised(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    func testTheCorpusLoadsWithItsSources() {
        let corpus = Self.corpus
        XCTAssertGreaterThanOrEqual(corpus.count, 500, "Tests/HTMLCorpus/cases.jsonl")
        XCTAssertEqual(Set(corpus.map(\.source)), ["wpt", "mastodon", "cms", "issue37"])
        XCTAssertEqual(Set(corpus.map(\.id)).count, corpus.count, "ids are unique")
    }

    func testCmsSpecAgainstTheBrowser() throws {
        // Today's figures, per source: exact and whitespace-normalised agreement (%), before
        // the block model (2026-12-05: wpt 4.7/7.7, mastodon 72.6/84.6, cms 55.7/84.7, issue37 0/0).
        try compare(
            try CheckedInTables.engine("cms"), named: "Specs/cms.richrules",
            floors: ["wpt": (4, 7), "mastodon": (72, 84), "cms": (55, 84), "issue37": (0, 0)])
    }

    /// The same spec rendered as HTML (`RuleEngine.rendersHTML`): the tree, its elements
    /// claimed by the tag rules, the rendered text (list markers, generated, left out).
    func testCmsSpecRenderedAsHTMLAgainstTheBrowser() throws {
        var engine = try CheckedInTables.engine("cms")
        engine.rendersHTML = true
        try compare(
            engine, named: "Specs/cms.richrules as HTML",
            floors: ["wpt": (0, 0), "mastodon": (0, 0), "cms": (0, 0), "issue37": (0, 0)], report: "RICHRULES_HTML_REPORT_HTML")
        // Every link the browser has is a tap with its href, and no tap is where it has none.
        var wrong: [String] = []
        for item in Self.corpus where item.note == nil {
            let result = engine.render(item.html)
            let taps = result.matches.compactMap { match -> String? in
                guard let tap = match.tap, tap.handler == "openURL" else { return nil }
                return "\(match.display) -> \(tap.arguments.first?.value ?? "")"
            }
            let links = item.links.map { "\($0.text) -> \($0.href ?? "")" }
            if taps != links { wrong.append(item.id) }
        }
        // cms-043 and cms-170 hold an `<a>` without `href`, which the spec's `tag <a href>` taps
        // with an empty URL (a browser's is no link): `import html`'s link rule is for that.
        XCTAssertEqual(wrong, ["cms-043", "cms-170"], "links")
    }

    /// `engine`'s display of each case (attachments and generated content left out) against
    /// the browser's innerText, per source, with `floors` (exact, normalised %).
    /// `report=<file>` in the environment: every case's display next to the browser's (JSON lines).
    private func compare(
        _ engine: RuleEngine, named name: String, floors: [String: (exact: Double, normalised: Double)],
        report reportVariable: String = "RICHRULES_HTML_REPORT"
    ) throws {
        var report: [String] = []
        var lines: [String] = []
        for (source, floor) in floors.sorted(by: { $0.key < $1.key }) {
            let cases = Self.corpus.filter { $0.source == source && $0.note == nil }
            guard !cases.isEmpty else { continue }
            var exact = 0
            var normalised = 0
            for item in cases {
                // Attachments (U+FFFC: images, widgets) are not text: innerText has none.
                let display = engine.render(item.html).displayWithoutGenerated.replacingOccurrences(of: "\u{FFFC}", with: "")
                if display == item.innerText { exact += 1 }
                if let data = try? JSONEncoder().encode(["id": item.id, "display": display, "innerText": item.innerText, "html": item.html])
                {
                    lines.append(String(decoding: data, as: UTF8.self))
                }
                if Self.normalised(display) == Self.normalised(item.innerText) { normalised += 1 }
            }
            let exactShare = 100 * Double(exact) / Double(cases.count)
            let normalisedShare = 100 * Double(normalised) / Double(cases.count)
            report.append(
                "\(source): exact \(exact)/\(cases.count) (\(String(format: "%.1f", exactShare)) %), "
                    + "normalised \(normalised)/\(cases.count) (\(String(format: "%.1f", normalisedShare)) %)")
            XCTAssertGreaterThanOrEqual(exactShare, floor.exact, "\(name), \(source): exact agreement fell")
            XCTAssertGreaterThanOrEqual(normalisedShare, floor.normalised, "\(name), \(source): normalised agreement fell")
        }
        print("html corpus, \(name) against Chromium's innerText: " + report.joined(separator: "; "))
        if let path = ProcessInfo.processInfo.environment[reportVariable] {
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}

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
        /// Mastodon cases: the innerText and links with Mastodon's rules for what shows
        /// (`.invisible { display: none }`); `mastodonLinks` only where they differ.
        var mastodonInnerText: String?
        var mastodonLinks: [Link]?

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
        // 2026-12-05, `import html`: all 528 cases exact (before the HTML model: wpt 4.7 %,
        // mastodon 72.6 %, cms 55.7 %, issue37 0 %).
        let engine = try CheckedInTables.engine("cms")
        XCTAssertTrue(engine.rendersHTML)
        try compare(
            engine, named: "Specs/cms.richrules",
            floors: ["wpt": (100, 100), "mastodon": (100, 100), "cms": (100, 100), "issue37": (100, 100)])
        try compareLinks(engine, expectedDisagreements: [])
    }

    /// `Specs/mastodon.richrules` against the browser with Mastodon's own rules for what
    /// shows (`mastodonInnerText`: `.invisible` hidden), elsewhere the plain innerText.
    func testMastodonSpecAgainstTheBrowser() throws {
        let engine = try CheckedInTables.engine("mastodon")
        try compare(
            engine, named: "Specs/mastodon.richrules",
            floors: ["wpt": (100, 100), "mastodon": (100, 100), "cms": (100, 100), "issue37": (100, 100)], styled: true)
        try compareLinks(engine, expectedDisagreements: [], styled: true)
    }

    /// Every link the browser has is a tap with its href, in order, with the link's text as
    /// the match's display (generated text left out), and no tap is where it has none.
    private func compareLinks(_ engine: RuleEngine, expectedDisagreements: [String], styled: Bool = false) throws {
        var wrong: [String] = []
        for item in Self.corpus where item.note == nil {
            let result = engine.render(item.html)
            let taps = result.matches.compactMap { match -> String? in
                guard let tap = match.tap, let url = tap.arguments.first(where: { $0.label == "url" })?.value else { return nil }
                let text = String(match.display.filter { $0 != "…" && $0 != "\u{FFFC}" })
                return "\(text) -> \(url)"
            }
            let links = ((styled ? item.mastodonLinks : nil) ?? item.links).map { "\($0.text) -> \($0.href ?? "")" }
            if taps != links { wrong.append("\(item.id): \(taps) vs the browser's \(links)") }
        }
        XCTAssertEqual(wrong.map { String($0.prefix(while: { $0 != ":" })) }, expectedDisagreements, "\(wrong.prefix(5))")
    }

    /// `engine`'s display of each case (attachments and generated content left out) against
    /// the browser's innerText, per source, with `floors` (exact, normalised %).
    private func compare(
        _ engine: RuleEngine, named name: String, floors: [String: (exact: Double, normalised: Double)],
        styled: Bool = false
    ) throws {
        var report: [String] = []
        var lines: [String] = []
        for (source, floor) in floors.sorted(by: { $0.key < $1.key }) {
            let cases = Self.corpus.filter { $0.source == source && $0.note == nil }
            guard !cases.isEmpty else { continue }
            var exact = 0
            var normalised = 0
            for item in cases {
                // Attachments (U+FFFC: images, widgets) are not text: innerText has none (nor
                // the line of an image shown as a block).
                let display = engine.render(item.html).displayWithoutGenerated.replacingOccurrences(of: "\n\u{FFFC}\n", with: "\n")
                    .replacingOccurrences(of: "\u{FFFC}", with: "")
                let browser = (styled ? item.mastodonInnerText : nil) ?? item.innerText
                if display == browser { exact += 1 }
                if let data = try? JSONEncoder().encode(["id": item.id, "display": display, "innerText": browser, "html": item.html]) {
                    lines.append(String(decoding: data, as: UTF8.self))
                }
                if Self.normalised(display) == Self.normalised(browser) { normalised += 1 }
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
        // RICHRULES_HTML_REPORT=<folder>: every case's display next to the browser's, one JSON
        // lines file per spec.
        if let folder = ProcessInfo.processInfo.environment["RICHRULES_HTML_REPORT"] {
            let file = (name as NSString).lastPathComponent + ".jsonl"
            try lines.joined(separator: "\n").write(
                toFile: (folder as NSString).appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
    }
}

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
        let engine = try CheckedInTables.engine("cms")
        // Today's figures, per source: exact and whitespace-normalised agreement (%), before
        // the block model (2026-12-05: wpt 4.7/7.7, mastodon 72.6/84.6, cms 55.7/84.7, issue37 0/0).
        let floors: [String: (exact: Double, normalised: Double)] = [
            "wpt": (4, 7), "mastodon": (72, 84), "cms": (55, 84), "issue37": (0, 0),
        ]
        var report: [String] = []
        // RICHRULES_HTML_REPORT=<file>: every case's display next to the browser's (JSON lines).
        var lines: [String] = []
        for (source, floor) in floors.sorted(by: { $0.key < $1.key }) {
            let cases = Self.corpus.filter { $0.source == source && $0.note == nil }
            guard !cases.isEmpty else { continue }
            var exact = 0
            var normalised = 0
            for item in cases {
                // Attachments (U+FFFC: images, widgets) are not text: innerText has none.
                let display = engine.render(item.html).display.replacingOccurrences(of: "\u{FFFC}", with: "")
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
            XCTAssertGreaterThanOrEqual(exactShare, floor.exact, "\(source): exact agreement fell")
            XCTAssertGreaterThanOrEqual(normalisedShare, floor.normalised, "\(source): normalised agreement fell")
        }
        print("html corpus, Specs/cms.richrules against Chromium's innerText: " + report.joined(separator: "; "))
        if let path = ProcessInfo.processInfo.environment["RICHRULES_HTML_REPORT"] {
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}

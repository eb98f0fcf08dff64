import Foundation
import RuleRuntime
import TestSupport
import XCTest

/// Engines of the example specs and random texts for the label core's tests.
enum LabelFixtures {
    static let specNames = ["social", "chat", "legal", "cms"]

    /// The engine of a checked-in table (`CheckedInTables`): an example spec's (`social`) or
    /// one of `Specs/` (`label-mention`).
    static func engine(_ name: String) throws -> RuleEngine {
        try CheckedInTables.engine(name)
    }

    /// Pieces of texts: words, every spec's matches, emoji, CJK, right-to-left text,
    /// attachments, line breaks.
    static let pieces = [
        "hello ", "world ", "a ", "longerword ", "supercalifragilistic", " ", "  ", "\n", "@alice", " @bob_1 ", "#topic# ", " #tag",
        " https://apple.com/a?b=1 ", " www.example.org ", "[smile]", "[heart]", "[vip]", " :smile: ", ":+1:", " **bold @carol** ",
        "_it_ ", "a@b.co ", "<h1>User Agreement</h1>", "<h2>Terms of <b>Service</b></h2>", " v2.1 ", "<b>Bold <a href=\"/l\">link</a></b>",
        "<img src=\"https://x.test/p.png\">", "<img src=\"q.png\" width=\"40\" height=\"20\"/>", "&amp;", "&#x1F600;", "<br>",
        "😀", "👩‍👩‍👧", "🇫🇷🇩🇪", "e\u{301}", "中文字符", "日本語の文", "한국어 ", "العربية ", "שלום עולם ", "\u{2067}abc\u{2069}",
        "\r\n", "1234567890 ",
    ]

    static func texts(seed: UInt64, count: Int, maxPieces: Int = 18) -> [String] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in (0..<rng.below(maxPieces)).map { _ in rng.pick(pieces) }.joined() }
    }

    /// The UTF-16 ranges of the display's grapheme clusters.
    static func clusters(_ display: String) -> [TextRange] {
        var offset = 0
        return display.map { character in
            defer { offset += character.utf16.count }
            return TextRange(location: offset, length: character.utf16.count)
        }
    }

    /// A PNG header declaring `width` × `height` pixels (all `ImagePixelSize` reads).
    static func pngHeader(width: Int, height: Int) -> Data {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        return Data(bytes)
    }
}

/// The brute-force answers a layout's queries must equal, from its fragments and the
/// rects of single clusters.
struct BruteForce {
    let layout: any RichTextLayout
    let clusters: [TextRange]

    init(_ layout: any RichTextLayout, display: String) {
        self.layout = layout
        self.clusters = LabelFixtures.clusters(display)
    }

    /// The first unit of the cluster whose box holds `point`.
    func offset(at point: TextPoint) -> Int? {
        for fragment in layout.lineFragments where point.y >= fragment.rect.minY && point.y < fragment.rect.maxY {
            for cluster in clusters
            where cluster.location >= fragment.displayRange.location && cluster.upperBound <= fragment.displayRange.upperBound {
                if let box = layout.rects(for: cluster).first, box.contains(point) { return cluster.location }
            }
        }
        return nil
    }

    /// Per line, the union of the boxes of the clusters of `range` on it.
    func rects(for range: TextRange) -> [TextRect] {
        guard range.length > 0 else { return [] }
        return layout.lineFragments.compactMap { fragment in
            let boxes = clusters.filter {
                $0.location < range.upperBound && range.location < $0.upperBound && $0.location >= fragment.displayRange.location
                    && $0.upperBound <= fragment.displayRange.upperBound
            }.compactMap { layout.rects(for: $0).first }
            return TextRect.union(boxes)
        }
    }
}

/// Whether two rect lists are equal within `accuracy` (unions subtract coordinates).
func XCTAssertRectsEqual(
    _ a: [TextRect], _ b: [TextRect], accuracy: Double = 1e-6, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
    line: UInt = #line
) {
    let equal =
        a.count == b.count
        && zip(a, b).allSatisfy { x, y in
            abs(x.minX - y.minX) <= accuracy && abs(x.minY - y.minY) <= accuracy && abs(x.width - y.width) <= accuracy
                && abs(x.height - y.height) <= accuracy
        }
    XCTAssertTrue(equal, "\(a) is not \(b): \(message())", file: file, line: line)
}

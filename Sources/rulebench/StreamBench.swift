import Foundation
import RuleCompiler
import RuleRuntime

/// Streaming (issue 38): `Specs/chat.richrules` and `Specs/feed.richrules` on a 20 KB
/// answer (paragraphs of prose with bold, italics, mentions, hashtags, links, emails,
/// phone numbers and `:emoji:`, in several scripts) that arrives in 1-, 4- and 16-unit
/// pieces through `RichStream.append`.
///
/// `overhead`: the time of all appends over one `render` of the final text (a stream that
/// re-rendered the whole text on every piece would be about pieces / 2 renders).
/// `p99`: the 99th percentile of one append's time. The JSON keys `stream_overhead` and
/// `stream_append_p99_us` are the worst of the six workloads.
enum StreamBench {
    struct Row {
        var spec: String
        var pieceUnits: Int
        var pieces: Int
        var render: Double
        var appends: Double
        var p99: Double
        var streamed: Int

        var overhead: Double { appends / render }
    }

    struct Result {
        var rows: [Row]
        var worstOverhead: Double? { rows.map(\.overhead).max() }
        var worstP99Microseconds: Double? { rows.map(\.p99).max().map { $0 * 1e6 } }
    }

    static let words = [
        "the", "answer", "is", "that", "we", "can", "stream", "text", "as", "it", "arrives", "and", "render", "only", "what",
        "changed", "since", "last", "time", "because", "rules", "have", "known", "reach", "so", "a", "label", "relayouts",
        "from", "first", "line", "naïve", "café", "日本語の", "文章", "привет", "мир", "สวัสดี", "مرحبا", "👍",
    ]
    static let entities = [
        "**important note**", "_gently_", "@carol", "@bob_smith", "#swift", "#ภาษาไทย", "https://example.com/docs/streaming?id=42",
        "www.apple.com", "alice@example.com", "+1 415 555 0132", ":smile:", ":+1:", "**bold with @dave inside**", "12:30:45",
        "`code`", "(see https://swift.org)", "$AAPL",
    ]

    /// A seeded answer of at least `units` UTF-16 units: paragraphs of 40–120 words, one
    /// in six an entity.
    static func answer(units: Int) -> String {
        var rng = SplitMix64(seed: 38)
        var text = ""
        while text.utf16.count < units {
            let count = 40 + Int(rng.next() % 80)
            var paragraph: [String] = []
            for _ in 0..<count {
                paragraph.append(
                    rng.next() % 6 == 0 ? entities[Int(rng.next() % UInt64(entities.count))] : words[Int(rng.next() % UInt64(words.count))])
            }
            text += paragraph.joined(separator: " ") + ".\n\n"
        }
        return text
    }

    /// `text` in pieces of `units` UTF-16 units (a code point is not split: a piece may be one
    /// unit longer).
    static func pieces(_ text: String, units: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var count = 0
        for scalar in text.unicodeScalars {
            piece.unicodeScalars.append(scalar)
            count += scalar.utf16.count
            if count >= units {
                pieces.append(piece)
                piece = ""
                count = 0
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    static func measure(specDirectory: String, policy: TimingPolicy, quick: Bool) throws -> Result {
        // A quick run (CI's smoke test, a debug build) streams 2 KB.
        let text = answer(units: quick ? 2 << 10 : 20 << 10)
        var rows: [Row] = []
        for name in ["chat", "feed"] {
            let path = specDirectory + "/\(name).richrules"
            let output = Compiler.compile(path: path, analyze: false)
            guard let table = output.table, let automata = output.automata, let engine = makeEngine(table: table, automata: automata)
            else {
                throw SpecError.diagnostics(path: path, messages: output.diagnostics.map(\.message))
            }
            let render = policy.measure { engine.render(text).matches.count }
            for size in [1, 4, 16] {
                let pieces = pieces(text, units: size)
                var totals: [Double] = []
                var durations: [Double] = []
                var streamed = 0
                for _ in 0..<(quick ? 2 : 4) {
                    var stream = RichStream(engine: engine)
                    durations.removeAll(keepingCapacity: true)
                    durations.reserveCapacity(pieces.count)
                    streamed = 0
                    var total = 0.0
                    for piece in pieces {
                        let start = DispatchTime.now().uptimeNanoseconds
                        let change = stream.append(piece)
                        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                        total += seconds
                        durations.append(seconds)
                        if change.fallback == nil { streamed += 1 }
                    }
                    guard stream.result == engine.render(text) else {
                        throw SpecError.diagnostics(path: path, messages: ["the stream's last result differs from a render of the text"])
                    }
                    totals.append(total)
                }
                // The first run warms up (the Pike VMs' buffers, the lazy DFAs' caches).
                let measured = totals.dropFirst().sorted()
                durations.sort()
                rows.append(
                    Row(
                        spec: name, pieceUnits: size, pieces: pieces.count, render: render.median, appends: measured[measured.count / 2],
                        p99: durations[min(durations.count - 1, durations.count * 99 / 100)], streamed: streamed))
            }
        }
        return Result(rows: rows)
    }
}

import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime

/// Text that streams in (`RICHRULES_FUZZ_STREAM=1`: every input is a text): the first
/// byte chooses the pieces' sizes (1 to 32 scalars, fixed or varying with the bytes), the
/// rest is the text, appended to a `RichStream` of `Specs/chat.richrules`,
/// `Specs/feed.richrules` and a spec of anchors, look-behind, unbounded look-ahead, `\X`,
/// containers and `[^*]*`. After every append the stream's result must equal a whole
/// render, the display before the safe point must never change, and the first changed
/// display offset must bound the change.
enum StreamPipeline {
    static let extraSpec = #"""
        richrules 1
        rule bold { match /\*\*([^*]+)\*\*/ show $1 nest style { font: bold } priority 2 }
        rule anchored { match /^\w+|\bq\w*$|(?<=\d)x/ style { kern: 1 } }
        rule behind { match /(?<=\p{L}{3})\d+(?!\d|px)/ style { kern: 3 } }
        rule ahead { match /\b\w+(?=.*\bend\b)/ style { kern: 4 } }
        rule graphemes { match /\X(?=\u200D)/ style { kern: 5 } }
        rule tail { match /\w+\s*\z/ style { kern: 7 } }
        rule at { match prefix "@" style { kern: 2 } }
        rule amp { match entity }
        """#

    /// The engines, compiled once per process.
    static let engines: [RuleEngine] = {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs")
        var sources: [(String, String)] = [("extra.richrules", extraSpec)]
        for name in ["chat.richrules", "feed.richrules"] {
            guard let text = try? String(contentsOf: specs.appendingPathComponent(name), encoding: .utf8) else {
                fail("stream fuzz: cannot read Specs/\(name)")
            }
            sources.append((name, text))
        }
        return sources.map { name, source in
            let output = Compiler.compile(source: source, path: name, analyze: false)
            guard let table = output.table, let automata = output.automata, let engine = try? RuleEngine(table: table, automata: automata)
            else {
                fail("stream fuzz spec \(name) does not compile: \(output.diagnostics.map(\.message))")
            }
            return engine
        }
    }()

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else { return }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let scalars = Array(text.unicodeScalars)
        // Piece sizes: low bits a size, the high bit "varying" (each piece's size from the text).
        let size = 1 + Int(first & 0x1F)
        let varying = first & 0x80 != 0
        var pieces: [String] = []
        var at = 0
        while at < scalars.count {
            let count = min(scalars.count - at, varying ? 1 + Int(scalars[at].value % UInt32(size)) : size)
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[at..<at + count])
            pieces.append(String(piece))
            at += count
        }
        let engine = engines[Int(first >> 5) % engines.count]
        var stream = RichStream(engine: engine)
        var finals: [(length: Int, display: [UInt16])] = []
        for piece in pieces {
            let before = Array(stream.result.display.utf16)
            let change = stream.append(piece)
            let expected = engine.render(stream.text)
            require(
                change.result == expected,
                "stream of \(engine.table.name) differs from a render after \(piece.debugDescription): \(stream.text.debugDescription)")
            let after = Array(expected.display.utf16)
            let firstChange = change.firstChangedDisplayOffset
            require(
                firstChange <= before.count && firstChange <= after.count && before.prefix(firstChange) == after.prefix(firstChange),
                "firstChangedDisplayOffset \(firstChange) is past a change in \(stream.text.debugDescription)")
            require(change.finalDisplayLength <= after.count, "the final display length is past the display")
            finals.append((change.finalDisplayLength, Array(after.prefix(change.finalDisplayLength))))
        }
        let display = Array(stream.result.display.utf16)
        for (length, shown) in finals {
            require(Array(display.prefix(length)) == shown, "the display before the safe point changed in \(text.debugDescription)")
        }
    }
}

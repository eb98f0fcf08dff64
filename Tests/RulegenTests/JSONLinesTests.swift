import Foundation
import RuleCompiler
@_spi(Testing) import RuleRuntime
import RuleSpec
import TestSupport
import XCTest

@testable import rulegen

/// `explain`'s JSON reader and writer against Foundation's `JSONSerialization`, on seeded
/// random strings: the writer prints the same bytes, the reader reads back what either
/// wrote.
final class JSONLinesTests: XCTestCase {
    /// Scalars of every kind the writer treats differently, and the ones it must not.
    static func randomString(_ g: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<g.below(24) {
            let value: UInt32
            switch g.below(8) {
            case 0: value = UInt32(g.below(0x20))
            case 1: value = g.pick([0x22, 0x5C, 0x2F, 0x7F, 0x2028, 0x2029, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x10FFFF, 0x85, 0xA0])
            case 2: value = UInt32(0x20 + g.below(0x5F))
            case 3: value = UInt32(0x80 + g.below(0x780))
            case 4:
                let v = UInt32(0x800 + g.below(0xF800 - 0x800))
                value = v < 0xD800 ? v : v + 0x800  // no surrogates
            case 5: value = UInt32(0x10000 + g.below(0x100000))
            case 6:
                scalars.append(contentsOf: g.pick(["😀", "👍🏽", "👩‍👩‍👧", "🇫🇷", "e\u{301}", "中文"]).unicodeScalars)
                continue
            default: value = UInt32(g.pick(Array("az09 @#<>".utf8)))
            }
            scalars.append(Unicode.Scalar(value)!)
        }
        return String(scalars)
    }

    static func serialized(_ object: Any) throws -> String {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: options), as: UTF8.self)
    }

    func testWriterPrintsWhatJSONSerializationPrints() throws {
        let seed = testSeed(0x4A53_4F4E)
        var g = SeededGenerator(seed: seed)
        // Every control character and every escaped byte, then random strings.
        var strings = [String((0..<0x20).map { Character(Unicode.Scalar($0)) }) + "\"\\/\u{7F}\u{2028}\u{2029}"]
        for _ in 0..<3000 { strings.append(Self.randomString(&g)) }
        let numbers = [0, 1, 9, 10, 99, 100, 65_535, -1, -42, Int.max, Int.min] + (0..<50).map { _ in g.below(1 << 40) }
        for (i, s) in strings.enumerated() {
            let n = numbers[i % numbers.count]
            var writer = JSONWriter()
            writer.raw("{\"a\":")
            writer.string(s)
            writer.raw(",\"b\":")
            writer.int(n)
            writer.raw(",\"c\":")
            writer.string(nil)
            writer.raw("}")
            let expected = try Self.serialized(["a": s, "b": n, "c": NSNull()])
            XCTAssertEqual(writer.take(), expected, "seed \(seed), string \(Quoting.string(s))")
        }
    }

    /// The explain output built with `JSONSerialization` (the old writer), kept here as the
    /// reference; styles are encoded by `JSONEncoder`, as the style table encodes them
    /// (spliced in for placeholders, since `JSONSerialization` cannot hold them).
    static func referenceLine(_ result: RenderResult) throws -> String {
        var styles: [String] = []
        func style(_ style: TextStyle?) throws -> Any {
            guard let style else { return NSNull() }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            styles.append(String(decoding: try encoder.encode(style), as: UTF8.self))
            return "@@style\(styles.count - 1)@@"
        }
        func object(_ m: RuleMatch) throws -> [String: Any] {
            let tap: Any =
                m.tap.map { tap -> [String: Any] in
                    [
                        "handler": tap.handler,
                        "arguments": tap.arguments.map { ["label": $0.label ?? NSNull(), "value": $0.value] as [String: Any] },
                    ]
                } ?? NSNull()
            return [
                "rule": m.rule, "tag": m.tag?.name ?? NSNull(), "range": [m.range.location, m.range.length], "text": m.text,
                "display": m.display, "handler": m.tap?.handler ?? NSNull(),
                "displayRange": [m.displayRange.location, m.displayRange.length], "tap": tap, "style": try style(m.style),
                "highlight": try style(m.highlight), "parent": m.parent ?? NSNull(),
            ]
        }
        let discarded = try result.discarded.map { d -> [String: Any] in
            var o = try object(d.match)
            o["reason"] = d.reason.description
            return o
        }
        var line = try serialized([
            "text": result.text, "display": result.display, "matches": try result.matches.map(object), "discarded": discarded,
            "direction": BidiDirection.baseDirection(of: result.display).rawValue,
        ])
        for (i, encoded) in styles.enumerated() { line = line.replacingOccurrences(of: "\"@@style\(i)@@\"", with: encoded) }
        return line
    }

    /// Random styles, every property set or not: the explain writer encodes each as
    /// `JSONEncoder` does (the style table's encoding).
    func testStylesAreWrittenAsTheStyleTableWritesThem() throws {
        let seed = testSeed(0x57_7E1E)
        var g = SeededGenerator(seed: seed)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let numbers: [Double] = [0, 14, -2, 0.5, 13.5, 1.0 / 3, 1e-7, 1e20, 1e15, 12_345.678, -0.25]
        let colors: [StyleColor] = ["systemBlue", "label", "#8E8E93FF", "#00000000", "#FF000080", "#0A0B0CFF"]
        func maybe<T>(_ values: [T]) -> T? { g.below(3) == 0 ? nil : g.pick(values) }
        for _ in 0..<2000 {
            let font =
                g.below(4) == 0
                ? nil
                : FontSpec(
                    size: maybe(numbers), weight: maybe(FontWeight.allCases),
                    family: maybe(["Menlo", "Helvetica Neue", "a\"b\\c/\n", "中文"]),
                    italic: maybe([true, false]), textStyle: maybe(DynamicTypeStyle.allCases))
            let style = TextStyle(
                font: font, color: maybe(colors), background: maybe(colors), underline: maybe(LineStyle.allCases),
                underlineColor: maybe(colors), strikethrough: maybe(LineStyle.allCases), strikethroughColor: maybe(colors),
                kern: maybe(numbers), baselineOffset: maybe(numbers))
            var writer = JSONWriter()
            ExplainJSON.write(style, to: &writer)
            XCTAssertEqual(writer.take(), String(decoding: try encoder.encode(style), as: UTF8.self), "seed \(seed), \(style)")
        }
    }

    func testExplainJSONIsByteIdenticalToJSONSerialization() throws {
        let seed = testSeed(0xE8B1_A14E)
        var g = SeededGenerator(seed: seed)
        let pieces = [
            "<h1>User Agreement</h1>", "<h2>Privacy</h2>", "<h3>", "</h3>", "@alice", "@13812345678", "<h1>@bob</h1>", "13812345678",
            "#topic#", "[smile]", "[vip]",
            "https://a.b/c?q=\"x\"", "www.example.org", "<a href='x'>go</a>", "<img src=\"p.png\"/>", "**b @c**", "\n", "\t", "\u{1}",
            "\\", "/", " ",
        ]
        var kept = 0
        var discarded = 0
        for spec in CommandLineTests.specs {
            let output = Compiler.compile(path: CLI.packageRoot.appendingPathComponent(spec).path, analyze: false)
            let table = try XCTUnwrap(output.table, spec)
            let engine = try RuleEngine(table: table, automata: XCTUnwrap(output.automata))
            for _ in 0..<150 {
                var text = ""
                for _ in 0..<g.below(12) { text += g.below(3) == 0 ? Self.randomString(&g) : g.pick(pieces) }
                let result = engine.render(text)
                kept += result.matches.count
                discarded += result.discarded.count
                XCTAssertEqual(
                    ExplainJSON.line(result), try Self.referenceLine(result), "seed \(seed), \(spec), \(Quoting.string(text))")
            }
        }
        XCTAssertGreaterThan(kept, 100)
        XCTAssertGreaterThan(discarded, 10)
    }

    /// The same string written by JSONSerialization (raw UTF-8) and with every non-ASCII
    /// scalar as `\uXXXX` (surrogate pairs, either case), on lines with any terminator
    /// and spaces or tabs around: the reader gives back every string.
    func testReaderReadsBackEveryString() throws {
        let seed = testSeed(0x5EAD)
        var g = SeededGenerator(seed: seed)
        var expected: [String] = []
        var file: [UInt8] = [0xEF, 0xBB, 0xBF]
        for _ in 0..<1500 {
            let s = Self.randomString(&g)
            for line in [try Self.serialized(s), Self.asciiEscaped(s, &g)] {
                file += Array(g.pick(["", " ", "\t "]).utf8) + Array(line.utf8) + Array(g.pick(["", " \t"]).utf8)
                file += Array(g.pick(["\n", "\r\n", "\r"]).utf8)
                expected.append(s)
            }
        }
        let lines = try JSONLinesFile(file)
        var reader = JSONStringReader(lines.bytes)
        XCTAssertEqual(lines.lines.count, expected.count)
        for (line, s) in zip(lines.lines, expected) {
            XCTAssertEqual(try reader.read(line.bytes), s, "seed \(seed), line \(line.number)")
        }
    }

    static func asciiEscaped(_ s: String, _ g: inout SeededGenerator) -> String {
        let uppercase = g.below(2) == 0
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += g.pick(["/", "\\/"])
            case "\n": out += "\\n"
            case "\u{8}": out += "\\b"
            case " "..."~": out += String(scalar)
            default:
                for unit in UTF16.encode(scalar)! {
                    let hex = String(unit, radix: 16, uppercase: uppercase)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return out + "\""
    }

    /// The first ill-formed sequence is the one Swift's UTF-8 decoder rejects first, with
    /// the same length (Unicode's maximal subpart).
    func testFirstIllFormedSequenceAgreesWithTheStandardLibrary() {
        let seed = testSeed(0xBAD8)
        var g = SeededGenerator(seed: seed)
        let interesting: [UInt8] = [
            0x41, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xA0, 0xED, 0x9F, 0xEF, 0xF0, 0x90, 0xF4, 0x8F, 0xF5, 0xFF,
        ]
        for _ in 0..<20_000 {
            let bytes = (0..<g.below(9)).map { _ in g.below(4) == 0 ? UInt8(g.below(256)) : g.pick(interesting) }
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var offset = 0
            var expected: Range<Int>?
            loop: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded): offset += encoded.count
                case .error(let length):
                    expected = offset..<offset + length
                    break loop
                case .emptyInput: break loop
                }
            }
            XCTAssertEqual(UTF8Validation.firstIllFormedSequence(bytes, from: 0), expected, "seed \(seed), \(bytes)")
        }
    }
}

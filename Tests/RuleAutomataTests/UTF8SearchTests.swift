import Foundation
import RuleRegex
import TestSupport
import XCTest

@testable import RuleAutomata

/// The DFA on UTF-8 against the same DFA on UTF-16: on random patterns (the grammar of
/// `RegexDifferentialTests`) and random texts, the anchored run at every code point and
/// the unanchored search from every code point give the same results, byte offsets mapped
/// to UTF-16. The seed is printed on failure; `RICHRULES_LONG=1` runs more.
final class UTF8SearchTests: XCTestCase {
    /// UTF-16 offset of each byte offset that starts a code point (and of the end).
    static func offsets(_ text: String) -> [Int: Int] {
        var map: [Int: Int] = [:]
        var byte = 0, unit = 0
        for scalar in text.unicodeScalars {
            map[byte] = unit
            byte += UTF8.width(scalar)
            unit += UTF16.width(scalar)
        }
        map[byte] = unit
        return map
    }

    /// Compares the two runners on `text`; returns a description of the first difference.
    static func compare(_ runner: DFARunner, _ text: String) -> String? {
        let units = Array(text.utf16), utf8 = Array(text.utf8)
        let map = offsets(text)
        return units.withUnsafeBufferPointer { u in
            utf8.withUnsafeBufferPointer { b in
                for (byte, unit) in map.sorted(by: { $0.key < $1.key }) where byte < utf8.count {
                    var steps = 0, byteSteps = 0
                    let expected = runner.matchAnchored(u, at: unit, limit: Int.max / 4, steps: &steps)
                    let actual = runner.matchAnchored(b, at: byte, limit: Int.max / 4, steps: &byteSteps)
                    let mapped = actual < 0 ? actual : map[actual]
                    if mapped != expected { return "anchored at unit \(unit): UTF-16 \(expected), UTF-8 \(String(describing: mapped))" }
                    let e = runner.findEnd(UTF16SearchText(text: u), from: unit)
                    let a = runner.findEnd(UTF8SearchText(text: b, mirror: UTF16Mirror { u }), from: byte)
                    let am = a.map { (map[$0.idle] ?? -9, map[$0.end] ?? -9, $0.startsAtIdle) }
                    if e?.idle != am?.0 || e?.end != am?.1 || e?.startsAtIdle != am?.2 {
                        return "search from unit \(unit): UTF-16 \(String(describing: e)), UTF-8 \(String(describing: am))"
                    }
                }
                return nil
            }
        }
    }

    func testUTF8SearchesAsUTF16() {
        let long = ProcessInfo.processInfo.environment["RICHRULES_LONG"] == "1"
        let seed = testSeed(0xB17E_DFA)
        var grammar = PatternGrammar(rng: SeededGenerator(seed: seed))
        var pairs = 0, tables = 0, failures = 0
        while tables < (long ? 20_000 : 400) {
            let fragment = grammar.fragment()
            let flags = grammar.flags()
            guard case .program(let program) = RegexCompiler.compile(fragment.pattern, flags: flags), let table = DFABuilder.build(program)
            else { continue }
            tables += 1
            let runner = DFARunner(table)
            for _ in 0..<8 {
                let text = grammar.text(for: fragment)
                pairs += 1
                if let difference = Self.compare(runner, text) {
                    failures += 1
                    if failures <= 20 {
                        XCTFail(
                            "seed \(seed) pattern \(fragment.pattern.debugDescription) flags '\(flags.letters)' text \(text.debugDescription): \(difference)"
                        )
                    }
                }
            }
        }
        print("UTF-8 search (seed \(seed)): \(tables) DFAs, \(pairs) texts, \(failures) disagreements")
    }

    /// Unicode classes, line terminators at the end, word boundaries after multi-byte code
    /// points, case folding.
    /// The literal search knows what follows a match's first literal, and skips an
    /// occurrence followed by anything else (`.` then a space); a literal that can end a
    /// match has no such set. The matches themselves are the regex corpus's cases.
    func testRequiredLiteralKnowsWhatFollowsIt() throws {
        func required(_ pattern: String) throws -> RequiredLiteral? {
            guard case .program(let program) = RegexCompiler.compile(pattern, flags: []) else { throw CocoaError(.coderInvalidValue) }
            return try XCTUnwrap(LazyDFA(program: program), pattern).required
        }
        let host = try XCTUnwrap(required("[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\\.(?:com|org|[a-z]{2})\\b"))
        XCTAssertEqual(host.literal, UInt8(ascii: "."))
        let follow = try XCTUnwrap(host.follow)
        for (text, expected) in [("a. b", false), ("a.b", true), ("a.", false), ("a.é", false), ("a.C", false)] {
            let bytes = Array(text.utf8), units = Array(text.utf16)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { follow.mayStart(utf8: $0, at: 2) }, expected, text)
            XCTAssertEqual(units.withUnsafeBufferPointer { follow.mayStart(utf16: $0, at: 2) }, expected, text)
        }
        XCTAssertNil(try XCTUnwrap(required("[A-Za-z0-9._]+@")).follow)
    }

    func testNamedPatterns() throws {
        let cases: [(String, RegexFlags, [String])] = [
            (#"\w+"#, [], ["héllo wörld 中文_1 😀x", "ǅ ß"]),
            (#"\p{L}+\b"#, [], ["αβγ δ 😀ε", "a\u{301}b"]),
            (#"[^a]+"#, [], ["ab€😀a", "\u{10FFFF}\u{E000}\u{D7FF}"]),
            (#"x$"#, [], ["x\n", "x\r\n", "x\u{2028}", "x\u{85}", "ax\u{2029}", "x\r", "x"]),
            (#"(?m)^.+$"#, [], ["a\nb\r\nc\u{2028}d\u{85}", "é\n"]),
            (#".\Z"#, [.dotMatchesLineSeparators], ["ab\n", "a\r\n", "€\u{2029}"]),
            (#"(?i)straße"#, [], ["STRASSE strasse Straße"]),
            (#"\bé\b"#, [], ["é éé aé é_"]),
            (#"[\x{80}-\x{7FF}]+"#, [], ["aߟ€ ¡"]),
            (#"[😀-😂]|\x{FFFF}"#, [], ["😀😁😃\u{FFFF}"]),
        ]
        for (pattern, flags, texts) in cases {
            guard case .program(let program) = RegexCompiler.compile(pattern, flags: flags) else { return XCTFail(pattern) }
            let table = try XCTUnwrap(DFABuilder.build(program), pattern)
            let runner = DFARunner(table)
            for text in texts {
                XCTAssertNil(Self.compare(runner, text), "\(pattern) on \(text.debugDescription)")
            }
        }
    }
}

/// UTF-16 offsets from UTF-8 byte offsets, as the UTF-8 scan computes them.
final class UTF16CountTests: XCTestCase {
    func testCountsEverySpanOfRandomTexts() {
        let seed = testSeed(0x16C0)
        var rng = SeededGenerator(seed: seed)
        let pieces = ["a", "bc", "é", "中", "😀", "👩‍👩‍👧", "\u{10FFFF}", "ß", " ", "\n", "xyzxyzxyzxyzxyzxyz"]
        for _ in 0..<300 {
            let text = (0..<rng.below(40)).map { _ in rng.pick(pieces) }.joined()
            let bytes = Array(text.utf8)
            let starts = UTF8SearchTests.offsets(text).sorted { $0.key < $1.key }
            bytes.withUnsafeBufferPointer { b in
                for (i, from) in starts.enumerated() {
                    for to in starts[i...] {
                        XCTAssertEqual(
                            UTF8Text.utf16Count(b, from: from.key, to: to.key), to.value - from.value,
                            "seed \(seed): \(text.debugDescription) bytes \(from.key)..<\(to.key)")
                    }
                }
                var counter = UTF16Counter()
                for (byte, unit) in starts { XCTAssertEqual(counter.offset(of: byte, in: b), unit, "seed \(seed)") }
            }
        }
    }
}

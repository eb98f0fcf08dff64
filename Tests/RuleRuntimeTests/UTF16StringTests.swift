import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleRuntime

/// The hand-written UTF-16 → String transcoder agrees with the standard library's.
final class UTF16StringTests: XCTestCase {
    func testAgreesWithStandardDecoding() {
        let samples: [[UInt16]] = [
            [], Array("abc".utf16), Array("中文 العربية".utf16), Array("😀👩‍👩‍👧é\u{301}".utf16), Array("\u{7FF}\u{800}\u{FFFF}".utf16),
            [0xD800], [0xDC00, 0x41], [0x41, 0xD83D], [0xD83D, 0xD83D, 0xDE00], [0xDE00, 0xD83D],
        ]
        for units in samples {
            XCTAssertEqual(utf16String(units[...]), String(decoding: units, as: UTF16.self), "\(units)")
        }
        XCTAssertEqual(utf16String([0x41, 0xD83D, 0xDE00, 0x42][1..<3]), "😀")
    }

    func testUnitsAgreeWithTheUTF16View() {
        for text in ["", "abc", "中文 العربية", "😀👩‍👩‍👧é\u{301}", "\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}", "a\r\nb"] {
            XCTAssertEqual(utf16Units(text), Array(text.utf16), text)
        }
    }

    /// Random mixes of ASCII runs of every length around the sixteen-byte block (the ASCII
    /// path widens a whole block and keeps its ASCII prefix) with 2-, 3- and 4-byte
    /// characters, at every alignment.
    func testRandomMixesAgreeWithTheUTF16View() {
        let seed = testSeed(0x7E57_0016)
        var rng = SeededGenerator(seed: seed)
        let others: [Character] = ["é", "ߊ", "中", "\u{FFFF}", "😀", "\u{10FFFF}", "\r\n"]
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<rng.below(8) {
                for _ in 0..<rng.below(40) { text.append(Character(Unicode.Scalar(UInt8(0x20 + rng.below(0x5F))))) }
                for _ in 0..<rng.below(4) { text.append(rng.pick(others)) }
            }
            guard utf16Units(text) == Array(text.utf16) else {
                return XCTFail("seed \(seed): utf16Units differs from the UTF-16 view on \(text.debugDescription)")
            }
        }
    }

    /// The marks found while transcoding are exactly the units equal to a target, and the
    /// prefilter's walk over them finds what its SIMD skip finds.
    func testMarksAreTheTargetUnits() {
        let seed = testSeed(0x3A2C_5001)
        var rng = SeededGenerator(seed: seed)
        let others: [Character] = ["é", "中", "😀", "\r\n", "@", "#"]
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<rng.below(10) {
                for _ in 0..<rng.below(40) { text.append(Character(Unicode.Scalar(UInt8(0x20 + rng.below(0x5F))))) }
                for _ in 0..<rng.below(3) { text.append(rng.pick(others)) }
            }
            let picked = (0..<(1 + rng.below(8))).map { _ in UInt16(0x20 + rng.below(0x5F)) }
            let targets = SIMD8<UInt16>((0..<8).map { picked[$0 % picked.count] })
            let storage = TextUnits.make(text, marking: targets)
            let units = storage.buffer
            guard let marks = storage.marks else { return XCTFail("no marks") }
            XCTAssertEqual(Array(units), Array(text.utf16), "seed \(seed)")
            let expected = units.indices.filter { picked.contains(units[$0]) }
            let marked = units.indices.filter { marks[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 }
            guard marked == expected else {
                return XCTFail("seed \(seed): marks \(marked) ≠ \(expected) for \(picked) in \(text.debugDescription)")
            }
            let from = rng.below(units.count + 1)
            if let base = units.baseAddress {
                XCTAssertEqual(
                    Prefilter.nextMark(marks, units.count, from: from), Prefilter.skip(base, units.count, from: from, targets),
                    "seed \(seed)")
            }
        }
    }
}

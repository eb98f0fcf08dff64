import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleRuntime

/// UAX #9 rules P2–P3 (`BidiDirection`) and the ICU-generated Bidi class table behind them.
final class BidiTests: XCTestCase {
    /// The direction of `text` by all three entry points that see it as one paragraph.
    private func assertDirection(_ text: String, _ expected: WritingDirection, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(BidiDirection.baseDirection(of: text), expected, text.debugDescription, file: file, line: line)
        XCTAssertEqual(BidiDirection.baseDirection(utf16: text.utf16), expected, "utf16 \(text.debugDescription)", file: file, line: line)
        XCTAssertEqual(
            BidiDirection.baseDirection(utf16: Array(text.utf16)), expected, "[UInt16] \(text.debugDescription)", file: file, line: line)
    }

    func testStrongCharacters() {
        assertDirection("مرحبا", .rightToLeft)  // AL
        assertDirection("שלום", .rightToLeft)  // R
        assertDirection("hello", .leftToRight)
        assertDirection("中文", .leftToRight)
        assertDirection("abc שלום", .leftToRight)
        assertDirection("שלום abc", .rightToLeft)
        assertDirection("abc مرحبا", .leftToRight)
        assertDirection("مرحبا abc", .rightToLeft)
    }

    func testNeutralsBeforeTheFirstStrongCharacterAreSkipped() {
        assertDirection("123 שלום", .rightToLeft)
        assertDirection("  (\"!?\") שלום", .rightToLeft)
        assertDirection("😀👍🏽 שלום", .rightToLeft)
        assertDirection("١٢٣ abc", .leftToRight)  // Arabic-Indic digits are AN, not strong
        assertDirection("\u{200F}abc", .rightToLeft)  // RLM is R
        assertDirection("\u{200E}שלום", .leftToRight)  // LRM is L
    }

    func testNoStrongCharacterIsLeftToRight() {
        for text in ["", " ", "123", "!?", "😀", "\u{2067}", "\u{2069}", "\n", "\u{2029}", "\u{FFFC}", "١٢٣"] {
            assertDirection(text, .leftToRight)
        }
    }

    /// U+FFFC, the attachment character, is ON: neutral.
    func testObjectReplacementCharacterIsNeutral() {
        XCTAssertEqual(BidiClass(0xFFFC), .other)
        assertDirection("\u{FFFC}שלום", .rightToLeft)
        assertDirection("\u{FFFC}abc", .leftToRight)
    }

    /// P2 ignores the embedding and override controls: they are not strong.
    func testEmbeddingAndOverrideControlsAreNotStrong() {
        for value: UInt32 in 0x202A...0x202E { XCTAssertEqual(BidiClass(value), .other, "U+\(String(value, radix: 16))") }
        assertDirection("\u{202B}abc", .leftToRight)  // RLE
        assertDirection("\u{202E}abc", .leftToRight)  // RLO
        assertDirection("\u{202A}שלום", .rightToLeft)  // LRE
        assertDirection("\u{202D}שלום\u{202C}", .rightToLeft)  // LRO … PDF
    }

    func testIsolatesAreSkipped() {
        assertDirection("\u{2067}abc\u{2069}שלום", .rightToLeft)  // RLI … PDI
        assertDirection("\u{2066}שלום\u{2069}abc", .leftToRight)  // LRI … PDI
        assertDirection("\u{2068}abc\u{2069}שלום", .rightToLeft)  // FSI … PDI
        assertDirection("\u{2068}שלום\u{2069}", .leftToRight)  // nothing outside
    }

    /// An isolate with no PDI runs to the end of the text.
    func testUnmatchedIsolateRunsToTheEnd() {
        assertDirection("\u{2067}abc", .leftToRight)
        assertDirection("\u{2066}שלום", .leftToRight)
        assertDirection("123\u{2066}שלום", .leftToRight)
        assertDirection("\u{2066}abc\nשלום", .leftToRight)  // across a newline: one paragraph
    }

    func testIsolatesNest() {
        // The first PDI closes the inner isolate only.
        assertDirection("\u{2066}\u{2067}abc\u{2069}שלום\u{2069}abc", .leftToRight)
        assertDirection("\u{2066}\u{2067}abc\u{2069}abc\u{2069}שלום", .rightToLeft)
        assertDirection("\u{2066}\u{2066}\u{2066}a\u{2069}\u{2069}b", .leftToRight)  // still one open
        assertDirection("\u{2066}\u{2066}\u{2066}a\u{2069}\u{2069}\u{2069}\u{2069}\u{2069}שלום", .rightToLeft)
    }

    /// A PDI with no open isolate is ignored: it closes no later isolate.
    func testStrayPDIIsIgnored() {
        assertDirection("\u{2069}שלום", .rightToLeft)
        assertDirection("\u{2069}\u{2069}\u{2067}abc\u{2069}שלום", .rightToLeft)
        assertDirection("\u{2069}\u{2069}\u{2067}שלום\u{2069}abc", .leftToRight)
    }

    /// Paragraph separators are not special for the whole text: the first paragraph without
    /// a strong character does not decide.
    func testBaseDirectionSeesOneParagraph() {
        assertDirection("123\nשלום", .rightToLeft)
        assertDirection("\u{2029}abc", .leftToRight)
        assertDirection("\r\nשלום", .rightToLeft)
    }

    func testSurrogatePairs() {
        assertDirection("😀𞤀", .rightToLeft)  // U+1E900 ADLAM CAPITAL LETTER ALIF is R
        assertDirection("😀𐐀", .leftToRight)  // U+10400 DESERET is L
        assertDirection("😀\u{10FFFD}", .leftToRight)  // private use is L
        XCTAssertEqual(BidiClass(0x1E900), .rightToLeft)
        XCTAssertEqual(BidiClass(0x1F600), .other)
    }

    func testUnpairedSurrogatesAreNeutral() {
        let cases: [([UInt16], WritingDirection)] = [
            ([0xD83A, 0x05D0], .rightToLeft),  // high then Hebrew: the Hebrew counts
            ([0xDD00, 0x05D0], .rightToLeft),  // lone low
            ([0xD83A, 0xDD00], .rightToLeft),  // the pair: U+1E900
            ([0xD83A, 0xD83A, 0xDD00], .rightToLeft),  // lone high, then the pair
            ([0xDD00, 0xD83A], .leftToRight),  // reversed: two lone surrogates
            ([0xD83A], .leftToRight),
            ([0xD83A, 0x0061, 0x05D0], .leftToRight),
        ]
        for (units, expected) in cases {
            XCTAssertEqual(BidiDirection.baseDirection(utf16: units), expected, "\(units.map { String($0, radix: 16) })")
        }
    }

    func testParagraphs() {
        XCTAssertEqual(
            BidiDirection.paragraphs(of: "abc\nשלום\r\nxyz"),
            [
                ParagraphDirection(range: 0..<4, direction: .leftToRight, hasStrongCharacter: true),
                ParagraphDirection(range: 4..<10, direction: .rightToLeft, hasStrongCharacter: true),
                ParagraphDirection(range: 10..<13, direction: .leftToRight, hasStrongCharacter: true),
            ])
        XCTAssertEqual(
            BidiDirection.paragraphs(of: "שלום\u{2029}abc\u{2029}"),
            [
                ParagraphDirection(range: 0..<5, direction: .rightToLeft, hasStrongCharacter: true),
                ParagraphDirection(range: 5..<9, direction: .leftToRight, hasStrongCharacter: true),
            ])
        // CR alone, LF CR (two separators), and the other B characters: U+001C–001E, U+0085.
        XCTAssertEqual(
            BidiDirection.paragraphs(of: "a\rב\n\rc\u{1C}ד\u{85}").map(\.range), [0..<2, 2..<4, 4..<5, 5..<7, 7..<9])
        XCTAssertEqual(
            BidiDirection.paragraphs(of: "a\rב\n\rc\u{1C}ד\u{85}").map(\.direction),
            [.leftToRight, .rightToLeft, .leftToRight, .leftToRight, .rightToLeft])
        // U+2028 LINE SEPARATOR is WS, not B.
        XCTAssertEqual(BidiDirection.paragraphs(of: "123\u{2028}שלום").map(\.range), [0..<8])
        XCTAssertEqual(BidiDirection.paragraphs(of: ""), [])
        XCTAssertEqual(
            BidiDirection.paragraphs(of: "\n"), [ParagraphDirection(range: 0..<1, direction: .leftToRight, hasStrongCharacter: false)])
        XCTAssertEqual(
            BidiDirection.paragraphs(of: "\r\n\r\n").map(\.range), [0..<2, 2..<4])
    }

    func testParagraphsWithoutStrongCharacters() {
        XCTAssertEqual(
            BidiDirection.paragraphs(of: "123\nשלום\n\u{FFFC}"),
            [
                ParagraphDirection(range: 0..<4, direction: .leftToRight, hasStrongCharacter: false),
                ParagraphDirection(range: 4..<9, direction: .rightToLeft, hasStrongCharacter: true),
                ParagraphDirection(range: 9..<10, direction: .leftToRight, hasStrongCharacter: false),
            ])
    }

    /// The isolate state starts afresh in each paragraph.
    func testIsolatesEndWithTheirParagraph() {
        XCTAssertEqual(
            BidiDirection.paragraphs(of: "\u{2067}abc\nשלום"),
            [
                ParagraphDirection(range: 0..<5, direction: .leftToRight, hasStrongCharacter: false),
                ParagraphDirection(range: 5..<9, direction: .rightToLeft, hasStrongCharacter: true),
            ])
        // A PDI in the next paragraph closes nothing.
        XCTAssertEqual(BidiDirection.paragraphs(of: "\u{2066}\u{2029}\u{2069}abc").map(\.direction), [.leftToRight, .leftToRight])
        XCTAssertEqual(BidiDirection.paragraphs(of: "\u{2066}\u{2029}\u{2069}abc").map(\.hasStrongCharacter), [false, true])
        XCTAssertEqual(BidiDirection.baseDirection(of: "\u{2066}\u{2029}\u{2069}שלום"), .rightToLeft)
    }

    func testParagraphsWithSurrogatePairs() {
        XCTAssertEqual(
            BidiDirection.paragraphs(of: "😀𞤀\nabc𐐀"),
            [
                ParagraphDirection(range: 0..<5, direction: .rightToLeft, hasStrongCharacter: true),
                ParagraphDirection(range: 5..<10, direction: .leftToRight, hasStrongCharacter: true),
            ])
    }

    /// On random texts: the paragraphs tile the UTF-16 view, each ends at its (only)
    /// separator, each has the direction `baseDirection(of:)` gives its own text, and the
    /// String and UTF-16 entry points agree.
    func testRandomTextsAreConsistent() {
        let seed = testSeed(0xB1D1_0009)
        var rng = SeededGenerator(seed: seed)
        let alphabet: [String] = [
            "a", "ש", "م", "1", "١", " ", ".", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{202B}", "\u{FFFC}", "\n", "\r",
            "\u{2029}", "\u{85}", "😀", "𞤀", "𐐀", "é",
        ]
        for _ in 0..<2_000 {
            let text = (0..<rng.below(16)).map { _ in rng.pick(alphabet) }.joined()
            let units = Array(text.utf16)
            let paragraphs = BidiDirection.paragraphs(of: text)
            XCTAssertEqual(
                BidiDirection.baseDirection(utf16: units), BidiDirection.baseDirection(of: text), "seed \(seed): \(text.debugDescription)")
            XCTAssertEqual(paragraphs.first?.range.lowerBound ?? 0, 0, "seed \(seed): \(text.debugDescription)")
            XCTAssertEqual(paragraphs.last?.range.upperBound ?? 0, units.count, "seed \(seed): \(text.debugDescription)")
            for (index, paragraph) in paragraphs.enumerated() {
                let message = "seed \(seed): paragraph \(index) of \(text.debugDescription)"
                if index > 0 { XCTAssertEqual(paragraphs[index - 1].range.upperBound, paragraph.range.lowerBound, message) }
                XCTAssertFalse(paragraph.range.isEmpty, message)
                let slice = Array(units[paragraph.range])
                let paragraphText = String(decoding: slice, as: UTF16.self)
                XCTAssertEqual(BidiDirection.baseDirection(of: paragraphText), paragraph.direction, message)
                // Separators: only at the end (CR LF counts as one), and at every end but the text's.
                let separators = paragraphText.unicodeScalars.indices.filter {
                    BidiClass(paragraphText.unicodeScalars[$0].value) == .paragraphSeparator
                }
                let isCRLF = slice.suffix(2) == [0x0D, 0x0A]
                XCTAssertLessThanOrEqual(separators.count, isCRLF ? 2 : 1, message)
                if index < paragraphs.count - 1 { XCTAssertEqual(separators.count, isCRLF ? 2 : 1, message) }
                if let last = paragraphText.unicodeScalars.last, !separators.isEmpty {
                    XCTAssertEqual(BidiClass(last.value), .paragraphSeparator, message)
                }
            }
        }
    }

    /// The table's ranges: sorted, disjoint, never `.other`, no surrogates, and adjacent
    /// ranges of one class merged.
    func testTableIsWellFormed() {
        let lowers = BidiClass.rangeLowerBounds
        let uppers = BidiClass.rangeUpperBounds
        let classes = BidiClass.rangeClasses
        XCTAssertEqual(lowers.count, uppers.count)
        XCTAssertEqual(lowers.count, classes.count)
        for index in lowers.indices {
            XCTAssertLessThanOrEqual(lowers[index], uppers[index], "range \(index)")
            XCTAssertLessThanOrEqual(uppers[index], 0x10FFFF, "range \(index)")
            XCTAssertFalse((0xD800...0xDFFF).overlaps(lowers[index]...uppers[index]), "range \(index)")
            XCTAssertNotNil(BidiClass(rawValue: classes[index]), "range \(index)")
            XCTAssertNotEqual(classes[index], BidiClass.other.rawValue, "range \(index)")
            if index > 0 {
                XCTAssertLessThan(uppers[index - 1], lowers[index], "range \(index)")
                if uppers[index - 1] + 1 == lowers[index] {
                    XCTAssertNotEqual(classes[index - 1], classes[index], "range \(index) should merge with the one before")
                }
            }
        }
        // The few scalars of the classes that the code treats specially.
        var special: [BidiClass: [UInt32]] = [:]
        for value: UInt32 in 0...0x10FFFF {
            switch BidiClass(value) {
            case .isolateInitiator, .popDirectionalIsolate, .paragraphSeparator: special[BidiClass(value), default: []].append(value)
            default: break
            }
        }
        XCTAssertEqual(special[.isolateInitiator], [0x2066, 0x2067, 0x2068])
        XCTAssertEqual(special[.popDirectionalIsolate], [0x2069])
        XCTAssertEqual(special[.paragraphSeparator], [0x0A, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2029])
    }

    /// The table agrees with the ICU that Foundation's NSRegularExpression runs, on a seeded
    /// random sample of scalars and on every range boundary and its neighbours.
    func testTableAgreesWithICU() throws {
        let seed = testSeed(0xB1D1_C1A5)
        var rng = SeededGenerator(seed: seed)
        var values = Set<UInt32>()
        for _ in 0..<20_000 { values.insert(UInt32(rng.below(0x110000))) }
        for (lower, upper) in zip(BidiClass.rangeLowerBounds, BidiClass.rangeUpperBounds) {
            for value in [lower &- 1, lower, lower + 1, upper &- 1, upper, upper + 1] { values.insert(value) }
        }
        let regex = try NSRegularExpression(
            pattern: #"\A(?:(\p{bc=L})|(\p{bc=R})|(\p{bc=AL})|([\p{bc=LRI}\p{bc=RLI}\p{bc=FSI}])|(\p{bc=PDI})|(\p{bc=B}))\z"#)
        // The capture groups' classes, in order.
        let groupClasses: [BidiClass] = [
            .leftToRight, .rightToLeft, .rightToLeft, .isolateInitiator, .popDirectionalIsolate, .paragraphSeparator,
        ]
        var checked = 0
        for value in values.sorted() {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates, and the wrapped 0 - 1
            let text = String(scalar)
            var expected = BidiClass.other
            if let match = regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) {
                let group = (1...groupClasses.count).first { match.range(at: $0).location != NSNotFound }!
                expected = groupClasses[group - 1]
            }
            guard BidiClass(value) == expected else {
                return XCTFail(
                    "seed \(seed): U+\(String(value, radix: 16, uppercase: true)) is \(BidiClass(value)) in the table, \(expected) by ICU"
                        + " (table from Unicode \(BidiClass.unicodeVersion); regenerate with Scripts/generate-bidi-table.swift?)")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 20_000)
    }
}

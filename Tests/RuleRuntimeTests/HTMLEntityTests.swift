import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleRuntime

/// `HTMLEntity.match`, its generated table of named references, and `decodeHTMLEntities`.
final class HTMLEntityTests: XCTestCase {
    /// The match at offset `start` of `text`.
    private func match(_ text: String, at start: Int = 0) -> (length: Int, decoded: String)? {
        Array(text.utf16).withUnsafeBufferPointer { HTMLEntity.match($0, at: start) }
    }

    /// `text` is one whole reference that decodes to `expected`.
    private func assertReference(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let found = match(text)
        XCTAssertEqual(found?.length, text.utf16.count, text, file: file, line: line)
        XCTAssertEqual(found?.decoded.unicodeScalars.map(\.value), expected.unicodeScalars.map(\.value), text, file: file, line: line)
    }

    /// `text` has no reference at its start.
    private func assertNoReference(_ text: String, at start: Int = 0, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(match(text, at: start), text.debugDescription, file: file, line: line)
    }

    func testNamedReferences() {
        assertReference("&nbsp;", "\u{A0}")
        assertReference("&eacute;", "é")
        assertReference("&hellip;", "…")
        assertReference("&NotNestedGreaterGreater;", "\u{2AA2}\u{338}")
        assertReference("&AMP;", "&")
        assertReference("&amp;", "&")
        assertReference("&fjlig;", "fj")
        // Names with digits sort before their prefix with `;` (`emsp13;` < `emsp;`).
        assertReference("&emsp13;", "\u{2004}")
        assertReference("&emsp;", "\u{2003}")
        assertReference("&sup2;", "²")
        assertReference("&sup;", "⊃")
        assertReference("&NewLine;", "\n")
        assertReference("&Afr;", "\u{1D504}")
        assertReference("&CounterClockwiseContourIntegral;", "\u{2233}")
        XCTAssertEqual(match("&Afr;")?.decoded.utf16.count, 2)
        // Only the reference counts: the text after the `;` is not part of it.
        XCTAssertEqual(match("x&lt;&gt;", at: 1)?.length, 4)
        XCTAssertEqual(match("&amp;amp;")?.length, 5)
    }

    func testNumericReferences() {
        assertReference("&#65;", "A")
        assertReference("&#x41;", "A")
        assertReference("&#X41;", "A")
        assertReference("&#x6a;", "j")
        assertReference("&#0065;", "A")
        assertReference("&#x000041;", "A")
        assertReference("&#0000000000000065;", "A")  // sixteen digits
        assertReference("&#1;", "\u{1}")
        assertReference("&#1114111;", "\u{10FFFF}")
        assertReference("&#x10FFFF;", "\u{10FFFF}")
        assertReference("&#xFFFF;", "\u{FFFF}")
        assertReference("&#128512;", "😀")
        let emoji = match("a&#x1F600;b", at: 1)
        XCTAssertEqual(emoji?.length, 9)
        XCTAssertEqual(emoji?.decoded, "😀")
        XCTAssertEqual(emoji?.decoded.utf16.count, 2)
    }

    func testRejections() {
        for text in [
            "&amp", "&amp ", "&nbsp", "&unknown;", "&Amp;", "&;", "& amp;", "&#;", "&#x;", "&#X;", "&#0;", "&#x0;", "&#00000;",
            "&#xD800;", "&#xDFFF;", "&#55296;", "&#x110000;", "&#1114112;", "&#99999999999999999999;", "&#xFFFFFFFFFFFFFFFFFFFF;",
            "&#00000000000000065;", "&#x00000000000000041;", "&#65", "&#x41", "&#x41 ;", "&#-1;", "&#+1;", "&#x-1;", "&#1e2;", "&#xG;",
            "&# 65;", "&#x 41;", "&", "&a", "&#", "&#x", "&é;", "&😀;", "&\u{301}amp;", "&amp\u{301};", "&nbsp&nbsp;", "amp;",
            "&CounterClockwiseContourIntegralX;",
        ] {
            assertNoReference(text)
        }
        assertNoReference("a&", at: 1)
        assertNoReference("&amp;", at: 1)
        assertNoReference("&amp;", at: 5)
        assertNoReference("&amp;", at: -1)
        assertNoReference(String(repeating: "a", count: 3), at: 99)
        // Long runs stop at the bound instead of reading to their end.
        assertNoReference("&" + String(repeating: "a", count: 100_000) + ";")
        assertNoReference("&#" + String(repeating: "0", count: 100_000) + "1;")
    }

    /// Every entry of the generated table decodes to its value.
    func testEveryNamedReferenceRoundTrips() {
        let entries = HTMLEntity.namedReferences
        XCTAssertEqual(entries.count, 2_125)
        XCTAssertEqual(entries.count, HTMLEntityTable.count)
        XCTAssertEqual(entries.map(\.name.utf16.count).max(), HTMLEntityTable.longestName)
        for (previous, next) in zip(entries, entries.dropFirst()) {
            XCTAssertTrue(Array(previous.name.utf16).lexicographicallyPrecedes(next.name.utf16), "\(previous.name) \(next.name)")
        }
        for entry in entries {
            XCTAssertTrue(entry.name.hasSuffix(";"), entry.name)
            assertReference("&" + entry.name, entry.value)
            assertNoReference("&" + entry.name.dropLast())
        }
        XCTAssertEqual(entries.first { $0.name == "eacute;" }?.value, "é")
    }

    /// `match` agrees with a brute-force reader at every offset of random texts.
    func testRandomTextsAgreeWithBruteForce() {
        let seed = testSeed(0xE47_1717)
        var rng = SeededGenerator(seed: seed)
        let names = Dictionary(uniqueKeysWithValues: HTMLEntity.namedReferences.map { ($0.name, $0.value) })
        let pieces = [
            "&", "&", "&#", "&#x", "amp", "AMP", "Amp", "lt", "nbsp", "eacute", "NotNestedGreaterGreater", "fjlig", "emsp", "13", "sup",
            "2", ";", ";", "#", "x", "X", "0", "1", "9", "65", "000000", "1F600", "D800", "10FFFF", "110000", "a", "F", "g", "z", "Z",
            " ", "😀", "é", "\u{301}",
        ]
        let tableNames = HTMLEntity.namedReferences.map(\.name)
        /// A piece, or a table name: whole, without its `;`, cut short, or with a letter's case flipped.
        func piece() -> String {
            guard rng.below(4) == 0 else { return rng.pick(pieces) }
            let name = rng.pick(tableNames)
            switch rng.below(4) {
            case 0: return String(name.dropLast())
            case 1: return String(name.prefix(rng.below(name.count)))
            case 2:
                var characters = Array(name)
                let flip = rng.below(characters.count - 1)
                let flipped = characters[flip].isUppercase ? characters[flip].lowercased() : characters[flip].uppercased()
                characters[flip] = Character(flipped)
                return String(characters)
            default: return name
            }
        }
        for iteration in 0..<3_000 {
            let text = (0..<rng.below(12)).map { _ in piece() }.joined()
            let units = Array(text.utf16)
            units.withUnsafeBufferPointer { buffer in
                for start in 0..<units.count {
                    let found = HTMLEntity.match(buffer, at: start)
                    let expected = Self.bruteForce(units, at: start, names: names)
                    let message = "seed \(seed) iteration \(iteration) offset \(start): \(text.debugDescription)"
                    XCTAssertEqual(found?.length, expected?.length, message)
                    XCTAssertEqual(found?.decoded, expected?.decoded, message)
                }
            }
        }
    }

    /// The reference at `start` read the slow way: every name tried at every length, and
    /// numbers read with their leading zeros stripped.
    private static func bruteForce(_ units: [UInt16], at start: Int, names: [String: String]) -> (length: Int, decoded: String)? {
        guard units[start] == 0x26 else { return nil }
        let rest = Array(units[(start + 1)...])
        for length in stride(from: 1, through: min(rest.count, HTMLEntityTable.longestName), by: 1) {
            if let value = names[String(decoding: rest[..<length], as: UTF16.self)] { return (length + 1, value) }
        }
        guard rest.first == 0x23, let semicolon = rest.firstIndex(of: 0x3B) else { return nil }
        var body = String(decoding: rest[1..<semicolon], as: UTF16.self)
        var radix = 10
        if body.hasPrefix("x") || body.hasPrefix("X") {
            radix = 16
            body.removeFirst()
        }
        let digits = radix == 16 ? "0123456789abcdefABCDEF" : "0123456789"
        guard !body.isEmpty, body.count <= HTMLEntity.maxDigits, body.allSatisfy(digits.contains) else { return nil }
        let significant = body.drop { $0 == "0" }
        guard !significant.isEmpty, significant.count <= 7, let value = UInt32(significant, radix: radix), value <= 0x10_FFFF,
            !(0xD800...0xDFFF).contains(value)
        else { return nil }
        return (semicolon + 2, String(Unicode.Scalar(value)!))
    }

    func testDecodeHTMLEntities() {
        XCTAssertEqual(decodeHTMLEntities("caf&eacute; &hellip; &#x1F600;&nbsp;&AMP;"), "café … 😀\u{A0}&")
        XCTAssertEqual(decodeHTMLEntities("&amp;lt; &amp;#x61;"), "&lt; &#x61;")  // decoded once
        XCTAssertEqual(decodeHTMLEntities("&Amp; &amp &#0; &#x110000; &é; 😀&"), "&Amp; &amp &#0; &#x110000; &é; 😀&")
        XCTAssertEqual(decodeHTMLEntities("\u{600}&amp;"), "\u{600}&")  // `&` inside a grapheme cluster
        XCTAssertEqual(decodeHTMLEntities("a&NotNestedGreaterGreater;b"), "a\u{2AA2}\u{338}b")
        XCTAssertEqual(decodeHTMLEntities(""), "")
        let ampersands = String(repeating: "&", count: 200_000)
        XCTAssertEqual(decodeHTMLEntities(ampersands), ampersands)
        let unclosed = String(repeating: "&amp&#x41", count: 50_000)
        XCTAssertEqual(decodeHTMLEntities(unclosed), unclosed)
    }

    /// References that spell a scheme's `:` decode before the image source check sees it.
    func testDecodedSchemeIsStillChecked() {
        let source = decodeHTMLEntities("javascript&colon;alert(1)")
        XCTAssertEqual(source, "javascript:alert(1)")
        XCTAssertFalse(HTMLRenderer.isSafeImageSource(source))
        XCTAssertFalse(HTMLRenderer.isSafeImageSource(decodeHTMLEntities("java&Tab;script&#58;x")))
    }
}

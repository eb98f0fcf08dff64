import Foundation
import RuleRuntime
import TestSupport
import XCTest

/// The presentation layer: `attributedString()`, hit testing by display offset, pressed
/// state, truncation, writing direction and the accessibility list, on the example specs
/// and on random texts with emoji, combining marks, attachments and right-to-left text.
final class RichTextTests: XCTestCase {
    static let specNames = ["agreement", "social", "html", "prefix"]

    /// The engine of a checked-in table (`CheckedInTables`): an example spec's (`agreement`)
    /// or one of `Specs/` (`pressed`).
    func engine(_ name: String) throws -> RuleEngine {
        try CheckedInTables.engine(name)
    }

    static let pieces = [
        "I agree to the ", "<h1>User Agreement</h1>", "<h2>Privacy Policy</h2>", "<h3>x</h3>", "<H4>条款</H4>", "<h1>", "</h2>",
        " cc @alice", "@bob_1", " 13800138000", " #topic# ", "#tag", " https://apple.com/a?b=1.", " www.example.org ",
        "[smile]", "[heart]", "[vip]", "<a href=\"https://x.y/z\" title='t'>link</a>", "<img src=\"p.png\"/>", "<img src=q.jpg>",
        "😀", "👩‍👩‍👧", "🇫🇷🇩🇪", "e\u{301}", "\u{301}", "中文", "العربية", "שלום", "\u{2067}abc\u{2069}", "\n", "\r\n", " ", "Call ",
        "a&amp;b", "@", "\u{FFFC}",
    ]

    func corpus(seed: UInt64, count: Int) -> [String] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in (0..<rng.below(14)).map { _ in rng.pick(Self.pieces) }.joined() }
    }

    /// Runs with their UTF-16 ranges in the display.
    func runs(_ attributed: AttributedString) -> [(range: Range<Int>, run: AttributedString.Runs.Run)] {
        var offset = 0
        return attributed.runs.map { run in
            let length = attributed[run.range].unicodeScalars.reduce(0) { $0 + $1.utf16.count }
            defer { offset += length }
            return (offset..<offset + length, run)
        }
    }

    // MARK: AttributedString

    func testAgreementTextAsAttributedString() throws {
        let result = try engine("agreement").render("I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice")
        let attributed = result.attributedString()
        XCTAssertEqual(String(attributed.characters), "I agree to the User Agreement and Privacy Policy. cc @alice")
        let runs = runs(attributed)
        XCTAssertEqual(runs.map(\.range), [0..<15, 15..<29, 29..<34, 34..<48, 48..<53, 53..<59])
        let base = TextStyle(font: FontSpec(size: 14), color: "#8E8E93")
        XCTAssertEqual(runs[0].run.richRules.style, base)
        XCTAssertNil(runs[0].run.richRules.matchIndex)
        XCTAssertNil(runs[0].run.link)
        let agreement = runs[1].run
        XCTAssertEqual(agreement.richRules.rule, "h")
        XCTAssertEqual(agreement.richRules.matchIndex, 0)
        XCTAssertEqual(agreement.richRules.tap, TapTarget(handler: "openAgreement", arguments: []))
        XCTAssertEqual(agreement.richRules.style, base.merged(with: TextStyle(color: "systemBlue", underline: .single)))
        XCTAssertEqual(agreement.link, URL(string: "richrules://match/0"))
        XCTAssertEqual(result.match(forLink: try XCTUnwrap(agreement.link))?.tag?.name, "h1")
        XCTAssertEqual(runs[3].run.richRules.style?.color, .system(.systemRed))
        XCTAssertEqual(runs[5].run.richRules.tap, TapTarget(handler: "openProfile", arguments: [.init(label: "user", value: "@alice")]))
        XCTAssertEqual(runs.map(\.run.richRules.writingDirection), Array(repeating: .leftToRight, count: 6))
        XCTAssertNil(result.match(forLink: URL(string: "https://example.com/match/0")!))
        XCTAssertNil(result.match(forLink: URL(string: "richrules://match/9")!))
    }

    /// On every example spec and random texts: the characters are the display, each run
    /// lies inside one match's display range or in plain text, and links map back.
    func testExampleSpecsToAttributedString() throws {
        let seed = testSeed(12)
        for name in Self.specNames {
            let engine = try engine(name)
            for text in corpus(seed: seed, count: 150) {
                let result = engine.render(text)
                let attributed = result.attributedString()
                XCTAssertEqual(String(attributed.characters), result.display, "seed \(seed) \(name): \(text)")
                for (range, run) in runs(attributed) {
                    if let index = run.richRules.matchIndex {
                        let match = result.matches[index]
                        let display = match.displayRange.location..<match.displayRange.upperBound
                        XCTAssertTrue(
                            display.contains(range.lowerBound) && range.upperBound <= display.upperBound, "seed \(seed) \(name): \(text)")
                        XCTAssertEqual(run.richRules.rule, match.rule)
                        if let link = run.link {
                            XCTAssertEqual(result.match(forLink: link), match, "seed \(seed)")
                        }
                        if match.attachment != nil, range.count == 1, match.attachmentOffset == range.lowerBound {
                            XCTAssertEqual(run.richRules.attachment, match.attachment)
                            XCTAssertEqual(run.alternateDescription, match.attachment?.accessibilityLabel)
                        }
                    } else {
                        XCTAssertFalse(
                            result.matches.contains {
                                $0.displayRange.location < range.upperBound && range.lowerBound < $0.displayRange.upperBound
                            },
                            "seed \(seed) \(name): plain run \(range) overlaps a match in \(text)")
                        XCTAssertNil(run.link)
                    }
                }
            }
        }
    }

    func testStyleAndAttributeHooks() throws {
        // ZLRichLabel's tagStyleBuilder: the first tag bold, by its index.
        let result = try engine("agreement").render("<h1>a</h1> <h2>b</h2>")
        let attributed = result.attributedString(
            options: RichTextOptions(
                style: { $0.tag?.index == 0 ? TextStyle(font: FontSpec(weight: .bold)) : nil },
                attributes: { match, container in container.alternateDescription = "tag \(match.tag?.name ?? "")" }))
        let runs = runs(attributed)
        XCTAssertEqual(runs[0].run.richRules.style?.font, FontSpec(size: 14, weight: .bold))
        XCTAssertEqual(runs[2].run.richRules.style?.font, FontSpec(size: 14))
        XCTAssertEqual(runs[2].run.alternateDescription, "tag h2")
        XCTAssertNil(runs[1].run.alternateDescription)
    }

    // MARK: Hit testing

    /// The brute-force reference: the cluster holding the offset, found by walking the
    /// display's characters, and the first tappable match holding its first unit.
    func referenceHit(_ result: RenderResult, _ offset: Int) -> Int? {
        let display = result.display
        guard offset >= 0 else { return nil }
        var start = 0
        var clusterStart: Int?
        for character in display {
            let length = character.utf16.count
            if offset < start + length {
                clusterStart = start
                break
            }
            start += length
        }
        guard let cluster = clusterStart else { return nil }
        for (index, match) in result.matches.enumerated()
        where match.displayRange.location <= cluster && cluster < match.displayRange.upperBound {
            guard match.tap != nil else { return nil }
            if let attachment = match.attachment, !attachment.isTappable, match.attachmentOffset == cluster { return nil }
            return index
        }
        return nil
    }

    func testHitTestAtEveryOffsetEqualsBruteForce() throws {
        let seed = testSeed(13)
        let engines =
            try Self.specNames.map { try engine($0) } + [
                engine("hit-widgets")
            ]
        let extra = ["[x]", "*word*", "plain", "e\u{301}[x]", "🇫🇷*a*"]
        var rng = SeededGenerator(seed: seed)
        for engine in engines {
            for var text in corpus(seed: seed &+ 1, count: 80) {
                text += (0..<rng.below(4)).map { _ in rng.pick(extra) }.joined()
                let result = engine.render(text)
                let attributed = result.attributedString()
                let count = result.display.utf16.count
                for offset in -1...count {
                    XCTAssertEqual(
                        result.matchIndex(atDisplayOffset: offset), referenceHit(result, offset), "seed \(seed) offset \(offset): \(text)")
                }
                var offset = 0
                var index = attributed.startIndex
                while index < attributed.endIndex {
                    let next = attributed.characters.index(after: index)
                    XCTAssertEqual(result.match(at: index, in: attributed), result.match(atDisplayOffset: offset), "seed \(seed): \(text)")
                    offset += String(attributed[index..<next].characters).utf16.count
                    index = next
                }
            }
        }
    }

    func testHitTestOnTheSeedText() throws {
        let result = try engine("agreement").render("I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice")
        let display = result.display as NSString
        XCTAssertEqual(result.match(atDisplayOffset: display.range(of: "User").location + 2)?.tap?.handler, "openAgreement")
        XCTAssertEqual(result.match(atDisplayOffset: display.range(of: "Policy").location)?.tap?.handler, "openPrivacy")
        XCTAssertEqual(result.match(atDisplayOffset: display.length - 1)?.text, "@alice")
        XCTAssertNil(result.match(atDisplayOffset: 0))
        XCTAssertNil(result.match(atDisplayOffset: display.length))
        XCTAssertNil(result.match(atDisplayOffset: -5))
    }

    // MARK: Pressed state

    func testPressedStateAppliesTheHighlightOverTheWholeMatch() throws {
        let engine = try engine("pressed")
        let result = engine.render("go [p] hush txt")
        XCTAssertEqual(result.display, "go [p]\u{FFFC} hush txt")
        let normal = runs(result.attributedString())
        let pressedLink = runs(result.attributedString(options: RichTextOptions(pressed: 0)))
        XCTAssertEqual(pressedLink[0].run.richRules.style, TextStyle(color: "white", background: "#0000FF"))
        XCTAssertEqual(pressedLink[0].run.richRules.pressed, true)
        XCTAssertEqual(pressedLink.dropFirst().map(\.run.richRules.style), normal.dropFirst().map(\.run.richRules.style))
        // The image beside the text highlights too: the whole display range.
        let pressedPic = runs(result.attributedString(options: RichTextOptions(pressed: 1)))
        let picRuns = pressedPic.filter { $0.run.richRules.matchIndex == 1 }
        XCTAssertEqual(picRuns.map(\.range), [3..<6, 6..<7])
        XCTAssertEqual(picRuns.map(\.run.richRules.style?.background), ["#DDDDDDFF", "#DDDDDDFF"])
        // `highlight none` and untappable matches: unchanged.
        for index in [2, 3] {
            XCTAssertEqual(
                runs(result.attributedString(options: RichTextOptions(pressed: index))).map(\.run.richRules.style),
                normal.map(\.run.richRules.style))
        }
        XCTAssertNil(result.matches[3].highlight)
    }

    // MARK: Truncation

    func testTruncationKeepsClustersMatchesAndTaps() throws {
        let seed = testSeed(14)
        var rng = SeededGenerator(seed: seed)
        let engines =
            try Self.specNames.map { try engine($0) } + [
                engine("truncation-token")
            ]
        var truncatedTexts = 0
        for engine in engines {
            for text in corpus(seed: seed &+ 2, count: 120) {
                let result = engine.render(text)
                let display = result.display
                let clusters = display.count
                let limit = rng.below(clusters + 2)
                let truncated = result.truncated(toCharacters: limit)
                if clusters <= limit {
                    XCTAssertEqual(truncated, result)
                    XCTAssertFalse(truncated.isTruncated)
                    continue
                }
                let context = "seed \(seed) limit \(limit): \(text)"
                truncatedTexts += 1
                XCTAssertTrue(truncated.isTruncated, context)
                guard let token = truncated.matches.last else { return XCTFail(context) }
                XCTAssertTrue(token.isTruncationToken)
                let cut = token.displayRange.location
                let shown = String(truncated.display.utf16.prefix(cut))!
                // Never more than `limit` clusters, never a split cluster, the same prefix.
                XCTAssertLessThanOrEqual(shown.count, limit, context)
                XCTAssertTrue(display.hasPrefix(shown) && display.utf16.starts(with: shown.utf16), context)
                XCTAssertEqual(shown + token.display, truncated.display, context)
                XCTAssertTrue(display[..<String.Index(utf16Offset: cut, in: display)].count == shown.count, context)
                // No match is cut: each original match is kept whole (same record) or dropped.
                for match in result.matches {
                    XCTAssertFalse(match.displayRange.location < cut && cut < match.displayRange.upperBound, context)
                }
                let kept = result.matches.filter { $0.displayRange.upperBound <= cut }
                XCTAssertEqual(Array(truncated.matches.dropLast()).map(\.range), kept.map(\.range), context)
                XCTAssertEqual(Array(truncated.matches.dropLast()).map(\.displayRange), kept.map(\.displayRange), context)
                XCTAssertEqual(Array(truncated.matches.dropLast()).map(\.tap), kept.map(\.tap), context)
                XCTAssertEqual(String(truncated.attributedString().characters), truncated.display, context)
                // Taps still land, the token's too.
                for (index, match) in truncated.matches.enumerated() where match.tap != nil && match.displayRange.length > 0 {
                    if match.attachment == nil {
                        XCTAssertEqual(truncated.matchIndex(atDisplayOffset: match.displayRange.location), index, context)
                    }
                }
                XCTAssertEqual(truncated.truncated(toCharacters: 0), truncated)  // already truncated
            }
        }
        print("truncation (seed \(seed)): \(truncatedTexts) of \(engines.count * 120) texts truncated")
        XCTAssertGreaterThan(truncatedTexts, 300, "seed \(seed): texts truncated")
    }

    func testTruncationTokenFromTheSpec() throws {
        let engine = try engine("truncation-token")
        let result = engine.render("hello @alice and @bob")
        let truncated = result.truncated(toCharacters: 10)
        // `@alice` would be cut at its 5th character: dropped whole.
        XCTAssertEqual(truncated.display, "hello …more")
        XCTAssertEqual(truncated.matches.map(\.rule), ["truncation"])
        XCTAssertEqual(truncated.match(atDisplayOffset: 7)?.tap, TapTarget(handler: "expand", arguments: []))
        XCTAssertEqual(truncated.matches[0].style.color, .system(.systemBlue))
        XCTAssertEqual(truncated.matches[0].range, TextRange(location: 6, length: 0))
        XCTAssertEqual(result.truncated(toCharacters: 13).display, "hello @alice …more")
        // Without a statement: `…` in the base style, not tappable.
        let plain = try self.engine("truncation-plain").render("hello @alice")
        XCTAssertEqual(plain.truncated(toCharacters: 3).display, "hel…")
        XCTAssertNil(plain.truncated(toCharacters: 3).matches[0].tap)
        XCTAssertEqual(plain.truncated(toCharacters: 3).matches[0].style.color, "red")
        // A cluster is never split: a flag is two scalars, an e with its accent two units.
        let flags = try self.engine("clusters").render("🇫🇷🇩🇪e\u{301}z")
        XCTAssertEqual(flags.truncated(toCharacters: 1).display, "🇫🇷…")
        XCTAssertEqual(flags.truncated(toCharacters: 3).display, "🇫🇷🇩🇪e\u{301}…")
    }

    // MARK: Direction and accessibility

    func testWritingDirection() throws {
        let engine = try engine("social")
        XCTAssertEqual(engine.render("مرحبا @alice").direction, .rightToLeft)
        XCTAssertEqual(engine.render("@alice שלום").direction, .leftToRight)
        // The badge is an attachment in the display: neutral, so the Hebrew decides.
        XCTAssertEqual(engine.render("12 [vip] שלום").direction, .rightToLeft)
        XCTAssertEqual(engine.render("\u{2066}abc\u{2069} שלום").direction, .rightToLeft)
        XCTAssertEqual(engine.render("123 !").direction, .leftToRight)
        let result = engine.render("hello @bob\nשלום @dan\n")
        XCTAssertEqual(result.paragraphDirections.map(\.direction), [.leftToRight, .rightToLeft])
        let runs = runs(result.attributedString())
        XCTAssertEqual(runs.map(\.range), [0..<6, 6..<10, 10..<11, 11..<16, 16..<20, 20..<21])
        XCTAssertEqual(
            runs.map(\.run.richRules.writingDirection),
            [.leftToRight, .leftToRight, .leftToRight, .rightToLeft, .rightToLeft, .rightToLeft])
    }

    func testAccessibilityElements() throws {
        let engine = try engine("accessibility")
        let result = engine.render("@ann <img src=\"cat.png\" alt=\"A cat\"/> [vip] <img src=\"/a/dog.png?x=1\"/> *hot* quiet")
        XCTAssertEqual(
            result.accessibilityElements.map { "\($0.matchIndex) \($0.kind.rawValue) \($0.label) \($0.tap.handler) \($0.displayRange)" },
            [
                "0 link @ann open [0, 4]", "1 image A cat show [5, 1]", "2 button VIP member vip [7, 1]", "3 image dog.png show [9, 1]",
                "4 link starred *hot* star [11, 6]",
            ])
    }
}

final class AttachmentBoundsTests: XCTestCase {
    func testSizesAndAlignments() {
        let font = FontMetrics(pointSize: 20, ascender: 19, descender: -5, capHeight: 14)
        func bounds(_ a: Attachment, _ intrinsic: (Double, Double)?) -> [Double] {
            let b = a.bounds(intrinsic: intrinsic.map { (width: $0.0, height: $0.1) }, font: font)
            return [b.x, b.y, b.width, b.height]
        }
        let image = Attachment(kind: .image(source: "x"))
        XCTAssertEqual(bounds(image, (40, 10)), [0, 2, 40, 10])  // intrinsic, centred on the cap height
        XCTAssertEqual(bounds(Attachment(kind: .image(source: "x"), width: 20), (40, 10)), [0, 4.5, 20, 5])  // aspect ratio kept
        XCTAssertEqual(bounds(Attachment(kind: .image(source: "x"), height: 20), (40, 10)), [0, -3, 80, 20])
        XCTAssertEqual(bounds(image, nil), [0, -3, 20, 20])  // nothing known: the font's size
        let sized = { (alignment: AttachmentAlignment) in Attachment(kind: .widget(name: "w"), width: 30, height: 10, alignment: alignment)
        }
        XCTAssertEqual(bounds(sized(.baseline), nil), [0, 0, 30, 10])
        XCTAssertEqual(bounds(sized(.aboveBaseline), nil), [0, 5, 30, 10])
        XCTAssertEqual(bounds(sized(.belowBaseline), nil), [0, -10, 30, 10])
        XCTAssertEqual(bounds(sized(.top), nil), [0, 9, 30, 10])
        XCTAssertEqual(bounds(sized(.bottom), nil), [0, -5, 30, 10])
    }

    /// Without alt text, an image is read as its source's last path component up to its
    /// query (empty components and query marks skipped).
    func testAccessibilityLabelOfAnImageIsItsFileName() {
        let cases = [
            ("a/b.png", "b.png"), ("https://x.com/p/q.png?s=2", "q.png"), ("a/b/", "b"), ("///", "///"), ("", ""), ("x?y", "x"),
            ("?a?b", "a"), ("a/?", "?"), ("smile", "smile"), ("d/é\u{301}.png", "é\u{301}.png"),
        ]
        for (source, label) in cases {
            XCTAssertEqual(Attachment(kind: .image(source: source)).accessibilityLabel, label, source)
        }
        XCTAssertEqual(Attachment(kind: .image(source: "a.png"), alternateText: "A cat").accessibilityLabel, "A cat")
    }
}

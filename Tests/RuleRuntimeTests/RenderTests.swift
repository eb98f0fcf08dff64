import TestSupport
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// Stage 3: display text, display ranges, segments, payloads, discarded placement.
final class RenderTests: XCTestCase {
    /// Segments cover the text in order, the display is their concatenation, and every
    /// range agrees with the strings.
    static func assertConsistent(
        _ result: RenderResult, _ context: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        var source = 0, display = 0, shown = ""
        let units = Array(result.text.utf16)
        for segment in result.segments {
            switch segment {
            case .plain(let s, let d):
                let text = result.text(of: segment)
                XCTAssertEqual(s, range(source, s.length), context(), file: file, line: line)
                XCTAssertEqual(d, range(display, s.length), context(), file: file, line: line)
                XCTAssertEqual(text, String(decoding: units[s.location..<s.upperBound], as: UTF16.self), context(), file: file, line: line)
                shown += text
                source += s.length
                display += d.length
            case .match(let i):
                let match = result.matches[i]
                XCTAssertEqual(match.range.location, source, context(), file: file, line: line)
                XCTAssertEqual(match.displayRange, range(display, match.display.utf16.count), context(), file: file, line: line)
                XCTAssertEqual(
                    match.text, String(decoding: units[match.range.location..<match.range.upperBound], as: UTF16.self), context(),
                    file: file, line: line)
                shown += match.display
                source += match.range.length
                display += match.displayRange.length
            }
        }
        XCTAssertEqual(source, units.count, context(), file: file, line: line)
        XCTAssertEqual(shown, result.display, context(), file: file, line: line)
        XCTAssertEqual(
            result.segments.filter { if case .match = $0 { return true } else { return false } }.count, result.matches.count, context(),
            file: file, line: line)
        XCTAssertEqual(result.discarded.map(\.match.range), result.discarded.map(\.match.range).sorted(), context(), file: file, line: line)
        let kept = Set(result.matches.map { "\($0.rule) \($0.range)" })
        for d in result.discarded {
            XCTAssertEqual(d.match.displayRange.length, 0, context(), file: file, line: line)
            XCTAssertTrue(kept.contains("\(d.reason.keptRule) \(d.reason.keptRange)"), context(), file: file, line: line)
            XCTAssertTrue(d.reason.keptRange.overlaps(d.match.range), context(), file: file, line: line)
        }
    }

    func testReplacementWidgetAndImage() throws {
        let url = Fixture.regex(
            "url", #"https?://\S+"#,
            presentation: Fixture.presentation(
                styleName: "link", tap: TapSpec(handler: "openURL", arguments: [.init(label: "url", value: Fixture.template(.group(0)))]),
                replace: MatchTemplate(text: "🔗 link")))
        let vip = Fixture.regex(
            "vip", #"\[vip\]"#,
            presentation: Fixture.presentation(widget: WidgetSpec(name: "badge", width: 30, height: 16, align: .middle)))
        let emoji = Fixture.regex(
            "emoji", #"\[(?<name>smile|heart)\]"#, captureNames: ["name": 1],
            presentation: Fixture.presentation(
                tap: TapSpec(handler: "tapEmoji", arguments: [.init(label: nil, value: Fixture.template(.name("name")))]),
                image: ImageSpec(source: Fixture.template(.name("name")), width: 17, height: 17)))
        let text = "see https://a.b/c [vip][smile] ok"
        let result = try Fixture.engine([url, vip, emoji]).render(text)
        Self.assertConsistent(result)
        XCTAssertEqual(result.display, "see 🔗 link \u{FFFC}\u{FFFC} ok")
        XCTAssertEqual(result.matches.map(\.rule), ["url", "vip", "emoji"])
        XCTAssertEqual(result.matches.map(\.displayRange), [range(4, 7), range(12, 1), range(13, 1)])
        XCTAssertEqual(result.matches[0].content, .text("🔗 link"))
        XCTAssertEqual(result.matches[0].styleName, "link")
        XCTAssertEqual(result.matches[0].tap, TapTarget(handler: "openURL", arguments: [.init(label: "url", value: "https://a.b/c")]))
        XCTAssertEqual(result.matches[1].content, .attachment(Attachment(kind: .widget(name: "badge"), width: 30, height: 16), text: ""))
        XCTAssertEqual(result.matches[2].content, .attachment(Attachment(kind: .image(source: "smile"), width: 17, height: 17), text: ""))
        XCTAssertEqual(result.matches[2].tap?.arguments, [.init(label: nil, value: "smile")])
        XCTAssertEqual(result.matches[2].named, ["name": "smile"])
    }

    func testDiscardedDisplayPositions() throws {
        let rules = [
            Fixture.regex("a", "ab", priority: 2, presentation: Fixture.presentation(replace: MatchTemplate(text: "XYZ"))),
            Fixture.regex("c", "c", priority: 2),
            Fixture.regex("b", "b", priority: 0),
            Fixture.regex("space", #"\scd"#, priority: 0),
        ]
        let result = try Fixture.engine(rules).render("ab cd")
        Self.assertConsistent(result)
        XCTAssertEqual(result.display, "XYZ cd")
        XCTAssertEqual(result.discarded.map(\.match.rule), ["b", "space"])
        XCTAssertEqual(result.discarded.map(\.match.displayRange), [range(0, 0), range(3, 0)])
        XCTAssertEqual(
            result.discarded.map(\.reason),
            [
                DiscardReason(keptRule: "a", keptRange: range(0, 2), decider: .priority),
                DiscardReason(keptRule: "c", keptRange: range(3, 1), decider: .priority),
            ])
        XCTAssertEqual(result.discarded[1].match.content, .text(" cd"))
    }

    func testEmptyTextAndNoRules() throws {
        let empty = try Fixture.engine([Fixture.tags()]).render("")
        XCTAssertEqual(empty.display, "")
        XCTAssertEqual(empty.segments, [])
        let plain = try Fixture.engine([]).render("😀 x")
        XCTAssertEqual(plain.segments, [.plain(source: range(0, 4), display: range(0, 4))])
        XCTAssertEqual(plain.segments.map(plain.text(of:)), ["😀 x"])
    }

    /// A matcher other than the reference one plugs in; bad candidates are ignored.
    func testCustomMatcher() {
        struct Fixed: CandidateMatcher {
            func candidates(in text: String, units: [UInt16]) -> [Candidate] {
                [
                    Candidate(ruleIndex: 0, range: range(1, 2)), Candidate(ruleIndex: 0, range: range(2, 9)),
                    Candidate(ruleIndex: 5, range: range(0, 1)),
                ]
            }
        }
        let engine = RuleEngine(table: Fixture.table([Fixture.regex("r", "never")]), matcher: Fixed())
        let result = engine.render("abcd")
        XCTAssertEqual(result.matches.map(\.range), [range(1, 2)])
        XCTAssertEqual(result.matches.first?.text, "bc")
        Self.assertConsistent(result)
    }

    func testRandomTextsRenderConsistently() throws {
        let seed = testSeed(0x5EED_0004)
        var rng = SeededGenerator(seed: seed)
        let pieces = ["a", "1", "@", "#", " ", "<h1>", "</h1>", "<h2/>", "中", "😀", "\n", "[vip]", "<a href='u'>", "</a>"]
        let rules = [
            Fixture.tags("h", priority: 1),
            Fixture.regex("mention", #"@\w+"#, presentation: Fixture.presentation(replace: Fixture.template(.text("@"), .group(0)))),
            Fixture.prefix("topic", "#"),
            Fixture.regex("vip", #"\[vip\]"#, presentation: Fixture.presentation(widget: WidgetSpec(name: "badge"))),
            Fixture.element("a", attributes: ["href"]), Fixture.regex("number", #"\d+"#, priority: 2),
        ]
        let engine = try Fixture.engine(rules)
        for iteration in 0..<300 {
            let text = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            Self.assertConsistent(engine.render(text), "seed \(seed) iteration \(iteration): \(text.debugDescription)")
        }
    }

    func testLargeTextRendersConsistently() throws {
        let chunk = "Call <h1>13800138000</h1> or @bob_1 about #topic 😀 中文 [vip] <a href=\"x\">y</a>\n"
        let text = String(repeating: chunk, count: (1 << 20) / chunk.utf16.count)
        let rules = [
            Fixture.tags("h", priority: 100), Fixture.regex("phone", #"1[3-9]\d{9}"#, priority: 20), Fixture.regex("mention", #"@\w+"#),
            Fixture.prefix("topic", "#"),
            Fixture.regex("vip", #"\[vip\]"#, presentation: Fixture.presentation(widget: WidgetSpec(name: "badge"))),
            Fixture.element("a", attributes: ["href"]),
        ]
        let result = try Fixture.engine(rules).render(text)
        let count = (1 << 20) / chunk.utf16.count
        XCTAssertEqual(result.matches.count, 5 * count)
        XCTAssertEqual(result.discarded.count, count)
        XCTAssertEqual(result.discarded.first?.reason.decider, .priority)
        Self.assertConsistent(result)
    }
}

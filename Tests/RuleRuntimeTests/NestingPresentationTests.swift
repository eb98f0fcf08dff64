import Foundation
@_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

/// What a label shows of nested matches: attributed runs (innermost match, outside-in
/// style, innermost tap), pressed state, hit testing, truncation through a container, and
/// HTML, on examples and against brute force on random nested texts.
final class NestingPresentationTests: XCTestCase {
    /// The engine of `Specs/nested.richrules` (its checked-in table).
    func engine() throws -> RuleEngine {
        try CheckedInTables.engine("nested")
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

    func testTheBriefsExample() throws {
        let result = try engine().render("**hi @carol**")
        XCTAssertEqual(result.display, "hi @carol")
        XCTAssertEqual(result.matches.map(\.rule), ["bold", "mention"])
        XCTAssertEqual(result.matches.map(\.parent), [nil, 0])
        let runs = runs(result.attributedString())
        XCTAssertEqual(runs.map(\.range), [0..<3, 3..<9])
        XCTAssertEqual(runs.map(\.run.richRules.matchIndex), [0, 1])
        XCTAssertEqual(runs[0].run.richRules.style?.font?.weight, .bold)
        XCTAssertNil(runs[0].run.richRules.tap)
        XCTAssertEqual(runs[1].run.richRules.style?.font?.weight, .bold)
        XCTAssertEqual(runs[1].run.richRules.style?.color, StyleColor.system(.systemPurple))
        XCTAssertEqual(runs[1].run.richRules.tap?.handler, "profile")
        XCTAssertEqual(result.match(atDisplayOffset: 4)?.rule, "mention")
        XCTAssertNil(result.match(atDisplayOffset: 1))
    }

    func testTheInnermostTapWinsAndPressingAContainerSparesItsTappableChildren() throws {
        let result = try engine().render("[see **@bob** now](u)")
        XCTAssertEqual(result.display, "see @bob now")
        XCTAssertEqual(result.matches.map(\.rule), ["link", "bold", "mention"])
        XCTAssertEqual(result.matches.map(\.parent), [nil, 0, 1])
        // "see " and " now" tap the link; "@bob" the mention, which the bold holds.
        XCTAssertEqual(result.matchIndex(atDisplayOffset: 0), 0)
        XCTAssertEqual(result.matchIndex(atDisplayOffset: 5), 2)
        XCTAssertEqual(result.matchIndex(atDisplayOffset: 10), 0)
        let normal = runs(result.attributedString())
        XCTAssertEqual(normal.map(\.range), [0..<4, 4..<8, 8..<12])
        XCTAssertEqual(normal.map(\.run.link), [result.linkURL(forMatch: 0), result.linkURL(forMatch: 2), result.linkURL(forMatch: 0)])
        XCTAssertEqual(normal[1].run.richRules.style?.font?.weight, .bold)
        XCTAssertEqual(normal[1].run.richRules.style?.color, .system(.systemPurple))
        XCTAssertEqual(normal[2].run.richRules.style?.color, .system(.systemBlue))
        let pressed = runs(result.attributedString(options: RichTextOptions(pressed: 0)))
        XCTAssertEqual(pressed.map { $0.run.richRules.style?.background }, ["#DDDDDDFF", nil, "#DDDDDDFF"])
        XCTAssertEqual(pressed.map(\.run.richRules.pressed), [true, nil, true])
        let attributed = result.attributedString()
        XCTAssertEqual(result.match(at: attributed.startIndex, in: attributed)?.rule, "link")
        XCTAssertEqual(result.match(at: attributed.index(attributed.startIndex, offsetByCharacters: 5), in: attributed)?.rule, "mention")
    }

    func testStyleHooksApplyFromTheOutsideIn() throws {
        let result = try engine().render("**a @b**")
        let options = RichTextOptions(style: { match in
            match.rule == "bold" ? TextStyle(color: "#FF0000", kern: 2) : TextStyle(kern: 1)
        })
        let runs = runs(result.attributedString(options: options))
        XCTAssertEqual(runs.map { $0.run.richRules.style?.kern }, [2, 1])
        // The mention's own color is laid over the container's hook.
        XCTAssertEqual(runs[1].run.richRules.style?.color, StyleColor.system(.systemPurple))
    }

    func testHTMLNestsElementsAndNeverNestsLinks() throws {
        let result = try engine().render("**hi @carol**")
        XCTAssertEqual(
            result.html(),
            ##"<style>.rr a{color:inherit;text-decoration:none;cursor:pointer}.rr a.rr-hl-49a1f2e7:active{background-color:#DDDDDD!important}</style><div class="rr" dir="ltr" style="white-space:pre-wrap;overflow-wrap:break-word"><span class="rr-m" data-rule="bold" style="font-size:14px;font-weight:700;color:#111111">hi <a class="rr-m rr-hl-49a1f2e7" href="#" data-rule="mention" data-handler="profile" data-arg-user="@carol" data-args='[{"label":"user","value":"@carol"}]' style="font-size:14px;font-weight:700;color:#AF52DE">@carol</a></span></div>"##
        )
        let linked = try engine().render("[see @bob](u)").html()
        XCTAssertFalse(Self.nestsLinks(linked), linked)
        XCTAssertTrue(linked.contains(#"<span class="rr-m" data-rule="link""#), linked)
        XCTAssertTrue(linked.contains(#"<a class="rr-tap rr-hl-"#), linked)
    }

    /// A tappable container that holds links is a `<span>` holding its tap, written once;
    /// each piece of its own text is an `<a class="rr-tap">` naming it by `data-tap`. (Each
    /// piece repeated the whole tap: a 10 KB `href` around 2,000 links made 42 MB.)
    func testHTMLWritesAContainersTapOnceHoweverManyPiecesItLinks() throws {
        let href = String(repeating: "h", count: 10_000)
        let text = "<a href=\"\(href)\">" + String(repeating: "x @bob ", count: 200) + "</a>"
        let html = try engine().render(text).html()
        XCTAssertFalse(Self.nestsLinks(html))
        XCTAssertEqual(html.components(separatedBy: href).count - 1, 2, "data-arg-url and data-args, once")
        XCTAssertTrue(html.hasPrefix(#"<style>"#), html)
        XCTAssertTrue(
            html.contains(##"<span class="rr-m" data-rule="a" data-tag="a" data-handler="go" data-arg-url=""##), String(html.prefix(500)))
        let pieces = html.components(separatedBy: ##"<a class="rr-tap rr-hl-"##).count - 1
        XCTAssertEqual(pieces, 201)
        XCTAssertEqual(html.components(separatedBy: #" data-tap="0""#).count - 1, pieces + 1)
        XCTAssertLessThan(html.utf8.count, 2 * href.count + 200 * 600, "linear in the result")
    }

    /// Whether an `<a` opens while another is open.
    static func nestsLinks(_ html: String) -> Bool {
        var depth = 0
        var rest = Substring(html)
        while let open = rest.range(of: "<a "), true {
            let close = rest.range(of: "</a>")
            if let close, close.lowerBound < open.lowerBound {
                depth -= 1
                rest = rest[close.upperBound...]
                continue
            }
            depth += 1
            if depth > 1 { return true }
            rest = rest[open.upperBound...]
        }
        return false
    }

    // MARK: Random nested texts

    static let pieces = [
        "**", "[", "](u)", "@bo", "x", " ", "[x]", "*w*", "<b>", "</b>", "<a href=\"u\">", "</a>", "<img src=\"p.png\"/>", "😀",
        "e\u{301}", "🇫🇷", "中", "\n",
    ]
    static let wrappers = [("**", "**"), ("[", "](u)"), ("<b>", "</b>"), ("<a href=\"u\">", "</a>")]

    static func randomText(_ rng: inout SeededGenerator, depth: Int) -> String {
        (0..<rng.below(6)).map { _ in
            guard depth > 0, rng.below(3) == 0 else { return rng.pick(pieces) }
            let (open, close) = rng.pick(wrappers)
            return open + randomText(&rng, depth: depth - 1) + close
        }.joined()
    }

    /// The innermost match whose display holds `offset` (the deepest), by search.
    static func innermost(_ result: RenderResult, _ offset: Int) -> Int? {
        var best: Int?
        var depth = -1
        for (index, match) in result.matches.enumerated()
        where match.displayRange.location <= offset && offset < match.displayRange.upperBound {
            var d = 0
            var k = match.parent
            while let p = k {
                d += 1
                k = result.matches[p].parent
            }
            if d > depth { (best, depth) = (index, d) }
        }
        return best
    }

    func testRunsHitTestsAndTruncationAgainstBruteForce() throws {
        let seed = testSeed(20_261_203)
        var rng = SeededGenerator(seed: seed)
        let engine = try engine()
        var nested = 0, truncatedTexts = 0
        for _ in 0..<300 {
            let text = Self.randomText(&rng, depth: 3)
            let result = engine.render(text)
            let context = "seed \(seed): \(text.debugDescription)"
            if result.matches.contains(where: { $0.parent != nil }) { nested += 1 }
            let display = result.display
            let attributed = result.attributedString()
            XCTAssertEqual(String(attributed.characters), display, context)
            for (range, run) in runs(attributed) {
                let owner = Self.innermost(result, range.lowerBound)
                XCTAssertEqual(run.richRules.matchIndex, owner, context)
                guard let owner else { continue }
                XCTAssertEqual(run.richRules.style, result.matches[owner].style, context)
                var tapper: Int? = owner
                while let t = tapper, result.matches[t].tap == nil { tapper = result.matches[t].parent }
                let attachment = result.matches[owner].attachment
                if run.richRules.attachment != nil, attachment?.isTappable == false {
                    XCTAssertNil(run.richRules.tap, context)
                } else {
                    XCTAssertEqual(run.richRules.tap, tapper.flatMap { result.matches[$0].tap }, context)
                }
            }
            // Hit test: the cluster's first unit, its innermost match, up to one with a tap.
            var start = 0
            for character in display {
                let length = character.utf16.count
                var expected = Self.innermost(result, start)
                if let e = expected, let a = result.matches[e].attachment, !a.isTappable, result.matches[e].attachmentOffset == start {
                    expected = nil
                } else {
                    while let e = expected, result.matches[e].tap == nil { expected = result.matches[e].parent }
                }
                for offset in start..<start + length {
                    XCTAssertEqual(result.matchIndex(atDisplayOffset: offset), expected, "\(context) offset \(offset)")
                }
                start += length
            }
            XCTAssertFalse(Self.nestsLinks(result.html()), context)
            // Truncation: a prefix of the display, leaves whole, containers cut short.
            let limit = rng.below(display.count + 1)
            let truncated = result.truncated(toCharacters: limit)
            guard truncated.isTruncated, let token = truncated.matches.last else { continue }
            truncatedTexts += 1
            let cut = token.displayRange.location
            let shown = String(truncated.display.utf16.prefix(cut))!
            XCTAssertLessThanOrEqual(shown.count, limit, context)
            XCTAssertTrue(display.utf16.starts(with: shown.utf16), context)
            XCTAssertEqual(String(truncated.attributedString().characters), truncated.display, context)
            for (index, match) in truncated.matches.dropLast().enumerated() {
                let original = result.matches[index]
                XCTAssertEqual(match.range, original.range, context)
                XCTAssertEqual(match.parent, original.parent, context)
                XCTAssertLessThanOrEqual(match.displayRange.upperBound, cut, context)
                if !original.isContainer { XCTAssertEqual(match.displayRange, original.displayRange, context) }
                let units = Array(truncated.display.utf16)[match.displayRange.location..<match.displayRange.upperBound]
                XCTAssertEqual(match.display, String(decoding: units, as: UTF16.self), context)
            }
        }
        print("nesting presentation (seed \(seed)): \(nested) texts nested, \(truncatedTexts) truncated")
        XCTAssertGreaterThan(nested, 60, "seed \(seed)")
        XCTAssertGreaterThan(truncatedTexts, 100, "seed \(seed): texts truncated")
    }
}

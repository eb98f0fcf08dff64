import Foundation
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// Stage 1: regex enumeration (as NSRegularExpression), prefix words, elements.
final class MatchingTests: XCTestCase {
    private func candidates(_ rules: [RuleEntry], _ text: String) throws -> [Candidate] {
        try RuleMatcher(table: Fixture.table(rules)).candidates(in: text)
            .sorted { ($0.ruleIndex, $0.range.location) < ($1.ruleIndex, $1.range.location) }
    }

    // MARK: Regex rules

    /// The matcher's regex candidates are NSRegularExpression's matches, group for group,
    /// minus zero-length ones.
    func testRegexEnumerationIsNSRegularExpressions() throws {
        let texts = [
            "aaa ab abc abcd <a><b> x😀y 中文@bob_1 @ 12-34 56-", "😀😀 aXa AxA\nline2 xx\r\nline3", "", "a\u{301}é 👨‍👩‍👧 ＃x",
        ]
        let cases: [(String, RegexFlags)] = [
            ("a+?", []), ("a*?b", []), ("<.*?>", []), ("<.*>", []), ("ab|abc", []), ("(ab|a)(c|bcd)?", []),
            (#"@\w+"#, []), ("x*", []), (#"(?<l>\d+)-(\d+)?"#, []), (#"^\w+$"#, [.multiline]), ("a.a", [.caseInsensitive]),
            (".+", [.dotMatchesLineSeparators]), ("a . a", [.extended, .caseInsensitive]), (".", []), (#"\X"#, []),
        ]
        for (pattern, flags) in cases {
            let regex = try NSRegularExpression(pattern: pattern, options: flags.regularExpressionOptions)
            for text in texts {
                let expected: [[TextRange?]] = regex.matches(in: text, range: NSRange(location: 0, length: text.utf16.count))
                    .filter { $0.range.length > 0 }
                    .map { m in
                        (0..<m.numberOfRanges).map { i in
                            let r = m.range(at: i)
                            return r.location == NSNotFound ? nil : TextRange(location: r.location, length: r.length)
                        }
                    }
                let found = try candidates([Fixture.regex("r", pattern, flags: flags)], text)
                XCTAssertEqual(found.map(\.groups), expected, "/\(pattern)/\(flags.letters) on \(text.debugDescription)")
                XCTAssertEqual(found.map(\.range), expected.map { $0[0]! })
            }
        }
    }

    func testLeftmostFirstLazyAndNonOverlapping() throws {
        XCTAssertEqual(try candidates([Fixture.regex("r", "a+?")], "aaa").map(\.range), [range(0, 1), range(1, 1), range(2, 1)])
        XCTAssertEqual(try candidates([Fixture.regex("r", "<.*?>")], "<a><b>").map(\.range), [range(0, 3), range(3, 3)])
        XCTAssertEqual(try candidates([Fixture.regex("r", "<.*>")], "<a><b>").map(\.range), [range(0, 6)])
        XCTAssertEqual(try candidates([Fixture.regex("r", "ab|abc")], "abc").map(\.range), [range(0, 2)])
        XCTAssertEqual(try candidates([Fixture.regex("r", "aa")], "aaaaa").map(\.range), [range(0, 2), range(2, 2)])
    }

    func testZeroLengthMatchesAreDropped() throws {
        XCTAssertEqual(try candidates([Fixture.regex("r", "x*")], "axxb").map(\.range), [range(1, 2)])
        XCTAssertEqual(try candidates([Fixture.regex("r", "^")], "abc"), [])
    }

    func testUTF16OffsetsAfterEmojiAndCJK() throws {
        let text = "😀中文 @bob 👨‍👩‍👧#tag"
        let found = try candidates([Fixture.regex("mention", #"@\w+"#), Fixture.regex("topic", "#[a-z]+")], text)
        XCTAssertEqual(found.map(\.range), [range(5, 4), range(18, 4)])
        let result = try Fixture.engine([Fixture.regex("mention", #"@\w+"#)]).render(text)
        XCTAssertEqual(result.matches.first?.text, "@bob")
        XCTAssertEqual(result.display, text)
    }

    func testNamedAndUnparticipatingGroups() throws {
        let rule = Fixture.regex(
            "pair", #"(?<left>\d+)-(?<right>\d+)?"#, captureNames: ["left": 1, "right": 2],
            presentation: Fixture.presentation(replace: Fixture.template(.name("right"), .text("/"), .group(1), .group(7))))
        let result = try Fixture.engine([rule]).render("12-34 56-")
        XCTAssertEqual(result.matches.map(\.captures), [["12-34", "12", "34"], ["56-", "56", nil]])
        XCTAssertEqual(result.matches.map(\.named), [["left": "12", "right": "34"], ["left": "56"]])
        XCTAssertEqual(result.display, "34/12 /56")
    }

    func testInvalidRegexNamesTheRule() {
        XCTAssertThrowsError(try RuleMatcher(table: Fixture.table([Fixture.regex("ok", "a"), Fixture.regex("broken", "(a")]))) {
            error in
            guard case .invalidRegex(let rule, let pattern, _)? = error as? RuleEngineError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(rule, "broken")
            XCTAssertEqual(pattern, "(a")
            XCTAssertTrue("\(error)".contains("broken"))
        }
    }

    // MARK: Prefix rules

    func testPrefixWords() throws {
        let text = "Hi #swift and @bob, see http://x.com/a?b=1 # end#tag HTTP://X\u{3000}@ann\u{A0}#y\n#z 😀 #😀"
        let rules = [Fixture.prefix("topic", "#"), Fixture.prefix("mention", "@"), Fixture.prefix("url", "http://")]
        let found = try candidates(rules, text)
        let words = found.map { c -> String in
            let units = Array(text.utf16)[c.range.location..<c.range.upperBound]
            return "\(c.ruleIndex):" + String(decoding: units, as: UTF16.self)
        }
        XCTAssertEqual(words, ["0:#swift", "0:#", "0:#y", "0:#z", "0:#😀", "1:@bob,", "1:@ann", "2:http://x.com/a?b=1"])
        XCTAssertEqual(found.first { $0.ruleIndex == 1 }?.groups, [utf16Range(of: "@bob,", in: text)])
        XCTAssertEqual(found.last { $0.ruleIndex == 0 }?.range, utf16Range(of: "#😀", in: text))
    }

    func testPrefixRuleRendersWithCaptureZero() throws {
        let rule = Fixture.prefix(
            "mention", "@",
            presentation: Fixture.presentation(
                tap: TapSpec(handler: "open", arguments: [.init(label: "user", value: Fixture.template(.group(0)))])))
        let result = try Fixture.engine([rule]).render("中 @alice")
        XCTAssertEqual(result.matches.first?.range, range(2, 6))
        XCTAssertEqual(result.matches.first?.captures, ["@alice"])
        XCTAssertEqual(result.matches.first?.tap?.arguments.first?.value, "@alice")
    }

    // MARK: Generic elements

    func testPairedElementWithAttributes() throws {
        let a = Fixture.element(
            "a", attributes: ["href"],
            presentation: Fixture.presentation(
                tap: TapSpec(handler: "openURL", arguments: [.init(label: "url", value: Fixture.template(.name("href")))])))
        let text = #"See <a href="https://x.com/?a=1&amp;b=2" title='It&apos;s' data=z flag>the &lt;link&gt;</a>!"#
        let result = try Fixture.engine([a]).render(text)
        let match = try XCTUnwrap(result.matches.first)
        XCTAssertEqual(match.range, range(4, text.utf16.count - 5))
        XCTAssertEqual(match.tag?.name, "a")
        XCTAssertNil(match.tag?.level)
        XCTAssertEqual(match.tag?.attributes, ["href": "https://x.com/?a=1&b=2", "title": "It's", "data": "z", "flag": ""])
        XCTAssertEqual(match.tap, TapTarget(handler: "openURL", arguments: [.init(label: "url", value: "https://x.com/?a=1&b=2")]))
        XCTAssertEqual(match.tag?.text, "the &lt;link&gt;")
        XCTAssertEqual(match.named["title"], "It's")
        XCTAssertEqual(result.display, "See the &lt;link&gt;!")
    }

    func testElementNamesAreCaseInsensitiveAndInnermostWins() throws {
        let rules = [Fixture.element("a", attributes: ["href"])]
        var found = try candidates(rules, #"<A HREF="x">y</A> <a href="1">x<a href="2">y</a>z</a> <ab>q</ab> <a>w<a/>"#)
        XCTAssertEqual(found.map { $0.tag?.attributes["href"] }, ["x", "2", nil])
        XCTAssertEqual(found.map { $0.tag?.text }, ["y", "y", "w"])
        XCTAssertEqual(found.map { $0.tag?.index }, [0, 1, 2])
        // Malformed openings are not tags; a self-closing `<a …/>` with attributes clears.
        found = try candidates(rules, #"<a href="x>oops</a> <a href="1">u<a href="2"/>v</a> <a href='ok'>fine</a >"#)
        XCTAssertEqual(found.map { $0.tag?.raw }, ["<a href='ok'>fine</a >"])
    }

    func testVoidElementWithImageTemplate() throws {
        let img = Fixture.element(
            "img", attributes: ["src"], isVoid: true,
            presentation: Fixture.presentation(
                image: ImageSpec(source: Fixture.template(.text("https://cdn/"), .name("src")), width: 17, height: 17)))
        let text = "A<img src='x.png'/>B<IMG SRC=y.png>C<img>D</img>"
        let result = try Fixture.engine([img]).render(text)
        XCTAssertEqual(result.matches.map(\.range), [range(1, 18), range(20, 15), range(36, 5)])
        XCTAssertEqual(
            result.matches.map(\.content),
            [
                .attachment(Attachment(kind: .image(source: "https://cdn/x.png"), width: 17, height: 17), text: ""),
                .attachment(Attachment(kind: .image(source: "https://cdn/y.png"), width: 17, height: 17), text: ""),
                .attachment(Attachment(kind: .image(source: "https://cdn/"), width: 17, height: 17), text: ""),
            ])
        XCTAssertEqual(result.matches.map { $0.tag?.text }, ["", "", ""])
        XCTAssertEqual(result.display, "A\u{FFFC}B\u{FFFC}C\u{FFFC}D</img>")
        XCTAssertEqual(result.matches.map(\.displayRange), [range(1, 1), range(3, 1), range(5, 1)])
    }

    func testEntityDecoding() {
        XCTAssertEqual(decodeHTMLEntities("&lt;&#65;&#x42;&#X43;&quot;&apos;&gt;&amp;"), "<ABC\"'>&")
        XCTAssertEqual(decodeHTMLEntities("&unknown; &amp &#xD800; &#; &#x; a&b"), "&unknown; &amp &#xD800; &#; &#x; a&b")
        XCTAssertEqual(decodeHTMLEntities("&#128512;"), "😀")
        // Every WHATWG named reference with its `;`, case-sensitively.
        XCTAssertEqual(decodeHTMLEntities("caf&eacute;&nbsp;&hellip; &AMP; &Amp; &eacute"), "café\u{A0}… & &Amp; &eacute")
    }
}

import Foundation
import XCTest

/// `rulegen explain`'s fields from the presentation issue: `displayRange`, `tap` with its
/// arguments, the merged `style`, `highlight`, and the display's `direction`, in JSON
/// and in the text format.
final class ExplainPresentationTests: XCTestCase {
    static let spec = #"""
        richrules 1
        base { font: 14; color: #8E8E93 }
        style link { color: systemBlue }
        highlight { background: #E5E5EA }
        rule fancy {
          match /fancy/
          style { font: "Menlo" 13.5 bold italic; underline: double systemRed; kern: 1.5; baseline: -2; background: #FF000080 }
          tap show($0, kind: "x")
        }
        rule plain { match /plain/ style link }
        rule new { match /NEW/ priority 5 widget badge size 30x16 align top position after tap openNew }
        rule word { match /\w+/ priority -1 style { color: systemGreen } tap word(w: $0) }
        """#

    func explain(_ text: String, format: String = "json") throws -> CLI.Result {
        let scratch = try ScratchDirectory()
        try scratch.write("p.richrules", Self.spec)
        return try CLI.run(["explain", "p.richrules", "--format", format, "--text", text], cwd: scratch.url)
    }

    func object(_ text: String) throws -> [String: Any] {
        let result = try explain(text)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 1)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// The exact line for a text with every kind of field: a style with every property, an
    /// unlabelled argument, a widget shown after its text, a non-tappable match, and
    /// discarded matches.
    func testExactJSON() throws {
        let result = try explain("fancy plain NEW")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            ##"{"direction":"ltr","discarded":["##
                + ##"{"display":"fancy","displayRange":[0,0],"handler":"word","highlight":{"background":"#E5E5EAFF"},"parent":null,"range":[0,5],"reason":"overlaps 'fancy' at [0, 5], which wins (higher priority)","rule":"word","style":{"color":"systemGreen","font":{"size":14}},"tag":null,"tap":{"arguments":[{"label":"w","value":"fancy"}],"handler":"word"},"text":"fancy"},"##
                + ##"{"display":"plain","displayRange":[6,0],"handler":"word","highlight":{"background":"#E5E5EAFF"},"parent":null,"range":[6,5],"reason":"overlaps 'plain' at [6, 5], which wins (higher priority)","rule":"word","style":{"color":"systemGreen","font":{"size":14}},"tag":null,"tap":{"arguments":[{"label":"w","value":"plain"}],"handler":"word"},"text":"plain"},"##
                + ##"{"display":"NEW","displayRange":[12,0],"handler":"word","highlight":{"background":"#E5E5EAFF"},"parent":null,"range":[12,3],"reason":"overlaps 'new' at [12, 3], which wins (higher priority)","rule":"word","style":{"color":"systemGreen","font":{"size":14}},"tag":null,"tap":{"arguments":[{"label":"w","value":"NEW"}],"handler":"word"},"text":"NEW"}"##
                + ##"],"display":"fancy plain NEW\##u{FFFC}","matches":["##
                + ##"{"display":"fancy","displayRange":[0,5],"handler":"show","highlight":{"background":"#E5E5EAFF"},"parent":null,"range":[0,5],"rule":"fancy","style":{"background":"#FF000080","baselineOffset":-2,"color":"#8E8E93FF","font":{"family":"Menlo","italic":true,"size":13.5,"weight":"bold"},"kern":1.5,"underline":"double","underlineColor":"systemRed"},"tag":null,"tap":{"arguments":[{"label":null,"value":"fancy"},{"label":"kind","value":"x"}],"handler":"show"},"text":"fancy"},"##
                + ##"{"display":"plain","displayRange":[6,5],"handler":null,"highlight":null,"parent":null,"range":[6,5],"rule":"plain","style":{"color":"systemBlue","font":{"size":14}},"tag":null,"tap":null,"text":"plain"},"##
                + ##"{"display":"NEW\##u{FFFC}","displayRange":[12,4],"handler":"openNew","highlight":{"background":"#E5E5EAFF"},"parent":null,"range":[12,3],"rule":"new","style":{"color":"#8E8E93FF","font":{"size":14}},"tag":null,"tap":{"arguments":[],"handler":"openNew"},"text":"NEW"}"##
                + ##"],"text":"fancy plain NEW"}"## + "\n")
    }

    /// The direction is the display's first strong character's: Hebrew and Arabic are
    /// right to left, digits and punctuation are neutral, an isolate is skipped.
    func testDirection() throws {
        let cases: [(String, String)] = [
            ("שלום fancy", "rtl"), ("مرحبا @x", "rtl"), ("123 — שלום", "rtl"), ("fancy שלום", "ltr"), ("", "ltr"), ("123 !?", "ltr"),
            ("\u{2067}abc\u{2069} שלום", "rtl"), ("\u{2067}שלום\u{2069} abc", "ltr"),
        ]
        for (text, direction) in cases {
            XCTAssertEqual(try object(text)["direction"] as? String, direction, text)
        }
        // Display, not source: a replaced match counts as what it shows.
        let text = try explain("שלום plain", format: "text")
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.hasPrefix("text:    \"שלום plain\"\ndisplay: \"שלום plain\"\ndirection: rtl\n"), text.stdout)
        let arabic = try object("مرحبا NEW")
        let matches = try XCTUnwrap(arabic["matches"] as? [[String: Any]])
        XCTAssertEqual(matches.map { $0["rule"] as? String }, ["word", "new"])
        XCTAssertEqual(matches.map { $0["displayRange"] as? [Int] }, [[0, 5], [6, 4]])
    }

    /// A widget `position after`: the match shows its text, then the attachment character,
    /// and its display range covers both; later ranges shift by one.
    func testWidgetAfterShiftsTheDisplay() throws {
        let object = try object("NEW plain")
        XCTAssertEqual(object["display"] as? String, "NEW\u{FFFC} plain")
        let matches = try XCTUnwrap(object["matches"] as? [[String: Any]])
        XCTAssertEqual(matches.map { $0["display"] as? String }, ["NEW\u{FFFC}", "plain"])
        XCTAssertEqual(matches.map { $0["range"] as? [Int] }, [[0, 3], [4, 5]])
        XCTAssertEqual(matches.map { $0["displayRange"] as? [Int] }, [[0, 4], [5, 5]])
    }

    /// The text format says the same in words.
    func testTextFormat() throws {
        let result = try explain("fancy plain NEW", format: "text")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            text:    "fancy plain NEW"
            display: "fancy plain NEW\u{FFFC}"
            direction: ltr
            kept:
              [0, 5] fancy "fancy"  tap show("fancy", kind: "x")
                display range: [0, 5]
                style: color #8E8E93FF, background #FF000080, font "Menlo" 13.5 bold italic, underline double, underlineColor systemRed, kern 1.5, baseline -2
                highlight: background #E5E5EAFF
              [6, 5] plain "plain"
                display range: [6, 5]
                style: color systemBlue, font 14
                highlight: none
              [12, 3] new "NEW" → "NEW\u{FFFC}"  tap openNew()
                display range: [12, 4]
                style: color #8E8E93FF, font 14
                highlight: background #E5E5EAFF
            discarded:
              [0, 5] word "fancy"  tap word(w: "fancy")
                overlaps 'fancy' at [0, 5], which wins (higher priority)
                display range: [0, 0]
                style: color systemGreen, font 14
                highlight: background #E5E5EAFF
              [6, 5] word "plain"  tap word(w: "plain")
                overlaps 'plain' at [6, 5], which wins (higher priority)
                display range: [6, 0]
                style: color systemGreen, font 14
                highlight: background #E5E5EAFF
              [12, 3] word "NEW"  tap word(w: "NEW")
                overlaps 'new' at [12, 3], which wins (higher priority)
                display range: [12, 0]
                style: color systemGreen, font 14
                highlight: background #E5E5EAFF

            """)
    }

    /// Paragraph properties (indents included) and color pairs: JSON keys in order among the others, a pair as
    /// `{"dark", "light"}`; the text format in the language's words.
    func testParagraphPropertiesAndColorPairs() throws {
        let scratch = try ScratchDirectory()
        try scratch.write(
            "l.richrules",
            """
            richrules 1
            base { color: #333 dark #CCC; alignment: natural; lineSpacing: 4; paragraphSpacing: 6; headIndent: 18 }
            rule title { match /^#.*$/m  style { alignment: center; lineHeight: 22.5; firstLineHeadIndent: 0; underline: single #F00 dark #F88 } }
            rule url { match /https?:\\/\\/\\S+/  replace "网页链接"  image "link" position before  alt "Web link"  tap open(url: $0) }
            """)
        let json = try CLI.run(["explain", "l.richrules", "--format", "json", "--text", "#T\nhttps://a.b"], cwd: scratch.url)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(
            json.stdout.contains(
                ##""style":{"alignment":"center","color":{"dark":"#CCCCCCFF","light":"#333333FF"},"firstLineHeadIndent":0,"headIndent":18,"lineHeight":22.5,"lineSpacing":4,"paragraphSpacing":6,"underline":"single","underlineColor":{"dark":"#FF8888FF","light":"#FF0000FF"}}"##
            ), json.stdout)
        XCTAssertTrue(json.stdout.contains(##""display":"#T\n\##u{FFFC}网页链接""##), json.stdout)
        let text = try CLI.run(["explain", "l.richrules", "--format", "text", "--text", "#T"], cwd: scratch.url)
        XCTAssertTrue(
            text.stdout.contains(
                "style: color #333333FF dark #CCCCCCFF, underline single, underlineColor #FF0000FF dark #FF8888FF, alignment center, lineSpacing 4, lineHeight 22.5, paragraphSpacing 6, headIndent 18, firstLineHeadIndent 0"
            ), text.stdout)
    }
}

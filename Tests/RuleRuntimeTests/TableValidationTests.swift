import Foundation
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// A style table from outside is validated whole by `StyleTable(jsonData:)`: a hostile or
/// damaged table is refused with its problem located (line, column, key path), never
/// decoded into a table that traps or renders wrong. Expected places are marked in the
/// JSON with 👉 (the marker is removed before decoding).
final class TableValidationTests: XCTestCase {
    /// A valid table: a `show` container, a detector rule with a tap, a tag family.
    static let table = #"""
        {
          "formatVersion": 3, "name": "T", "source": "t.richrules",
          "base": {"font": {"size": 14}},
          "styles": {"link": {"color": "systemBlue"}},
          "handlers": {"open": ["url"]},
          "rules": [
            {"name": "bold", "match": {"kind": "regex", "pattern": "\\*\\*(.+?)\\*\\*", "flags": ""},
             "presentation": {"style": {}, "show": 1}, "nest": true},
            {"name": "link", "match": {"kind": "regex", "pattern": "https?://\\S+", "flags": "", "detector": "link"},
             "presentation": {"style": {}, "styleName": "link",
               "tap": {"handler": "open", "arguments": [{"label": "url", "value": {"parts": [{"name": "url"}]}}]}}},
            {"name": "h", "match": {"kind": "tagFamily", "family": "h"}, "presentation": {"style": {}}, "tags": {"h1": {"style": {}}}}
          ]
        }
        """#

    /// `table` with `old` replaced by `new`, which holds the marker 👉.
    static func hostile(_ old: String, _ new: String) -> String {
        precondition(table.contains(old), "the table has no \(old)")
        return table.replacingOccurrences(of: old, with: new)
    }

    /// Asserts that `marked` (JSON with one 👉) is refused with `message` at the marker's
    /// line and column.
    func assertRefused(
        _ marked: String, _ message: String, kind: StyleTableError.Kind = .invalid, file: StaticString = #filePath, line: UInt = #line
    ) {
        // The marker's line and column as JSON counts them: lines end at LF, CR LF or CR.
        var place = (line: 1, column: 1)
        var previous: Unicode.Scalar?
        for scalar in marked.unicodeScalars.prefix(while: { $0 != "👉" }) {
            if scalar == "\r" || (scalar == "\n" && previous != "\r") {
                place = (place.line + 1, 1)
            } else if scalar != "\n" {
                place.column += 1
            }
            previous = scalar
        }
        let json = marked.replacingOccurrences(of: "👉", with: "")
        XCTAssertThrowsError(try StyleTable(jsonData: Data(json.utf8)), file: file, line: line) { error in
            guard let error = error as? StyleTableError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.message + (error.path.isEmpty ? "" : " (at \(error.path))"), message, file: file, line: line)
            XCTAssertEqual(error.location, JSONLocation(line: place.line, column: place.column), message, file: file, line: line)
            XCTAssertEqual(error.kind, kind, file: file, line: line)
        }
    }

    func testTheSampleIsValid() throws {
        let table = try StyleTable(jsonData: Data(Self.table.utf8))
        XCTAssertEqual(try RuleEngine(reference: table).render("**hi** <h1>x</h1>").display, "hi x")
    }

    /// `"show": -1` (or `Int.min`) decoded, and the first render trapped in
    /// `Candidate.contentRange(show:groups:)`.
    func testShowOutsideThePatternsGroups() {
        for value in ["-1", "-9223372036854775808", "2"] {
            assertRefused(
                Self.hostile(#""show": 1"#, #""show": 👉\#(value)"#),
                "capture group \(value) does not exist: this rule has $0 to $1 (at rules[0].presentation.show)")
        }
        assertRefused(
            Self.hostile(#""show": 1"#, #""show": 👉1.5"#),
            "expected an integer from \(Int.min) to \(Int.max), found 1.5 (at rules[0].presentation.show)")
    }

    func testDuplicateKeysAreRefused() {
        assertRefused(
            Self.hostile("\n  ]\n}", "\n  ],\n  👉\"rules\": []\n}"), "duplicate key 'rules' (first at line 6, column 3)", kind: .syntax)
        assertRefused(
            Self.hostile(#""show": 1"#, #""show": 1, 👉"show": 1"#), "duplicate key 'show' (first at line 8, column 36)", kind: .syntax)
    }

    func testUnknownNamesAreRefused() {
        assertRefused(
            Self.hostile(#""detector": "link""#, #""detector": 👉"lnk""#),
            "unknown detector 'lnk' (cashtag, email, hashtag, link, mention, phone) (at rules[1].match.detector)")
        assertRefused(
            Self.hostile(#""color": "systemBlue""#, #"👉"colour": "systemBlue""#),
            "unknown key 'colour' (keys here: alignment, background, baselineOffset, color, firstLineHeadIndent, font, headIndent, kern, lineHeight, lineSpacing, paragraphSpacing, strikethrough, strikethroughColor, underline, underlineColor) (at styles.link.colour)"
        )
        assertRefused(
            Self.hostile(#"{"size": 14}"#, #"{"size": 14, "weight": 👉"heavyy"}"#),
            "unknown value 'heavyy'; expected one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black (at base.font.weight)"
        )
        assertRefused(
            Self.hostile(#""kind": "tagFamily""#, #""kind": 👉"tags""#),
            "unknown matcher kind 'tags' (regex, prefix, tagFamily, element or entity) (at rules[2].match.kind)")
        assertRefused(
            Self.hostile(#""handler": "open""#, #""handler": 👉"opn""#),
            "handler 'opn' is not in 'handlers' (at rules[1].presentation.tap.handler)")
        assertRefused(
            Self.hostile(#""arguments": [{"label": "url""#, #""arguments": 👉[{"label": "link""#),
            "handler 'open' is declared as 'open(url:)' in 'handlers', but called as 'open(link:)' (at rules[1].presentation.tap.arguments)"
        )
        assertRefused(
            Self.hostile(#"{"name": "url"}"#, #"{"name": 👉"uri"}"#),
            "unknown name 'uri': detector(link) gives ${url}, ${host}, ${scheme} (at rules[1].presentation.tap.arguments[0].value.parts[0].name)"
        )
        assertRefused(
            Self.hostile(#""styleName": "link""#, #""styleName": 👉"lnk""#),
            "style 'lnk' is not in 'styles' (at rules[1].presentation.styleName)")
        assertRefused(
            Self.hostile(#""tags": {"h1""#, #""tags": {👉"x1""#),
            "tag 'x1' is not in family 'h' (h or h followed by digits) (at rules[2].tags.x1)")
        assertRefused(
            Self.hostile(#"{"name": "url"}"#, #"👉{"name": "url", "group": 0}"#),
            "a template part has one of 'text', 'group' or 'name', found 'group' and 'name' (at rules[1].presentation.tap.arguments[0].value.parts[0])"
        )
    }

    /// Font size `1e308` gave a label size of `inf`.
    func testNumbersOutOfTheirRanges() {
        assertRefused(
            Self.hostile(#""size": 14"#, #""size": 👉1e308"#),
            "a font size is greater than 0 and at most 1000 points, found 1e+308 (at base.font.size)")
        assertRefused(Self.hostile(#""size": 14"#, #""size": 👉1e400"#), "number 1e400 is out of range (at base.font.size)")
        assertRefused(
            Self.hostile(#""base": {"font": {"size": 14}}"#, #""base": {"lineHeight": 👉0}"#),
            "'lineHeight' is greater than 0 and at most 1000 points, found 0.0 (at base.lineHeight)")
        assertRefused(
            Self.hostile(#""base": {"font": {"size": 14}}"#, #""base": {"headIndent": 👉-1}"#),
            "'headIndent' is from 0 to 1000 points, found -1.0 (at base.headIndent)")
        assertRefused(
            Self.hostile(#""name": "bold","#, #""name": "bold", "priority": 👉2000000,"#),
            "priority 2000000 is out of range: a priority is from -1000000 to 1000000 (at rules[0].priority)")
        assertRefused(
            Self.hostile(
                #""presentation": {"style": {}}, "tags""#, #""presentation": {"style": {}, "replace": {"parts": [{"group": 👉1}]}}, "tags""#),
            "capture group 1 does not exist: this rule has only $0 (the whole match) (at rules[2].presentation.replace.parts[0].group)")
    }

    func testOneDisplayPerMatchAndNesting() {
        assertRefused(
            Self.hostile(#""show": 1}"#, #""show": 👉1, "replace": {"parts": []}}"#),
            "'show' and 'replace' both say what the match displays (at rules[0].presentation.show)")
        assertRefused(
            Self.hostile(
                #""tags": {"h1": {"style": {}}}}"#, #""tags": {"h1": {"style": {}, "image": {"source": {"parts": []}}}}, "nest": 👉true}"#),
            "a container shows its content, but tag 'h1' shows an image instead (at rules[2].nest)")
    }

    func testSyntaxErrorsAreLocated() {
        for (marked, message) in [
            ("{\"a\": 1,👉}", "unexpected '}': expected a key (a string in double quotes)"),
            ("{\"a\": \"x👉\u{1}\"}", "raw control character U+0001 in a string; write it as an escape"),
            ("{\"a\": \"👉\\uD800\"}", "\\uD800 is a high surrogate without a low surrogate after it"),
            ("{\"a\": 0👉1}", "a number does not start with '0' followed by digits"),
            ("{\"a\": 1}\r\n\r\n👉x", "unexpected 'x' after the JSON value"),
            (String(repeating: "[", count: 512) + "👉[", "arrays and objects nested more than 512 deep"),
        ] {
            assertRefused(marked, message, kind: .syntax)
        }
    }

    /// A table built in code gets the same checks from `validate()`, without a location.
    func testValidateATableBuiltInCode() throws {
        var table = try StyleTable(jsonData: Data(Self.table.utf8))
        XCTAssertNoThrow(try table.validate())
        table.rules[0].presentation.show = -1
        XCTAssertThrowsError(try table.validate()) { error in
            XCTAssertEqual(
                "\(error)", "style table: capture group -1 does not exist: this rule has $0 to $1 (at rules[0].presentation.show)")
        }
        // Nor does the engine trap on it: the group does not exist, so the rule shows its match.
        XCTAssertEqual(try RuleEngine(reference: table).render("**hi**").display, "**hi**")
        table.rules[0].nest = false
        XCTAssertEqual(try RuleEngine(reference: table).render("**hi**").display, "**hi**")
    }
}

import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import RuleSpec
import XCTest

/// The language of containers and markup: `nest` and its errors, `show` groups, the
/// catch-all element, character references and `<br>`, the table they make, and nested
/// tag pairing.
final class ContainerLanguageTests: XCTestCase {
    func compile(_ body: String) -> Compiler.Output {
        Compiler.compile(source: "richrules 1\n" + body, path: "spec.richrules", analyze: false)
    }

    /// `line:column: message` of each diagnostic.
    func errors(_ body: String) -> [String] {
        compile(body).diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.message)" }
    }

    func engine(_ body: String) throws -> RuleEngine {
        let output = compile(body)
        let table = try XCTUnwrap(output.table, "\(output.diagnostics.map(\.message))")
        return try RuleEngine(table: table, automata: XCTUnwrap(output.automata))
    }

    func testNestCannotShowSomethingElse() {
        XCTAssertEqual(
            errors(#"rule r { match /x+/ nest replace "y" }"#),
            ["2:21: 'nest' shows the content with the matches inside it, but rule 'r' shows 'replace' instead; choose one"])
        XCTAssertEqual(
            errors(#"rule r { match /x+/ image "i" nest }"#),
            ["2:31: 'nest' shows the content with the matches inside it, but rule 'r' shows an image instead; choose one"])
        XCTAssertEqual(
            errors("rule r { match /x+/ widget w position after nest }"),
            ["2:45: 'nest' shows the content with the matches inside it, but rule 'r' shows a widget instead; choose one"])
        XCTAssertEqual(
            errors(#"tags h { nest tag h2 { replace "x" } }"#),
            ["2:10: 'nest' shows the content with the matches inside it, but tag 'h2' shows 'replace' instead; choose one"])
        XCTAssertEqual(
            errors("rule v { match tag <img src/> nest }"), ["2:31: 'nest' needs content: a void element has none to hold other matches"])
        XCTAssertEqual(errors("rule e { match entity nest }"), ["2:23: 'nest' needs content: an entity shows one character"])
        XCTAssertEqual(errors("rule r { match /x+/ nest nest }"), ["2:26: rule 'r' has two 'nest' statements"])
        XCTAssertEqual(errors("rule r { match prefix \"#\" nest }"), [])
    }

    func testShowNeedsAGroupOfTheMatch() {
        XCTAssertEqual(
            errors("rule s { match /a(?=(b))/ show $1 }").filter { !$0.contains("falls back") },
            ["2:32: 'show' needs a group that captures part of the match, but group 1 is inside a lookahead or lookbehind"])
        XCTAssertEqual(errors("rule s { match /a(b)/ show $2 }"), ["2:28: no capture group 2: this rule has $0 to $1"])
        XCTAssertEqual(errors("rule s { match /(?:a(b))+/ show $1 nest }"), [])
    }

    func testCatchAllAndEntityMatchers() throws {
        XCTAssertEqual(
            errors("rule c { match tag <*/> }"),
            ["2:21: the catch-all element is paired ('tag <*>'): it shows the content of tags no rule names"])
        let output = compile("rule c { match tag <* class> nest }\nrule e { match entity }\nrule b { match tag <b> }")
        let table = try XCTUnwrap(output.table)
        XCTAssertEqual(
            table.rules.map(\.matcher),
            [.element(name: "*", attributes: ["class"], isVoid: false), .entity, .element(name: "b", attributes: [], isVoid: false)])
        XCTAssertEqual(table.rules.map(\.nest), [true, false, false])
        let json = String(decoding: try table.jsonData(), as: UTF8.self)
        XCTAssertTrue(json.contains(#""kind" : "entity""#), json)
        XCTAssertTrue(json.contains(#""nest" : true"#), json)
        XCTAssertEqual(try StyleTable(jsonData: table.jsonData()), table)
    }

    /// Style layers are in the table only when some rule is a container.
    func testLayersOnlyInTablesWithContainers() throws {
        let flat = try XCTUnwrap(compile("base { color: #111 }\nrule a { match /a/ style { font: bold } }").table)
        XCTAssertNil(flat.rules[0].presentation.layer)
        let nested = try XCTUnwrap(
            compile(
                "base { color: #111 }\nrule a { match /a+/ nest style { font: bold } }\ntags h { style { color: #222 } tag h1 { style { kern: 1 } } }"
            ).table)
        XCTAssertEqual(nested.rules[0].presentation.layer, TextStyle(font: FontSpec(weight: .bold)))
        XCTAssertEqual(nested.rules[1].presentation.layer, TextStyle(color: "#222222"))
        XCTAssertEqual(nested.rules[1].tags["h1"]?.layer, TextStyle(color: "#222222", kern: 1))
    }

    func testNestedTagsPairAndNumberByTheirOpeningTags() throws {
        let engine = try engine("tags h { nest tap t(i: ${index}) }\nrule b { match tag <b> nest }")
        let result = engine.render("<h1>a<h2>b</h2><b>c<b>d</b></b></h1>")
        XCTAssertEqual(result.display, "abcd")
        XCTAssertEqual(result.matches.map { $0.tag?.name }, ["h1", "h2", "b", "b"])
        XCTAssertEqual(result.matches.map { $0.tag?.index }, [0, 1, 0, 1])
        XCTAssertEqual(result.matches.map(\.parent), [nil, 0, 0, 2])
        XCTAssertEqual(
            result.matches.map(\.contentRange),
            [
                TextRange(location: 4, length: 27), TextRange(location: 9, length: 1), TextRange(location: 18, length: 9),
                TextRange(location: 22, length: 1),
            ])
        // A closing tag closes the nearest open tag of its name; tags left open inside stay.
        XCTAssertEqual(engine.render("<h1>x<h2>y</h1>z</h2>").display, "x<h2>yz</h2>")
        XCTAssertEqual(engine.render("<b>1<b>2</b>").display, "<b>12")
        // Without `nest`, only the innermost tag matches.
        XCTAssertEqual(try self.engine("tags h { }").render("<h1>a<h2>b</h2>c</h1>").display, "<h1>abc</h1>")
    }

    func testNestingDepthIsBounded() throws {
        let engine = try engine("rule b { match tag <b> nest }")
        let depth = 600
        let text = String(repeating: "<b>", count: depth) + "x" + String(repeating: "</b>", count: depth)
        let result = engine.render(text)
        XCTAssertEqual(result.matches.count, 512)
        // The tags past the depth are shown as written, with their closing tags.
        XCTAssertEqual(result.display, String(repeating: "<b>", count: depth - 512) + "x" + String(repeating: "</b>", count: depth - 512))
    }

    func testCatchAllTakesTheNamesNoOtherRuleMatches() throws {
        let engine = try engine("rule other { match tag <*> nest }\nrule b { match tag <b> nest style { font: bold } }\ntags h { }")
        let result = engine.render("<p>Hello <span class=\"x\">big <b>world</b></span></p> <h2>h</h2> <x-y>z</x-y> <b/> <P>up</p>")
        XCTAssertEqual(result.display, "Hello big world h z <b/> up")
        XCTAssertEqual(result.matches.map(\.rule), ["other", "other", "b", "h", "other", "other"])
        XCTAssertEqual(result.matches.map { $0.tag?.name }, ["p", "span", "b", "h2", "x-y", "p"])
    }

    func testCharacterReferencesAndLineBreaks() throws {
        let engine = try engine(
            "rule entity { match entity priority -1 }\nrule br { match tag <br/> replace \"\\n\" }\nrule b { match tag <b> nest }\ntags h { }"
        )
        XCTAssertEqual(engine.render("Tom &amp; Jerry&nbsp;&#x1F600;&#65;&bogus;&amp").display, "Tom & Jerry\u{A0}😀A&bogus;&amp")
        XCTAssertEqual(engine.render("a<br>b<BR/>c<br />d").display, "a\nb\nc\nd")
        // Inside a container's content, references decode; in a tag that holds nothing, not.
        XCTAssertEqual(engine.render("<b>x &lt; y</b> <h1>x &lt; y</h1>").display, "x < y x &lt; y")
        let result = engine.render("&eacute;")
        XCTAssertEqual(result.matches.map(\.display), ["é"])
        XCTAssertEqual(result.matches.map(\.displayRange), [TextRange(location: 0, length: 1)])
    }
}

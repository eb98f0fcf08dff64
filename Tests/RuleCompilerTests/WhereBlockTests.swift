import Foundation
@_spi(Generated) @_spi(Testing) import RuleRuntime
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler

/// `where` blocks: on elements (`where href == "/terms" { … }`, tests on declared
/// attributes), bare `where` in a tag family (every tag, as `tag *`), and `tap` inside
/// them (a handler or `tap none`): the table, the render, hit testing, typed handlers.
final class WhereBlockTests: XCTestCase {
    func output(_ body: String) -> Compiler.Output {
        Compiler.compile(source: "richrules 1\n" + body, path: "w.richrules", analyze: false)
    }

    func engine(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws -> RuleEngine {
        let output = output(body)
        let table = try XCTUnwrap(output.table, "\(output.diagnostics.map(\.message))", file: file, line: line)
        return try RuleEngine(table: table, automata: XCTUnwrap(output.automata, file: file, line: line))
    }

    static let links = """
        highlight { background: #EEEEEE }
        rule link {
          match tag <a href class>
          style { color: systemBlue }
          tap open(url: ${href})
          where class == "danger" { style { color: systemRed } }
          where href == "/terms" and index == 0 { tap terms }
          where class != "" and class != "danger" { tap none }
        }
        """

    func testElementConditionsOnAttributesStyleAndTap() throws {
        let engine = try engine(Self.links)
        let result = engine.render(
            #"<a href="/terms">T</a> <a href="/terms" class="danger">D</a> <a href="/x" class="muted">M</a> <A HREF=/y CLASS=danger>Y</A>"#)
        XCTAssertEqual(result.display, "T D M Y")
        XCTAssertEqual(result.matches.map { $0.tap?.handler }, ["terms", "open", nil, "open"])
        XCTAssertEqual(result.matches.map { $0.style.color }, ["systemBlue", "systemRed", "systemBlue", "systemRed"])
        // A match whose `where` takes its tap away is not hit, has no highlight and no link.
        XCTAssertNil(result.match(atDisplayOffset: 4))
        XCTAssertEqual(result.match(atDisplayOffset: 0)?.tap, TapTarget(handler: "terms", arguments: []))
        XCTAssertNotNil(result.matches[0].highlight)
        XCTAssertNil(result.matches[2].highlight)
        XCTAssertEqual(result.accessibilityElements.map(\.matchIndex), [0, 1, 3])
        let text = result.attributedString()
        XCTAssertEqual(text.runs.filter { $0.link != nil }.count, 3)
        // The table reads back with its conditions and taps.
        let table = engine.table
        XCTAssertEqual(
            table.rules[0].conditionalStyles.map(\.tap),
            [nil, .tap(TapSpec(handler: "terms")), .notTappable])
        XCTAssertEqual(
            table.rules[0].conditionalStyles[1].conditions,
            [
                TagCondition(field: .attribute("href"), op: .equal, value: .text("/terms")),
                TagCondition(field: .index, op: .equal, value: .integer(0)),
            ])
        let json = String(decoding: try table.jsonData(), as: UTF8.self)
        XCTAssertTrue(json.contains(#""attribute" : "href","#), json)
        XCTAssertTrue(json.contains(#""tap" : "none""#), json)
        XCTAssertEqual(try StyleTable(jsonData: Data(json.utf8)), table)
    }

    /// The catch-all element tests the tag's name; a family's bare `where` is `tag *`; a
    /// later block's tap wins over an earlier one's.
    func testNamesFamiliesAndOrder() throws {
        let engine = try engine(
            """
            rule any { match tag <*>  nest  where name == "b" { style { font: bold } } where name == "u" { style { underline: single } tap under } }
            tags h {
              tap onTag(name: ${name})
              where level >= 2 { tap deep(name: ${name}) }
              tag h3 where index >= 0 { tap none }
            }
            """)
        let result = engine.render("<b>x</b><u>y</u> <h1>a</h1><h2>b</h2><h3>c</h3>")
        XCTAssertEqual(result.matches.map(\.rule), ["any", "any", "h", "h", "h"])
        XCTAssertEqual(result.matches[0].style.font?.weight, .bold)
        XCTAssertEqual(result.matches[1].style.underline, .single)
        XCTAssertEqual(result.matches.map { $0.tap?.handler }, [nil, "under", "onTag", "deep", nil])
    }

    /// A container whose `where` removes its tap leaves the text inside it untappable; a
    /// nested match keeps its own tap.
    func testTapOwnersFollowWhereBlocks() throws {
        let engine = try engine(
            """
            rule link { match tag <a href>  nest  tap open(url: ${href})  where href == "" { tap none } }
            rule mention { match /@\\w+/  tap profile(user: $0) }
            """)
        let result = engine.render(#"<a href="">see @bob</a> <a href="/u">go</a>"#)
        XCTAssertEqual(result.display, "see @bob go")
        XCTAssertNil(result.match(atDisplayOffset: 0))
        XCTAssertEqual(result.match(atDisplayOffset: 5)?.rule, "mention")
        XCTAssertEqual(result.match(atDisplayOffset: 9)?.tap?.handler, "open")
        XCTAssertEqual(result.tapOwner(of: 0), nil)
    }

    /// A `where` block's tap counts for the handler's typed arguments and its label list.
    func testHandlerSignaturesReadWhereTaps() throws {
        let output = output(
            """
            tags h { tap open(level: ${level})  where index == 0 { tap open(level: ${level}) } }
            rule a { match tag <a href>  where href == "x" { tap open(level: ${index}) } }
            rule b { match tag <b>  where index > 1 { tap count(n: ${index}) } }
            """)
        let table = try XCTUnwrap(output.table, "\(output.diagnostics.map(\.message))")
        let signatures = HandlerSignatures(table: table)
        XCTAssertEqual(signatures.types(of: "open", count: 1), [.optionalInt])
        XCTAssertEqual(signatures.types(of: "count", count: 1), [.int])
        XCTAssertEqual(table.handlers["count"], ["n"])
        let source = SwiftEmitter(table: table, automata: try XCTUnwrap(output.automata), specPath: "w.richrules").emit()
        XCTAssertTrue(source.contains("func count(n: Int)"), source)
        XCTAssertEqual(
            TableLiteral.conditionalStyle(table.rules[1].conditionalStyles[0]).flat,
            #"ConditionalStyle(tag: nil, conditions: [TagCondition(field: .attribute("href"), op: .equal, value: .text("x"))], style: TextStyle(), tap: .tap(TapSpec(handler: "open", arguments: [TapSpec.Argument(label: "level", value: MatchTemplate([.name("index")]))])))"#
        )
        XCTAssertEqual(
            TableLiteral.conditionalStyle(ConditionalStyle(tag: "h1", conditions: [], style: TextStyle(), tap: .notTappable)).flat,
            #"ConditionalStyle(tag: "h1", conditions: [], style: TextStyle(), tap: .notTappable)"#)
    }

    /// CSS's attribute tests in words: `has` (a word of the list, `~=`), `starts with`
    /// (`^=`), `ends with` (`$=`), `contains` (`*=`); case-sensitive, never on an empty value.
    func testStringTestsAsCSSAttributeSelectors() throws {
        let engine = try engine(
            """
            rule span {
              match tag <span class>
              nest
              where class has "invisible" { style { color: systemGray } }
              where class has "ellipsis" { style { underline: single } }
            }
            rule link {
              match tag <a href>
              nest
              tap open(url: ${href})
              where href starts with "https:" and href ends with ".pdf" { style { color: systemRed } }
              where href contains "example" { tap none }
            }
            """)
        let result = engine.render(
            #"<span class="invisible">a</span><span class="ellipsis mention">b</span><span class="invisibles">c</span>"#
                + #"<span class="Invisible x">d</span><a href="https://x.org/f.pdf">e</a><a href="http://example.com">f</a>"#)
        XCTAssertEqual(result.display, "abcdef")
        XCTAssertEqual(result.matches.map { $0.style.color }, ["systemGray", nil, nil, nil, "systemRed", nil])
        XCTAssertEqual(result.matches.map { $0.style.underline }, [nil, .single, nil, nil, nil, nil])
        XCTAssertEqual(result.matches.map { $0.tap?.handler }, [nil, nil, nil, nil, "open", nil])
        // The table carries them, its JSON and the generated literal too.
        let conditions = engine.table.rules[1].conditionalStyles[0].conditions
        XCTAssertEqual(conditions.map(\.op), [.startsWith, .endsWith])
        let json = String(decoding: try engine.table.jsonData(), as: UTF8.self)
        XCTAssertTrue(json.contains(#""op":"starts with""#) || json.contains(#""op" : "starts with""#), json)
        XCTAssertEqual(try StyleTable(jsonData: engine.table.jsonData()), engine.table)
        XCTAssertEqual(
            TableLiteral.condition(conditions[0]).flat,
            #"TagCondition(field: .attribute("href"), op: .startsWith, value: .text("https:"))"#)
        // The runtime's own answers (CSS's: an empty value or a "word" with a space never holds).
        let tag = TagInfo(index: 0, name: "a", level: nil, text: "", raw: "", attributes: ["class": "a  b\tc"])
        func holds(_ op: TagCondition.Operator, _ value: String) -> Bool {
            TagCondition(field: .attribute("class"), op: op, value: .text(value)).holds(for: tag)
        }
        XCTAssertTrue(holds(.has, "b"))
        XCTAssertTrue(holds(.has, "c"))
        XCTAssertFalse(holds(.has, "a  b"))
        XCTAssertFalse(holds(.has, ""))
        XCTAssertFalse(holds(.contains, ""))
        XCTAssertTrue(holds(.contains, "  b"))
        XCTAssertFalse(holds(.startsWith, ""))
        XCTAssertTrue(holds(.endsWith, "c"))
    }

    func testErrors() {
        func errors(_ body: String) -> [String] {
            output(body).diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.message)" }
        }
        XCTAssertEqual(
            errors("rule a { match tag <a href> where href < \"x\" { tap t } }"), ["2:40: 'href' is compared with '==', '!=', 'has', 'contains', 'starts with' or 'ends with'"])
        XCTAssertEqual(
            errors("rule a { match tag <a href> where href == 1 { tap t } }"), ["2:43: 'href' is compared with a string in quotes"])
        XCTAssertEqual(
            errors("rule a { match tag <a href> where index has \"x\" { tap t } }"),
            ["2:45: 'index' is compared with an integer"])
        XCTAssertEqual(
            errors("rule a { match tag <a href> where index has 1 { tap t } }"), ["2:41: 'index' is a number: 'has' tests strings"])
        XCTAssertEqual(
            errors("rule a { match tag <a href> where href has \"a b\" { tap t } }"),
            ["2:44: 'has' with a string with white space (it tests one word of the list) never holds (as in CSS)"])
        XCTAssertEqual(
            errors("rule a { match tag <a href> where href starts with \"\" { tap t } }"),
            ["2:52: 'starts with' with an empty string never holds (as in CSS)"])
        XCTAssertEqual(
            errors("rule a { match tag <a href> where href starts \"x\" { tap t } }"),
            ["2:47: expected 'with' after 'starts' ('starts with \"…\"')"])
        XCTAssertEqual(
            errors("rule a { match tag <a> where class == \"x\" { tap t } }"),
            [
                "2:30: unknown field or attribute 'class' (an element's condition tests index, text, name or a declared attribute; no attributes are declared: list them as 'tag <a href>')"
            ])
        XCTAssertEqual(
            errors("rule a { match tag <a href> where index == 0 { tap t($1) } }"),
            ["2:54: no capture group 1: this rule has only $0 (the whole match)"])
        XCTAssertEqual(
            errors("rule a { match prefix \"#\" where text == \"#a\" { style { font: bold } } }"),
            ["2:27: 'where' tests tags: it applies to tag families and elements ('match tag <a href>'), not to this rule"])
        XCTAssertEqual(
            errors("rule a { match tag <a href> where index == 0 { tap t  tap u } }"),
            ["2:55: the 'where' block has two 'tap' statements"])
        XCTAssertEqual(
            errors("rule a { match tag <a href> where index == 0 { tap none(x: $0) } }"),
            ["2:56: 'tap none' takes no arguments: it makes the match not tappable"])
        // A declared attribute named `level` is the attribute, not a tag level.
        XCTAssertEqual(errors("rule li { match tag <li level> where level == \"2\" { style { font: bold } } }"), [])
    }
}

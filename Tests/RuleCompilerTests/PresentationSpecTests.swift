import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import XCTest

/// The presentation statements of the language: attachment options (`size`, `align`,
/// `position`, `tappable`), `alt`, `truncation`, and the typed styles they produce.
final class PresentationSpecTests: XCTestCase {
    private func compile(_ body: String) -> (table: StyleTable?, messages: [String]) {
        let output = Compiler.compile(source: "richrules 1\n" + body, path: "p.richrules", analyze: false)
        return (output.hasErrors ? nil : output.table, output.diagnostics.filter { $0.severity == .error }.map(\.message))
    }

    private func render(_ table: StyleTable, _ text: String) throws -> RenderResult {
        try RuleEngine(compiling: table).render(text)
    }

    func testTypedStyles() throws {
        let (table, messages) = compile(
            """
            base { font: 15 semibold italic "Avenir"; color: #123 }
            style link { color: systemBlue; underline: double #FF000080; font: headline }
            rule a { match /a/ style link }
            """)
        XCTAssertEqual(messages, [])
        let style = try XCTUnwrap(table?.rules.first?.presentation.style)
        XCTAssertEqual(style.color, .system(.systemBlue))
        XCTAssertEqual(style.color?.resolved(dark: false), RGBA(red: 0, green: 122, blue: 255))
        XCTAssertEqual(style.color?.resolved(dark: true), RGBA(red: 10, green: 132, blue: 255))
        XCTAssertEqual(style.underline, .double)
        XCTAssertEqual(style.underlineColor, .rgba(RGBA(red: 255, green: 0, blue: 0, alpha: 128)))
        XCTAssertEqual(style.font, FontSpec(size: 15, weight: .semibold, family: "Avenir", italic: true, textStyle: .headline))
        XCTAssertEqual(table?.base.color?.description, "#112233FF")
    }

    func testAttachmentOptionsAndAlt() throws {
        let (table, messages) = compile(
            """
            rule pic { match tag <img src width height alt/>  image "${src}" size ${width}x${height} align baseline  tap show(url: ${src}) }
            rule vip { match /\\[vip\\]/  widget badge size 30x16 position after tappable false  alt "VIP member" }
            rule dot { match /\\*(\\w+)\\*/  widget dot size auto position before }
            rule sized { match /\\{(\\d+)\\}/  image "x.png" size $1x80 }
            """)
        XCTAssertEqual(messages, [])
        let result = try render(XCTUnwrap(table), #"<img src="a.png" width="120" height=40px alt="A cat"/> [vip] *hot* {33} {0}"#)
        XCTAssertEqual(result.matches.map(\.rule), ["pic", "vip", "dot", "sized", "sized"])
        XCTAssertEqual(
            result.matches[0].attachment,
            Attachment(kind: .image(source: "a.png"), width: 120, height: 40, alignment: .baseline, alternateText: "A cat"))
        // `position after`: the text stays, the widget follows it inside the match's display.
        XCTAssertEqual(
            result.matches[1].attachment,
            Attachment(
                kind: .widget(name: "badge"), width: 30, height: 16, position: .after, isTappable: false, alternateText: "VIP member"))
        XCTAssertEqual(result.matches[1].display, "[vip]\u{FFFC}")
        XCTAssertEqual(result.matches[1].attachmentOffset, result.matches[1].displayRange.upperBound - 1)
        XCTAssertEqual(result.matches[2].display, "\u{FFFC}*hot*")
        XCTAssertEqual(result.matches[2].attachment?.width, nil)
        XCTAssertEqual(result.matches[2].attachment?.alignment, .middle)  // the default, explicit
        XCTAssertEqual(result.matches[3].attachment?.width, 33)
        XCTAssertEqual(result.matches[4].attachment?.width, nil)  // `0` is no size: intrinsic
        XCTAssertEqual(result.display, "\u{FFFC} [vip]\u{FFFC} \u{FFFC}*hot* \u{FFFC} \u{FFFC}")
        for match in result.matches {
            XCTAssertEqual(
                (result.display as NSString).substring(
                    with: NSRange(location: match.displayRange.location, length: match.displayRange.length)), match.display)
        }
    }

    func testAttachmentErrors() {
        XCTAssertEqual(
            compile("rule a { match /a/ image \"x\" tappable false }").messages,
            ["'tappable' applies to widgets: a tap on an image is its match's tap"])
        XCTAssertEqual(
            compile("rule a { match /a/ widget w position middle }").messages,
            ["unknown position 'middle'; use replace, before, after"])
        XCTAssertEqual(
            compile("rule a { match /a/ widget w align centre }").messages,
            ["unknown alignment 'centre'; use middle, baseline, aboveBaseline, belowBaseline, top, bottom"])
        XCTAssertEqual(
            compile("rule a { match /a/ image \"x\" size $2x3 }").messages, ["no capture group 2: this rule has only $0 (the whole match)"])
        XCTAssertEqual(
            compile("rule a { match /a/ alt \"A\" }").messages,
            ["'alt' describes a replacement, image or widget, but this shows its own text (which is what VoiceOver reads)"])
        XCTAssertEqual(compile("rule a { match /a/ image \"x\" size 0x3 }").messages, ["a size must be positive and at most 10000x10000"])
        XCTAssertEqual(
            compile("rule a { match /a/ image \"x\" size 3 }").messages,
            ["expected 'x' between the width and the height (e.g. 'size ${width}x${height}'), found '}'"])
    }

    func testTruncationStatement() throws {
        let (table, messages) = compile(
            """
            style link { color: systemBlue }
            truncation "…more" style link tap expand
            rule a { match /a/ }
            """)
        XCTAssertEqual(messages, [])
        XCTAssertEqual(table?.truncation?.text, "…more")
        XCTAssertEqual(table?.truncation?.tap, TapSpec(handler: "expand"))
        XCTAssertEqual(table?.truncation?.style.color, .system(.systemBlue))
        XCTAssertEqual(table?.handlers["expand"], [])
        // The block form, and a next statement on the following line.
        let block = compile(
            "truncation \"…\" { highlight { background: #EEE }  tap more(kind: \"x\") }\nstyle s { color: red }\nrule a { match /a/ }")
        XCTAssertEqual(block.messages, [])
        XCTAssertEqual(block.table?.truncation?.highlight?.background, "#EEEEEEFF")
        XCTAssertEqual(
            compile("truncation \"…$0\"\nrule a { match /a/ }").messages,
            ["the truncation token is plain text: it has no match to refer to"])
        XCTAssertEqual(
            compile("truncation \"…\" tap more(x: $0)\nrule a { match /a/ }").messages,
            ["no capture group 0: the truncation token has no match to refer to"])
        XCTAssertEqual(
            compile("truncation \"…\"\ntruncation \"…\"\nrule a { match /a/ }").messages, ["'truncation' is declared twice in this file"])
    }

    func testOnlyTappableMatchesHighlight() throws {
        let (table, messages) = compile(
            """
            highlight { background: #DDD }
            rule a { match /a/ tap open }
            rule b { match /b/ }
            tags h { tap onTag  tag h2 { tap none } }
            """)
        XCTAssertEqual(messages, [])
        let result = try render(XCTUnwrap(table), "a b <h1>x</h1> <h2>y</h2>")
        XCTAssertEqual(result.matches.map { $0.highlight?.background?.description }, ["#DDDDDDFF", nil, "#DDDDDDFF", nil])
    }

    func testShowDisplaysAGroup() throws {
        let (table, messages) = compile(
            """
            rule bold { match /\\*\\*(.+?)\\*\\*/  show $1  style { font: bold }  tap open(all: $0) }
            rule code { match /`(?<code>[^`]+)`/  show ${code} }
            rule opt { match /<(x)?>/  show $1 }
            rule dot { match /\\[(\\w+)\\]/  show $1  widget dot position after }
            """)
        XCTAssertEqual(messages, [])
        let table_ = try XCTUnwrap(table)
        let text = "a **hi @x** `f()` <> <x> [ok]"
        for engine in [try RuleEngine(compiling: table_), try RuleEngine(reference: table_)] {
            let result = engine.render(text)
            XCTAssertEqual(result.display, "a hi @x f()  x ok\u{FFFC}")
            XCTAssertEqual(result.matches.map(\.display), ["hi @x", "f()", "", "x", "ok\u{FFFC}"])
            XCTAssertEqual(result.matches.map(\.displayRange.length), [5, 3, 0, 1, 3])
            // `$0` in templates is still the whole match.
            XCTAssertEqual(result.matches[0].tap?.arguments.first?.value, "**hi @x**")
            XCTAssertEqual(String(result.attributedString().characters), result.display)
        }
    }

    func testShowErrors() {
        XCTAssertEqual(
            compile("rule a { match prefix \"#\" show $0 }").messages,
            ["'show' applies to regex rules (tags and elements already show their content)"])
        XCTAssertEqual(
            compile("rule a { match /(a)/ show $1 replace \"x\" }").messages,
            ["'show' and 'replace' both say what the match displays; choose one"])
        XCTAssertEqual(
            compile("rule a { match /(a)/ show $1 image \"x\" }").messages,
            ["'show' has nothing to show: the image or widget replaces the match (use 'position before' or 'after')"])
        XCTAssertEqual(compile("rule a { match /(a)/ show $2 }").messages, ["no capture group 2: this rule has $0 to $1"])
        XCTAssertEqual(
            compile("rule a { match /(?<n>a)/ show ${m} }").messages, ["unknown capture 'm'; did you mean 'n'? (the pattern names 'n')"])
        XCTAssertEqual(
            compile("rule a { match /(a)/ show \"x\" }").messages, ["expected a group after 'show' ('$1' or '${name}'), found a string"])
    }

    /// ZLRichLabel's `tagStyleBuilder` as a spec statement: styles by index, level, text, name.
    func testConditionalTagStyles() throws {
        let (table, messages) = compile(
            """
            base { font: 14 }
            tags h {
              style { color: systemBlue }
              tap onTag(name: ${name})
              tag h1 { style { underline: single } }
              tag h1 where index == 0 { style { font: bold } }
              tag * where level >= 3 { style { color: gray } }
              tag * where text == "Terms" and name != "h" { style { font: italic } }
            }
            """)
        XCTAssertEqual(messages, [])
        let result = try render(XCTUnwrap(table), "<h1>A</h1> <h1>B</h1> <h3>C</h3> <h2>Terms</h2> <h>Terms</h>")
        XCTAssertEqual(
            result.matches.map(\.style),
            [
                TextStyle(font: FontSpec(size: 14, weight: .bold), color: "systemBlue", underline: .single),
                TextStyle(font: FontSpec(size: 14), color: "systemBlue", underline: .single),
                TextStyle(font: FontSpec(size: 14), color: "gray"),
                TextStyle(font: FontSpec(size: 14, italic: true), color: "systemBlue"),
                TextStyle(font: FontSpec(size: 14), color: "systemBlue"),
            ])
        // The table round-trips through JSON with its conditions.
        let decoded = try StyleTable(jsonData: XCTUnwrap(table).jsonData())
        XCTAssertEqual(decoded, table)
        XCTAssertEqual(decoded.rules[0].conditionalStyles.count, 3)
    }

    func testConditionalTagStyleErrors() {
        func family(_ block: String) -> [String] { compile("tags h { \(block) }").messages }
        XCTAssertEqual(family("tag * { style { color: red } }"), ["'tag *' needs a condition: write 'tag * where index == 0 { … }'"])
        XCTAssertEqual(
            family("tag * where idex == 0 { style { color: red } }"),
            ["unknown tag field 'idex'; did you mean 'index'? (a condition tests index, level, text or name)"])
        XCTAssertEqual(family("tag * where text < \"a\" { style { color: red } }"), ["'text' is compared with '==', '!=', 'has', 'contains', 'starts with' or 'ends with'"])
        XCTAssertEqual(family("tag * where index == \"a\" { style { color: red } }"), ["'index' is compared with an integer"])
        XCTAssertEqual(family("tag * where level == 1.5 { style { color: red } }"), ["'level' is compared with an integer"])
        XCTAssertEqual(
            family("tag * where index = 0 { style { color: red } }"),
            ["expected a comparison ('==', '!=', '<', '<=', '>', '>=', 'has', 'contains', 'starts with', 'ends with') after 'index'"])
        XCTAssertEqual(family("tag * where index == 0 { highlight none }"), ["'highlight' is not allowed in a 'where' tag block"])
        XCTAssertEqual(
            family("tag b2 where index == 0 { style { color: red } }"),
            ["tag 'b2' is not in family 'h' (expected 'h', 'h' followed by digits, or '*')"])
    }
}

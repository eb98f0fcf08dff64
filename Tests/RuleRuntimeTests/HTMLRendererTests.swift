import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// `RenderResult.html(options:)`: escaping, styles as CSS, links and highlights,
/// attachments, directions, and hostile input.
final class HTMLRendererTests: XCTestCase {
    static let container = #"<div class="rr" dir="ltr" style="white-space:pre-wrap;overflow-wrap:break-word">"#
    static let baseContainer =
        #"<div class="rr" dir="ltr" style="white-space:pre-wrap;overflow-wrap:break-word;font-size:14px;color:#8E8E93">"#

    func html(_ rules: [RuleEntry], _ text: String, options: HTMLOptions = HTMLOptions()) throws -> String {
        let html = try Fixture.engine(rules).render(text).html(options: options)
        Self.assertWellFormed(html)
        return html
    }

    static func tap(_ handler: String, _ arguments: [(String?, MatchTemplate)] = []) -> TapSpec {
        TapSpec(handler: handler, arguments: arguments.map { TapSpec.Argument(label: $0.0, value: $0.1) })
    }

    func testPlainTextIsEscapedWithLineBreaks() throws {
        let text = "a & b < c > \"d\" 'e'\r\nf\ng\rh\u{2028}i\u{2029}j  \tk\u{1}"
        XCTAssertEqual(
            try html([], text),
            Self.container + "a &amp; b &lt; c &gt; &quot;d&quot; &#39;e&#39;<br>f<br>g<br>h<br>i<br>j  \tk&#x1;</div>")
        XCTAssertEqual(try html([], ""), Self.container + "</div>")
    }

    /// The container has the base style; a match lists what it changes.
    func testBaseStyleOnTheContainerAndMatchesDiffer() throws {
        let html = try html([Fixture.regex("m", "@\\w+")], "hi @bob", options: HTMLOptions(base: Fixture.base))
        XCTAssertEqual(html, Self.baseContainer + #"hi <span class="rr-m" data-rule="m" style="color:#007AFF">@bob</span></div>"#)
        // Without a base, a match carries its whole style.
        XCTAssertEqual(
            try self.html([Fixture.regex("m", "@\\w+")], "@b"),
            Self.container + #"<span class="rr-m" data-rule="m" style="font-size:14px;color:#007AFF">@b</span></div>"#)
    }

    /// A tappable match is a link with its handler and arguments; its highlight is an
    /// `:active` rule on a class named from its CSS.
    func testLinksArgumentsAndHighlight() throws {
        let mention = Fixture.regex(
            "mention", #"@(\w+)"#,
            presentation: Fixture.presentation(
                tap: Self.tap(
                    "openProfile",
                    [
                        ("user", Fixture.template(.group(0))), (nil, Fixture.template(.group(1))),
                        ("userName", MatchTemplate(text: "x\"'<&")),
                    ]),
                highlight: TextStyle(background: "#E5E5EAFF")))
        let html = try html([mention], "@bob", options: HTMLOptions(base: Fixture.base))
        let highlight = "rr-hl-" + HTMLRenderer.hash("background-color:#E5E5EA!important")
        XCTAssertEqual(
            html,
            "<style>.rr a{color:inherit;text-decoration:none;cursor:pointer}.rr a.\(highlight):active{background-color:#E5E5EA!important}</style>"
                + Self.baseContainer
                + ##"<a class="rr-m \##(highlight)" href="#" data-rule="mention" data-handler="openProfile" data-arg-user="@bob" data-arg-user-name="x&quot;&#39;&lt;&amp;" "##
                + #"data-args='[{"label":"user","value":"@bob"},{"label":null,"value":"bob"},{"label":"userName","value":"x\"&#39;\u003c\u0026"}]' style="color:#007AFF">@bob</a></div>"#
        )
        // The same highlight is one class, however many matches use it.
        let twice = try self.html([mention], "@a @b")
        XCTAssertEqual(twice.components(separatedBy: ":active").count, 2)
        XCTAssertEqual(twice.components(separatedBy: highlight).count, 4)
    }

    /// No tap: a span, and no highlight even when the rule has one.
    func testMatchWithoutTapIsASpanWithoutHighlight() throws {
        let rule = Fixture.regex("x", "x", presentation: Fixture.presentation(highlight: TextStyle(background: "#E5E5EAFF")))
        let html = try html([rule], "x")
        XCTAssertFalse(html.contains("<style>"), html)
        XCTAssertFalse(html.contains("<a"), html)
        XCTAssertTrue(html.contains(#"<span class="rr-m" data-rule="x""#), html)
    }

    func testDecorations() throws {
        func css(_ style: TextStyle) throws -> String {
            let html = try self.html([Fixture.regex("x", "x", presentation: Fixture.presentation(style: style))], "x")
            return String(html.dropFirst(Self.container.count))
        }
        XCTAssertEqual(
            try css(TextStyle(underline: .single)),
            #"<span class="rr-m" data-rule="x" style="text-decoration:underline solid">x</span></div>"#)
        XCTAssertTrue(
            try css(TextStyle(underline: .double, underlineColor: "systemRed")).contains("text-decoration:underline double #FF3B30"))
        XCTAssertTrue(try css(TextStyle(underline: .thick)).contains("text-decoration:underline solid;text-decoration-thickness:2px"))
        XCTAssertTrue(try css(TextStyle(underline: .dotted)).contains("text-decoration:underline dotted\""))
        XCTAssertTrue(try css(TextStyle(strikethrough: .dashed)).contains("text-decoration:line-through dashed\""))
        XCTAssertFalse(try css(TextStyle(underline: LineStyle.none)).contains("text-decoration"))
        // Two lines: the strikethrough on an inner element (CSS has one style per element).
        XCTAssertEqual(
            try css(TextStyle(underline: .single, strikethrough: .double, strikethroughColor: "#00FF00FF")),
            #"<span class="rr-m" data-rule="x" style="text-decoration:underline solid"><span style="text-decoration:line-through double #00FF00">x</span></span></div>"#
        )
        // A base underline goes on plain runs (an inherited line cannot be taken back).
        let base = TextStyle(underline: .single)
        let html = try self.html(
            [Fixture.regex("x", "x", presentation: Fixture.presentation(style: TextStyle(underline: LineStyle.none)))], "a x b",
            options: HTMLOptions(base: base))
        XCTAssertEqual(
            html,
            Self.container
                + #"<span style="text-decoration:underline solid">a </span><span class="rr-m" data-rule="x">x</span><span style="text-decoration:underline solid"> b</span></div>"#
        )
    }

    func testFontsKernAndBaseline() throws {
        func css(_ style: TextStyle, base: TextStyle = TextStyle()) throws -> String {
            let html = try self.html(
                [Fixture.regex("x", "x", presentation: Fixture.presentation(style: style))], "x", options: HTMLOptions(base: base))
            let start = try XCTUnwrap(html.range(of: "data-rule=\"x\""))
            return String(html[start.upperBound...])
        }
        XCTAssertEqual(
            try css(TextStyle(font: FontSpec(size: 13.5, weight: .bold, family: "Helvetica Neue", italic: true))),
            #" style="font-size:13.5px;font-weight:700;font-style:italic;font-family:&quot;Helvetica Neue&quot;">x</span></div>"#)
        // A Dynamic Type style: its default size and weight, whatever size the base gave.
        XCTAssertEqual(
            try css(TextStyle(font: FontSpec(size: 14, textStyle: .headline)), base: Fixture.base),
            #" style="font-size:17px;font-weight:600">x</span></div>"#)
        XCTAssertEqual(
            try css(TextStyle(font: FontSpec(weight: .light, textStyle: .caption2))),
            #" style="font-size:11px;font-weight:300">x</span></div>"#)
        XCTAssertEqual(
            try css(TextStyle(kern: 1.5, baselineOffset: 3)), #" style="letter-spacing:1.5px;vertical-align:3px">x</span></div>"#)
        // Baseline offsets relative to the base's; same values are inherited.
        XCTAssertEqual(
            try css(
                TextStyle(font: FontSpec(size: 14), kern: 1, baselineOffset: 1),
                base: TextStyle(font: FontSpec(size: 14), kern: 1, baselineOffset: 3)),
            #" style="vertical-align:-2px">x</span></div>"#)
        // A family is a CSS string: nothing in it can end the string or the element.
        let hostile = try css(TextStyle(font: FontSpec(family: "a\"b;}</style><script>x")))
        XCTAssertTrue(hostile.contains(#"font-family:&quot;a\22 b\3b \7d \3c \2f style\3e \3c script\3e x&quot;"#), hostile)
    }

    /// Light (default), dark, and adaptive colors with custom properties.
    func testColorSchemes() throws {
        let rule = Fixture.regex(
            "x", "x",
            presentation: Fixture.presentation(
                style: TextStyle(color: "systemBlue", background: "#FF000080"), tap: Self.tap("t"),
                highlight: TextStyle(color: "label")))
        let light = try html([rule], "x")
        XCTAssertTrue(light.contains("color:#007AFF;background-color:rgba(255, 0, 0, 0.502)"), light)
        XCTAssertTrue(light.contains("{color:#000000!important}"), light)
        let dark = try html([rule], "x", options: HTMLOptions(colorScheme: .dark))
        XCTAssertTrue(dark.contains("color:#0A84FF;background-color:rgba(255, 0, 0, 0.502)"), dark)
        XCTAssertTrue(dark.contains("{color:#FFFFFF!important}"), dark)
        let adaptive = try html([rule], "x", options: HTMLOptions(base: TextStyle(color: "label"), colorScheme: .adaptive))
        XCTAssertTrue(adaptive.contains("color:var(--rr-systemBlue,#007AFF);background-color:rgba(255, 0, 0, 0.502)"), adaptive)
        XCTAssertTrue(adaptive.contains(#"style="white-space:pre-wrap;overflow-wrap:break-word;color:var(--rr-label,#000000)""#), adaptive)
        XCTAssertTrue(adaptive.contains("{color:var(--rr-label,#000000)!important}"), adaptive)
        XCTAssertTrue(
            adaptive.contains(
                ".rr{--rr-systemBlue:#007AFF;--rr-label:#000000}@media (prefers-color-scheme:dark){.rr{--rr-systemBlue:#0A84FF;--rr-label:#FFFFFF}}</style>"
            ), adaptive)
        // A custom prefix names everything; an invalid one falls back to rr.
        let custom = try html([rule], "x", options: HTMLOptions(colorScheme: .adaptive, classPrefix: "chat"))
        XCTAssertTrue(custom.contains(#"<div class="chat" dir="ltr""#), custom)
        XCTAssertTrue(custom.contains("var(--chat-systemBlue,#007AFF)"), custom)
        XCTAssertTrue(custom.contains(#"class="chat-m chat-hl-"#), custom)
        XCTAssertFalse(custom.contains("rr-"), custom)
        XCTAssertTrue(try html([rule], "x", options: HTMLOptions(classPrefix: "1\" onload=x")).contains(#"<div class="rr""#))
    }

    func testImagesAndWidgets() throws {
        let emoji = Fixture.regex(
            "emoji", #"\[(?<name>smile|heart)\]"#, captureNames: ["name": 1],
            presentation: Fixture.presentation(
                tap: Self.tap("tapEmoji"), image: ImageSpec(source: Fixture.template(.name("name")), width: 17, height: 17)))
        let badge = Fixture.regex(
            "badge", #"\[vip\]"#, presentation: Fixture.presentation(widget: WidgetSpec(name: "badge", width: 30, height: 16, align: .top)))
        let html = try html([emoji, badge], "a[smile][vip]")
        XCTAssertTrue(
            html.contains(
                #"data-args='[]' style="font-size:14px;color:#007AFF"><img class="rr-image" src="smile" alt="smile" width="17" height="17" style="vertical-align:middle"></a>"#
            ), html)
        XCTAssertTrue(
            html.contains(
                #"<span class="rr-m" data-rule="badge" style="font-size:14px;color:#007AFF"><span class="rr-widget" data-widget="badge" role="img" aria-label="badge" style="display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;font-size:0.6em;line-height:1;min-width:30px;min-height:16px;padding:0 0.3em;border:1px solid currentColor;border-radius:3px;white-space:nowrap;text-decoration:none;vertical-align:text-top">badge</span></span>"#
            ), html)
        // Alignments.
        let expected: [AttachmentAlignment: String] = [
            .middle: "middle", .baseline: "baseline", .top: "text-top", .bottom: "text-bottom", .aboveBaseline: "0.1em",
            .belowBaseline: "-20px",
        ]
        for (alignment, css) in expected {
            let rule = Fixture.regex(
                "i", "i",
                presentation: Fixture.presentation(image: ImageSpec(source: MatchTemplate(text: "p.png"), height: 20, align: alignment)))
            XCTAssertTrue(try self.html([rule], "i").contains(#"height="20" style="vertical-align:\#(css)">"#), "\(alignment)")
        }
        // Intrinsic sizes: no width or height on an image; a widget at least the text's em
        // square, or as wide as the one side declared, and as wide as its name.
        let intrinsic = [
            Fixture.regex("i", "i", presentation: Fixture.presentation(image: ImageSpec(source: MatchTemplate(text: "p.png")))),
            Fixture.regex("w", "w", presentation: Fixture.presentation(widget: WidgetSpec(name: "dot"), alt: MatchTemplate(text: "New"))),
            Fixture.regex("h", "h", presentation: Fixture.presentation(widget: WidgetSpec(name: "tall", height: 24))),
        ]
        let sized = try self.html(intrinsic, "iwh")
        XCTAssertTrue(sized.contains(#"<img class="rr-image" src="p.png" alt="p.png" style="vertical-align:middle">"#), sized)
        XCTAssertTrue(sized.contains(#"aria-label="New""#), sized)
        XCTAssertTrue(sized.contains("min-width:1.667em;min-height:1.667em;padding:0 0.3em"), sized)
        XCTAssertTrue(sized.contains("min-width:24px;min-height:24px;padding:0 0.3em"), sized)
    }

    /// A widget placeholder shows its whole name, however narrow its declared size: the
    /// size is a minimum, nothing is clipped.
    func testWidgetPlaceholderShowsItsWholeName() throws {
        let rule = Fixture.regex(
            "w", "W", presentation: Fixture.presentation(widget: WidgetSpec(name: "subscriptionButtonWithALongName", width: 12, height: 8)))
        let html = try html([rule], "W")
        XCTAssertTrue(html.contains(">subscriptionButtonWithALongName</span>"), html)
        XCTAssertTrue(html.contains("min-width:12px;min-height:8px;padding:0 0.3em"), html)
        XCTAssertTrue(html.contains("white-space:nowrap"), html)
        for clipping in ["overflow:hidden", ";width:", ";height:", "text-overflow"] { XCTAssertFalse(html.contains(clipping), html) }
    }

    /// `NamedImages.placeholder`: an image whose source is a name is a labelled box of its
    /// declared size showing the name (no `<img>` a browser cannot load); URLs and paths
    /// stay `<img>`; the default writes every image as `<img>`.
    func testNamedImagePlaceholders() throws {
        let image = Fixture.element(
            "img", attributes: ["src", "alt", "width"], isVoid: true,
            presentation: Fixture.presentation(
                image: ImageSpec(source: Fixture.template(.name("src")), width: .fromMatch(Fixture.template(.name("width"))), height: 16),
                alt: Fixture.template(.name("alt"))))
        let text =
            #"<img src="link" alt="Web link" width="16"/><img src="star.fill" alt=""/><img src="https://a.example/p.png" alt="p"/>"#
            + #"<img src="./p.png" alt="q"/><img src="file:///p.png" alt="f"/><img src="a&quot;&lt;b&gt;'" alt="&lt;i&gt;"/>"#
        let placeholders = try html([image], text, options: HTMLOptions(namedImages: .placeholder))
        XCTAssertTrue(
            placeholders.contains(
                #"<span class="rr-named-image" data-image="link" role="img" aria-label="Web link" style="display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;font-size:0.6em;line-height:1;min-width:16px;min-height:16px;padding:0 0.3em;border:1px dashed currentColor;border-radius:3px;white-space:nowrap;text-decoration:none;vertical-align:middle">link</span>"#
            ), placeholders)
        // The alt text, else the name, labels it; one side declared: square.
        XCTAssertTrue(placeholders.contains(#"data-image="star.fill" role="img" aria-label="star.fill""#), placeholders)
        XCTAssertTrue(placeholders.contains(#"min-width:16px;min-height:16px"#), placeholders)
        XCTAssertTrue(placeholders.contains(">star.fill</span>"), placeholders)
        // URLs and paths are images.
        XCTAssertEqual(Self.attributeValues("src", in: placeholders), ["https://a.example/p.png", "./p.png"], placeholders)
        XCTAssertEqual(Self.attributeValues("alt", in: placeholders), ["p", "q", "f"], placeholders)
        // The name is escaped in the attribute and in the text.
        XCTAssertTrue(
            placeholders.contains(
                #"data-image="a&quot;&lt;b&gt;&#39;" role="img" aria-label="&lt;i&gt;""#), placeholders)
        XCTAssertTrue(placeholders.contains(#">a&quot;&lt;b&gt;&#39;</span>"#), placeholders)
        XCTAssertEqual(Self.visibleText(placeholders), String(repeating: "\u{FFFC}", count: 6))
        // Default: all images.
        let images = try html([image], text)
        XCTAssertFalse(images.contains("rr-named-image"), images)
        XCTAssertEqual(Self.attributeValues("src", in: images).count, 5, images)
    }

    /// `position before|after`: the text and the attachment in display order; a widget
    /// that is not tappable stays outside the link.
    func testAttachmentPositions() throws {
        func rule(_ position: AttachmentPosition, tappable: Bool = true) -> RuleEntry {
            Fixture.regex(
                "new", "NEW",
                presentation: Fixture.presentation(
                    style: TextStyle(), tap: Self.tap("open"), widget: WidgetSpec(name: "dot", position: position, tappable: tappable)))
        }
        func body(_ html: String) -> String {
            let start = html.range(of: #"data-args='[]'>"#)!.upperBound
            return String(html[start...])
        }
        XCTAssertTrue(body(try html([rule(.after)], "NEW!")).hasPrefix(#"NEW<span class="rr-widget" data-widget="dot""#))
        XCTAssertTrue(body(try html([rule(.before)], "NEW!")).hasPrefix(#"<span class="rr-widget" data-widget="dot""#))
        XCTAssertTrue(body(try html([rule(.before)], "NEW!")).hasSuffix(#">dot</span>NEW</a>!</div>"#))
        let outside = try html([rule(.after, tappable: false)], "NEW!")
        // The match's element holds its tap, written once; its text is a link that refers to it.
        XCTAssertTrue(
            outside.contains(
                ##"<span class="rr-m" data-rule="new" data-handler="open" data-args='[]' data-tap="0"><a class="rr-tap" href="#" data-tap="0">NEW</a><span class="rr-widget""##
            ), outside)
        // Replaced by a widget that is not tappable: no link at all.
        let replaced = try html([rule(.replace, tappable: false)], "NEW")
        XCTAssertFalse(replaced.contains("<a "), replaced)
    }

    /// The container's `dir` is the display's direction; with paragraphs of another
    /// direction it is `unicode-bidi:plaintext`, so each paragraph (after a `<br>`) takes its
    /// own from its first strong character, and an element spanning paragraphs is written
    /// once (per-paragraph elements reopened every element around each break).
    func testDirections() throws {
        XCTAssertTrue(try html([], "שלום world").hasPrefix(#"<div class="rr" dir="rtl""#))
        XCTAssertTrue(try html([], "123 مرحبا").hasPrefix(#"<div class="rr" dir="rtl""#))
        XCTAssertTrue(try html([], "world שלום\nשלום").hasPrefix(#"<div class="rr" dir="ltr""#))
        XCTAssertFalse(try html([], "world\nagain").contains("plaintext"), "one direction: no bidi override")
        XCTAssertEqual(
            try html([Fixture.regex("x", "x.\nש")], "a\nx!\nשלום\n\n123"),
            Self.container.replacingOccurrences(of: "overflow-wrap:break-word", with: "overflow-wrap:break-word;unicode-bidi:plaintext")
                + #"a<br><span class="rr-m" data-rule="x" style="font-size:14px;color:#007AFF">x!<br>ש</span>לום<br><br>123</div>"#
        )
    }

    /// Details for a preview: index, priority and a summary.
    func testMatchDetails() throws {
        let rule = Fixture.regex(
            "mention", "@\\w+", priority: 7,
            presentation: Fixture.presentation(tap: Self.tap("open", [("user", Fixture.template(.group(0)))])))
        let html = try html([rule], "a @b \"c\"", options: HTMLOptions(includesMatchDetails: true))
        XCTAssertTrue(
            html.contains(#"data-match="0" data-priority="7" data-info="rule mention, priority 7&#xA;tap open(user: &quot;@b&quot;)""#),
            html)
        // The alt text; the truncation token (a class of its own, its tap).
        let smile = Fixture.regex(
            "smile", ":\\)",
            presentation: Fixture.presentation(replace: MatchTemplate(text: "🙂"), alt: MatchTemplate(text: "smiling \"face\"")))
        var table = Fixture.table([rule, smile])
        table.truncation = TruncationSpec(text: "… more", style: Fixture.link, tap: Self.tap("expand"))
        let result = try RuleEngine(reference: table).render("@a :) @bb and more")
        let truncated = result.truncated(atDisplayOffset: 8).html(options: HTMLOptions(includesMatchDetails: true))
        Self.assertWellFormed(truncated)
        XCTAssertTrue(
            truncated.contains(#"data-info="rule smile, priority 0&#xA;no tap&#xA;alt &quot;smiling \&quot;face\&quot;&quot;""#), truncated)
        XCTAssertTrue(
            truncated.contains(#"<a class="rr-m rr-token"#) && truncated.contains(#"data-rule="truncation" data-handler="expand""#),
            truncated)
        XCTAssertTrue(truncated.contains(#"data-match="3" data-priority="0" data-info="truncation token&#xA;tap expand()""#), truncated)
        XCTAssertTrue(truncated.contains(">@b</a>"), "the clipped mention keeps its link: \(truncated)")
        XCTAssertEqual(Self.visibleText(truncated), "@a 🙂 @b… more")
        XCTAssertFalse(result.html(options: HTMLOptions(includesMatchDetails: true)).contains("rr-token"))
    }

    /// Quotes, markup and script URLs from the text or the spec never become markup or
    /// an executable URL.
    func testHostileInput() throws {
        let evilText = "\"'><script>alert(1)</script>&amp;<img src=x onerror=alert(1)>"
        let anchor = Fixture.element(
            "a", attributes: ["href", "title"],
            presentation: Fixture.presentation(
                tap: Self.tap("openURL", [("url", Fixture.template(.name("href"))), ("x\"><b", Fixture.template(.name("title")))])))
        let image = Fixture.element(
            "img", attributes: ["src", "alt"], isVoid: true,
            presentation: Fixture.presentation(
                image: ImageSpec(source: Fixture.template(.name("src")), width: .fromMatch(MatchTemplate(text: "1\" onload=\"x")))))
        let widget = Fixture.regex(
            "w", "W", presentation: Fixture.presentation(widget: WidgetSpec(name: "<b>\"x\"</b>"), alt: MatchTemplate(text: "'\"><script>"))
        )
        let sources = [
            "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "\u{1}javascript:x",
            "jav&#x61;script:x", "vbscript:x", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
            "https://example.com/a.png\" onerror=\"alert(1)", "img/a.png?x=<y>",
        ]
        var text = evilText
        for source in sources {
            let escaped = source.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            text += "<img src=\"\(escaped)\" alt=\"\(escaped)\"/>"
        }
        text += "<a href=\"javascript:alert(1)\" title='\"><script>'>x'y\"z</a> W"
        let html = try html([anchor, image, widget], text)
        XCTAssertFalse(html.lowercased().contains("<script"), html)
        XCTAssertFalse(html.contains("onerror=alert"), html)
        XCTAssertFalse(html.contains(#"src="javascript"#), html)
        let srcs = Self.attributeValues("src", in: html)
        // `jav&#x61;script:x` stays a relative URL: the attribute holds `&#x61;` as written
        // (`&amp;#x61;`), and `&` cannot be part of a scheme.
        XCTAssertEqual(
            srcs, ["x", "jav&amp;#x61;script:x", "https://example.com/a.png&quot; onerror=&quot;alert(1)", "img/a.png?x=&lt;y&gt;"], html)
        XCTAssertEqual(Self.attributeValues("alt", in: html).count, sources.count + 1)
        XCTAssertTrue(html.contains(#"data-arg-url="javascript:alert(1)""#), html)  // data, not a URL
        XCTAssertFalse(html.contains("data-arg-x"), html)  // a label that is no attribute name is left out
        XCTAssertTrue(html.contains(#"{"label":"x\"\u003e\u003cb","value":"\"\u003e\u003cscript\u003e"}"#), html)
        XCTAssertTrue(html.contains(#"aria-label="&#39;&quot;&gt;&lt;script&gt;""#), html)
        XCTAssertTrue(html.contains(#">&lt;b&gt;&quot;x&quot;&lt;/b&gt;</span>"#), html)
    }

    func testImageSourceSchemes() {
        let allowed = [
            "smile", "img/a.png", "/a.png", "./a.png", "../a.png", "//cdn.example.com/a.png", "http://a/b.png", "HTTPS://a/b.png",
            "data:image/png;base64,iVBORw0KGgo=", "DATA:IMAGE/GIF;base64,R0lGOD", "a.png?x=y:z", "#frag", "1:2",
        ]
        let refused = [
            "", " ", "javascript:alert(1)", "JAVASCRIPT:x", "  javascript:x", "java\nscript:x", "jav\tascript:x", "\u{0}javascript:x",
            "vbscript:x", "data:text/html,x", "data:,x", "data: image/png,x", "file:///etc/passwd", "mailto:a@b", "ftp://a/b",
            "blob:https://a/b", "about:blank", " \t\n\u{1F}JaVa\tScRiPt:x", "data:imag\ne", "Data:Text/html,x",
        ]
        // Spaces before the scheme are skipped (by index: a loop of removeFirst took 10 s on
        // 800,000 of them); anything after it is not read.
        let spaces = String(repeating: " ", count: 10_000)
        for source in [spaces + "https://a/b.png", spaces + "\u{1}data:\timage/png,x", "x.png" + spaces, "http:" + spaces] {
            XCTAssertTrue(HTMLRenderer.isSafeImageSource(source), source.debugDescription)
        }
        for source in [spaces + "javascript:x", spaces, spaces + "\t\r\n", "javascript:" + spaces] {
            XCTAssertFalse(HTMLRenderer.isSafeImageSource(source), source.debugDescription)
        }
        for source in allowed { XCTAssertTrue(HTMLRenderer.isSafeImageSource(source), source.debugDescription) }
        for source in refused { XCTAssertFalse(HTMLRenderer.isSafeImageSource(source), source.debugDescription) }
    }

    /// Random texts over rules of every kind: the output is well formed (`assertWellFormed`)
    /// and its text is the display.
    func testRandomTextsGiveWellFormedHTML() throws {
        let seed = testSeed(0x4854_4D4C)
        var rng = SeededGenerator(seed: seed)
        let pieces = [
            "a", " ", "@bob", "<h1>", "</h1>", "<h2/>", "\n", "\r\n", "\u{2028}", "[vip]", "<a href='u\"'>", "</a>", "&", "<", ">", "\"",
            "'", "שלום", "مرحبا", "😀", "<img src=\"javascript:x\"/>", "\u{1}", "NEW",
        ]
        let rules = [
            Fixture.tags(
                "h", priority: 1, presentation: Fixture.presentation(tap: Self.tap("onTag", [("name", Fixture.template(.name("name")))]))),
            Fixture.regex(
                "mention", #"@\w+"#, presentation: Fixture.presentation(style: TextStyle(underline: .double, strikethrough: .single))),
            Fixture.regex("vip", #"\[vip\]"#, presentation: Fixture.presentation(widget: WidgetSpec(name: "badge"))),
            Fixture.regex(
                "new", "NEW",
                presentation: Fixture.presentation(tap: Self.tap("n"), widget: WidgetSpec(name: "dot", position: .after, tappable: false))),
            Fixture.element(
                "a", attributes: ["href"],
                presentation: Fixture.presentation(tap: Self.tap("open", [(nil, Fixture.template(.name("href")))]))),
            Fixture.element(
                "img", attributes: ["src"], isVoid: true,
                presentation: Fixture.presentation(image: ImageSpec(source: Fixture.template(.name("src"))))),
        ]
        let engine = try Fixture.engine(rules)
        for iteration in 0..<300 {
            let text = (0..<rng.below(16)).map { _ in rng.pick(pieces) }.joined()
            let result = engine.render(text)
            let html = result.html(options: HTMLOptions(base: Fixture.base, colorScheme: .adaptive, includesMatchDetails: true))
            Self.assertWellFormed(html, "seed \(seed) iteration \(iteration): \(text.debugDescription)")
            var display = result.display.replacingOccurrences(of: "\r\n", with: "\n")
            for lineBreak in ["\r", "\u{2028}", "\u{2029}", "\u{85}"] { display = display.replacingOccurrences(of: lineBreak, with: "\n") }
            XCTAssertEqual(
                Self.visibleText(html), display,
                "seed \(seed) iteration \(iteration): \(text.debugDescription)")
        }
    }

    // MARK: Helpers

    /// The values of every `name="…"` attribute.
    static func attributeValues(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    static let voidElements: Set<String> = ["br", "img"]
    static let elements: Set<String> = ["style", "div", "span", "a", "br", "img"]

    /// Every `<` opens or closes an allowed element with well-formed attributes (quoted
    /// values with no `<`, `>` or their quote inside), elements nest, and the `<style>`
    /// holds no `<`.
    static func assertWellFormed(
        _ html: String, _ context: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        let tag = try! NSRegularExpression(pattern: #"\G<(/?)([a-z]+)((?: [a-z][a-z-]*(?:="[^"<>]*"|='[^'<>]*'))*)>"#)
        let ns = html as NSString
        var stack: [String] = []
        var location = 0
        while location < ns.length {
            let next = ns.range(of: "<", options: [], range: NSRange(location: location, length: ns.length - location))
            guard next.location != NSNotFound else { break }
            guard let match = tag.firstMatch(in: html, range: NSRange(location: next.location, length: ns.length - next.location)) else {
                XCTFail(
                    "malformed tag at \(next.location): \(ns.substring(from: next.location).prefix(80)) \(context())", file: file,
                    line: line)
                return
            }
            let closing = match.range(at: 1).length > 0
            let name = ns.substring(with: match.range(at: 2))
            XCTAssertTrue(elements.contains(name), "element <\(name)> \(context())", file: file, line: line)
            if closing {
                XCTAssertEqual(stack.popLast(), name, "</\(name)> closes another element \(context())", file: file, line: line)
            } else if !voidElements.contains(name) {
                stack.append(name)
            }
            location = match.range.upperBound
            if name == "style", !closing {
                let end = ns.range(of: "</style>", options: [], range: NSRange(location: location, length: ns.length - location))
                XCTAssertNotEqual(end.location, NSNotFound, context(), file: file, line: line)
                XCTAssertFalse(ns.substring(with: NSRange(location: location, length: end.location - location)).contains("<"), context())
                location = end.location
            }
        }
        XCTAssertEqual(stack, [], "unclosed elements \(context())", file: file, line: line)
        assertTapsResolve(html, context(), file: file, line: line)
    }

    /// A tap is written once: an element that names one by `data-tap` without holding it
    /// (`data-handler`) comes after the element that holds it, and no two hold the same.
    static func assertTapsResolve(
        _ html: String, _ context: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        let tag = try! NSRegularExpression(pattern: #"<[a-z]+((?: [a-z][a-z-]*(?:="[^"<>]*"|='[^'<>]*'))*)>"#)
        let reference = try! NSRegularExpression(pattern: #" data-tap="([0-9]+)""#)
        let ns = html as NSString
        var holders: Set<String> = []
        for match in tag.matches(in: html, range: NSRange(location: 0, length: ns.length)) {
            let attributes = ns.substring(with: match.range(at: 1))
            guard let tap = reference.firstMatch(in: attributes, range: NSRange(location: 0, length: (attributes as NSString).length))
            else { continue }
            let index = (attributes as NSString).substring(with: tap.range(at: 1))
            if attributes.contains(" data-handler=") {
                XCTAssertTrue(holders.insert(index).inserted, "tap \(index) written twice \(context())", file: file, line: line)
            } else {
                XCTAssertTrue(holders.contains(index), "data-tap=\"\(index)\" before its tap \(context())", file: file, line: line)
            }
        }
    }

    /// The text a browser shows, with attachments as U+FFFC: tags removed (`<br>` is a
    /// line break, an image or widget one U+FFFC), references decoded.
    static func visibleText(_ html: String) -> String {
        var html = html
        if let end = html.range(of: "</style>") { html = String(html[end.upperBound...]) }
        html = html.replacingOccurrences(
            of: #"<span class="rr-(widget|named-image)"[^>]*>[^<]*</span>"#, with: "\u{FFFC}", options: .regularExpression)
        html = html.replacingOccurrences(of: "<img [^>]*>", with: "\u{FFFC}", options: .regularExpression)
        html = html.replacingOccurrences(of: "<br>", with: "\n")
        html = html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        var out = ""
        var rest = Substring(html)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let semicolon = rest[amp...].firstIndex(of: ";")!
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "#39": out += "'"
            default: out.unicodeScalars.append(Unicode.Scalar(UInt32(entity.dropFirst(2), radix: 16)!)!)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }
}

import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

/// Compiles the checked-in generated Swift of every example spec and of `Specs/escapes`
/// and `Specs/taps` (`Generated/`) and runs it against the reference engine built from the
/// spec itself on a seeded corpus. The table the generated Swift declares equals both the
/// spec's and the one read from the checked-in `.styles.json`.
/// `RulegenTests.GoldenFilesTests` checks that the checked-in files are up to date.
final class ConsumerTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let specs = folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs")

    func reference(_ name: String, in folder: URL = ConsumerTests.specs) throws -> RuleEngine {
        let output = Compiler.compile(path: folder.appendingPathComponent("\(name).richrules").path)
        return try RuleEngine(reference: XCTUnwrap(output.table, "\(name): \(output.diagnostics.map(\.message))"))
    }

    /// The table of the checked-in `Generated/<Name>.styles.json`.
    func checkedInTable(_ name: String) throws -> StyleTable {
        try StyleTable(jsonData: Data(contentsOf: Self.folder.appendingPathComponent("Generated/\(name).styles.json")))
    }

    static let pieces = [
        "I agree to the ", "<h1>User Agreement</h1>", "<h2>Privacy Policy</h2>", "<h3>x</h3>", "<H4>条款</H4>", "<h1>", "</h2>",
        " cc @alice", "@bob_1", " 13800138000", " #topic# ", "#tag", " https://apple.com/a?b=1.", " www.example.org ",
        "[smile]", "[heart]", "[vip]", "<a href=\"https://x.y/z\" title='t'>link</a>", "<img src=\"p.png\"/>", "<img src=q.jpg>",
        " http://old.example ", "😀", "👩‍👩‍👧", "中文", "العربية", "\n", " ", "Call ", "a&amp;b",
        "**", "_", "<b>", "</b>", "<i>", "</i>", "<p>", "</p>", "&nbsp;", ":smile:", "<br>", " v2.1 ", "12:30:45",
        "$12.50", "$7", "20px", " test ", "word", "key:", "[", "]", "[👩‍👩‍👧]", "e\u{301}", ":a_b:",
        " t.co/abc", "example.com/path?q=1", "＠alice", "#日本語", "$AAPL", " user@mail.com", "+1 (415) 555-0132", "。", "RT @x",
    ]

    func corpus(seed: UInt64, count: Int) -> [String] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in (0..<rng.below(12)).map { _ in rng.pick(Self.pieces) }.joined() }
    }

    func check(
        _ generated: (String) -> RenderResult, table: StyleTable, name: String, in folder: URL = ConsumerTests.specs,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let engine = try reference(name, in: folder)
        // The stamp of the run that wrote the pair: the same in both files, not in a table compiled here.
        var unstamped = table
        unstamped.contentHash = nil
        XCTAssertNotNil(table.contentHash, "\(name): generated table without its content hash", file: file, line: line)
        XCTAssertEqual(unstamped, engine.table, "\(name): generated table differs from the spec's", file: file, line: line)
        XCTAssertEqual(
            table, try checkedInTable(table.name), "\(name): generated table differs from its .styles.json", file: file, line: line)
        let seed = testSeed(7)
        for text in corpus(seed: seed, count: 400) {
            XCTAssertEqual(generated(text), engine.render(text), "seed \(seed) \(name): \(text)", file: file, line: line)
        }
    }

    func testAgreement() throws {
        try check(AgreementRules.render, table: AgreementRules.table, name: "agreement")
        XCTAssertEqual(AgreementRules.Rule.allCases.map(\.rawValue), ["h", "mention", "phone"])
        XCTAssertEqual(AgreementRules.Handler.openAgreement.rawValue, "openAgreement")
        XCTAssertEqual(AgreementRules.Style.allCases.count, 3)
    }

    /// `rule(of:)` gives the typed rule of a match; `nil` for the truncation token and for
    /// a match of another spec whose rule at that index has another name.
    func testRuleOfAMatch() throws {
        let result = AgreementRules.render("<h1>Terms</h1> @alice <h2>x</h2> 13800138000")
        XCTAssertEqual(result.matches.map(AgreementRules.rule(of:)), [.h, .mention, .h, .phone])
        let social = SocialRules.render("hi @bob [vip] " + String(repeating: "long text ", count: 20))
        XCTAssertEqual(social.matches.map(SocialRules.rule(of:)), [.mention, .vip])
        let truncated = social.truncated(toCharacters: 30)
        XCTAssertEqual(truncated.matches.map(\.isTruncationToken), [false, false, true])
        XCTAssertEqual(truncated.matches.map(SocialRules.rule(of:)), [.mention, .vip, nil])
        XCTAssertEqual(social.matches.map(AgreementRules.rule(of:)), [nil, nil])
        XCTAssertEqual(
            EscapesRules.Rule.allCases.map(\.rawValue), ["quotes", "backslashes", "interpolation", "default", "Type", "shown", "q"])
        XCTAssertEqual(EscapesRules.Rule.Type_.rawValue, "Type")
    }

    /// Quotes, backslashes, `#`, control and invisible characters, comment and literal
    /// delimiters in every kind of string a spec holds: the generated literals read back as
    /// the spec's strings.
    func testEscapes() throws {
        let specs = Self.folder.appendingPathComponent("Specs")
        try check(EscapesRules.render, table: EscapesRules.table, name: "escapes", in: specs)
        let table = EscapesRules.table
        XCTAssertEqual(table.base.font?.family, "Hel\"ve\\tica */ \u{202E}")
        XCTAssertEqual(table.truncation?.text, "\"\"\" more…\0")
        let patterns = table.rules.map { rule -> String? in
            guard case .regex(let pattern, _, _) = rule.matcher else { return nil }
            return pattern
        }
        XCTAssertEqual(patterns, ["\"\"\"#\"##\\/\\*", "\\\\\"#\\\\\\(x\\)", nil, "\\bdefault\\b", nil, "<<(x+)>>", nil])
        // `show` and conditional styles read back (the generated table equals the JSON's).
        let shown = EscapesRules.render("<<xx>> <q>a\"b\\ */</q> <q2>c</q2>")
        XCTAssertEqual(shown.display, "xx a\"b\\ */ c")
        let base = StyleColor.rgba(RGBA(red: 17, green: 34, blue: 51, alpha: 68))
        XCTAssertEqual(shown.matches.map { $0.style.color }, [base, .system(.red), base])
        XCTAssertEqual(shown.matches.last?.style.font?.weight, .bold)
        let text = "x \"\"\"#\"##/* y \\\"#\\(x) \\(z default <em data=\"d\"/>"
        XCTAssertEqual(
            EscapesRules.render(text).matches.map(\.rule), ["quotes", "backslashes", "interpolation", "default", "Type"])
        XCTAssertEqual(
            EscapesRules.render(text).matches.map { $0.tap?.arguments.map(\.value) ?? [] },
            [["say \"hi\"# \\# \u{0}*/ /* 😀 \u{2028}\u{202E}\u{7F}", "\"\"\"#\"##/*"], [], [], [], []])
    }

    /// Typed handler arguments (`TypedHandlersTests` dispatches them).
    /// One-code-point lookarounds on the DFA, longer ones and `\\X` on the NFA, in generated
    /// code (the program's second binary form) against NSRegularExpression.
    func testLookaround() throws {
        let specs = Self.folder.appendingPathComponent("Specs")
        try check(LookaroundRules.render, table: LookaroundRules.table, name: "lookaround", in: specs)
        let result = LookaroundRules.render("pay $12.50 for :tada: at 20px, [👩‍👩‍👧] a test text")
        XCTAssertEqual(
            result.matches.map { "\($0.rule):\($0.text)" },
            ["price:12.50", "emoji::tada:", "size:20", "cluster:👩‍👩‍👧", "word:text"])
    }

    /// The feed spec (twitter-text's extraction): five rules on lazy DFAs in generated code.
    func testFeed() throws {
        try check(FeedRules.render, table: FeedRules.table, name: "feed")
        let result = FeedRules.render("RT @alice: see t.co/abc or example.com/x。#日本語 $AAPL")
        XCTAssertEqual(
            result.matches.map { "\($0.rule):\($0.text)" },
            ["mention:@alice", "url:t.co/abc", "url:example.com/x", "hashtag:#日本語", "cashtag:$AAPL"])
    }

    func testTaps() throws {
        let specs = Self.folder.appendingPathComponent("Specs")
        try check(TapsRules.render, table: TapsRules.table, name: "taps", in: specs)
        XCTAssertEqual(TapsRules.Handler.allCases.map(\.rawValue), ["heading", "item", "mark", "numbered", "open", "ticket"])
    }

    func testSocial() throws {
        try check(SocialRules.render, table: SocialRules.table, name: "social")
        let result = SocialRules.render("hi @bob [vip] [smile]")
        XCTAssertEqual(result.matches.map(\.rule), ["mention", "vip", "emoji"])
        XCTAssertEqual(result.display, "hi @bob \u{FFFC} \u{FFFC}")
    }

    func testHtml() throws {
        try check(HtmlRules.render, table: HtmlRules.table, name: "html")
        let result = HtmlRules.render("<a href=\"https://x.y\">go</a>")
        XCTAssertEqual(result.matches.first?.tap?.arguments.first?.value, "https://x.y")
    }

    /// Containers: the generated code nests as the spec's engine does.
    func testChatCmsAndLegal() throws {
        try check(ChatRules.render, table: ChatRules.table, name: "chat")
        try check(CmsRules.render, table: CmsRules.table, name: "cms")
        try check(LegalRules.render, table: LegalRules.table, name: "legal")
        let chat = ChatRules.render("**great job @carol**")
        XCTAssertEqual(chat.display, "great job @carol")
        XCTAssertEqual(chat.matches.map { ChatRules.rule(of: $0) }, [.bold, .mention])
        XCTAssertEqual(chat.matches.map(\.parent), [nil, 0])
        // An HTML spec (`import html`): the generated table renders as a browser lays out.
        try check(MastodonRules.render, table: MastodonRules.table, name: "mastodon")
        XCTAssertEqual(CmsRules.table.html, true)
        XCTAssertEqual(CmsRules.table.formatVersion, StyleTable.htmlFormatVersion)
        XCTAssertTrue(CmsRules.engine.rendersHTML)
        let cms = CmsRules.render("<b>Bold with <a href=\"/l\">link</a></b> &amp; <p>more</p>")
        XCTAssertEqual(cms.display, "Bold with link &\n\nmore")
        XCTAssertEqual(cms.matches.map(\.rule), ["htmlBold", "htmlLink"])
        XCTAssertEqual(cms.matches.map { CmsRules.rule(of: $0) }, [.htmlBold, .htmlLink])
        XCTAssertTrue(CmsRules.table.rules.first { $0.name == "htmlBold" }?.nest == true)
        let status = MastodonRules.render(
            #"<p>Hi <a href="https://m.s/tags/a" class="mention hashtag">#<span>a</span></a> <a href="https://x.org/long"><span class="invisible">https://</span><span class="ellipsis">x.org/l</span><span class="invisible">ong</span></a></p>"#
        )
        XCTAssertEqual(status.display, "Hi #a x.org/l…")
        XCTAssertEqual(status.matches.compactMap(\.tap?.handler), ["openTag", "openURL"])
    }

    /// Paragraph properties, colors with a dark variant, a replacement with an image beside
    /// it and `alt`, `where` blocks on an element with taps: the generated table literal
    /// equals the spec's and its JSON, and renders as the spec's engine does.
    func testArticle() throws {
        try check(ArticleRules.render, table: ArticleRules.table, name: "article")
        XCTAssertEqual(ArticleRules.table.base.color, .dynamic(light: RGBA(hex: "1C1C1E")!, dark: RGBA(hex: "E5E5EA")!))
        XCTAssertEqual(ArticleRules.table.base.lineSpacing, 4)
        let result = ArticleRules.render("## Hi\nsee https://example.com <a href=\"#top\">up</a> <a href=\"/x\" class=\"disabled\">off</a>")
        XCTAssertEqual(result.display, "Hi\nsee \u{FFFC}网页链接 up off")
        XCTAssertEqual(result.paragraphs.map(\.style.alignment), [.center, nil])
        XCTAssertEqual(result.matches.map { $0.tap?.handler }, [nil, "openURL", "scrollToTop", nil])
        XCTAssertEqual(result.accessibilityElements.map(\.label), ["Web link", "up"])
        XCTAssertEqual(ArticleRules.Handler.allCases.map(\.rawValue), ["openProfile", "openURL", "scrollToTop"])
    }

    func testPrefix() throws {
        try check(PrefixRules.render, table: PrefixRules.table, name: "prefix")
        XCTAssertEqual(PrefixRules.render("a #b @c http://d").matches.map(\.text), ["#b", "@c", "http://d"])
    }
}

/// The generated `Handlers` protocol and `dispatch`: the seed's agreement text routes each
/// tap to its method with the spec's arguments. (The handlers are main-actor isolated; an
/// `@MainActor` test class does not load in Linux XCTest, so the tests hop to the main actor.)
final class HandlersTests: XCTestCase {
    final class Recorder: AgreementRules.Handlers {
        var calls: [String] = []
        func call(number: String) { calls.append("call(number: \(number))") }
        func onTag(name: String, text: String) { calls.append("onTag(name: \(name), text: \(text))") }
        func openAgreement() { calls.append("openAgreement()") }
        func openPrivacy() { calls.append("openPrivacy()") }
        func openProfile(user: String) { calls.append("openProfile(user: \(user))") }
    }

    func testTheSeedTextDispatchesEveryTapToItsHandler() async {
        await MainActor.run { Self.dispatchesTheSeedText() }
    }

    @MainActor static func dispatchesTheSeedText() {
        let result = AgreementRules.render(
            "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice <h3>Terms</h3> 13800138000")
        let recorder = Recorder()
        XCTAssertEqual(result.matches.map { AgreementRules.dispatch($0, to: recorder) }, [true, true, true, true, true])
        XCTAssertEqual(
            recorder.calls,
            [
                "openAgreement()", "openPrivacy()", "openProfile(user: @alice)", "onTag(name: h3, text: Terms)",
                "call(number: 13800138000)",
            ])
    }

    func testTargetsThatNameNoHandlerOrOtherArgumentsAreNotDispatched() async {
        await MainActor.run { Self.refusesOtherTargets() }
    }

    @MainActor static func refusesOtherTargets() {
        let recorder = Recorder()
        XCTAssertFalse(AgreementRules.dispatch(TapTarget(handler: "openURL", arguments: []), to: recorder))
        XCTAssertFalse(
            AgreementRules.dispatch(TapTarget(handler: "call", arguments: [.init(label: "phone", value: "1")]), to: recorder))
        XCTAssertFalse(AgreementRules.dispatch(TapTarget(handler: "openPrivacy", arguments: [.init(label: nil, value: "x")]), to: recorder))
        XCTAssertEqual(recorder.calls, [])
    }

    func testStyleNamesAndRuntimeCheck() {
        XCTAssertEqual(AgreementRules.Style.allCases.map(\.rawValue), ["danger", "link", "pressed"])
        XCTAssertEqual(RichRulesVersion.compatibilityTypeName, "RichRulesRuntime_0_4")
    }
}

/// The typed `Handlers` of `Specs/taps`: `${index}` of a tag family or an element arrives
/// as an `Int`, `${level}` (also when mixed with `${index}`) as an `Int?` that is `nil` for
/// `<h>`, any other value (a declared attribute `level`, a named group `index`, `$0`) as a
/// `String`. The recorder conforms only if the generated requirements have these types.
final class TypedHandlersTests: XCTestCase {
    enum Call: Equatable {
        case heading(rank: Int?, index: Int)
        case item(level: String, index: Int)
        case mark(String, text: String)
        case numbered(Int)
        case open(url: String, n: Int)
        case ticket(String)
    }

    final class Recorder: TapsRules.Handlers {
        var calls: [Call] = []
        func heading(rank: Int?, index: Int) { calls.append(.heading(rank: rank, index: index)) }
        func item(level: String, index: Int) { calls.append(.item(level: level, index: index)) }
        func mark(_ argument0: String, text: String) { calls.append(.mark(argument0, text: text)) }
        func numbered(_ argument0: Int) { calls.append(.numbered(argument0)) }
        func open(url: String, n: Int) { calls.append(.open(url: url, n: n)) }
        func ticket(_ argument0: String) { calls.append(.ticket(argument0)) }
    }

    func testRenderedTapsArriveWithTypedArguments() async {
        await MainActor.run { Self.dispatchesRenderedTaps() }
    }

    @MainActor static func dispatchesRenderedTaps() {
        let result = TapsRules.render(
            "<h>Intro</h> <h1>One</h1> <h3>Three</h3> <h2>Two</h2> <h6>Six</h6> #tag T-42 <a href=\"u\">go</a>"
                + " <li level=\"x\">i</li> <a href='v'>again</a>")
        let recorder = Recorder()
        XCTAssertEqual(result.matches.map { TapsRules.dispatch($0, to: recorder) }, Array(repeating: true, count: 10))
        XCTAssertEqual(
            recorder.calls,
            [
                .heading(rank: nil, index: 0), .numbered(1), .heading(rank: 3, index: 2), .heading(rank: 3, index: 3),
                .mark("4", text: "Six"), .mark("#tag", text: "#tag"), .ticket("42"), .open(url: "u", n: 0),
                .item(level: "x", index: 0), .open(url: "v", n: 1),
            ])
    }

    func testActionsDispatchWithoutAClass() async {
        await MainActor.run { Self.dispatchesToActions() }
    }

    /// `Actions` (closures, what a SwiftUI view makes in its `body`) get the same typed
    /// arguments as `Handlers`.
    @MainActor static func dispatchesToActions() {
        var calls: [Call] = []
        let actions = TapsRules.Actions(
            heading: { calls.append(.heading(rank: $0, index: $1)) }, item: { calls.append(.item(level: $0, index: $1)) },
            mark: { calls.append(.mark($0, text: $1)) }, numbered: { calls.append(.numbered($0)) },
            open: { calls.append(.open(url: $0, n: $1)) }, ticket: { calls.append(.ticket($0)) })
        let result = TapsRules.render("<h1>One</h1> T-42 <a href=\"u\">go</a>")
        XCTAssertEqual(result.matches.map { TapsRules.dispatch($0, to: actions) }, [true, true, true])
        XCTAssertEqual(calls, [.numbered(0), .ticket("42"), .open(url: "u", n: 0)])
        XCTAssertFalse(TapsRules.dispatch(TapTarget(handler: "nope", arguments: []), to: actions))
    }

    func testIntegerArgumentsThatAreNotIntegersAreNotDispatched() async {
        await MainActor.run { Self.convertsTargetValues() }
    }

    /// Targets built by the app: an `Int` argument must be an integer; an `Int?` one is
    /// `nil` for the empty string.
    @MainActor static func convertsTargetValues() {
        let recorder = Recorder()
        XCTAssertFalse(TapsRules.dispatch(TapTarget(handler: "numbered", arguments: [.init(label: nil, value: "one")]), to: recorder))
        XCTAssertFalse(
            TapsRules.dispatch(
                TapTarget(handler: "open", arguments: [.init(label: "url", value: "u"), .init(label: "n", value: "")]), to: recorder))
        XCTAssertTrue(
            TapsRules.dispatch(
                TapTarget(handler: "heading", arguments: [.init(label: "rank", value: ""), .init(label: "index", value: "5")]),
                to: recorder))
        XCTAssertTrue(
            TapsRules.dispatch(
                TapTarget(handler: "heading", arguments: [.init(label: "rank", value: "12"), .init(label: "index", value: "-1")]),
                to: recorder))
        XCTAssertEqual(recorder.calls, [.heading(rank: nil, index: 5), .heading(rank: 12, index: -1)])
    }
}

final class TemplateConsumerTests: XCTestCase {
    /// The generated template API: a name and a message never become markup, each keeps its
    /// own mentions and links (`in arguments`), and nothing matches across the two.
    /// The README's streaming example on the generated chat engine: an answer arriving a
    /// few characters at a time, each change applied to a label core, equal to whole renders.
    func testStreamingTheReadmeWay() {
        let answer = "Sure **@carol**, the docs are at https://example.com/streaming and _here_ :smile:\n\nCall +1 415 555 0132."
        var stream = RichStream(engine: ChatRules.engine)
        let label = RichLabelCore(engine: ReferenceLayoutEngine(), numberOfLines: 2)
        label.width = 80
        var provisionalSeen = false
        var at = answer.startIndex
        while at < answer.endIndex {
            let end = answer.index(at, offsetBy: 3, limitedBy: answer.endIndex) ?? answer.endIndex
            let change = stream.append(String(answer[at..<end]))
            at = end
            XCTAssertEqual(change.result, ChatRules.render(stream.text), stream.text)
            XCTAssertNil(change.fallback)
            label.apply(change)
            _ = label.layout  // what a shell draws after the invalidation
            if !change.provisional.isEmpty { provisionalSeen = true }
        }
        XCTAssertTrue(provisionalSeen, "a match near the end is provisional while the text grows")
        XCTAssertEqual(label.result.matches.map(\.rule), ["bold", "mention", "link", "italic", "emoji", "phone"])
        XCTAssertTrue(label.isTruncated)
        XCTAssertGreaterThan(label.statistics.streamedLayouts, 0)
        // A frame's worth of pieces as one append.
        var coalesced = RichStream(engine: ChatRules.engine)
        coalesced.append(contentsOf: ["Sure **@ca", "rol**, the docs"])
        let change = coalesced.append(contentsOf: [" are at https://example.com/streaming", " and _here_"])
        XCTAssertEqual(change.result, ChatRules.render(coalesced.text))
        XCTAssertEqual(change.result.matches.map(\.rule), ["bold", "mention", "link", "italic"])
    }

    func testChatTemplates() {
        let name = "**@eve** https://evil.example/"
        let message = "hi @bob"
        let formatted = ChatRules.render(template: "%@: %@", arguments: [name, message])
        let interpolated = ChatRules.render(template: "\(name): \(message)")
        XCTAssertEqual(formatted, interpolated)
        XCTAssertEqual(formatted.text, name + ": " + message)
        XCTAssertEqual(formatted.arguments.map(\.location), [0, name.utf16.count + 2])
        XCTAssertEqual(formatted.matches.map(\.rule), ["bold", "mention", "link", "mention"])
        XCTAssertEqual(formatted.matches.map(\.text), ["**@eve**", "@eve", "https://evil.example/", "@bob"])
        let joined = ChatRules.render(template: "@%@", arguments: ["bob"])
        XCTAssertEqual(joined.matches.map(\.rule), [])
        // A plain name holds no match; the rich message keeps its own.
        let plain = ChatRules.render(template: "%@: %@", arguments: [.plain(name), .rich(message)])
        XCTAssertEqual(plain, ChatRules.render(template: "\(plain: name): \(message)"))
        XCTAssertEqual(plain.matches.map(\.text), ["@bob"])
        XCTAssertEqual(plain.display, name + ": " + message)
    }
}

extension ConsumerTests {
    /// Every `example` of the example specs holds on the three engines of its table: the
    /// generated code's, the compiler's and the reference one (every rule on
    /// NSRegularExpression), so an example states ICU's behaviour, not only the automata's.
    func testSpecExamplesHoldOnTheGeneratedCompiledAndReferenceEngines() throws {
        let generated: [(String, RuleEngine)] = [
            ("agreement", AgreementRules.engine), ("article", ArticleRules.engine), ("chat", ChatRules.engine),
            ("cms", CmsRules.engine), ("feed", FeedRules.engine), ("html", HtmlRules.engine), ("legal", LegalRules.engine),
            ("prefix", PrefixRules.engine), ("social", SocialRules.engine), ("mastodon", MastodonRules.engine),
        ]
        var held = 0
        for (name, engine) in generated {
            let path = Self.specs.appendingPathComponent("\(name).richrules").path
            let output = Compiler.compile(path: path, analyze: false)
            let compiled = try XCTUnwrap(output.engine, "\(name): \(output.diagnostics.map(\.message))")
            let reference = try RuleEngine(reference: compiled.table)
            let kinds = ["generated", "compiled", "reference"]
            let runs = try XCTUnwrap(SpecExamples.run(path: path, on: [engine, compiled, reference]), "\(name): errors")
            for (kind, run) in zip(kinds, runs) {
                XCTAssertEqual(run.summary.failed, 0, "\(name) on the \(kind) engine: \(run.diagnostics.map(\.message))")
                XCTAssertGreaterThan(run.summary.passed, 0, "\(name) on the \(kind) engine: no example ran")
                held += run.summary.passed
            }
        }
        // 47 examples in Specs/, each on three engines.
        XCTAssertEqual(held, 47 * 3)
    }
}

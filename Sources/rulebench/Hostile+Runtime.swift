import Foundation
import RuleCompiler
import RuleRuntime

/// Hostile sizes at run time: what a message can make the reads of a result cost. Times
/// are the fastest of several samples (three, nine for the growths, sizes taken in turn):
/// the machine is shared.
///
/// - `punycode`: `${url}` of `http://` + 40,000 distinct CJK letters + `.com/` through
///   `DetectorFields` (the host's punycode; ICU's normalization data loaded before), < 50 ms;
///   then `Specs/chat.richrules` on that message, and on one of 160 links of three 63-letter
///   labels each (hosts that stay links where a label over 63 letters is no host): every
///   read of each result after the render (taps — the first computes the fields —, fields,
///   long-press menus, attributed string, accessibility, the text menu, `html()`, taps
///   again), < 50 ms a message.
/// - `html`: `html()` of a tappable container around tappable children, at three sizes
///   each: cms's `<a href="…10 KB…">` around 1,000, 2,000 and 4,000 `<a href="/s">s</a>`,
///   and `<h1>` (tapped with `${text}`) around 2,000, 4,000 and 8,000 mentions. The growth
///   of time and bytes per child and per doubling, from the first size to the last (at
///   most 1.2: linear; quadratic is 2).
/// - `imagesrc`: cms on `<img src="` + 800,000 spaces + `javascript:x"/>` and on
///   `<img src="x.png` + 800,000 spaces + `"/>`: `html()`, the attributed string and
///   accessibility after the render (2.4 MB of HTML), < 250 ms; and the growth of that time
///   per space from 400,000 spaces (at most 1.2: linear).
extension Hostile {
    // MARK: Inputs

    /// `count` distinct CJK letters: from U+4E00, then from U+20000.
    static func distinctLetters(_ count: Int, skipping offset: Int = 0) -> String {
        let values = (offset..<offset + count).map { $0 < 20_000 ? 0x4E00 + $0 : 0x2_0000 + $0 - 20_000 }
        return String(String.UnicodeScalarView(values.map { Unicode.Scalar(UInt32($0))! }))
    }

    /// A link whose host is one label of `letters` distinct letters.
    static func longHostLink(letters: Int) -> String { "http://" + distinctLetters(letters) + ".com/" }

    /// `count` links, each a host of three 63-letter labels (no host label longer than DNS
    /// allows), separated by spaces.
    static func labelledLinks(count: Int) -> String {
        (0..<count).map { i in
            "http://" + (0..<3).map { distinctLetters(63, skipping: (3 * i + $0) * 63 % 30_000) }.joined(separator: ".") + ".com/ "
        }.joined()
    }

    static let headingSpec = """
        richrules 1
        tags h { nest  tap open(text: ${text}) }
        rule mention { match /@\\w+/  tap profile(user: $0) }
        """

    static func linkContainer(children: Int) -> String {
        "<a href=\"https://example.com/" + String(repeating: "p", count: 10_000) + "\">"
            + String(repeating: "<a href=\"/s\">s</a> ", count: children) + "</a>"
    }

    static func headingContainer(mentions: Int) -> String { "<h1>" + String(repeating: "hi @user ", count: mentions) + "</h1>" }

    // MARK: Cases

    /// Every read a label, an accessibility pass, a menu and a web view make of `result`.
    static func readEverything(_ result: RenderResult) {
        for (index, match) in result.matches.enumerated() {
            _ = match.tap
            _ = match.named
            _ = result.contextMenu(forMatch: index)
        }
        _ = result.attributedString()
        _ = result.accessibilityElements
        _ = result.accessibilityLabel
        _ = result.textContextMenu
        _ = result.html()
        for match in result.matches { _ = match.tap }
    }

    static func punycode(specDirectory: String) -> [(String, JSON)]? {
        let link = longHostLink(letters: 40_000)
        _ = DetectorFields.value("url", detector: "link", text: "http://例え.jp/")  // ICU's normalization data, loaded once
        var url: String?
        // The fastest of three (the machine is shared); each read of a new render computes
        // the fields again.
        let field = (0..<3).map { _ in seconds { url = DetectorFields.value("url", detector: "link", text: link) } }.min()!
        let output = Compiler.compile(path: specDirectory + "/chat.richrules", analyze: false)
        guard let table = output.table, let automata = output.automata, let chat = makeEngine(table: table, automata: automata)
        else { return nil }
        let texts = [link, labelledLinks(count: 160)]
        let reads = texts.map { text in
            (0..<3).map { _ in
                let result = chat.render(text); return seconds { readEverything(result) }
            }.min()!
        }
        let links = texts.map { chat.render($0).matches.filter { $0.rule == "link" }.count }
        return [
            ("hostile_punycode_ms", .number(field * 1_000)), ("hostile_link_reads_ms", .number(reads[0] * 1_000)),
            ("hostile_labelled_reads_ms", .number(reads[1] * 1_000)), ("url_bytes", .int(url?.utf8.count ?? 0)),
            ("long_host_links", .int(links[0])), ("labelled_links", .int(links[1])),
        ]
    }

    static func html(cms: RuleEngine) -> [(String, JSON)]? {
        let output = Compiler.compile(source: headingSpec, path: "heading.richrules", analyze: false)
        guard let table = output.table, let automata = output.automata, let heading = makeEngine(table: table, automata: automata)
        else { return nil }
        var object: [(String, JSON)] = []
        for (name, engine, sizes, text) in [
            ("link", cms, [1_000, 2_000, 4_000], linkContainer(children:)),
            ("heading", heading, [2_000, 4_000, 8_000], headingContainer(mentions:)),
        ] {
            let results = sizes.map { engine.render(text($0)) }
            var times = [Double](repeating: .infinity, count: sizes.count)
            var bytes = [Int](repeating: 0, count: sizes.count)
            // The fastest of nine, the sizes taken in turn: the machine is shared, and a
            // busy moment then slows every size alike.
            for _ in 0..<9 {
                for (index, result) in results.enumerated() {
                    times[index] = min(times[index], seconds { bytes[index] = result.html().utf8.count })
                }
            }
            // Per child and per doubling of the children: the growth from the first size to
            // the last, spread over the doublings (a busy moment at the middle size moves
            // nothing).
            let doublings = Double(sizes.count - 1)
            let scale = Double(sizes.last!) / Double(sizes[0])
            let timeGrowth = pow(times.last! / times[0] / scale, 1 / doublings)
            let byteGrowth = pow(Double(bytes.last!) / Double(bytes[0]) / scale, 1 / doublings)
            object += [
                ("hostile_html_\(name)_time_growth", .number(timeGrowth)), ("hostile_html_\(name)_bytes_growth", .number(byteGrowth)),
                ("html_\(name)_ms", .array(times.map { .number($0 * 1_000) })), ("html_\(name)_bytes", .array(bytes.map { .int($0) })),
            ]
        }
        return object
    }

    static func imageSource(cms: RuleEngine) -> [(String, JSON)] {
        let sizes = [400_000, 800_000]
        let results = sizes.map { count in
            let spaces = String(repeating: " ", count: count)
            return [cms.render("<img src=\"" + spaces + "javascript:x\"/>"), cms.render("<img src=\"x.png" + spaces + "\"/>")]
        }
        var times = [Double](repeating: .infinity, count: sizes.count)
        var bytes = 0
        // The fastest of nine, the sizes taken in turn (see `html(cms:)`).
        for _ in 0..<9 {
            for (index, pair) in results.enumerated() {
                times[index] = min(
                    times[index],
                    seconds {
                        bytes = 0
                        for result in pair {
                            bytes += result.html().utf8.count
                            _ = result.attributedString()
                            _ = result.accessibilityElements
                        }
                    })
            }
        }
        return [
            ("hostile_image_src_ms", .number(times[1] * 1_000)), ("hostile_image_src_growth", .number(times[1] / times[0] / 2)),
            ("html_bytes", .int(bytes)), ("images", .int(results[1].map(\.matches.count).reduce(0, +))),
        ]
    }
}

/// `htmltree` (issue 37): the HTML tree builder and its rendered text (`HTMLTree`, not yet in
/// renders) on markup that makes a parser work hardest — 100,000 nested `<div>`s (kept to
/// `HTMLTree.maxDepth`), unclosed `<p>`s and `<li>`s (each closes the one before), crossed
/// formatting elements (`<b>a <i>b</b> c</i>`: each crossing reopens `<i>`), a comment and
/// a `<script>` that never close. At two sizes (the second twice the first): the growth of
/// the time per doubling (at most 1.5: linear with room for the cache; quadratic is 2), and the largest size's time
/// for all of them (about 5.5 MB of markup and 1.1 million nodes: < 1,500 ms; 0.75 s on
/// 2026-12-05, about 0.7 µs a node, half of it the parse — to be made faster when renders
/// use the tree: docs/HTML.md). `htmltree_*_parse_ms`: the parse alone.
enum HTMLTreeHostile {
    static let inputs: [(name: String, make: @Sendable (Int) -> String)] = [
        ("nested", { String(repeating: "<div>", count: $0) + "x" + String(repeating: "</div>", count: $0) }),
        ("paragraphs", { String(repeating: "<p>one two ", count: $0) }),
        ("items", { "<ul>" + String(repeating: "<li>item ", count: $0) }),
        ("crossed", { String(repeating: "<b>a <i>b</b> c</i> ", count: $0) }),
        ("unclosed", { "<!--" + String(repeating: "x ", count: $0) + "<script>" + String(repeating: "<p>", count: $0) }),
    ]

    static func measure() -> [(String, JSON)] {
        let sizes = [50_000, 100_000]
        var object: [(String, JSON)] = []
        var total = 0.0
        var nodes = 0
        for input in inputs {
            let texts = sizes.map(input.make)
            var times = [Double](repeating: .infinity, count: sizes.count)
            // The fastest of five, the sizes taken in turn.
            for _ in 0..<5 {
                for (index, text) in texts.enumerated() {
                    times[index] = min(
                        times[index],
                        Hostile.seconds {
                            let tree = HTMLTree(parsing: text)
                            nodes = tree.nodes.count
                            _ = tree.renderedText(listMarkers: true)
                        })
                }
            }
            var parse = Double.infinity
            for _ in 0..<3 { parse = min(parse, Hostile.seconds { _ = HTMLTree(parsing: texts[1]) }) }
            object.append(("htmltree_\(input.name)_parse_ms", .number(parse * 1_000)))
            total += times[1]
            object.append(("hostile_htmltree_\(input.name)_growth", .number(times[1] / times[0] / 2)))
            object.append(("htmltree_\(input.name)_nodes", .int(nodes)))
            object.append(("htmltree_\(input.name)_ms", .number(times[1] * 1_000)))
        }
        object.append(("hostile_htmltree_ms", .number(total * 1_000)))
        return object
    }
}

import Foundation
import RuleCompiler
@_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

/// Containers against a brute-force implementation of the nesting contract, on random
/// specs and texts, for both engines (NSRegularExpression per rule, and the compiled
/// automata): the candidates are found independently (NSRegularExpression, a small tag
/// tokenizer with its own pairing), the resolution checks every kept pair, parents are the
/// innermost enclosing kept container, and the display is built recursively.
final class NestingDifferentialTests: XCTestCase {
    /// A rule of the pool: its spec text (with `NEST` where `nest` may go, `PRIORITY`) and
    /// how the reference finds and shows its matches.
    struct PoolRule {
        var name: String
        var spec: String
        var kind: Kind
        /// Regex rules: the group shown (`show $N`); `nil`: the whole match.
        var show: Int? = nil
        /// A leaf's display, from its text and groups; `nil`: the shown source text.
        var replace: String? = nil
        var tap: String? = nil

        enum Kind {
            case regex(String)
            /// A tag family (name) or element (name, void); `*`: the catch-all.
            case family(String)
            case element(String, isVoid: Bool)
            case entity
        }
    }

    static let pool: [PoolRule] = [
        PoolRule(
            name: "bold", spec: #"match /\*\*(.+?)\*\*/ show $1 NEST style { font: bold }"#, kind: .regex(#"\*\*(.+?)\*\*"#),
            show: 1),
        PoolRule(name: "italic", spec: #"match /_(.+?)_/ show $1 NEST style { font: italic }"#, kind: .regex("_(.+?)_"), show: 1),
        PoolRule(
            name: "link", spec: #"match /\[([^\]]*)\]\(([^)]*)\)/ show $1 NEST style { color: systemBlue } tap open(url: $2)"#,
            kind: .regex(#"\[([^\]]*)\]\(([^)]*)\)"#), show: 1, tap: "open"),
        PoolRule(name: "brace", spec: #"match /\{[^{}]*\}/ NEST style { underline: single }"#, kind: .regex(#"\{[^{}]*\}"#)),
        PoolRule(name: "strike", spec: #"match /~(.*?)~/ show $1 NEST style { strikethrough: single }"#, kind: .regex("~(.*?)~"), show: 1),
        PoolRule(
            name: "mention", spec: #"match /@\w+/ style { color: systemPurple } tap profile(user: $0)"#, kind: .regex(#"@\w+"#),
            tap: "profile"),
        PoolRule(name: "hash", spec: #"match /#\w+/ style { color: systemTeal }"#, kind: .regex(#"#\w+"#)),
        PoolRule(name: "emoji", spec: #"match /:[a-z]+:/ replace "E""#, kind: .regex(":[a-z]+:"), replace: "E"),
        PoolRule(name: "digits", spec: #"match /\d+/ style { kern: 1 }"#, kind: .regex(#"\d+"#)),
        PoolRule(name: "h", spec: "NEST style { color: #FF0000 } tap onTag(n: ${name})", kind: .family("h"), tap: "onTag"),
        PoolRule(name: "b", spec: "match tag <b> NEST style { font: bold }", kind: .element("b", isVoid: false)),
        PoolRule(
            name: "a", spec: "match tag <a href> NEST style { underline: single } tap go(url: ${href})",
            kind: .element("a", isVoid: false), tap: "go"),
        PoolRule(name: "img", spec: #"match tag <img src/> image "${src}""#, kind: .element("img", isVoid: true), replace: "\u{FFFC}"),
        PoolRule(name: "other", spec: "match tag <*> NEST style { background: #EEEEEE }", kind: .element("*", isVoid: false)),
        PoolRule(name: "entity", spec: "match entity", kind: .entity),
    ]

    static let pieces = [
        "**", "_", "~", "[", "](", ")", "{", "}", "@al", "#t", ":ok:", "12", " ", "x", "y", "<b>", "</b>", "<B>", "<h1>",
        "</h1>", "<h>", "</h>", "<h2>", "</h2>", "<h1/>", "<a href=\"u\">", "</a>", "<img src=\"p\"/>", "<p>", "</p>",
        "<span>", "</span>", "&amp;", "&lt;", "&#x1F600;", "&bogus;", "😀", "é", "\n",
    ]

    static let entities = ["&amp;": "&", "&lt;": "<", "&#x1F600;": "😀"]

    /// Opening and closing markup of the pool's containers, to wrap random text in.
    static let wrappers = [
        ("**", "**"), ("_", "_"), ("[", "](u)"), ("{", "}"), ("~", "~"), ("<b>", "</b>"), ("<h1>", "</h1>"), ("<h>", "</h>"),
        ("<a href=\"u\">", "</a>"), ("<p>", "</p>"), ("<span>", "</span>"),
    ]

    /// Random pieces, some runs wrapped in a container's markup (up to `depth` deep).
    static func randomText(_ rng: inout SeededGenerator, depth: Int) -> String {
        (0..<rng.below(6)).map { _ in
            guard depth > 0, rng.below(3) == 0 else { return rng.pick(pieces) }
            let (open, close) = rng.pick(wrappers)
            return open + randomText(&rng, depth: depth - 1) + close
        }.joined()
    }

    func testContainersFollowTheContract() throws {
        let seed = testSeed(20_261_202)
        var rng = SeededGenerator(seed: seed)
        var checked = 0
        var nestedSeen = 0
        for attempt in 0..<60 {
            var rules: [PoolRule] = []
            for rule in Self.pool where rng.below(3) > 0 { rules.append(rule) }
            if rules.isEmpty { rules = [Self.pool[0], Self.pool[5]] }
            var lines = ["richrules 1", "base { color: #111111; font: 14 }"]
            var nests: [Bool] = []
            var priorities: [Int] = []
            for rule in rules {
                let nest = rule.spec.contains("NEST") && rng.below(4) > 0
                let priority = rng.pick([0, 0, 5, 10])
                nests.append(nest)
                priorities.append(priority)
                let body = rule.spec.replacingOccurrences(of: "NEST", with: nest ? "nest" : "") + " priority \(priority)"
                if case .family(let family) = rule.kind {
                    lines.append("tags \(family) { \(body) }")
                } else {
                    lines.append("rule \(rule.name) { \(body) }")
                }
            }
            let spec = lines.joined(separator: "\n")
            let output = Compiler.compile(source: spec, path: "nest\(attempt).richrules", analyze: false)
            let table = try XCTUnwrap(output.table, "seed \(seed): \(spec)\n\(output.diagnostics.map(\.message))")
            let engines = [
                ("icu", try RuleEngine(reference: table)), ("compiled", try RuleEngine(table: table, automata: XCTUnwrap(output.automata))),
            ]
            let reference = Reference(rules: rules, nests: nests, priorities: priorities, table: table)
            for _ in 0..<40 {
                let text = Self.randomText(&rng, depth: 3)
                let expected = reference.render(text)
                for (name, engine) in engines {
                    let result = engine.render(text)
                    let context = "seed \(seed), \(name) engine, text \(text.debugDescription)\n\(spec)"
                    XCTAssertEqual(result.display, expected.display, context)
                    XCTAssertEqual(result.matches.map(Summary.init), expected.kept, context)
                    XCTAssertEqual(
                        result.discarded.map {
                            Discarded(rule: $0.match.rule, range: $0.match.range, by: $0.reason.keptRange, at: $0.match.displayRange)
                        },
                        expected.discarded, context)
                    if result.matches.contains(where: { $0.parent != nil }) { nestedSeen += 1 }
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(nestedSeen, 1_000, "seed \(seed): the random texts nest matches")
        print("NestingDifferentialTests: \(checked) texts × 2 engines, \(nestedSeen) renders with nested matches (seed \(seed))")
    }

    /// What the test compares of a kept match.
    struct Summary: Equatable, CustomStringConvertible {
        var rule: String
        var range: TextRange
        var parent: Int?
        var displayRange: TextRange
        var display: String
        var style: TextStyle
        var tap: String?

        init(rule: String, range: TextRange, parent: Int?, displayRange: TextRange, display: String, style: TextStyle, tap: String?) {
            (self.rule, self.range, self.parent, self.displayRange, self.display, self.style, self.tap) =
                (rule, range, parent, displayRange, display, style, tap)
        }

        init(_ m: RuleMatch) {
            self.init(
                rule: m.rule, range: m.range, parent: m.parent, displayRange: m.displayRange, display: m.display, style: m.style,
                tap: m.tap?.handler)
        }

        var description: String { "\(rule)\(range)^\(parent.map(String.init) ?? "-") \(displayRange) \(display.debugDescription)" }
    }

    struct Discarded: Equatable {
        var rule: String
        var range: TextRange
        var by: TextRange
        var at: TextRange
    }
}

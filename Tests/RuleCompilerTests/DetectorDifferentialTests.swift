import Foundation
@_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler

/// The detectors on seeded random texts — pieces of URLs, hosts, emails, numbers with
/// separators, tags, brackets and Markdown marks, in several scripts, with joiners, viramas
/// and the invisible characters UTS 46 ignores — on the compiled engine and on
/// NSRegularExpression: each detector alone and all six together must give the same matches
/// (rule and range) and the same fields. 400 texts per engine pair by default, 20,000 with
/// `RICHRULES_LONG=1`; `RICHRULES_SEED` replays a run.
final class DetectorDifferentialTests: XCTestCase {
    static let detectors = ["link", "email", "phone", "mention", "hashtag", "cashtag"]

    /// What a link, an email, a number or a tag is made of, and what surrounds them.
    static let pieces: [String] = [
        "https://", "http://", "HTTP://", "ftp://", "mailto:", "www.", "example", "weibo", "t", "xn--r8jz45g", "例え", "пример",
        ".com", ".co", ".jp", ".рф", ".tv", ".md", ".", "..", "/", "/path", "/wiki/北京", "?q=1", "&b=2", "#frag", ":8080", ":99999",
        "(", ")", "[", "]", "{", "}", "（", "）", "「", "」", "【", "】", "。", "，", "、", "！", "？", "：", "；",
        "**", "*", "_", "~", "'", "\"", "<", ">", "@", "＠", "#", "＃", "$", "%20", "-", "+", ",", ";", "!", "?",
        "alice", "bob_1", "user.name", "AAPL", "BRK.A", "สวัสดี", "ภาษาไทย", "مرحبا", "привет", "詳細", "看看", "真的",
        "13800138000", "+1 415 555 0132", "(415) 555-0132", "020 7946 0958", "1.000.000", "10.15.7", "2026 2027",
        "100 200", "192.168.1.1", "978-3-16-148410-0", "0", "12", "345", "6789", "$9.99", "€5", "2026-12-02",
        " ", " ", "  ", "\n", "\t", "\u{200D}", "\u{FE0F}\u{20E3}", "🙂",
        "\u{AD}", "\u{200B}", "\u{200C}", "\u{3164}", "\u{FE0F}", "\u{094D}", "क", "نامه", "ای", "\u{064E}", "_", "'s", "sub_a.",
    ]

    /// Whole links, emails, numbers and tags, for the pieces to cut and surround.
    static let shapes: [String] = [
        "https://example.com/a_(b)", "http://例え.jp/パス", "www.example.com", "example.com/path", "t.co/abc", "MLB.tv",
        "https://zh.wikipedia.org/wiki/北京", "http://192.168.1.1:8080/x?y=1#z", "bob@example.com", "mailto:a.b+c@пример.рф",
        "@alice", "＠bob_1", "#swift", "#ภาษาไทย", "＃話題", "$AAPL", "$BRK.A", "+44 20 7946 0958", "13800138000",
        "(415) 555-0132", "01 23 45 67 89", "8 (495) 123-45-67", "http://ex\u{AD}ample.com/a",
        "www.\u{0DC1}\u{0DCA}\u{200D}\u{0DBB}\u{0DD3}.com",
        "http://\u{0646}\u{0627}\u{0645}\u{0647}\u{200C}\u{0627}\u{06CC}.com", "bob@ex\u{AD}ample.com", "http://localhost:8000",
    ]

    static func text(_ rng: inout SeededGenerator) -> String {
        (0..<(1 + rng.below(10))).map { _ in rng.below(3) == 0 ? rng.pick(shapes) : rng.pick(pieces) }.joined()
    }

    struct Found: Equatable, CustomStringConvertible {
        var rule: String
        var range: TextRange
        var url: String
        var description: String { "\(rule)@\(range.location)+\(range.length) \(url)" }
    }

    static func found(_ result: RenderResult) -> [Found] {
        result.matches.map { match in
            Found(rule: match.rule, range: match.range, url: match.tap?.arguments.map(\.value).joined(separator: "|") ?? "")
        }
    }

    /// A spec whose rules tap with every field their detector has, so the fields are compared too.
    static func spec(_ detectors: [String]) -> String {
        let fields = [
            "link": "(u: ${url}, h: ${host}, s: ${scheme})", "email": "(a: ${address}, u: ${url})", "phone": "(n: ${number})",
            "mention": "(u: ${user})", "hashtag": "(t: ${tag})", "cashtag": "(s: ${symbol})",
        ]
        return "richrules 1\n"
            + detectors.map { "rule \($0) { match detector(\($0))  tap open\($0)\(fields[$0]!) }\n" }.joined()
    }

    func testCompiledAndICUAgreeOnRandomTexts() throws {
        let long = ProcessInfo.processInfo.environment["RICHRULES_LONG"] == "1"
        let count = long ? 20_000 : 400
        let seed = testSeed(2_025_125)
        var rng = SeededGenerator(seed: seed)
        var compared = 0, withMatches = 0
        for detectors in Self.detectors.map({ [$0] }) + [Self.detectors] {
            let output = Compiler.compile(source: Self.spec(detectors), path: "detectors.richrules", analyze: false)
            let table = try XCTUnwrap(output.table, "\(output.diagnostics)")
            let compiled = try RuleEngine(table: table, automata: XCTUnwrap(output.automata))
            XCTAssertEqual(compiled.fallbacks, [])
            let icu = try RuleEngine(reference: table)
            var failures = 0
            for _ in 0..<count {
                let text = Self.text(&rng)
                let a = Self.found(compiled.render(text)), b = Self.found(icu.render(text))
                compared += 1
                if !a.isEmpty { withMatches += 1 }
                if a != b {
                    failures += 1
                    XCTFail("seed \(seed) \(detectors): compiled \(a) vs ICU \(b) on \(text.debugDescription)")
                    if failures >= 5 { break }
                }
            }
        }
        print("detector differential: \(compared) texts (\(withMatches) with matches), seed \(seed)")
        XCTAssertGreaterThan(withMatches, compared / 6, "the pieces make matches")
    }
}

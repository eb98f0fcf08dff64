import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import XCTest

/// twitter-text's regexes translated as written (`Benchmarks/specs/twitter-text/
/// twitter-text.richrules`) against twitter-text's own test data (`conformance/extract.yml`,
/// converted to `extract.json` by the dev-only `translate.py`, which no test runs).
///
/// Each group runs the rules its Extractor method runs: `mentions` the mention rule (list
/// matches left out, as `extractMentionedScreennames` leaves them), `hashtags` the hashtag
/// rule with the URL rule (`extractHashtags` drops hashtags that overlap a URL), `cashtags`
/// and `urls` their rule alone. The compiled engine and NSRegularExpression must agree on
/// every case (the contract); the conformance pass count of each group must not fall below
/// the floor measured when the spec was written. The failures are printed.
final class TwitterTextConformanceTests: XCTestCase {
    static let directory = RealSpec.directory("twitter-text")

    /// Conformance passes measured when the spec was written (a floor: regressions fail), of
    /// 23, 3, 65, 8 and 91 cases. The two URL cases that fail need Extractor's
    /// `isValidHostAndLength` (IDN.toASCII: a label over 63 characters, a non-ASCII `xn--`
    /// label), which the spec does not express.
    static let floors = ["mentions": 23, "mentions_with_indices": 3, "hashtags": 65, "cashtags": 8, "urls": 89]

    struct Case: Decodable {
        var description: String
        var text: String
        var expected: Expected
    }

    enum Expected: Decodable {
        case values([String])
        case mentions([Mention])

        struct Mention: Decodable, Equatable {
            var screen_name: String
            var indices: [Int]
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let values = try? container.decode([String].self) {
                self = .values(values)
            } else {
                self = .mentions(try container.decode([Mention].self))
            }
        }
    }

    func testExtractConformance() throws {
        let real = try RealSpec("twitter-text", spec: "twitter-text.richrules")
        let (table, compiled, icu) = (real.table, real.compiled, real.icu)
        func rule(_ name: String) throws -> Int { try XCTUnwrap(table.rules.firstIndex { $0.name == name }, name) }
        let (url, mention, hashtag, cashtag) = (try rule("url"), try rule("mention"), try rule("hashtag"), try rule("cashtag"))

        let data = try Data(contentsOf: Self.directory.appendingPathComponent("extract.json"))
        let groups = try JSONDecoder().decode([String: [Case]].self, from: data)
        let plan: [(group: String, rules: Set<Int>, rule: Int)] = [
            ("mentions", [mention], mention), ("mentions_with_indices", [mention], mention),
            ("hashtags", [url, hashtag], hashtag), ("cashtags", [cashtag], cashtag), ("urls", [url], url),
        ]
        for (group, rules, kept) in plan {
            let cases = try XCTUnwrap(groups[group], group)
            var passed = 0
            var failures: [String] = []
            for item in cases {
                let text = item.text as NSString
                // The contract: both engines give the same matches, whole spec and subset.
                real.assertEnginesAgree(on: item.text)
                func entities(_ engine: RuleEngine) -> [TextRange] {
                    let resolved = engine.resolve(item.text, rules: rules)
                    return resolved.resolution.kept.map { resolved.candidates[$0] }.filter { $0.ruleIndex == kept }.map(\.range)
                }
                let ranges = entities(compiled)
                XCTAssertEqual(ranges, entities(icu), "\(group): engines disagree on \(item.text.debugDescription)")
                var got: [String] = []
                var gotMentions: [Expected.Mention] = []
                for range in ranges {
                    var value = text.substring(with: NSRange(location: range.location, length: range.length))
                    var start = range.location
                    if kept == mention {
                        if value.contains("/") { continue }  // a list: extractMentionedScreennames drops it
                        let sigils = value.prefix { $0 == "@" || $0 == "＠" }
                        start += (sigils.utf16.count - 1)  // twitter-text's entity starts at the last at sign
                        value.removeFirst(sigils.count)
                    } else if kept == hashtag {
                        value.removeFirst()  // `#` or `＃`
                    } else if kept == cashtag {
                        value.removeFirst()  // `$`
                    }
                    got.append(value)
                    let codePoints = { (offset: Int) in text.substring(to: offset).unicodeScalars.count }
                    gotMentions.append(.init(screen_name: value, indices: [codePoints(start), codePoints(range.upperBound)]))
                }
                let ok: Bool
                switch item.expected {
                case .values(let values): ok = got == values
                case .mentions(let mentions): ok = gotMentions == mentions
                }
                if ok {
                    passed += 1
                } else {
                    failures.append("\(item.description): \(item.text.debugDescription) gives \(got), expected \(item.expected)")
                }
            }
            print("twitter-text \(group): \(passed)/\(cases.count) pass")
            for failure in failures { print("  FAIL \(group): \(failure)") }
            XCTAssertGreaterThanOrEqual(passed, Self.floors[group] ?? 0, "\(group): conformance below its floor")
        }
    }
}

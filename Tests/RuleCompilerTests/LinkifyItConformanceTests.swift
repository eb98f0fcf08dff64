import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import XCTest

/// linkify-it's regexes translated as written (`Benchmarks/specs/linkify-it/
/// linkify-it.richrules`) against linkify-it's own test data (`test/fixtures/links.txt` and
/// `not_links.txt`, converted to `links-test.json` by the dev-only `translate.py`, which no
/// test runs, reading them as linkify-it's `test/test.mjs` does).
///
/// A links.txt case expects the first link of its text (all five rules, resolved) to be the
/// expected text (test.mjs kills the normalizer, so `match(line)[0].url` is the raw link) and
/// a link in the text between two newlines; a not_links.txt case expects no link. The compiled engine and NSRegularExpression must agree
/// on every case (the contract); the conformance pass count of each file must not fall below
/// the floor measured when the spec was written. The failures are printed.
final class LinkifyItConformanceTests: XCTestCase {
    static let directory = RealSpec.directory("linkify-it")

    /// Conformance passes measured when the spec was written (a floor: regressions fail), of
    /// 117 and 38 cases: all pass.
    static let floors = ["links": 117, "not_links": 38]

    struct Case: Decodable {
        var file: String
        var line: Int
        var text: String
        var expected: String?
    }

    func testLinksConformance() throws {
        let real = try RealSpec("linkify-it", spec: "linkify-it.richrules")
        let compiled = real.compiled

        let data = try Data(contentsOf: Self.directory.appendingPathComponent("links-test.json"))
        let cases = try JSONDecoder().decode([Case].self, from: data)
        var passed: [String: Int] = [:]
        var counts: [String: Int] = [:]
        var failures: [String] = []
        for item in cases {
            let text = item.text as NSString
            // The contract: both engines give the same matches.
            real.assertEnginesAgree(on: item.text)
            let first = compiled.render(item.text).matches.min { $0.range.location < $1.range.location }
            let got = first.map { text.substring(with: NSRange(location: $0.range.location, length: $0.range.length)) }
            // test.mjs also asserts that `test('\n' + line + '\n')` finds a link.
            let wrapped = "\n" + item.text + "\n"
            real.assertEnginesAgree(on: wrapped)
            let foundWrapped = !compiled.render(wrapped).matches.isEmpty
            counts[item.file, default: 0] += 1
            if got == item.expected && (item.expected == nil || foundWrapped) {
                passed[item.file, default: 0] += 1
            } else {
                failures.append("\(item.file).txt line \(item.line): \(item.text.debugDescription) gives "
                    + "\(got.map { "\($0.debugDescription) (\(first!.rule))" } ?? "no link"), expected "
                    + "\(item.expected?.debugDescription ?? "no link")")
            }
        }
        for file in ["links", "not_links"] {
            print("linkify-it \(file).txt: \(passed[file] ?? 0)/\(counts[file] ?? 0) pass")
            XCTAssertGreaterThanOrEqual(passed[file] ?? 0, Self.floors[file] ?? 0, "\(file): conformance below its floor")
        }
        for failure in failures { print("  FAIL \(failure)") }
    }
}

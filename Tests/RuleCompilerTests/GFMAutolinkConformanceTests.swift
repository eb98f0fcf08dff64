import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import XCTest

/// GFM's autolink extension (cmark-gfm `extensions/autolink.c`, written as rules in
/// `Benchmarks/specs/gfm-autolink/gfm-autolink.richrules`) against cmark-gfm's own examples:
/// the "Autolinks (extension)" section of `test/spec.txt` and the "Autolinks" and "Interop"
/// sections of `test/extensions.txt`, converted to `autolink-test.json` by the dev-only
/// `translate.py` (which no test runs): one case per plain-text paragraph, expecting the
/// texts of the `<a href="…">TEXT</a>` elements of its expected HTML, in order.
///
/// The compiled engine and NSRegularExpression must agree on every case (the contract); the
/// conformance pass count must not fall below the floor measured when the spec was written.
/// The failures are printed.
final class GFMAutolinkConformanceTests: XCTestCase {
    static let directory = RealSpec.directory("gfm-autolink")

    /// Conformance passes measured when the spec was written (a floor: regressions fail), of 31
    /// cases: all pass.
    static let floor = 31

    struct Case: Decodable {
        var file: String
        var line: Int
        var paragraph: Int
        var text: String
        var expected: [String]
    }

    func testAutolinkConformance() throws {
        let real = try RealSpec("gfm-autolink", spec: "gfm-autolink.richrules")
        let compiled = real.compiled

        let data = try Data(contentsOf: Self.directory.appendingPathComponent("autolink-test.json"))
        let cases = try JSONDecoder().decode([Case].self, from: data)
        var passed = 0
        var failures: [String] = []
        for item in cases {
            let text = item.text as NSString
            // The contract: both engines give the same matches.
            real.assertEnginesAgree(on: item.text)
            let got = compiled.render(item.text).matches.sorted { $0.range.location < $1.range.location }
                .map { text.substring(with: NSRange(location: $0.range.location, length: $0.range.length)) }
            if got == item.expected {
                passed += 1
            } else {
                failures.append("\(item.file) line \(item.line) paragraph \(item.paragraph): \(item.text.debugDescription) "
                    + "gives \(got), expected \(item.expected)")
            }
        }
        print("gfm-autolink: \(passed)/\(cases.count) pass")
        for failure in failures { print("  FAIL \(failure)") }
        XCTAssertGreaterThanOrEqual(passed, Self.floor, "conformance below its floor")
    }
}

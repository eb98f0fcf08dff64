import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import XCTest

/// Android's `android.util.Patterns` translated as written (`Benchmarks/specs/android/
/// android.richrules`) against Android's own test data (`java/PatternsTest.java`, its
/// AUTOLINK_WEB_URL, AUTOLINK_EMAIL_ADDRESS and PHONE assertions converted to
/// `patterns-test.json` by the dev-only `translate.py`, which no test runs).
///
/// Each case runs its rule alone (the pattern, as the Java test calls it). A `matches()`
/// case (Java: the whole input) passes when "the rule's match found at 0 covers the whole
/// text" is what the test asserts; a `find()` case when "the rule finds a match" is. The
/// compiled engine and NSRegularExpression must agree on every case (the contract); the
/// conformance pass count of each rule must not fall below the floor measured when the spec
/// was written. The failures are printed.
final class AndroidPatternsConformanceTests: XCTestCase {
    static let directory = RealSpec.directory("android")

    /// Conformance passes measured when the spec was written (a floor: regressions fail), of
    /// 59, 34 and 25 cases.
    static let floors = ["url": 59, "email": 34, "phone": 25]

    struct Case: Decodable {
        var test: String
        var pattern: String
        var method: String  // "matches" (the whole text) or "find"
        var text: String
        var expected: Bool
        var rule: String
    }

    func testPatternsTestConformance() throws {
        let real = try RealSpec("android", spec: "android.richrules")
        let (table, compiled, icu) = (real.table, real.compiled, real.icu)

        let data = try Data(contentsOf: Self.directory.appendingPathComponent("patterns-test.json"))
        let cases = try JSONDecoder().decode([Case].self, from: data)
        var passed: [String: Int] = [:]
        var total: [String: Int] = [:]
        var failures: [String] = []
        for item in cases {
            let rule = try XCTUnwrap(table.rules.firstIndex { $0.name == item.rule }, item.rule)
            // The contract: both engines give the same matches, whole spec and the rule alone.
            real.assertEnginesAgree(on: item.text)
            func found(_ engine: RuleEngine) -> [TextRange] {
                let resolved = engine.resolve(item.text, rules: [rule])
                XCTAssertEqual(resolved.interrupted.count, 0, "\(item.rule) interrupted on \(item.text.debugDescription)")
                return resolved.candidates.filter { $0.ruleIndex == rule }.map(\.range)
            }
            let ranges = found(compiled)
            XCTAssertEqual(ranges, found(icu), "\(item.rule): engines disagree on \(item.text.debugDescription)")
            let got: Bool
            let what: String
            if item.method == "matches" {
                let atZero = ranges.first { $0.location == 0 }
                got = atZero?.length == (item.text as NSString).length
                what = atZero.map { "the match at 0 is \($0)" } ?? "no match at 0"
            } else {
                got = !ranges.isEmpty
                what = ranges.isEmpty ? "no match" : "matches \(ranges)"
            }
            total[item.rule, default: 0] += 1
            if got == item.expected {
                passed[item.rule, default: 0] += 1
            } else {
                failures.append(
                    "\(item.rule) \(item.test): \(item.pattern).\(item.method)() on \(item.text.debugDescription) "
                        + "expected \(item.expected), got \(got): \(what)")
            }
        }
        for rule in ["url", "email", "phone"] {
            print("android \(rule): \(passed[rule] ?? 0)/\(total[rule] ?? 0) pass")
            XCTAssertGreaterThanOrEqual(passed[rule] ?? 0, Self.floors[rule] ?? 0, "\(rule): conformance below its floor")
        }
        for failure in failures { print("  FAIL \(failure)") }
    }
}

import Foundation
@_spi(Testing) import RuleRuntime
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler

/// The detectors measured on suites: linkify-it's link fixtures (links.txt, not_links.txt),
/// libphonenumber's phone strings, a corpus of digits that are not phone numbers, and
/// RichRules' own cases (the newcomer trial, CJK, Arabic, Thai, Cyrillic). Every text runs
/// on the compiled engine and on NSRegularExpression (`RuleEngine`); the two must agree on
/// every text, and each suite's pass rate must reach its threshold. The rates are printed.
final class DetectorSuiteTests: XCTestCase {
    /// One compiled and one NSRegularExpression engine for a spec.
    struct Engines {
        var compiled: RuleEngine
        var icu: RuleEngine

        init(_ source: String) throws {
            let output = Compiler.compile(source: source, path: "detectors.richrules", analyze: false)
            guard let table = output.table, let automata = output.automata else {
                throw NSError(domain: "spec", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(output.diagnostics)"])
            }
            compiled = try RuleEngine(table: table, automata: automata)
            XCTAssertEqual(compiled.fallbacks, [], "detectors compile to automata")
            icu = try RuleEngine(reference: table)
        }

        /// The kept matches' texts on both engines; a disagreement fails the test.
        func matches(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
            let a = compiled.render(text).matches.map(\.text)
            let b = icu.render(text).matches.map(\.text)
            XCTAssertEqual(a, b, "compiled and ICU engines disagree on \(text.debugDescription)", file: file, line: line)
            return a
        }
    }

    static func engines(_ detectors: [String]) throws -> Engines {
        try Engines("richrules 1\n" + detectors.map { "rule \($0) { match detector(\($0)) }\n" }.joined())
    }

    static func resource(_ name: String) throws -> String {
        let url =
            Bundle.module.url(forResource: "Detectors/" + name, withExtension: nil)
            ?? Bundle.module.bundleURL.appendingPathComponent("Detectors/" + name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A suite's score; `check` fails the test below `threshold`, or when fewer than
    /// `minimum` cases ran (a file that no longer parses scores nothing), and lists the
    /// failures.
    struct Score {
        var name: String
        var passed = 0
        var failures: [String] = []
        var total: Int { passed + failures.count }
        var rate: Double { total == 0 ? 0 : Double(passed) / Double(total) }

        mutating func record(_ ok: Bool, _ what: @autoclosure () -> String) {
            if ok { passed += 1 } else { failures.append(what()) }
        }

        func check(threshold: Double, minimum: Int, file: StaticString = #filePath, line: UInt = #line) {
            print(
                String(
                    format: "detector suite %@: %d/%d passed (%.1f %%), threshold %.1f %%", name, passed, total, rate * 100, threshold * 100
                ))
            for failure in failures { print("  FAIL \(failure)") }
            XCTAssertGreaterThanOrEqual(total, minimum, "\(name): cases run", file: file, line: line)
            XCTAssertGreaterThanOrEqual(
                rate, threshold, "\(name): \(failures.count) of \(total) fail:\n" + failures.joined(separator: "\n"), file: file, line: line
            )
        }
    }

    // MARK: - Case files (cases.txt format)

    struct Case {
        var detector: String
        var text: String
        var expected: [String]
        var line: Int
    }

    static func cases(_ file: String) throws -> [Case] {
        var result: [Case] = []
        for (index, raw) in try resource(file).components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#"), let colon = line.firstIndex(of: ":"),
                let arrow = line.range(of: " ⇒ ")
            else { continue }
            let detector = String(line[..<colon])
            let text = unescape(String(line[line.index(colon, offsetBy: 2)..<arrow.lowerBound]))
            let rest = String(line[arrow.upperBound...])
            let expected = rest == "∅" ? [] : rest.components(separatedBy: " ¦ ").map(unescape)
            result.append(Case(detector: detector, text: text, expected: expected, line: index + 1))
        }
        return result
    }

    /// `\n` and `\u{…}` in a case's text and expected matches.
    static func unescape(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let slash = rest.firstIndex(of: "\\") {
            out += rest[..<slash]
            let after = rest[rest.index(after: slash)...]
            if after.hasPrefix("n") {
                out += "\n"
                rest = after.dropFirst()
            } else if after.hasPrefix("u{"), let close = after.firstIndex(of: "}"),
                let value = UInt32(after[after.index(after.startIndex, offsetBy: 2)..<close], radix: 16),
                let scalar = Unicode.Scalar(value)
            {
                out.unicodeScalars.append(scalar)
                rest = after[after.index(after: close)...]
            } else {
                out += "\\"
                rest = after
            }
        }
        return out + rest
    }

    func run(_ file: String, name: String, threshold: Double, minimum: Int) throws {
        var engines: [String: Engines] = [:]
        var score = Score(name: name)
        for c in try Self.cases(file) {
            if engines[c.detector] == nil { engines[c.detector] = try Self.engines([c.detector]) }
            let found = engines[c.detector]!.matches(c.text)
            score.record(found == c.expected, "\(file):\(c.line): \(c.detector) on \(c.text.debugDescription): \(found) ≠ \(c.expected)")
        }
        score.check(threshold: threshold, minimum: minimum)
    }

    func testOwnCases() throws {
        try run("cases.txt", name: "RichRules cases", threshold: 1, minimum: 173)
    }

    /// twitter-text's URL conformance cases: measured, with the cases where detector(link)
    /// follows linkify-it instead counted as failures.
    func testTwitterTextURLs() throws {
        try run("twitter-text.txt", name: "twitter-text URLs", threshold: 0.9, minimum: 106)
    }

    func testPhoneNegatives() throws {
        try run("phones-negatives.txt", name: "phone negatives", threshold: 1, minimum: 64)
    }

    /// libphonenumber's shapes and negatives: every negative holds; recall of the shapes is
    /// what the documented trade-off gives (unseparated national numbers are skipped).
    func testLibphonenumberStrings() throws {
        let all = try Self.cases("phones-libphonenumber.txt")
        let engines = try Self.engines(["phone"])
        var positives = Score(name: "libphonenumber shapes (recall)")
        var negatives = Score(name: "libphonenumber non-numbers")
        for c in all {
            let found = engines.matches(c.text)
            let what = "phones-libphonenumber.txt:\(c.line): \(c.text.debugDescription): \(found) ≠ \(c.expected)"
            if c.expected.isEmpty { negatives.record(found.isEmpty, what) } else { positives.record(found == c.expected, what) }
        }
        negatives.check(threshold: 1, minimum: 34)
        positives.check(threshold: 0.65, minimum: 53)
    }

    // MARK: - linkify-it

    /// The cases of links.txt (FORMAT: a line, then its expected link on the next line or
    /// itself when a blank line follows), with what the harness checks: the first match of
    /// link or email. Protocol-relative `//host` links are out of scope (chat text uses `//`
    /// for other things) and counted apart.
    func testLinkifyItLinks() throws {
        let lines = try Self.resource("linkify-it/links.txt").components(separatedBy: "\n").map { $0.hasPrefix("%") ? "" : $0 }
        let engines = try Self.engines(["link", "email"])
        var score = Score(name: "linkify-it links.txt")
        var outOfScope: [String] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else {
                i += 1
                continue
            }
            let next = i + 1 < lines.count ? lines[i + 1] : ""
            let expected = next.trimmingCharacters(in: .whitespaces).isEmpty ? line : next
            i += expected == line ? 1 : 2
            if expected.hasPrefix("//") {
                outOfScope.append(line)
                continue
            }
            let found = engines.matches(line).first
            let framed = engines.matches("\n" + line + "\n").first
            score.record(
                found == expected && framed == expected, "line \(i): \(line.debugDescription): \(found ?? "none") ≠ \(expected)")
        }
        print("linkify-it links.txt: \(outOfScope.count) protocol-relative cases out of scope: \(outOfScope)")
        score.check(threshold: 0.98, minimum: 123)
    }

    /// not_links.txt (linkify-it-py 2.2.0's copy): no link and no email anywhere in a line.
    func testLinkifyItNotLinks() throws {
        let lines = try Self.resource("linkify-it/not_links.txt").components(separatedBy: "\n")
        let engines = try Self.engines(["link", "email"])
        var score = Score(name: "linkify-it not_links.txt")
        for line in lines where !line.hasPrefix("%") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let found = engines.matches(line)
            score.record(found.isEmpty, "\(line.debugDescription): \(found)")
        }
        score.check(threshold: 0.98, minimum: 38)
    }
}

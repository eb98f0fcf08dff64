import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import RuleSpec
import TestSupport
import XCTest

/// Where a `/pattern/` literal ends: the ICU front end's tokenizer decides, so every
/// pattern NSRegularExpression accepts can be written between slashes.
final class PatternEndTests: XCTestCase {
    /// (source after the opening `/`, the pattern the literal holds; `nil`: no end found).
    static let cases: [(String, String?)] = [
        (#"abc/ style s"#, "abc"),
        (#"^\ca\cA\c[;\c:/"#, #"^\ca\cA\c[;\c:"#),
        (#"\c//"#, #"\c/"#),
        (#"a\/b/"#, #"a\/b"#),
        (#"\Qa/b\E/"#, #"\Qa/b\E"#),
        (#"[/]x/"#, "[/]x"),
        (#"[]/]/"#, "[]/]"),
        (#"[^]/]/"#, "[^]/]"),
        (#"[a[b/]]/"#, "[a[b/]]"),
        (#"[[:alpha:]/]+/"#, "[[:alpha:]/]+"),
        (#"(?#a/b)c/"#, "(?#a/b)c"),
        (#"\x{2F}/"#, #"\x{2F}"#),
        (#"\N{SOLIDUS}/"#, #"\N{SOLIDUS}"#),
        (#"\p{L}+/i"#, #"\p{L}+"#),
        (#"a/b/"#, "a"),
        // No closing slash outside the pattern's syntax: the lexer's own scan decides.
        (#"\Qa/b"#, nil),
        (#"[abc/"#, nil),
        (#"abc"#, nil),
    ]

    func testClosingSlash() {
        for (source, expected) in Self.cases {
            let scalars = Array(source.unicodeScalars)
            let end = PatternReader.closingSlash(in: scalars, from: 0)
            let pattern = end.map { String(String.UnicodeScalarView(scalars[..<$0])) }
            XCTAssertEqual(pattern, expected, source)
        }
    }

    /// Every case with an end compiles from a spec and matches as NSRegularExpression does.
    func testPatternsCompileAndAgree() throws {
        let texts = ["a/b \u{01}\u{1B};\u{1A} x/y/x ]/ a/ /c b/ é/ abc", "\u{01}\u{01}\u{1B};\u{1A}"]
        for (source, expected) in Self.cases {
            guard let expected, source == expected + "/" else { continue }
            let spec = "richrules 1\nrule r { match /\(source) }\n"
            let output = Compiler.compile(source: spec, path: "spec.richrules", analyze: false)
            let table = try XCTUnwrap(output.table, "\(source): \(output.diagnostics.map(\.message))")
            guard case .regex(let pattern, _, _) = table.rules[0].matcher else { return XCTFail(source) }
            XCTAssertEqual(pattern, expected, source)
            let engine = try RuleEngine(table: table, automata: XCTUnwrap(output.automata))
            let icu = try NSRegularExpression(pattern: expected)
            for text in texts {
                let expectedRanges = icu.matches(in: text, range: NSRange(location: 0, length: text.utf16.count)).map(\.range)
                    .filter { $0.length > 0 }
                let actual = engine.render(text).matches.map { NSRange(location: $0.range.location, length: $0.range.length) }
                XCTAssertEqual(actual, expectedRanges, "\(source) on \(text.debugDescription)")
            }
        }
    }

    /// The issue's pattern compiles without a fallback; broken patterns keep their errors.
    func testDiagnostics() {
        func messages(_ body: String) -> [String] {
            Compiler.compile(source: "richrules 1\n" + body, path: "spec.richrules", analyze: false).diagnostics.map {
                "\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.message)"
            }
        }
        XCTAssertEqual(messages(#"rule r { match /^\ca\cA\c[;\c:/ }"#), [])
        XCTAssertTrue(messages("rule r { match /abc }").contains("2:16: unterminated pattern: missing closing '/'"))
        XCTAssertTrue(messages(#"rule r { match /\Qa }"#).contains("2:16: unterminated pattern: missing closing '/'"))
        XCTAssertEqual(messages(#"rule r { match /[/ }"#).first?.hasPrefix("2:"), true)
    }
}

import Foundation
import XCTest

/// Hostile inputs through the command line: each test is a reproducer that once crashed,
/// stalled or produced broken output.
final class HardeningTests: XCTestCase {
    /// A 5,000-file import chain overflowed the loader's stack (it recurses per level).
    func testDeepImportChainIsALocatedError() throws {
        let scratch = try ScratchDirectory()
        for i in 0..<150 {
            let next = i + 1 < 150 ? "import \"s\(i + 1).richrules\"\n" : ""
            try scratch.write("s\(i).richrules", "richrules 1\n\(next)rule r\(i) { match /x\(i)y/ }\n")
        }
        let result = try CLI.run(["lint", "s0.richrules"], cwd: scratch.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stdout.split(separator: "\n").first.map(String.init),
            "s99.richrules:2:8: error: imports nest more than 100 files deep (from 's0.richrules')")
        // 100 levels are fine.
        let ok = try CLI.run(["explain", "s50.richrules", "--text", "x"], cwd: scratch.url)
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
    }

    /// One 16 KB line of `' @'` × 8000 took 35 s and printed 48 MB (8,000 errors, each with
    /// the whole line): errors stop at 50 per file, and a long line shows as a window.
    func testManyErrorsOnALongLineAreCappedAndWindowed() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("long.richrules", "richrules 1\nrule a { match /x/ }\n" + String(repeating: " @", count: 8000) + "\n")
        let result = try CLI.run(["lint", "long.richrules"], cwd: scratch.url)
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.filter { $0.hasPrefix("long.richrules:3:") && $0.contains(": error: ") }.count, 50)
        XCTAssertEqual(lines.last, "long.richrules: error: too many errors (8000 in this file); stopping after the first 50")
        XCTAssertLessThanOrEqual(lines.map { $0.unicodeScalars.count }.max() ?? 0, 122)
        // The 40th error: its caret under its '@', 40 columns into a window cut on both sides.
        let header = "long.richrules:3:80: error: unexpected character '@'"
        let at = try XCTUnwrap(lines.firstIndex(of: Substring(header)))
        XCTAssertEqual(lines[at + 1], Substring("…" + String(repeating: "@ ", count: 60) + "…"))
        XCTAssertEqual(lines[at + 2], Substring(String(repeating: " ", count: 41) + "^"))
    }

    /// Control characters from a spec never reach the terminal raw, and a newline in a file
    /// name or message cannot split a diagnostic in two.
    func testControlCharactersAreEscapedInTheTextFormat() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("a\nb.richrules", "richrules 1\nrule a { match /x/ replace \"\\\u{1B}\" } // \u{0}\u{202E}\n")
        let result = try CLI.run(["lint", "a\nb.richrules"], cwd: scratch.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stdout,
            """
            a\\nb.richrules:2:29: error: unknown escape '\\\\u{1B}' in string literal
            rule a { match /x/ replace "\\\u{241B}" } // \u{2400}\u{FFFD}
                                        ^~

            """)
    }
}

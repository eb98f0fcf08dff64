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
}

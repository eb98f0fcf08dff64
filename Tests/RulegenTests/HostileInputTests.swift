import Foundation
import XCTest

/// The hostile inputs of `rulebench` (`Hostile.swift`), each in a child process of the
/// build's `rulebench __hostile <case>`: memory is the child's own, and times have limits
/// generous enough for a debug build on a loaded machine (rulebench's full run holds the
/// release bounds). Before the result model was computed once, each of these failed by
/// orders of magnitude: 1.04 GB for the deep nesting, 48 ms a hit test, 18.7 s for
/// `html()`, 3.2 s for the budgeted render.
final class HostileInputTests: XCTestCase {
    private func run(_ name: String) throws -> [String: Any] {
        let process = Process()
        process.executableURL = CLI.productsDirectory.appendingPathComponent("rulebench")
        process.arguments = ["__hostile", name, CLI.packageRoot.appendingPathComponent("Specs/cms.richrules").path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, name)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], name)
    }

    /// 1 MB of text inside 600 nested tags: each tag holds ranges, not a copy of its content.
    func testDeepNestingTakesMemoryLinearInTheText() throws {
        let result = try run("memory")
        let peak = try XCTUnwrap(result["hostile_peak_mb"] as? Double)
        XCTAssertLessThan(peak, 200, "peak resident growth \(peak) MB")
        XCTAssertEqual(result["kept"] as? Int, 512, "nesting past 512 levels is shown as written")
    }

    func testAHitTestAtDepth512IsABinarySearch() throws {
        let result = try run("hit")
        let first = try XCTUnwrap(result["hostile_first_hit_ms"] as? Double)
        let median = try XCTUnwrap(result["hostile_hit_ms"] as? Double)
        XCTAssertLessThan(first, 5, "the first hit test (it makes the display and its runs): \(first) ms")
        XCTAssertLessThan(median, 0.5, "a hit test: \(median) ms")
    }

    func testHTMLAndAccessibilityAreLinearAtAnyDepth() throws {
        let result = try run("nesting9")
        let html = try XCTUnwrap(result["hostile_html_seconds"] as? Double)
        let accessibility = try XCTUnwrap(result["hostile_accessibility_seconds"] as? Double)
        XCTAssertLessThan(html, 5, "html() of nine container kinds 512 deep, 46 KB: \(html) s")
        XCTAssertLessThan(accessibility, 5, "accessibilityElements: \(accessibility) s")
        XCTAssertEqual(result["kept"] as? Int, 2_048)
    }

    func testTheFallbackBudgetHoldsOnALongText() throws {
        let result = try run("budget")
        let seconds = try XCTUnwrap(result["hostile_budget_seconds"] as? Double)
        XCTAssertLessThan(seconds, 1, "a render of 200 KB with /(\\w+)\\1$/ under the standard budget: \(seconds) s")
        XCTAssertEqual(result["interrupted"] as? Int, 1)
        XCTAssertEqual(result["kept"] as? Int, 1, "the compiled rule's match (@bob) is kept")
    }
}

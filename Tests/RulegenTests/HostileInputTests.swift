import Foundation
import XCTest

/// The hostile inputs of `rulebench` (`Hostile.swift`), each in a child process of the
/// build's `rulebench __hostile <case>`: memory is the child's own, and times have limits
/// generous enough for a debug build on a loaded machine (rulebench's full run holds the
/// release bounds). Before the result model was computed once, each of these failed by
/// orders of magnitude: 1.04 GB for the deep nesting, 48 ms a hit test, 18.7 s for
/// `html()`, 3.2 s for the budgeted render.
final class HostileInputTests: XCTestCase {
    /// The case's measures; a child still running after `limit` seconds is stopped (the
    /// quadratic cases ran for minutes in a debug build).
    private func run(_ name: String, limit: Double = 300) throws -> [String: Any] {
        let process = Process()
        process.executableURL = CLI.productsDirectory.appendingPathComponent("rulebench")
        process.arguments = ["__hostile", name, CLI.packageRoot.appendingPathComponent("Specs/cms.richrules").path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let reader = DispatchQueue(label: "hostile-output")
        nonisolated(unsafe) var data = Data()
        reader.async { data = out.fileHandleForReading.readDataToEndOfFile() }
        if exited.wait(timeout: .now() + limit) == .timedOut {
            process.terminate()
            exited.wait()
            XCTFail("hostile \(name): still running after \(Int(limit)) s, stopped")
        }
        reader.sync {}
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

    /// The punycode of a 40,000-letter host, through the field API (one pass per distinct
    /// letter took 30 s), and every read of chat messages with long hosts after the render
    /// (taps, fields, attributed string, accessibility, menus, html), each computed once.
    func testALongHostTakesLinearTime() throws {
        let result = try run("punycode", limit: 120)
        let field = try XCTUnwrap(result["hostile_punycode_ms"] as? Double)
        let reads = try XCTUnwrap(result["hostile_link_reads_ms"] as? Double)
        let labelled = try XCTUnwrap(result["hostile_labelled_reads_ms"] as? Double)
        XCTAssertLessThan(field, 2_000, "${url} of a 40,000-letter host: \(field) ms")
        XCTAssertLessThan(reads, 5_000, "every read of the chat result with that host: \(reads) ms")
        XCTAssertLessThan(labelled, 5_000, "every read of 160 links of 63-letter labels: \(labelled) ms")
        XCTAssertEqual(result["url_bytes"] as? Int, 129_005)
        XCTAssertEqual(result["labelled_links"] as? Int, 160, "links of 63-letter labels")
    }

    /// `html()` around tappable children grows with the children, not with their number
    /// times the container's tap (42 MB for 2,000 links in a 10 KB href; 52 s for `<h1>`
    /// around 4,000 mentions).
    func testHTMLOfTappableContainersIsLinear() throws {
        let result = try run("html", limit: 120)
        for shape in ["link", "heading"] {
            let time = try XCTUnwrap(result["hostile_html_\(shape)_time_growth"] as? Double)
            let bytes = try XCTUnwrap(result["hostile_html_\(shape)_bytes_growth"] as? Double)
            XCTAssertLessThan(time, 1.6, "\(shape): time per child from one size to the next: \(time)")
            XCTAssertLessThan(bytes, 1.2, "\(shape): bytes per child from one size to the next: \(bytes)")
        }
    }

    /// 800,000 spaces before or after an image source's scheme (removeFirst in a loop took
    /// 10.5 s): the time per space does not grow from 400,000 spaces.
    func testSpacesInAnImageSourceTakeLinearTime() throws {
        let result = try run("imagesrc", limit: 120)
        let reads = try XCTUnwrap(result["hostile_image_src_ms"] as? Double)
        let growth = try XCTUnwrap(result["hostile_image_src_growth"] as? Double)
        XCTAssertLessThan(reads, 2_500, "html(), attributed string and accessibility: \(reads) ms (4.8 s in a debug build before)")
        XCTAssertLessThan(growth, 1.5, "time per space from 400,000 to 800,000 spaces: \(growth)")
        XCTAssertEqual(result["images"] as? Int, 2)
    }

    /// 16 rules whose lazy DFAs thrash, rendered by 8 threads at once on one engine: the
    /// caches share the engine's budget, and the surplus is freed (355 MB at the peak, 243 MB
    /// left resident).
    func testLazyCachesAreBoundedWhateverTheThreads() throws {
        let result = try run("lazycaches", limit: 200)
        let peak = try XCTUnwrap(result["hostile_lazy_peak_mb"] as? Double)
        let after = try XCTUnwrap(result["hostile_lazy_after_mb"] as? Double)
        XCTAssertEqual(result["lazy_rules"] as? Int, 16)
        XCTAssertLessThan(peak, 64, "peak resident growth: \(peak) MB")
        XCTAssertLessThan(after, 32, "resident after the threads: \(after) MB")
    }

    func testTheFallbackBudgetHoldsOnALongText() throws {
        let result = try run("budget")
        let seconds = try XCTUnwrap(result["hostile_budget_seconds"] as? Double)
        XCTAssertLessThan(seconds, 1, "a render of 200 KB with /(\\w+)\\1$/ under the standard budget: \(seconds) s")
        XCTAssertEqual(result["interrupted"] as? Int, 1)
        XCTAssertEqual(result["kept"] as? Int, 1, "the compiled rule's match (@bob) is kept")
    }
}

import Foundation
import RuleCompiler
import RuleRuntime

/// Rendering with containers: `Specs/cms.richrules` (nested elements, a catch-all, linked
/// images, entities, line breaks) on generated HTML of growing size, all of it inside one
/// `<div>` so that the resolver sees the whole text as one cluster of overlapping
/// candidates, and on deeply nested markup (40 levels, over and over).
///
/// `nesting_growth` is the time per UTF-16 unit at the largest size over the time per unit
/// at a quarter of it: 1 is linear.
enum NestingBench {
    struct Row {
        var workload: String
        var utf16: Int
        var kept: Int
        var timing: Timing
    }

    struct Result {
        var rows: [Row]

        /// Per-unit time at the largest document over the smallest (`nil` when not measured).
        var growth: Double? {
            let documents = rows.filter { $0.workload == "document" }
            guard let small = documents.first, let large = documents.last, large.utf16 > small.utf16, small.timing.median > 0
            else { return nil }
            return (large.timing.median / Double(large.utf16)) / (small.timing.median / Double(small.utf16))
        }
    }

    /// One paragraph of generated CMS markup (about 8 kept matches, 3 levels deep).
    static func paragraph(_ n: Int) -> String {
        "<p>Item \(n) with <b>bold <i>italic &amp; <a href=\"https://example.com/\(n)\">link \(n)</a></i></b>, "
            + "<span class=\"x\">a span</span>&nbsp;and <img src=\"i\(n % 7).png\" alt=\"pic\"/><br></p>\n"
    }

    /// A document of at least `units` UTF-16 units inside one `<div>`.
    static func document(units: Int) -> String {
        var body = ""
        var n = 0
        while body.utf16.count < units {
            body += paragraph(n)
            n += 1
        }
        return "<div>" + body + "</div>"
    }

    /// Markup nested `depth` deep, repeated up to `units` UTF-16 units.
    static func deep(units: Int, depth: Int) -> String {
        let block =
            String(repeating: "<b>", count: depth / 2) + String(repeating: "<i>", count: depth / 2) + "x &lt; y"
            + String(repeating: "</i>", count: depth / 2) + String(repeating: "</b>", count: depth / 2) + "\n"
        return String(repeating: block, count: max(1, units / block.utf16.count))
    }

    /// Measures the cms spec beside `socialSpec`; `nil` when there is none.
    static func measure(socialSpec: String, sizes: [Int], policy: TimingPolicy) throws -> Result? {
        let path = URL(fileURLWithPath: socialSpec).deletingLastPathComponent().appendingPathComponent("cms.richrules").path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let output = Compiler.compile(path: path, analyze: false)
        guard let table = output.table, let automata = output.automata, let engine = makeEngine(table: table, automata: automata)
        else {
            throw SpecError.diagnostics(path: path, messages: output.diagnostics.map(\.message))
        }
        var rows: [Row] = []
        for size in sizes {
            let text = document(units: size)
            rows.append(row("document", text, engine, policy))
        }
        if let largest = sizes.max() { rows.append(row("deep", deep(units: largest, depth: 40), engine, policy)) }
        return Result(rows: rows)
    }

    private static func row(_ workload: String, _ text: String, _ engine: RuleEngine, _ policy: TimingPolicy) -> Row {
        let timing = policy.measure { engine.render(text).matches.count }
        return Row(workload: workload, utf16: text.utf16.count, kept: timing.result, timing: timing)
    }
}

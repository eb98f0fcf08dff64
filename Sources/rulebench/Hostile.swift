import Foundation
import RuleCompiler
@_spi(Generated) import RuleRuntime

/// Hostile inputs an app receiving server HTML and chat text meets, each measured in a
/// child process of its own (`__hostile <case> <cms spec>`, one JSON object on stdout) so
/// that peak memory is the case's alone, with the bound it must stay within and the counts
/// that show it did the work (`expectations`; `rulebench --only hostile --check` fails on
/// either, as CI runs it):
///
/// - `memory`: `Specs/cms.richrules` on `"<b>"×600 + "x"×1,000,000 + "</b>"×600`, rendered,
///   its display and matches read: peak resident growth, < 200 MB.
/// - `hit`: cms at depth 512 (`<a>` around 511 `<b>`, 3.7 KB): the first
///   `match(atDisplayOffset:)` (it makes the display and its runs) and the median of 1,000
///   more, < 0.5 ms each.
/// - `nesting9`: nine container kinds (the elements cms styles) nested 512 deep, repeated
///   to 46 KB: `html()` and `accessibilityElements`, < 1 s each.
/// - `budget`: `RuleEngine(compiling:)` (`.standard` budget) with `/(\w+)\1$/` on
///   `"ab"×100,000 + "! @bob"`: the render, < 0.5 s, with the rule in `interrupted`.
/// - `punycode`, `html`, `imagesrc`: see Hostile+Runtime.swift; `lazycaches`:
///   Hostile+LazyCaches.swift.
enum Hostile {
    static let subcommand = "__hostile"
    static let cases = ["memory", "hit", "nesting9", "budget", "punycode", "html", "imagesrc", "lazycaches", "htmltree"]

    /// One measure of a case, with its bound (`nil` value: the case failed, see `note`).
    struct Measure {
        var key: String
        var value: Double?
        var bound: Double
        var unit: String
        var note: String?
        var met: Bool { value.map { $0 < bound } ?? false }
        /// A time (or a growth of time), which the machine's load can spoil, unlike memory and bytes.
        var isTime: Bool { !key.hasSuffix("_mb") && !key.contains("bytes") }
    }

    /// Runs every case in a child process. A case that misses a time bound runs once more
    /// (the machine is shared), and each of its times keeps the faster run; memory, bytes
    /// and counts are the first run's.
    static func measure(cmsSpec: String) -> [Measure] {
        var measures: [Measure] = []
        for name in cases {
            var first = run(name, cmsSpec: cmsSpec)
            if first.contains(where: { $0.isTime && $0.value != nil && !$0.met }) {
                for (index, again) in run(name, cmsSpec: cmsSpec).enumerated() where first[index].isTime {
                    guard let value = first[index].value, let other = again.value else { continue }
                    first[index].value = min(value, other)
                }
            }
            measures += first
        }
        return measures
    }

    /// One child process of the case `name`: its measures, each `nil` (with a note) when
    /// the child failed or a count is not what `expectations` says.
    static func run(_ name: String, cmsSpec: String) -> [Measure] {
        switch child(name, cmsSpec: cmsSpec) {
        case .success(let object):
            let wrong = expectations(name).compactMap { key, expected in
                object[key] as? Int == expected ? nil : "\(key) \(object[key].map { "\($0)" } ?? "missing"), expected \(expected)"
            }
            return bounds(name).map { key, bound, unit in
                wrong.isEmpty
                    ? Measure(key: key, value: object[key] as? Double, bound: bound, unit: unit)
                    : Measure(key: key, value: nil, bound: bound, unit: unit, note: wrong.joined(separator: "; "))
            }
        case .failure(let error):
            return bounds(name).map { key, bound, unit in Measure(key: key, value: nil, bound: bound, unit: unit, note: error.message) }
        }
    }

    /// The measures a case reports: key, bound, unit.
    static func bounds(_ name: String) -> [(String, Double, String)] {
        switch name {
        case "memory": return [("hostile_peak_mb", 200, "MB")]
        case "hit": return [("hostile_first_hit_ms", 0.5, "ms"), ("hostile_hit_ms", 0.5, "ms")]
        case "nesting9": return [("hostile_html_seconds", 1, "s"), ("hostile_accessibility_seconds", 1, "s")]
        case "punycode":
            return [("hostile_punycode_ms", 50, "ms"), ("hostile_link_reads_ms", 50, "ms"), ("hostile_labelled_reads_ms", 50, "ms")]
        case "html":
            return ["link", "heading"].flatMap { name in
                [("hostile_html_\(name)_time_growth", 1.2, "×"), ("hostile_html_\(name)_bytes_growth", 1.2, "×")]
            }
        case "imagesrc": return [("hostile_image_src_ms", 250, "ms"), ("hostile_image_src_growth", 1.2, "×")]
        case "lazycaches": return [("hostile_lazy_peak_mb", 64, "MB"), ("hostile_lazy_after_mb", 32, "MB")]
        case "htmltree":
            // 1.5: linear with room for the cache (`paragraphs` measured 1.08–1.34 on the shared
            // 2-core machine, at 5568b7f and after); quadratic is 2.
            return HTMLTreeHostile.inputs.map { ("hostile_htmltree_\($0.name)_growth", 1.5, "×") } + [
                ("hostile_htmltree_ms", 1_500, "ms")
            ]
        default: return [("hostile_budget_seconds", 0.5, "s")]
        }
    }

    /// The counts a case reports besides its measures, each with the value it must have:
    /// the nesting kept to its limit, the texts and matches the case was meant to make, the
    /// fallback rule interrupted by its budget.
    static func expectations(_ name: String) -> [(String, Int)] {
        switch name {
        case "memory": return [("kept", 512)]
        // The cms spec renders HTML as a browser parses it: an `<h1>` closes the open one and
        // an `<a>` the open link, and the formatting elements they close are reopened, so a
        // block of 512 levels is more elements than 512 (3,168 kept; 2,048 when tags paired
        // by name).
        case "nesting9": return [("kept", 3_168)]
        case "punycode": return [("url_bytes", 129_005), ("labelled_links", 160)]
        case "imagesrc": return [("images", 2)]
        case "lazycaches": return [("lazy_rules", 16)]
        case "budget": return [("interrupted", 1), ("kept", 1)]
        default: return []
        }
    }

    private static func child(_ name: String, cmsSpec: String) -> Swift.Result<[String: Any], Throughput.ChildError> {
        let process = Process()
        process.executableURL = Adversarial.executableURL()
        process.arguments = [subcommand, name, cmsSpec]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch {
            return .failure(Throughput.ChildError(message: "cannot start child: \(error.localizedDescription)"))
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0,
            let object = try? JSONSerialization.jsonObject(with: output) as? [String: Any]
        else { return .failure(Throughput.ChildError(message: "hostile \(name) child failed: \(errors.prefix(200))")) }
        return .success(object)
    }

    // MARK: Inputs

    static func deepText(depth: Int, length: Int) -> String {
        String(repeating: "<b>", count: depth) + String(repeating: "x", count: length) + String(repeating: "</b>", count: depth)
    }

    /// `<a href>` around `depth - 1` `<b>` around a few words (3.7 KB at depth 512).
    static func deepLink(depth: Int) -> String {
        "<a href=\"https://example.com/\">" + String(repeating: "<b>", count: depth - 1) + "hello world"
            + String(repeating: "</b>", count: depth - 1) + "</a>"
    }

    /// The nine container kinds of the cms spec nested `depth` deep, with a word at each
    /// level on both sides, repeated to at least `units` UTF-16 units.
    static func nineKinds(depth: Int, units: Int) -> String {
        let kinds: [(String, String)] = [
            ("<b>", "</b>"), ("<strong>", "</strong>"), ("<i>", "</i>"), ("<em>", "</em>"), ("<u>", "</u>"), ("<code>", "</code>"),
            ("<a href=\"https://example.com/x\">", "</a>"), ("<h1>", "</h1>"), ("<span class=\"c\">", "</span>"),
        ]
        var block = ""
        for k in 0..<depth { block += kinds[k % kinds.count].0 + "w\(k) " }
        block += "core"
        for k in (0..<depth).reversed() { block += " t\(k)" + kinds[k % kinds.count].1 }
        var text = ""
        while text.utf16.count < units { text += block + "\n" }
        return text
    }

    // MARK: Child

    /// Child side: `__hostile <case> <cms spec>`.
    static func runChild(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2, cases.contains(arguments[0]) else { return 2 }
        let output = Compiler.compile(path: arguments[1], analyze: false)
        guard let table = output.table, let automata = output.automata, let cms = makeEngine(table: table, automata: automata)
        else { return 1 }
        var object: [(String, JSON)] = []
        switch arguments[0] {
        case "memory":
            let text = deepText(depth: 600, length: 1_000_000)
            _ = cms.render(deepText(depth: 8, length: 100)).display
            let before = ResidentMemory.residentBytes()
            ResidentMemory.resetPeak()
            let result = cms.render(text)
            let shown = result.display.utf16.count + result.matches.reduce(0) { $0 + $1.displayRange.length }
            let peak = ResidentMemory.peakResidentBytes()
            withExtendedLifetime(result) {}
            object = [
                ("hostile_peak_mb", .number(Double(max(0, peak - before)) / 1_048_576)), ("kept", .int(result.matches.count)),
                ("shown", .int(shown)),
            ]
        case "hit":
            let result = cms.render(deepLink(depth: 512))
            let length = result.display.utf16.count
            let first = seconds { _ = result.match(atDisplayOffset: 3) }
            var samples: [Double] = []
            for i in 0..<1_000 { samples.append(seconds { _ = result.match(atDisplayOffset: (i * 7_919) % length) }) }
            samples.sort()
            object = [
                ("hostile_first_hit_ms", .number(first * 1_000)), ("hostile_hit_ms", .number(samples[samples.count / 2] * 1_000)),
                ("kept", .int(result.matches.count)),
            ]
        case "punycode":
            guard let measured = punycode(specDirectory: URL(fileURLWithPath: arguments[1]).deletingLastPathComponent().path)
            else { return 1 }
            object = measured
        case "html":
            guard let measured = html(cms: cms) else { return 1 }
            object = measured
        case "imagesrc":
            object = imageSource(cms: cms)
        case "lazycaches":
            guard let measured = lazyCaches() else { return 1 }
            object = measured
        case "htmltree":
            object = HTMLTreeHostile.measure()
        case "nesting9":
            let result = cms.render(nineKinds(depth: 512, units: 46_000))
            var bytes = 0
            let html = seconds { bytes = result.html().utf8.count }
            var elements = 0
            let accessibility = seconds { elements = result.accessibilityElements.count }
            object = [
                ("hostile_html_seconds", .number(html)), ("hostile_accessibility_seconds", .number(accessibility)),
                ("html_bytes", .int(bytes)), ("elements", .int(elements)), ("kept", .int(result.matches.count)),
            ]
        default:
            let table = StyleTable(
                name: "Budget", source: "budget", base: TextStyle(), styles: [:], highlight: nil, handlers: [:],
                rules: [
                    RuleEntry(
                        name: "repeat", matcher: .regex(pattern: #"(\w+)\1$"#, flags: [], detector: nil),
                        presentation: RulePresentation(style: TextStyle())),
                    RuleEntry(
                        name: "mention", matcher: .regex(pattern: #"@\w+"#, flags: [], detector: nil),
                        presentation: RulePresentation(style: TextStyle())),
                ])
            guard let engine = try? RuleEngine(compiling: table) else { return 1 }  // the .standard budget
            let text = String(repeating: "ab", count: 100_000) + "! @bob"
            var result: RenderResult?
            let render = seconds { result = engine.render(text) }
            object = [
                ("hostile_budget_seconds", .number(render)), ("interrupted", .int(result?.interrupted.count ?? 0)),
                ("kept", .int(result?.matches.count ?? 0)),
            ]
        }
        print(JSON.object(object).text)
        return 0
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return (ContinuousClock.now - start).seconds
    }
}

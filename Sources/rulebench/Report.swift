import Foundation

/// Everything one run measured, the summary numbers the issue's targets are about, and
/// the human-readable table (`Report+JSON.swift` has the JSON form).
struct Report {
    struct AdversarialRow {
        var pattern: String
        var sizes: [Int]
        var outcomes: [Adversarial.Engine: [Adversarial.Outcome]] = [:]

        /// The largest compiled time at a size over the time at a tenth of it, over every
        /// size (each time the median of fifteen samples in a child process, so that one noisy
        /// small sample cannot decide it); `nil` when not measured, or when a compiled run timed
        /// out or failed.
        var compiledGrowth: Double? {
            guard let compiled = outcomes[.compiled] else { return nil }
            for outcome in compiled {
                switch outcome {
                case .timedOut, .skipped, .failed, .unavailable: return nil
                case .measured: break
                }
            }
            var growths: [Double] = []
            for j in sizes.indices {
                guard let i = sizes.firstIndex(of: sizes[j] / 10), sizes[j] % 10 == 0,
                    let big = compiled[j].seconds, let small = compiled[i].seconds, small > 0
                else { continue }
                growths.append(big / small)
            }
            return growths.max()
        }
    }

    /// A summary number with its target from the issue.
    struct Target {
        var key: String
        var value: Double?
        var atLeast: Bool
        /// `nil`: measured and reported, no target (`utf8_scan_gbps`, `bytes_per_match`).
        var threshold: Double?
        var met: Bool? {
            guard let threshold else { return nil }
            return value.map { atLeast ? $0 >= threshold : $0 <= threshold }
        }
        var text: String {
            guard let threshold else { return "—" }
            return (atLeast ? "≥ " : "≤ ") + (threshold == threshold.rounded() ? String(Int(threshold)) : "\(threshold)")
        }
    }

    var seed: UInt64
    var quick: Bool
    var scale: Scale
    var cores = ProcessInfo.processInfo.activeProcessorCount
    var specPath = ""
    var corpusUTF8 = 0
    var corpusUTF16 = 0
    var labelUTF16 = 0
    var labelCount = 0
    var compiledAvailable = false
    var specCompileSeconds: [(String, Double)] = []
    /// `rulegen lint` (compile + conflict analysis, in process) on each generated rule set.
    struct LintRun {
        var rules: Int
        var seconds: Double
        var diagnostics: Int
    }
    var lint: [LintRun] = []
    var workloads: [Workload.Result] = []
    var adversarial: [AdversarialRow] = []
    var generatedCompile: GeneratedCompile.Result?
    /// `rulegen` (compile, lint, emit) on one-rule specs of pathological patterns.
    var ruleCompile: [RuleCompileTime.Row] = []
    /// The labels rendered into `AttributedString`s, both ways.
    var attributedLabels: AttributedLabels.Result?
    /// The cms spec (containers) on generated HTML.
    var nesting: NestingBench.Result?
    var stream: StreamBench.Result?
    /// Decoding the embedded automata and building the engine of the largest rule set.
    var engineInit: EngineInit.Result?
    /// Resident bytes the largest rule set's engine holds once built (child process), or why not measured.
    var residentTables: Swift.Result<Int, Throughput.ChildError>?
    var residentTableBytes: Int? { if case .success(let bytes)? = residentTables { bytes } else { nil } }
    /// The skip loop on a text without matches; memory per kept match.
    var throughput: Throughput.Result?
    /// The feed spec (`Specs/feed.richrules`): its own corpus and labels are workloads.
    var feed: FeedBench.Result?
    /// The public rule sets under `Benchmarks/specs` (their corpus and labels are workloads).
    var realSpecs: [RealSpecs.Result] = []
    /// Hostile inputs, each in a child process, with their bounds.
    var hostile: [Hostile.Measure] = []
    var elapsedSeconds = 0.0

    /// The build this executable is: compile times depend on it, and the build plugin runs
    /// a debug `rulegen`.
    #if DEBUG
        static let configuration = "debug"
    #else
        static let configuration = "release"
    #endif

    init(seed: UInt64, quick: Bool, scale: Scale) {
        self.seed = seed
        self.quick = quick
        self.scale = scale
    }

    // MARK: Summary

    func workload(_ key: String) -> Workload.Result? { workloads.first { $0.workload.key == key } }

    /// Reference time over compiled time on a workload.
    func compiledSpeedup(_ key: String) -> Double? {
        guard let result = workload(key), result.agreement?.agrees != false else { return nil }
        return Self.ratio(result.reference.timing?.median, result.compiled.timing?.median)
    }

    /// The workloads whose compiled and reference paths disagree (their speed-ups are not
    /// reported; rulebench exits with status 4).
    var disagreeingWorkloads: [String] {
        var keys = workloads.filter { $0.agreement?.agrees == false }.map(\.workload.key)
        // Labels whose attributed string differs from the ZLRichLabel-style label's, or from
        // its own rebuild: the attributed figures compare different strings.
        if let labels = attributedLabels, labels.disagreements > 0 || labels.rebuildMismatches > 0 { keys.append("attributed_labels") }
        return keys
    }

    var rules100OverRules6: Double? {
        Self.ratio(workload("rules100")?.compiled.timing?.median, workload("rules6")?.compiled.timing?.median)
    }

    /// The worst compiled growth over the adversarial patterns; `nil` unless every pattern has one.
    var adversarialGrowth: Double? {
        let growths = adversarial.map(\.compiledGrowth)
        guard !growths.isEmpty, !growths.contains(where: { $0 == nil }) else { return nil }
        return growths.compactMap { $0 }.max()
    }

    var targets: [Target] {
        [
            Target(key: "corpus_speedup", value: compiledSpeedup("corpus"), atLeast: true, threshold: 25),
            Target(key: "label_speedup", value: compiledSpeedup("labels"), atLeast: true, threshold: 15),
            Target(key: "rules100_over_rules6", value: rules100OverRules6, atLeast: false, threshold: 2.5),
            Target(key: "adversarial_growth", value: adversarialGrowth, atLeast: false, threshold: 12),
            Target(
                key: "generated_compile_seconds", value: generatedCompile?.rules == 100 ? generatedCompile?.seconds : nil,
                atLeast: false, threshold: 15),
            Target(key: "lint_seconds", value: lint.first { $0.rules == 100 }?.seconds, atLeast: false, threshold: 10),
            Target(key: "worst_rule_compile_seconds", value: ruleCompile.map(\.seconds).max(), atLeast: false, threshold: 1),
            Target(key: "attributed_overhead", value: attributedLabels?.overhead, atLeast: false, threshold: 1.15),
            Target(key: "nesting_growth", value: nesting?.growth, atLeast: false, threshold: 1.5),
            Target(key: "stream_overhead", value: stream?.worstOverhead, atLeast: false, threshold: 3),
            Target(key: "stream_append_p99_us", value: stream?.worstP99Microseconds, atLeast: false, threshold: nil),
            Target(
                key: "engine_init_ms_100_rules", value: engineInit?.rules == 100 ? engineInit?.milliseconds : nil, atLeast: false,
                threshold: 1),
            Target(
                key: "resident_tables_bytes_100_rules", value: engineInit?.rules == 100 ? residentTableBytes.map(Double.init) : nil,
                atLeast: false, threshold: 2_000_000),
            Target(key: "utf8_scan_gbps", value: throughput?.gigabytesPerSecond, atLeast: true, threshold: nil),
            Target(key: "feed_corpus_speedup", value: compiledSpeedup("feed_corpus"), atLeast: true, threshold: 10),
            Target(key: "feed_label_speedup", value: compiledSpeedup("feed_labels"), atLeast: true, threshold: 8),
            Target(key: "feed_scan_gbps", value: feed?.gigabytesPerSecond, atLeast: true, threshold: 1),
            Target(key: "feed_nfa_only_rules", value: feed.map { Double($0.pikeVMRules.count) }, atLeast: false, threshold: 0),
            Target(key: "lazy_cache_peak_bytes", value: feed.map { Double($0.lazyCachePeakBytes) }, atLeast: false, threshold: nil),
            Target(key: "feed_engine_init_ms", value: feed?.engineInit.map { $0.median * 1000 }, atLeast: false, threshold: nil),
            Target(key: "bytes_per_match", value: throughput?.bytesPerMatch, atLeast: false, threshold: nil),
            Target(
                key: "real_worst_corpus_speedup", value: worstReal { compiledSpeedup(RealSpecs.key($0.name, "corpus")) }, atLeast: true,
                threshold: 10),
            Target(
                key: "real_worst_label_speedup", value: worstReal { compiledSpeedup(RealSpecs.key($0.name, "labels")) }, atLeast: true,
                threshold: 8),
            Target(key: "real_worst_scan_gbps", value: worstReal(\.gigabytesPerSecond), atLeast: true, threshold: 2),
        ] + hostile.map { Target(key: $0.key, value: $0.value, atLeast: false, threshold: $0.bound) }
    }

    /// What `--check` fails on: a hostile input out of its bounds or counts, or none measured
    /// when the section was `expected` to run.
    func hostileFailure(expected: Bool) -> String? {
        if expected, hostile.isEmpty { return "no hostile input was measured (Specs/cms.richrules not found beside the spec)" }
        let missed = hostile.filter { !$0.met }.map(\.key)
        return missed.isEmpty ? nil : "hostile inputs out of bounds: " + missed.joined(separator: ", ")
    }

    /// The smallest of `figure` over the real rule sets (`nil` when one has none).
    func worstReal(_ figure: (RealSpecs.Result) -> Double?) -> Double? {
        let values = realSpecs.map(figure)
        guard !values.isEmpty, !values.contains(where: { $0 == nil }) else { return nil }
        return values.compactMap { $0 }.min()
    }

    static func ratio(_ a: Double?, _ b: Double?) -> Double? {
        guard let a, let b, b > 0 else { return nil }
        return a / b
    }

    // MARK: Table

    var table: String {
        var out: [String] = []
        let mode = quick ? "quick run (smaller inputs; not comparable with full runs)" : "full run"
        out.append("rulebench: seed \(String(seed, radix: 16, uppercase: true)), \(cores) cores, \(mode), \(formatSeconds(elapsedSeconds))")
        out.append(
            "inputs: \(specPath); corpus \(grouped(corpusUTF8)) UTF-8 bytes = \(grouped(corpusUTF16)) UTF-16 units; "
                + "\(grouped(labelCount)) labels, mean \(labelCount > 0 ? labelUTF16 / labelCount : 0) UTF-16 units")
        out.append("paths (median of several runs after a warm-up; ratios = NSRegularExpression time / path time):")
        out.append(
            "  compiled     full pipeline, engine.render: matches with starts and captures, resolution, records"
                + (compiledAvailable ? "" : " (n/a: makeCompiledEngine returned nil)"))
        out.append("  ICU          the same pipeline on RuleEngine(reference:), one NSRegularExpression per rule, compiled once")
        out.append("  floor        the same pipeline on candidates found beforehand (no matching): what render costs by itself")
        out.append("  Swift Regex  raw matching only: Regex compiled once, matches(of:) per regex rule, Unicode-scalar")
        out.append("               semantics; no resolution, no records (less work than the other columns)")
        out.append("")
        var rows = [["workload", "rules", "compiled", "ICU", "floor", "Swift Regex", "compiled ×", "floor ×", "Swift ×", "kept", "agree"]]
        for result in workloads {
            let agree = result.agreement.map { $0.agrees ? "yes" : "NO (\($0.disagreeing))" } ?? "n/a"
            rows.append([
                result.workload.title, String(result.workload.ruleCount), time(result.compiled), time(result.reference),
                time(result.floor), time(result.swiftRegex),
                times(Self.ratio(result.reference.timing?.median, result.compiled.timing?.median)),
                times(Self.ratio(result.reference.timing?.median, result.floor.timing?.median)),
                times(Self.ratio(result.reference.timing?.median, result.swiftRegex.timing?.median)),
                result.reference.timing.map { grouped($0.result) } ?? "", agree,
            ])
        }
        out += layout(rows, leftColumns: 1)
        for result in workloads {
            if let note = result.swiftRegex.note { out.append("  \(result.workload.title): Swift Regex: \(note)") }
            if let example = result.agreement?.example { out.append("  \(result.workload.title): disagreement: \(example)") }
        }
        out.append("")
        let limit = formatLimit(scale.timeLimit)
        out.append(
            "adversarial patterns (each in a child process, stopped \(limit) after its setup; after a timeout, larger inputs are not run)")
        rows = [["pattern", "chars", "compiled", "ICU", "Swift Regex"]]
        for row in adversarial {
            for (i, size) in row.sizes.enumerated() {
                rows.append(
                    [i == 0 ? row.pattern : "", grouped(size)]
                        + Adversarial.Engine.allCases.map { outcome(row.outcomes[$0]?[i]) })
            }
        }
        out += layout(rows, leftColumns: 1)
        for row in adversarial {
            for engine in Adversarial.Engine.allCases {
                for case .failed(let why) in row.outcomes[engine] ?? [] { out.append("  \(row.pattern), \(engine.rawValue): \(why)") }
            }
        }
        out.append("")
        if let compile = generatedCompile {
            let what = "debug build of the generated Swift of the \(compile.rules)-rule set (\(grouped(compile.lines)) lines)"
            out.append("\(what): " + (compile.seconds.map(formatSeconds) ?? "n/a") + (compile.note.map { " (\($0))" } ?? ""))
            out.append("")
        }
        for run in lint {
            out.append(
                "rulegen lint on the \(run.rules)-rule set (compile + conflict analysis, in process): \(formatSeconds(run.seconds)), "
                    + "\(run.diagnostics) diagnostics")
        }
        if !lint.isEmpty { out.append("") }
        if !ruleCompile.isEmpty {
            out.append("rulegen (compile, lint, emit) on one-rule specs of pathological patterns, \(Self.configuration) build:")
            rows = [["pattern", "seconds", "runs on"]]
            for row in ruleCompile { rows.append([row.pattern, String(format: "%.3f", row.seconds), row.outcome]) }
            out += layout(rows, leftColumns: 1)
            out.append("")
        }
        if let labels = attributedLabels {
            out.append(
                "labels as AttributedString: attributedString() of rendered labels \(labels.buildOnly.map { formatSeconds($0.median) } ?? "n/a"), "
                    + "the cheapest construction of the same strings \(labels.cheapest.map { formatSeconds($0.median) } ?? "n/a") "
                    + "(\(labels.rebuildMismatches) rebuilt strings differ); end to end: render + attributedString() "
                    + "\(labels.compiled.map { formatSeconds($0.median) } ?? "n/a") vs a ZLRichLabel-style label on NSRegularExpression "
                    + "\(formatSeconds(labels.baseline.median)) (\(labels.disagreements) labels differ)")
            out.append("")
        }
        if !hostile.isEmpty {
            out.append("hostile inputs (each case in a child process; see Hostile.swift):")
            rows = [["measure", "value", "bound", "met"]]
            for measure in hostile {
                rows.append([
                    measure.key, measure.value.map { String(format: "%.3f %@", $0, measure.unit) } ?? "n/a (\(measure.note ?? ""))",
                    "< \(measure.bound == measure.bound.rounded() ? String(Int(measure.bound)) : String(measure.bound)) \(measure.unit)",
                    measure.met ? "yes" : "NO",
                ])
            }
            out += layout(rows, leftColumns: 1)
            out.append("")
        }
        if let stream {
            out.append(
                "streaming (RichStream.append, compiled engine; a 20 KB answer, 2 KB with --quick; overhead: all appends over one render):")
            rows = [["spec", "piece", "appends", "streamed", "render", "all appends", "overhead", "p99 append"]]
            for row in stream.rows {
                rows.append([
                    row.spec, "\(row.pieceUnits) units", grouped(row.pieces), grouped(row.streamed), formatSeconds(row.render),
                    formatSeconds(row.appends), String(format: "%.1f×", row.overhead), formatSeconds(row.p99),
                ])
            }
            out += layout(rows, leftColumns: 2)
            out.append("")
        }
        if let nesting {
            out.append("containers (Specs/cms.richrules, compiled engine; documents inside one <div>, one cluster):")
            rows = [["text", "UTF-16 units", "kept", "render", "per MB"]]
            for row in nesting.rows {
                let perMB = row.timing.median / Double(row.utf16) * Double(1 << 20)
                rows.append([
                    row.workload == "deep" ? "40 levels deep" : "document", grouped(row.utf16), grouped(row.kept),
                    formatSeconds(row.timing.median), formatSeconds(perMB),
                ])
            }
            out += layout(rows, leftColumns: 1)
            out.append("")
        }
        if let initTime = engineInit {
            out.append(
                "engine init of the \(initTime.rules)-rule set: decode \(formatSeconds(initTime.decode.median)) + build "
                    + "\(formatSeconds(initTime.build.median)) (\(grouped(initTime.base64Bytes)) bytes of base64 automata); resident once built: "
                    + {
                        switch residentTables {
                        case .success(let bytes)?: return "\(grouped(bytes)) bytes"
                        case .failure(let error)?: return "not measured (\(error.message))"
                        case nil: return "not measured"
                        }
                    }())
            out.append("")
        }
        if let throughput {
            let scan = throughput.scan.map { formatSeconds($0.median) } ?? "n/a"
            out.append("no-match text, \(grouped(throughput.scanBytes)) UTF-8 bytes: \(scan) (\(throughput.scanMatches) kept)")
            if let memory = throughput.memory {
                out.append(
                    "\(grouped(memory.kept)) mentions kept: peak resident +\(grouped(memory.peakGrowth)) bytes, "
                        + "+\(grouped(memory.retainedGrowth)) after the render with the result held")
            } else if let note = throughput.memoryNote {
                out.append("memory: \(note)")
            }
            out.append("")
        }
        rows = [["summary", "value", "target", "met"]]
        for target in targets {
            let value = target.value.map { target.key.hasSuffix("seconds") ? String(format: "%.2f s", $0) : String(format: "%.2f", $0) }
            let met = target.threshold == nil ? "" : target.met.map { $0 ? "yes" : "NO" } ?? "n/a"
            rows.append([target.key, value ?? "n/a", target.text, met])
        }
        out += layout(rows, leftColumns: 1)
        if !scale.ruleSets.contains(100) {
            out.append("(no 100-rule set in this run: rules100_over_rules6, generated_compile_seconds and lint_seconds are n/a)")
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func time(_ result: PathResult) -> String { result.timing.map { formatSeconds($0.median) } ?? "n/a" }
    private func times(_ ratio: Double?) -> String { ratio.map { String(format: $0 >= 10 ? "%.0f×" : "%.2f×", $0) } ?? "n/a" }
    private func formatLimit(_ limit: Double) -> String { limit >= 1 ? String(format: "%.0f s", limit) : String(format: "%.1f s", limit) }

    private func outcome(_ outcome: Adversarial.Outcome?) -> String {
        switch outcome {
        case .measured(let timing)?: return formatSeconds(timing.median)
        case .timedOut(let limit)?, .skipped(let limit)?: return "> " + formatLimit(limit)
        case .unavailable?, nil: return "n/a"
        case .failed?: return "failed"
        }
    }

    /// Columns padded to their widest cell: the first `leftColumns` left-aligned, the rest right-aligned.
    private func layout(_ rows: [[String]], leftColumns: Int) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column < leftColumns ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
    }
}

/// `1234567` → `1,234,567`.
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out += "," }
        out.append(c)
    }
    return (value < 0 ? "-" : "") + out
}

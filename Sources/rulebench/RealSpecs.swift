import Foundation
import RuleCompiler
@_spi(Generated) import RuleRuntime

/// Public rule sets translated as their authors wrote them (`Benchmarks/specs/<set>/*.richrules`,
/// each with its sources, licence and conformance test) on the feed spec's posts: what a team
/// that pastes the regexes of the library it leaves gets.
///
/// - `real_<set>_corpus`, `real_<set>_labels`: workloads (1 MB of posts, 10,000 posts),
///   NSRegularExpression's time over the compiled one's.
/// - per set: the no-match scan of the feed's prose in UTF-8 GB/s, and per rule the path it
///   runs on (table DFA, lazy DFA, Pike VM, NSRegularExpression with the construct that keeps
///   it there) with its share of the compiled corpus time (each rule timed alone).
/// - `real_worst_corpus_speedup`, `real_worst_label_speedup`, `real_worst_scan_gbps`: the
///   worst set's figure.
enum RealSpecs {
    struct Rule {
        var name: String
        var path: String
        /// The compiled render of the corpus with this rule alone in the table, over the sum of
        /// all rules' such times.
        var share: Double?
    }

    struct Result {
        var name: String
        var specPath: String
        var scanBytes: Int
        var scan: Timing?
        var rules: [Rule]

        var gigabytesPerSecond: Double? {
            guard let scan, scan.median > 0, scan.result == 0 else { return nil }
            return Double(scanBytes) / scan.median / 1e9
        }
    }

    /// The specs under `Benchmarks/specs` of the package holding `socialSpec`
    /// (`Specs/social.richrules`), sorted by path.
    static func specPaths(besideSocial socialSpec: String) -> [String] {
        let root = URL(fileURLWithPath: socialSpec).deletingLastPathComponent().deletingLastPathComponent()
        let specs = root.appendingPathComponent("Benchmarks/specs")
        let sets = (try? FileManager.default.contentsOfDirectory(atPath: specs.path)) ?? []
        var paths: [String] = []
        for set in sets {
            let folder = specs.appendingPathComponent(set)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            paths += files.filter { $0.hasSuffix(".richrules") }.map { folder.appendingPathComponent($0).path }
        }
        return paths.sorted()
    }

    /// The set's name: its file name without the extension.
    static func name(ofSpec path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    /// The workload key of a set (`real_twitter_text_corpus`).
    static func key(_ name: String, _ workload: String) -> String {
        "real_" + name.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined() + "_" + workload
    }

    /// The scan and the per-rule paths and shares of one set.
    static func measure(name: String, specPath: String, compiled: RuleEngine?, corpus: String, noMatch: String, policy: TimingPolicy)
        -> Result
    {
        var result = Result(name: name, specPath: specPath, scanBytes: noMatch.utf8.count, rules: [])
        guard let compiled else { return result }
        result.scan = policy.measure { compiled.render(noMatch).matches.count }
        let table = compiled.table
        let fallbacks = Dictionary(compiled.fallbacks.map { ($0.ruleIndex, $0.construct) }, uniquingKeysWith: { first, _ in first })
        let lazy = Set(compiled.lazyDFARules), pikeVM = Set(compiled.nfaOnlyRules)
        // Each rule in a table of its own (the shared scan and the resolution then do only
        // its work); a rule that cannot stand alone (a container another rule names) gets none.
        var times: [Double?] = []
        for rule in table.rules {
            var alone = table
            alone.rules = [rule]
            let engine = makeCompiledEngine(table: alone)
            times.append(engine.map { engine in policy.measure { engine.render(corpus).matches.count }.median })
        }
        let total = times.compactMap { $0 }.reduce(0, +)
        for (index, rule) in table.rules.enumerated() {
            let path: String
            if let construct = fallbacks[index] {
                path = "NSRegularExpression (\(construct))"
            } else if pikeVM.contains(index) {
                path = "Pike VM"
            } else if lazy.contains(index) {
                path = "lazy DFA" + answers(ofRule: rule, in: table, on: corpus)
            } else if case .regex = rule.matcher {
                path = "table DFA"
            } else {
                path = "no regex (tags, prefixes, detectors' own code)"
            }
            result.rules.append(Rule(name: rule.name, path: path, share: total > 0 ? times[index].map { $0 / total } : nil))
        }
        return result
    }

    /// The lookaround answers a lazy-DFA rule asks in one render of `corpus` (alone in its
    /// table, fresh engine): ", N answers asked (M by ICU's evaluator)", or "" when none.
    static func answers(ofRule rule: RuleEntry, in table: StyleTable, on corpus: String) -> String {
        var alone = table
        alone.rules = [rule]
        guard let engine = makeCompiledEngine(table: alone) else { return "" }
        _ = engine.render(corpus)
        let counts = (engine.ruleMatcher?.lazyDFAs ?? []).reduce((0, 0)) { sum, lazy in
            let counts = lazy.dfa.answerCounts
            return (sum.0 + counts.answered, sum.1 + counts.byEvaluator)
        }
        guard counts.0 > 0 else { return "" }
        return ", \(counts.0) lookaround answers per corpus render (\(counts.1) by ICU's evaluator)"
    }

    static func json(_ result: Result, report: Report) -> JSON {
        .object([
            ("name", .string(result.name)), ("spec", .string(result.specPath)),
            ("corpus_speedup", .number(report.compiledSpeedup(key(result.name, "corpus")))),
            ("label_speedup", .number(report.compiledSpeedup(key(result.name, "labels")))),
            ("scan_gbps", .number(result.gigabytesPerSecond)),
            (
                "rules",
                .array(
                    result.rules.map {
                        .object([("name", .string($0.name)), ("path", .string($0.path)), ("time_share", .number($0.share))])
                    })
            ),
        ])
    }
}

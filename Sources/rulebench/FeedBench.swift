import Foundation
import RuleAutomata
import RuleCompiler
@_spi(Generated) import RuleRuntime

/// The feed spec (`Specs/feed.richrules`, twitter-text-level extraction: URLs over the
/// IANA TLD list with and without a scheme, Unicode mentions and hashtags with lookaround
/// boundaries, cashtags, emails, phone numbers) on posts in several scripts: a real rule
/// set, where the workloads of the social spec are small ones.
///
/// - `feed_corpus_speedup`, `feed_label_speedup`: workloads `feed_corpus` (1 MB of posts)
///   and `feed_labels` (10,000 posts), NSRegularExpression's time over the compiled one's.
/// - `feed_scan_gbps`: a full render of 10 MB of prose in every script that no rule
///   matches, in UTF-8 gigabytes a second.
/// - `feed_nfa_only_rules`: the rules that search on the Pike VM alone (no DFA built ahead
///   of time, no lazy DFA).
/// - `lazy_cache_peak_bytes`: the largest a lazy DFA's cache grew over the feed runs.
enum FeedBench {
    struct Result {
        var scanBytes: Int
        var scan: Timing?
        var scanMatches: Int
        /// Names of the rules on the Pike VM alone, and of those on a lazy DFA.
        var pikeVMRules: [String]
        var lazyRules: [String]
        var lazyCachePeakBytes: Int
        /// The engine of the feed spec on its automata (its lazy DFAs included).
        var engineInit: Timing?

        var gigabytesPerSecond: Double? {
            guard let scan, scan.median > 0, scanMatches == 0 else { return nil }
            return Double(scanBytes) / scan.median / 1e9
        }
    }

    /// `Specs/feed.richrules` beside the social spec, when it is there.
    static func specPath(besideSocial social: String) -> String? {
        let path = URL(fileURLWithPath: social).deletingLastPathComponent().appendingPathComponent("feed.richrules").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The inputs: a corpus of `corpusBytes`, `labelCount` posts, a no-match text of `scanBytes`.
    static func inputs(vocabulary: Vocabulary, scale: Scale) -> (corpus: String, labels: [String], noMatch: String) {
        var generator = FeedGenerator(seed: Benchmark.seed &+ 11, vocabulary: vocabulary)
        let corpus = generator.corpus(utf8Bytes: scale.corpusBytes)
        let labels = generator.labels(count: scale.labelCount, length: scale.labelLength)
        let noMatch = generator.noMatchText(utf8Bytes: scale.scanBytes)
        return (corpus, labels, noMatch)
    }

    /// The scan on the compiled engine, and what its rules run on (after the workloads ran,
    /// so that the caches' peak covers them).
    static func measure(compiled: RuleEngine?, noMatch: String, policy: TimingPolicy) -> Result {
        var result = Result(
            scanBytes: noMatch.utf8.count, scanMatches: 0, pikeVMRules: [], lazyRules: [], lazyCachePeakBytes: 0)
        guard let compiled else { return result }
        let automata = AutomataBuilder.build(compiled.table).automata
        result.engineInit = policy.measure { (makeEngine(table: compiled.table, automata: automata)) != nil ? 1 : 0 }
        let timing = policy.measure { compiled.render(noMatch).matches.count }
        result.scan = timing
        result.scanMatches = timing.result
        let names = compiled.table.rules.map(\.name)
        result.pikeVMRules = compiled.ruleMatcher?.pikeVMRules.map { names[$0] } ?? []
        result.lazyRules = compiled.ruleMatcher?.lazyDFAs.map { names[$0.rule] } ?? []
        result.lazyCachePeakBytes = compiled.lazyCachePeakBytes
        return result
    }
}

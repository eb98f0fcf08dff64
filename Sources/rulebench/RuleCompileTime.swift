import Foundation
import RuleCompiler
import RuleRuntime

/// How long `rulegen` takes on one-rule specs of pathological patterns: nested counted
/// repetitions, long `.{n}` tails, large classes under `i`, a long keyword list. Each is
/// what `rulegen` does with the spec, in process: compile with the conflict analysis,
/// then emit the Swift file. The build plugin runs a debug `rulegen`, so the number that
/// matters for builds is the one of a debug `rulebench` (CI's `--quick` run).
enum RuleCompileTime {
    struct Row {
        var pattern: String
        var seconds: Double
        /// `fallback`, `nfa` (no DFA of either kind), `lazy-dfa` or `dfa`: how the rule runs.
        var outcome: String
    }

    /// Patterns whose DFA construction used to take seconds to minutes (see
    /// `CompileBudgetTests`), and others of the same families.
    static let patterns: [String] = [
        "(a{1,30}){1,30}b", "(a{1,200}){1,200}b", "((a{0,30}){0,30}){0,30}b", "x{5000}", "a{1,100000}", ".{1000}$", "a.{30}b",
        "(?s)(.{1,50}){1,50}x", "[^\\n]{1,3000}z", "(?i)[\\p{L}\\p{N}]{1,50}@\\p{L}{50}", "(?i)(\\w{1,20}){1,20}@",
        "(?i)[a-zà-ÿ\\u0400-\\u04FF]{100}x", "(?i)(ǅ|ß|ﬅ|İ){1,400}", "(a|b|ab|ba){1,100}$", "(?i)\\b(?:" + keywords + ")\\b", scripts,
        longLiteral,
    ]

    /// A case-insensitive literal of 2,000 Latin, Greek and Cyrillic letters.
    static let longLiteral: String = {
        var pattern = "(?i)"
        pattern.unicodeScalars.append(
            contentsOf: (0x100..<0x3000).compactMap(Unicode.Scalar.init).filter {
                $0.properties.generalCategory == .lowercaseLetter || $0.properties.generalCategory == .uppercaseLetter
            }.prefix(2000))
        return pattern
    }()

    /// 31 classes of distinct Unicode scripts (each an ICU probe over every code point).
    static let scripts: String = [
        "Greek", "Latin", "Cyrillic", "Arabic", "Hebrew", "Han", "Hiragana", "Katakana", "Thai", "Hangul", "Armenian", "Georgian",
        "Devanagari", "Bengali", "Tamil", "Telugu", "Kannada", "Malayalam", "Gujarati", "Gurmukhi", "Oriya", "Sinhala", "Tibetan",
        "Mongolian", "Khmer", "Lao", "Myanmar", "Ethiopic", "Cherokee", "Runic", "Ogham",
    ].map { "[\\p{\($0)}a]" }.joined()

    /// 300 words of 4 to 9 letters, the same in every run.
    static let keywords: String = {
        var rng = SplitMix64(seed: 300)
        var words: Set<String> = []
        while words.count < 300 {
            let length = rng.within(4...9)
            words.insert(String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(97 + rng.below(26)))) }))
        }
        return words.sorted().joined(separator: "|")
    }()

    static func measure(in directory: URL) throws -> [Row] {
        var rows: [Row] = []
        for (index, pattern) in patterns.enumerated() {
            let url = directory.appendingPathComponent("pathological\(index).richrules")
            let spec = "richrules 1\nrule r { match /\(pattern)/ }\n"
            do { try spec.write(to: url, atomically: true, encoding: .utf8) } catch {
                throw SpecError.io("cannot write \(url.path): \(error.localizedDescription)")
            }
            let start = ContinuousClock.now
            let output = Compiler.compile(path: url.path)
            guard let table = output.table, let automata = output.automata else {
                throw SpecError.diagnostics(path: url.path, messages: output.diagnostics.map(\.message))
            }
            _ = SwiftEmitter(table: table, automata: automata, specPath: url.path).emit()
            let seconds = (ContinuousClock.now - start).seconds
            let names = Set(output.diagnostics.map(\.name))
            let outcome =
                names.contains("fallback")
                ? "fallback" : names.contains("state-budget") ? "nfa" : names.contains("lazy-dfa") ? "lazy-dfa" : "dfa"
            rows.append(Row(pattern: pattern.count > 60 ? String(pattern.prefix(57)) + "…" : pattern, seconds: seconds, outcome: outcome))
        }
        return rows
    }
}

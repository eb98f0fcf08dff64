import Foundation
@_spi(Generated) import RuleRuntime

/// The three ways of running a table's rules that the benchmark compares, each built once
/// before any timing.
struct Contestants {
    /// Full pipeline on the compiled automaton; `nil` until `makeCompiledEngine` builds one.
    let compiled: RuleEngine?
    /// Full pipeline on the reference matcher: one `NSRegularExpression` per regex rule,
    /// compiled in `RuleEngine(reference:)`.
    let reference: RuleEngine
    /// Raw matching only, with the standard library's `Regex`.
    let swiftRegex: SwiftRegexPath

    init(table: StyleTable) throws {
        compiled = makeCompiledEngine(table: table)
        reference = try makeReferenceEngine(table: table)
        swiftRegex = SwiftRegexPath(table: table)
    }
}

/// Swift's `Regex`, one per regex rule of a table, compiled once (parsed here, its program
/// built on first use, which the warm-up run covers). `matches(of:)` per rule over the
/// same inputs with Unicode-scalar semantics (the closest to ICU's code-point matching):
/// raw matching only, no resolution and no result records. Patterns it cannot parse
/// and non-regex rules (prefix words, tags) are skipped and counted.
struct SwiftRegexPath {
    private(set) var regexes: [Regex<AnyRegexOutput>] = []
    /// Rule name and reason, for regex rules `Regex` rejected.
    private(set) var skipped: [(rule: String, reason: String)] = []
    private(set) var nonRegexRules = 0

    init(table: StyleTable) {
        for rule in table.rules {
            guard case .regex(let pattern, let flags, _) = rule.matcher else {
                nonRegexRules += 1
                continue
            }
            if let regex = Self.compile(pattern, flags: flags) {
                regexes.append(regex)
            } else {
                skipped.append((rule.name, "Swift Regex cannot parse /\(pattern)/"))
            }
        }
    }

    /// `pattern` with `flags` as an inline group (`(?i)…`), or `nil` when `Regex` rejects it.
    static func compile(_ pattern: String, flags: RegexFlags = []) -> Regex<AnyRegexOutput>? {
        let inline = flags.isEmpty ? "" : "(?\(flags.letters))"
        guard let regex = try? Regex(inline + pattern) else { return nil }
        return regex.matchingSemantics(.unicodeScalar)
    }

    /// The number of matches of every regex in `text`.
    func matchCount(in text: String) -> Int {
        var count = 0
        for regex in regexes { count += text.matches(of: regex).count }
        return count
    }

    /// A note for the report: what was not measured.
    var note: String? {
        var parts: [String] = []
        if !skipped.isEmpty { parts.append("\(skipped.count) pattern(s) Swift Regex cannot parse skipped") }
        if nonRegexRules > 0 { parts.append("\(nonRegexRules) non-regex rule(s) skipped") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

/// Hands back candidates found beforehand: an engine on it times `render` without any
/// matching (resolution and result records; no UTF-16 transcoding either, as the compiled
/// path's scan of UTF-8 needs none), the floor under the compiled path's time. The texts
/// must be rendered in the order given, round after round (the workload loops do); no
/// lookup by text, whose hashing would be timed too.
final class ReplayMatcher: CandidateMatcher, @unchecked Sendable {
    // Unchecked: the benchmark renders on one thread only.
    private let candidates: [[Candidate]]
    private var next = 0

    init(table: StyleTable, texts: [String]) throws {
        let matcher = try RuleMatcher(table: table)
        candidates = texts.map { matcher.candidates(in: $0) }
    }

    var readsUnits: Bool { false }

    func candidates(in text: String, units: [UInt16]) -> [Candidate] {
        defer { next = next + 1 == candidates.count ? 0 : next + 1 }
        return candidates[next]
    }
}

/// Reads of a result what a label reads of it, on every path alike: the display text, and
/// every kept match's style and tap with its arguments (a tap's template solves the capture
/// groups it names: the compiled path solves groups only when read, the reference path's
/// NSRegularExpression computes them all). Returns the kept match count (the figure compared
/// across paths); what was read goes to `benchmarkSink`, so that none of it is optimized away.
func readAsALabel(_ result: RenderResult) -> Int {
    var units = result.display.utf8.count
    for match in result.matches {
        if match.style.font != nil { units &+= 1 }
        if let tap = match.tap {
            units &+= tap.handler.utf16.count
            for argument in tap.arguments { units &+= argument.value.utf16.count }
        }
    }
    benchmarkSink &+= units
    return result.matches.count
}

/// One path's result on a workload: `timing` is `nil` when the path is unavailable.
struct PathResult {
    var timing: Timing?
    var note: String?
}

/// Do the compiled and the reference path keep the same matches (rule, range, captures,
/// display range, style, tap and its arguments) and show the same display text? A workload whose
/// paths disagree reports no speed-up, and rulebench exits with status 4.
struct Agreement {
    var inputs = 0
    var disagreeing = 0
    /// The first disagreement, described for the report.
    var example: String?

    var agrees: Bool { disagreeing == 0 }

    static func check(_ compiled: RuleEngine, _ reference: RuleEngine, on texts: [String]) -> Agreement {
        var agreement = Agreement()
        for (index, text) in texts.enumerated() {
            agreement.inputs += 1
            let a = compiled.render(text), b = reference.render(text)
            let keyA = a.matches.map(describe), keyB = b.matches.map(describe)
            guard keyA != keyB || a.display != b.display else { continue }
            agreement.disagreeing += 1
            if agreement.example == nil {
                let first = zip(keyA, keyB).first { $0 != $1 }
                let detail =
                    first.map { "compiled \($0.0) vs reference \($0.1)" }
                    ?? (keyA.count != keyB.count
                        ? "compiled \(keyA.count) vs reference \(keyB.count) kept matches" : "display texts differ")
                agreement.example = "input \(index): \(detail)"
            }
        }
        return agreement
    }

    /// `mention [3, 8] "@someone" "someone" shown [3, 8] tap openProfile(someone)`: rule,
    /// range, captures (`nil` for a group that did not participate), where it shows, and the
    /// tap a label would call: what a label reads of a match.
    private static func describe(_ match: RuleMatch) -> String {
        let tap = match.tap.map { tap in
            "tap \(tap.handler)(" + tap.arguments.map { ($0.label.map { "\($0): " } ?? "") + $0.value }.joined(separator: ", ") + ")"
        }
        return
            ([match.rule, match.range.description] + match.captures.map { $0.map { "\"\($0)\"" } ?? "nil" }
            + ["shown \(match.displayRange)", "style \(match.style)", tap ?? "no tap"]).joined(separator: " ")
    }
}

/// A set of texts run through the three paths.
struct Workload {
    var key: String
    var title: String
    var texts: [String]
    var ruleCount: Int
    /// Whether Swift's `Regex` runs too (not on the feed spec: its 1,300-word alternations
    /// take it minutes).
    var swiftRegex = true

    var utf16Count: Int { texts.reduce(0) { $0 + $1.utf16.count } }

    struct Result {
        var workload: Workload
        var compiled: PathResult
        var reference: PathResult
        /// `render` with replayed candidates: the pipeline without matching.
        var floor: PathResult
        var swiftRegex: PathResult
        /// `nil` when there is no compiled path.
        var agreement: Agreement?
    }

    /// Times the three paths on the texts (same process, same inputs, one after another).
    func run(_ contestants: Contestants, scale: Scale) -> Result {
        let policy = scale.policy
        let texts = self.texts
        func render(_ engine: RuleEngine) -> Int {
            var kept = 0
            for text in texts { kept += readAsALabel(engine.render(text)) }
            return kept
        }
        let reference = PathResult(timing: policy.measure { render(contestants.reference) })
        let table = contestants.reference.table
        var floor = PathResult(timing: nil, note: "NSRegularExpression matcher unavailable")
        if let replay = try? ReplayMatcher(table: table, texts: texts) {
            let engine = RuleEngine(table: table, matcher: replay)
            floor = PathResult(timing: policy.measure { render(engine) })
        }
        var compiled = PathResult(timing: nil, note: "makeCompiledEngine returned nil")
        var agreement: Agreement?
        if let engine = contestants.compiled {
            compiled = PathResult(timing: policy.measure { render(engine) })
            agreement = Agreement.check(engine, contestants.reference, on: texts)
        }
        guard swiftRegex else {
            return Result(
                workload: self, compiled: compiled, reference: reference, floor: floor,
                swiftRegex: PathResult(timing: nil, note: "not run on this workload"), agreement: agreement)
        }
        let swiftPath = contestants.swiftRegex
        // Builds every Regex's program on a short text, so that a single timed run is warm.
        benchmarkSink &+= swiftPath.matchCount(in: String(texts[0].prefix(2_000)))
        let swiftTiming = scale.swiftRegexPolicy.measure {
            var count = 0
            for text in texts { count += swiftPath.matchCount(in: text) }
            return count
        }
        var notes = swiftPath.note.map { [$0] } ?? []
        if swiftTiming.samples.count == 1 { notes.append("one timed run (too slow to repeat)") }
        if let kept = reference.timing?.result, swiftTiming.result < kept {
            // Raw matches before resolution can only outnumber kept ones if both engines agree.
            notes.append("found \(swiftTiming.result) raw matches, fewer than ICU's \(kept) kept: its semantics differ on some patterns")
        }
        let swift = PathResult(timing: swiftTiming, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
        return Result(
            workload: self, compiled: compiled, reference: reference, floor: floor, swiftRegex: swift, agreement: agreement)
    }
}

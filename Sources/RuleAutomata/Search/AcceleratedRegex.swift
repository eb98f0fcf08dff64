import Foundation
import RuleRegex

/// A rule's compiled matcher: its DFA (when the program has one) finds each match, and the
/// groups are solved on the match's span (see `CompiledScan`); without a DFA, the Pike VM.
package struct AcceleratedRegex: Sendable {
    package let regex: CompiledRegex
    package let runner: DFARunner?
    /// A shared scan can run the rule: it has a DFA that cannot match the empty string
    /// (every match begins with a code point its prefilter knows).
    package let scannable: Bool
    /// The rule on its own prefilter (for `matches(in:)`).
    let scan: CompiledScan?
    /// Without a DFA built ahead of time: the DFA built while it searches (`nil` when the
    /// program cannot have one; the Pike VM searches then).
    package let lazy: LazyDFA?

    package init(program: RegexProgram, dfa: DFATable?) {
        self.init(program: program, dfa: dfa, ownScan: true)
    }

    /// `ownScan: false` when a shared `CompiledScan` will run the rule; `memory`: the budget
    /// of the engine's lazy DFAs (see `LazyDFA`).
    package init(program: RegexProgram, dfa: DFATable?, ownScan: Bool, memory: LazyMemory = LazyMemory()) {
        self.regex = CompiledRegex(program: program)
        let runner = dfa.map(DFARunner.init)
        self.runner = runner
        self.groupCount = program.captureCount
        let lazy = dfa == nil ? LazyDFA(program: program, memory: memory) : nil
        self.lazy = lazy
        // A lazy DFA joins a shared scan when its matches start at few code points (the
        // others search on their own, from a literal or skipping what cannot start one).
        scannable = dfa?.needsFirstCodePoint ?? (lazy?.startTable != nil)
        if ownScan, let runner, dfa != nil, scannable {
            self.scan = CompiledScan(rules: [.init(regex: regex, runner: runner, groupCount: program.captureCount)])
        } else {
            self.scan = nil
        }
    }

    /// Capturing groups besides the whole match.
    package let groupCount: Int

    /// The DFA, when the program has one.
    package var dfa: DFATable? { runner?.table }

    /// All matches, as NSRegularExpression enumerates them (see `CompiledRegex.matches`).
    package func matches(in units: [UInt16]) -> [[TextRange?]] {
        units.withUnsafeBufferPointer { matches(in: $0) }
    }

    package func matches(in text: UnsafeBufferPointer<UInt16>) -> [[TextRange?]] {
        if let scan {
            var results: [[TextRange?]] = []
            scan.run(text) { _, whole, groups, _ in results.append(groups ?? [whole]) }
            return results
        }
        if let lazy { return lazy.matches(in: text) }
        let vm = PikeVM(regex)
        guard let dfa = runner else { return CompiledRegex.enumerate(text) { vm.search(text, from: $0) } }
        return CompiledRegex.enumerate(text) { start in
            Self.search(text, from: start, regex: regex, dfa: dfa, vm: { vm }, groupCount: groupCount)
        }
    }

    /// The leftmost-first match at or after `start`: the DFA finds its end and the last
    /// idle position before it; when the DFA knows the match started there, the groups are
    /// solved on that span, otherwise the Pike VM searches from the idle position.
    static func search(
        _ text: UnsafeBufferPointer<UInt16>, from start: Int, regex: CompiledRegex, dfa: DFARunner, vm: () -> PikeVM, groupCount: Int
    ) -> [TextRange?]? {
        guard let (idle, end, startsAtIdle) = dfa.findEnd(UTF16SearchText(text: text), from: start) else { return nil }
        guard startsAtIdle else { return vm().search(text, from: idle, anchored: false) }
        return groups(regex, text, start: idle, end: end, groupCount: groupCount, vm: vm)
    }

    /// The groups of the match spanning `start..<end`: the span alone without groups, else
    /// the span solver, else (a long span) the Pike VM anchored at `start`.
    @inline(__always)
    package static func groups(
        _ regex: CompiledRegex, _ text: UnsafeBufferPointer<UInt16>, start: Int, end: Int, groupCount: Int, vm: () -> PikeVM
    ) -> [TextRange?]? {
        if groupCount == 0 { return [TextRange(location: start, length: end - start)] }
        return SpanSolver.solve(regex, text, start: start, end: end) ?? vm().search(text, from: start, anchored: true)
    }
}

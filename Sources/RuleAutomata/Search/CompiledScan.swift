import Foundation
import RuleRegex

/// Several prefiltered rules run in one pass over the text (see the note in
/// `Prefilter.swift`): at each position the prefilter lists, a rule whose search may start
/// there (at or after the end of its previous match) runs its anchored DFA; a match ends
/// where the DFA last matched before dying, and its groups are solved on that span only
/// (`SpanSolver`), now or — when not `solvingGroups` — when they are read.
///
/// Note: linear time. Anchored attempts that fail can each read far (`(a+)+b` on a run of
/// `a`), so a rule's attempts since its last match share a budget of steps that grows with
/// the distance covered (`attemptBase + attemptRate` × units since that match). An attempt
/// that would exceed it stops, and the rule searches from there with its unanchored DFA,
/// which finds the leftmost match in one pass. So each rule reads each unit a bounded
/// number of times.
///
/// A class: reading the scan out of the matcher's storage (an optional) costs one
/// reference count, not one per table.
package final class CompiledScan: Sendable {
    /// A class, so that reading one in the loop costs one reference count, not one per
    /// table array.
    package final class Rule: Sendable {
        package let regex: CompiledRegex
        /// The rule's DFA built ahead of time, or (`nil`) its lazy DFA.
        let runner: DFARunner?
        package let lazy: LazyDFA?
        package let groupCount: Int
        /// The table whose anchored starts the prefilter reads: the DFA's, or the lazy DFA's
        /// start table (`Determinizer.startTable`).
        let startTable: DFATable

        init(regex: CompiledRegex, runner: DFARunner, groupCount: Int) {
            self.regex = regex
            self.runner = runner
            self.lazy = nil
            self.groupCount = groupCount
            self.startTable = runner.table
        }

        init(regex: CompiledRegex, lazy: LazyDFA, startTable: DFATable, groupCount: Int) {
            self.regex = regex
            self.runner = nil
            self.lazy = lazy
            self.groupCount = groupCount
            self.startTable = startTable
        }
    }

    package let rules: [Rule]
    /// The same rules' prefilter on UTF-8 bytes (`run(utf8:emit:search:)`).
    package let utf8Prefilter: Prefilter?
    /// One anchored run for the rules listed together at a position (`nil`: rule by rule).
    package let product: ProductVerifier?
    static let attemptBase = 64
    static let attemptRate = 4

    /// The step limit of a rule's anchored attempt at `p`: its budget (`attemptBase` +
    /// `attemptRate` × the units since its next search started) minus the steps `spent`
    /// since its last match, at least one.
    @inline(__always)
    static func limit(at p: Int, nextStart: Int, spent: Int) -> Int {
        max(attemptBase + attemptRate * (p - nextStart) - spent, 1)
    }

    /// The rules' prefilter on UTF-16 units, built on first use: a scan of UTF-8 needs none.
    package var prefilter: Prefilter {
        utf16Lock.lock()
        defer { utf16Lock.unlock() }
        if let made = utf16Prefilter { return made }
        let made = Prefilter(rules.compactMap { StartBuckets($0.startTable) })
        utf16Prefilter = made
        return made
    }
    private let utf16Lock = NSLock()
    nonisolated(unsafe) private var utf16Prefilter: Prefilter?

    init(rules: [Rule]) {
        self.rules = rules
        let byteStarts = rules.compactMap { StartBuckets(utf8: $0.startTable) }
        utf8Prefilter = byteStarts.count == rules.count ? Prefilter(byteStarts) : nil
        let runners = rules.compactMap(\.runner)
        product = runners.count == rules.count ? ProductVerifier(runners) : nil
        lazyRules = rules.indices.filter { rules[$0].lazy != nil }
    }

    /// The rules on a lazy DFA (indices into `rules`).
    package let lazyRules: [Int]

    /// `nil` unless every regex can be scanned (`AcceleratedRegex.scannable`).
    package convenience init?(_ regexes: [AcceleratedRegex]) {
        var rules: [Rule] = []
        for regex in regexes {
            guard regex.scannable else { return nil }
            if let runner = regex.runner {
                rules.append(Rule(regex: regex.regex, runner: runner, groupCount: regex.groupCount))
            } else if let lazy = regex.lazy, let startTable = lazy.startTable {
                rules.append(Rule(regex: regex.regex, lazy: lazy, startTable: startTable, groupCount: regex.groupCount))
            } else {
                return nil
            }
        }
        self.init(rules: rules)
    }

    /// The caches of the scan's lazy DFAs for one run (by rule; `nil` for the others),
    /// taken from their pools, each set up for a new text; `giveBack` returns them.
    func takeCaches() -> [LazyDFACache?] {
        guard !lazyRules.isEmpty else { return [] }
        var caches = [LazyDFACache?](repeating: nil, count: rules.count)
        for index in lazyRules {
            let cache = rules[index].lazy!.takeCache()
            cache.startText()
            caches[index] = cache
        }
        return caches
    }

    func giveBack(_ caches: [LazyDFACache?]) {
        for index in lazyRules { if let cache = caches[index] { rules[index].lazy!.giveBack(cache) } }
    }

    /// Calls `emit(rule, range, groups, pending)` for every match of every rule (`rule`
    /// indexes the list given to `init`; `groups` is `nil` for a rule without capture
    /// groups, and with `pending` for groups left unsolved when not `solvingGroups`), in
    /// text order; each rule's matches are those NSRegularExpression enumerates.
    ///
    /// `marks`: the units of `text` that are the prefilter's ASCII targets, when the caller
    /// found them (see `Prefilter.forEachCandidate`).
    package func run(
        _ text: UnsafeBufferPointer<UInt16>, marks: UnsafePointer<UInt64>? = nil, solvingGroups: Bool = true,
        emit: (Int, TextRange, [TextRange?]?, Bool) -> Void
    ) {
        let ruleCount = rules.count
        var machines: [PikeVM?] = []  // made on the rare paths that need one (never read on the hot path)
        let caches = takeCaches()
        defer { giveBack(caches) }
        let lazyText = UTF16SearchText(text: text)
        // The scan's state lives in one temporary buffer: variables captured by the nested
        // functions below would pay a run-time exclusivity check per access.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * ruleCount + 2) { state in
            // nextStart[rule]: where its next search starts; spent[rule]: steps of anchored
            // attempts since its last match; ends[rule]: scratch for the product's run.
            state.initialize(repeating: 0)
            let nextStart = state.baseAddress!, spent = state.baseAddress! + ruleCount, ends = state.baseAddress! + 2 * ruleCount
            // resumeAt: where scanning can resume (the one rule's next search, or the end once
            // every rule has no match left); finished: rules without a match left.
            let resumeAt = state.baseAddress! + 3 * ruleCount, finished = resumeAt + 1
            func finish(_ index: Int) {
                nextStart[index] = Int.max
                finished.pointee += 1
                if finished.pointee == ruleCount { resumeAt.pointee = Int.max }
            }
            /// Takes the result of rule `index`'s anchored attempt at `p`.
            @inline(__always) func settle(_ index: Int, _ p: Int, _ end: Int) {
                guard end > p || end == DFARunner.gaveUp else { return }
                let rule = rules[index]
                func vm() -> PikeVM {
                    if machines.isEmpty { machines = Array(repeating: nil, count: ruleCount) }
                    if let vm = machines[index] { return vm }
                    let vm = PikeVM(rules[index].regex)
                    machines[index] = vm
                    return vm
                }
                if end == DFARunner.gaveUp {
                    spent[index] = 0
                    let found: [TextRange?]?
                    if let runner = rule.runner {
                        found = AcceleratedRegex.search(text, from: p, regex: rule.regex, dfa: runner, vm: vm, groupCount: rule.groupCount)
                    } else {
                        found = Self.lazySearch(caches[index]!, lazyText, from: p, rule: rule, vm: vm)
                    }
                    guard let groups = found, let whole = groups[0] else {
                        finish(index)
                        return
                    }
                    nextStart[index] = whole.upperBound
                    emit(index, whole, rule.groupCount == 0 ? nil : groups, false)
                } else {
                    nextStart[index] = end
                    spent[index] = 0
                    let whole = TextRange(location: p, length: end - p)
                    if rule.groupCount == 0 || !solvingGroups {
                        emit(index, whole, nil, rule.groupCount > 0)
                    } else if let groups = AcceleratedRegex.groups(
                        rule.regex, text, start: p, end: end, groupCount: rule.groupCount, vm: vm)
                    {
                        emit(index, whole, groups, false)
                    }
                }
            }
            prefilter.forEachCandidate(text, marks: marks, resume: { ruleCount == 1 ? nextStart[0] : resumeAt.pointee }) { p, listed in
                // Searches start on code point boundaries, never between a surrogate pair's units.
                if text[p] & 0xFC00 == 0xDC00, p > 0, text[p - 1] & 0xFC00 == 0xD800 { return }
                // Several rules to try here: one run of the product for all of them.
                if listed.count >= 2, let product,
                    product.attempt(
                        text, at: p, listed: listed, nextStart: nextStart, spent: spent, ends: ends)
                {
                    for member in listed where p >= nextStart[Int(member)] { settle(Int(member), p, ends[Int(member)]) }
                    return
                }
                for member in listed {
                    let index = Int(member)
                    guard p >= nextStart[index] else { continue }
                    let limit = Self.limit(at: p, nextStart: nextStart[index], spent: spent[index])
                    if let runner = rules[index].runner {
                        settle(index, p, runner.matchAnchored(text, at: p, limit: limit, steps: &spent[index]))
                    } else {
                        settle(index, p, Self.lazyAttempt(caches[index]!, lazyText, at: p, limit: limit, steps: &spent[index]))
                    }
                }
            }
        }
    }

    /// A lazy rule's anchored attempt at `p` (see `DFARunner.matchAnchored`).
    @inline(never)
    static func lazyAttempt<Text: SearchText>(_ cache: LazyDFACache, _ text: Text, at p: Int, limit: Int, steps: inout Int) -> Int {
        cache.matchAnchored(text, at: p, limit: limit, steps: &steps, classes: cache.dfa.classes) { bits, position in
            LazyDFA.answers(bits, at: position, in: text, cache: cache)
        }
    }

    /// A lazy rule's leftmost-first match from `from` on UTF-16, with its groups (see
    /// `AcceleratedRegex.search`).
    @inline(never)
    static func lazySearch(_ cache: LazyDFACache, _ text: UTF16SearchText, from: Int, rule: Rule, vm: () -> PikeVM) -> [TextRange?]? {
        let found = cache.findEnd(text, from: from, classes: cache.dfa.classes) { bits, position in
            LazyDFA.answers(bits, at: position, in: text, cache: cache)
        }
        switch found {
        case .none: return nil
        case .gaveUp: return vm().search(text.text, from: from)
        case .match(let idle, let end, let startsAtIdle):
            guard startsAtIdle else { return vm().search(text.text, from: idle, anchored: false) }
            return AcceleratedRegex.groups(rule.regex, text.text, start: idle, end: end, groupCount: rule.groupCount, vm: vm)
        }
    }
}

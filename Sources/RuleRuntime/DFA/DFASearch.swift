import Foundation

/// A DFA prepared for searching: transitions with pre-multiplied row offsets and the
/// idle bit folded in, a two-level class table for the whole BMP, and the classes that
/// can leave an idle state.
///
/// Note: skipping. While no attempt is alive (an idle state) and no match is pending, a
/// code unit whose class no idle state leaves idle on cannot start a match, so the search
/// skips it without a table step and re-enters the DFA at the next unit that can, with
/// the start state of that position's look-behind context.
final class DFARunner: @unchecked Sendable {
    // Unchecked: the frozen buffers are written in `init` only and freed in `deinit`.
    let table: DFATable
    /// `entries[row + class]`: next row offset << 3 | startsAtIdle << 2 | nextIsIdle << 1 |
    /// matchedBefore.
    let entries: Frozen<Int>
    let columns: Int
    let startRows: Frozen<Int>
    let anchoredRows: Frozen<Int>
    /// The look-behind context after each ASCII unit, or -1 when it depends on what comes
    /// before (a line terminator, or a unit some `\b` ignores).
    let asciiContexts: Frozen<Int>
    /// Per state: 0 no match at the end of the text, 1 a match, 3 a match starting at idle.
    let eoiMatch: Frozen<Int>
    /// BMP classes: `pages[unit >> 8]` is a class (>= 0) for a uniform page, or `-1 - k`
    /// for subtable `k` in `subtables[k * 256 + unit & 0xFF]`. Surrogates map to `surrogate`,
    /// line terminators (never in a uniform page: they have classes of their own) carry
    /// the `terminator` flag, so the common unit needs one comparison.
    let pages: Frozen<Int32>
    let subtables: Frozen<UInt16>
    static let surrogate = UInt16.max
    /// Flag of a subtable class: the unit is a line terminator (it may be a final one).
    static let terminator: UInt16 = 0x8000
    /// Per class: may leave an idle state (or end a match, or is a line terminator).
    let canStart: Frozen<Bool>
    /// For searches on UTF-8: per state and class, `next << 3 | startsAtIdle << 2 |
    /// nextIsIdle << 1 | matchedBefore` with state numbers; and per state the entries of
    /// its ASCII bytes, `asciiEntries[state << 7 | byte]` (`nil` past `maxASCIIStates`
    /// states), read without a class lookup.
    let stateEntries: Frozen<Int32>
    let asciiEntries: Frozen<Int32>?
    static let maxASCIIStates = 1024
    /// The look-behind context after a code point of each class, or -1 when it depends on
    /// what comes before (a line terminator, or a class some `\b` ignores).
    let classContexts: Frozen<Int>
    /// Per class: some anchored start state does not die on it (a code point of another
    /// class cannot begin a match, whatever comes before).
    let startClasses: Frozen<Bool>
    /// `table.rangeStarts` and `rangeClasses`, for the class of a code point above the BMP.
    let rangeStarts: Frozen<UInt32>
    let rangeClasses: Frozen<UInt16>

    init(_ table: DFATable) {
        self.table = table
        let columns = table.classCount
        self.columns = columns
        let idle = table.stateFlags.map { $0 & 2 != 0 }
        entries = Frozen(
            table.transitions.map { entry in
                let next = Int(entry >> 2)
                return (next * columns) << 3 | Int(entry & 2) << 1 | (idle[next] ? 2 : 0) | Int(entry & 1)
            })
        startRows = Frozen(table.starts.map { Int($0) * columns })
        anchoredRows = Frozen(table.anchoredStarts.map { Int($0) * columns })
        asciiContexts = Frozen(
            (0..<0x80).map { unit in
                let flags = table.classFlags[Int(table.asciiClasses[unit])]
                if flags & DFATable.ClassFlag.lineTerminator != 0 { return -1 }
                var bits = 0
                for k in 0..<table.boundaryPairCount {
                    if flags & DFATable.ClassFlag.ignorable(k) != 0 { return -1 }
                    if flags & DFATable.ClassFlag.word(k) != 0 { bits |= 1 << k }
                }
                return DFATable.context(atStart: false, previous: .other, wordBits: bits)
            })
        eoiMatch = Frozen(table.stateFlags.map { Int($0 & 1) | Int($0 & 4) >> 1 })
        var pages: [Int32] = []
        var subtables: [UInt16] = []
        // Boundaries where the class may change: the range starts, plus ASCII.
        var boundaries: [UInt32] = Array(0..<0x80) + table.rangeStarts
        boundaries.append(0x10000)
        var next = 0
        let starts = table.rangeStarts
        var run = 0
        for page in 0..<256 {
            let low = UInt32(page << 8)
            let high = low + 0xFF
            while next < boundaries.count, boundaries[next] <= low { next += 1 }
            let uniform = low & 0xF800 != 0xD800 && boundaries[next] > high
            if uniform {
                pages.append(Int32(table.inputClass(low)))
                continue
            }
            pages.append(-1 - Int32(subtables.count / 256))
            // The run holding each unit, walking the ranges once (no search per unit).
            for unit in low...high {
                if unit & 0xF800 == 0xD800 {
                    subtables.append(Self.surrogate)
                    continue
                }
                let inputClass: Int
                if unit < 0x80 {
                    inputClass = Int(table.asciiClasses[Int(unit)])
                } else {
                    while run + 1 < starts.count, starts[run + 1] <= unit { run += 1 }
                    inputClass = run < starts.count && starts[run] <= unit ? Int(table.rangeClasses[run]) : table.inputClass(unit)
                }
                let terminator = UTF16Text.isLineTerminator(UInt16(unit))
                subtables.append(UInt16(inputClass) | (terminator ? Self.terminator : 0))
            }
        }
        self.pages = Frozen(pages)
        self.subtables = Frozen(subtables)
        var canStart = [Bool](repeating: false, count: columns)
        for inputClass in 0..<columns {
            if table.classFlags[inputClass] & DFATable.ClassFlag.lineTerminator != 0 {
                canStart[inputClass] = true
                continue
            }
            for state in 0..<table.stateCount where idle[state] {
                let entry = Int(table.transitions[state * columns + inputClass])
                if entry & 1 != 0 || !idle[entry >> 2] {
                    canStart[inputClass] = true
                    break
                }
            }
        }
        self.canStart = Frozen(canStart)
        let stateEntries = table.transitions.map { entry in
            let next = Int(entry >> 2)
            return Int32(next << 3 | Int(entry & 2) << 1 | (idle[next] ? 2 : 0) | Int(entry & 1))
        }
        self.stateEntries = Frozen(stateEntries)
        startClasses = Frozen(
            (0..<columns).map { inputClass in
                table.anchoredStarts.contains { start in table.transitions[Int(start) * columns + inputClass] != 0 }
            })
        rangeStarts = Frozen(table.rangeStarts)
        rangeClasses = Frozen(table.rangeClasses)
        classContexts = Frozen(
            (0..<columns).map { inputClass in
                let flags = table.classFlags[inputClass]
                if flags & DFATable.ClassFlag.lineTerminator != 0 { return -1 }
                var bits = 0
                for k in 0..<table.boundaryPairCount {
                    if flags & DFATable.ClassFlag.ignorable(k) != 0 { return -1 }
                    if flags & DFATable.ClassFlag.word(k) != 0 { bits |= 1 << k }
                }
                return DFATable.context(atStart: false, previous: .other, wordBits: bits)
            })
        if table.stateCount <= Self.maxASCIIStates {
            var ascii = [Int32](repeating: 0, count: table.stateCount << 7)
            for state in 0..<table.stateCount {
                for byte in 0..<0x80 { ascii[state << 7 | byte] = stateEntries[state * columns + Int(table.asciiClasses[byte])] }
            }
            asciiEntries = Frozen(ascii)
        } else {
            asciiEntries = nil
        }
    }

    deinit {
        entries.free()
        startRows.free()
        anchoredRows.free()
        asciiContexts.free()
        eoiMatch.free()
        pages.free()
        subtables.free()
        canStart.free()
        stateEntries.free()
        asciiEntries?.free()
        classContexts.free()
        startClasses.free()
        rangeStarts.free()
        rangeClasses.free()
    }

    /// Where the leftmost-first match found from `from` ends, the last position at or after
    /// `from` where no attempt was alive before it, and whether the match starts exactly
    /// there; `nil` without a match.
    func findEnd(_ text: UnsafeBufferPointer<UInt16>, from: Int) -> (idle: Int, end: Int, startsAtIdle: Bool)? {
        let count = text.count
        let entries = entries.buffer, canStart = canStart.buffer
        var row = startRows[context(text, at: from)]
        var isIdle = true
        var position = from
        var idle = from
        var end = -1
        var startsAtIdle = false
        while position < count {
            var inputClass = bmpClass(text[position])
            if isIdle, end < 0, inputClass < Int(Self.terminator), !canStart[inputClass] {
                repeat {
                    position += 1
                    if position == count { break }
                    inputClass = bmpClass(text[position])
                } while inputClass < Int(Self.terminator) && !canStart[inputClass]
                idle = position
                row = startRows[context(text, at: position)]
                if position == count { break }
            }
            var length = 1
            if inputClass >= Int(Self.terminator) {
                (inputClass, length) = flagged(inputClass, text, at: position)
            }
            let entry = entries[row + inputClass]
            if entry & 1 != 0 {
                end = position
                startsAtIdle = entry & 4 != 0
            }
            row = entry >> 3
            if row == 0 { break }
            position += length
            isIdle = entry & 2 != 0
            if isIdle, end < 0 { idle = position }
        }
        if position >= count, row != 0, eoiMatch[row / columns] != 0 {
            end = count
            startsAtIdle = eoiMatch[row / columns] == 3
        }
        return end >= 0 ? (idle, end, startsAtIdle) : nil
    }

    /// The class and length of a code point whose BMP class is flagged: a surrogate (a
    /// supplementary code point, or an unpaired one) or a line terminator (its final
    /// variant when it ends the text).
    @inline(__always)
    func flagged(_ inputClass: Int, _ text: UnsafeBufferPointer<UInt16>, at position: Int) -> (Int, Int) {
        if inputClass == Int(Self.surrogate) {
            let (scalar, length) = UTF16Text.decode(text, at: position)
            return (table.inputClass(scalar), length)
        }
        let base = inputClass & ~Int(Self.terminator)
        return (table.isFinalTerminator(text, at: position) ? Int(table.finalClasses[base]) : base, 1)
    }

    /// The look-behind context of `position` (see `DFATable.context`), with a table lookup
    /// after most ASCII units.
    @inline(__always)
    func context(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> Int {
        if position > 0, text[position - 1] < 0x80 {
            let known = asciiContexts[Int(text[position - 1])]
            if known >= 0 { return known }
        }
        guard position > 0 else { return DFATable.context(atStart: true, previous: .other, wordBits: 0) }
        let unit = text[position - 1]
        let previous: DFATable.Previous =
            unit == 0x0A ? .lineFeed : unit == 0x0D ? .carriageReturn : UTF16Text.isLineTerminator(unit) ? .otherTerminator : .other
        var bits = 0
        for k in 0..<table.boundaryPairCount {
            var index = position
            while index > 0 {
                let (scalar, length) = UTF16Text.decode(text, before: index)
                let f = table.classFlags[baseClass(scalar)]
                if f & DFATable.ClassFlag.ignorable(k) == 0 {
                    if f & DFATable.ClassFlag.word(k) != 0 { bits |= 1 << k }
                    break
                }
                index -= length
            }
        }
        return DFATable.context(atStart: false, previous: previous, wordBits: bits)
    }

    /// The class of a BMP code unit, flags included (see `pages`).
    @inline(__always)
    func bmpClass(_ unit: UInt16) -> Int {
        if unit < 0x80 { return Int(subtables[Int(unit)]) }  // page 0 is always subtable 0 (ASCII is never uniform)
        let page = Int(pages[Int(unit >> 8)])
        return page >= 0 ? page : Int(subtables[(-1 - page) << 8 | Int(unit & 0xFF)])
    }

    /// The class of a code point (not its final variant), from the page tables in the BMP.
    @inline(__always)
    func baseClass(_ scalar: UInt32) -> Int {
        guard scalar < 0x10000, scalar & 0xF800 != 0xD800 else { return table.inputClass(scalar) }
        return bmpClass(UInt16(scalar)) & ~Int(Self.terminator)
    }

    /// Result of `matchAnchored` when it stopped at its step limit.
    static let gaveUp = -2

    /// The end of the leftmost-first match that starts exactly at `start` (a code point
    /// boundary), -1 when there is none, or `gaveUp` when the DFA was still alive after
    /// `limit` code units (the caller then searches with `findEnd`, which stays linear).
    /// Adds the code units read to `steps`.
    func matchAnchored(_ text: UnsafeBufferPointer<UInt16>, at start: Int, limit: Int, steps: inout Int) -> Int {
        continueAnchored(text, from: start, row: anchoredRows[context(text, at: start)], at: start, end: -1, limit: limit, steps: &steps)
    }

    /// `matchAnchored` for a run from `start` that is at `position` in `row` (not dead),
    /// with `end` the match end found so far (-1: none): what `ProductVerifier` leaves to
    /// a rule's own DFA.
    @inline(__always)
    func continueAnchored(
        _ text: UnsafeBufferPointer<UInt16>, from start: Int, row: Int, at position: Int, end: Int, limit: Int, steps: inout Int
    ) -> Int {
        let count = text.count
        let stop = count - start > limit ? start + limit : count
        let entries = entries.buffer
        var row = row
        var position = position
        var end = end
        while position < stop {
            var inputClass = bmpClass(text[position])
            var length = 1
            if inputClass >= Int(Self.terminator) {
                (inputClass, length) = flagged(inputClass, text, at: position)
            }
            let entry = entries[row + inputClass]
            if entry & 1 != 0 { end = position }
            row = entry >> 3
            if row == 0 {
                steps += position - start + 1
                return end
            }
            position += length
        }
        steps += position - start
        guard position >= count else { return Self.gaveUp }
        return eoiMatch[row / columns] != 0 ? count : end
    }
}

extension DFATable {
    /// A line terminator at `position` that ends the text (`\r\n` counts as one).
    @inline(__always)
    func isFinalTerminator(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> Bool {
        position == text.count - 1 || (position == text.count - 2 && text[position] == 0x0D && text[position + 1] == 0x0A)
    }
}

/// A rule's compiled matcher: its DFA (when the program has one) finds each match, and the
/// groups are solved on the match's span (see `CompiledScan`); without a DFA, the Pike VM.
public struct AcceleratedRegex: Sendable {
    public let regex: CompiledRegex
    let runner: DFARunner?
    /// A shared scan can run the rule: it has a DFA that cannot match the empty string
    /// (every match begins with a code point its prefilter knows).
    let scannable: Bool
    /// The rule on its own prefilter (for `matches(in:)`).
    let scan: CompiledScan?

    public init(program: RegexProgram, dfa: DFATable?) {
        self.init(program: program, dfa: dfa, ownScan: true)
    }

    /// `ownScan: false` when a shared `CompiledScan` will run the rule.
    init(program: RegexProgram, dfa: DFATable?, ownScan: Bool) {
        self.regex = CompiledRegex(program: program)
        let runner = dfa.map(DFARunner.init)
        self.runner = runner
        self.groupCount = program.captureCount
        scannable = dfa?.needsFirstCodePoint ?? false
        if ownScan, let runner, scannable {
            self.scan = CompiledScan(rules: [.init(regex: regex, runner: runner, groupCount: program.captureCount)])
        } else {
            self.scan = nil
        }
    }

    /// Capturing groups besides the whole match.
    let groupCount: Int

    /// The DFA, when the program has one.
    public var dfa: DFATable? { runner?.table }

    /// All matches, as NSRegularExpression enumerates them (see `CompiledRegex.matches`).
    public func matches(in units: [UInt16]) -> [[TextRange?]] {
        units.withUnsafeBufferPointer { matches(in: $0) }
    }

    func matches(in text: UnsafeBufferPointer<UInt16>) -> [[TextRange?]] {
        if let scan {
            var results: [[TextRange?]] = []
            scan.run(text) { _, whole, groups, _ in results.append(groups ?? [whole]) }
            return results
        }
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
        guard let (idle, end, startsAtIdle) = dfa.findEnd(text, from: start) else { return nil }
        guard startsAtIdle else { return vm().search(text, from: idle, anchored: false) }
        return groups(regex, text, start: idle, end: end, groupCount: groupCount, vm: vm)
    }

    /// The groups of the match spanning `start..<end`: the span alone without groups, else
    /// the span solver, else (a long span) the Pike VM anchored at `start`.
    @inline(__always)
    static func groups(
        _ regex: CompiledRegex, _ text: UnsafeBufferPointer<UInt16>, start: Int, end: Int, groupCount: Int, vm: () -> PikeVM
    ) -> [TextRange?]? {
        if groupCount == 0 { return [TextRange(location: start, length: end - start)] }
        return SpanSolver.solve(regex, text, start: start, end: end) ?? vm().search(text, from: start, anchored: true)
    }
}

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
final class CompiledScan: Sendable {
    /// A class, so that reading one in the loop costs one reference count, not one per
    /// table array.
    final class Rule: Sendable {
        let regex: CompiledRegex
        let runner: DFARunner
        let groupCount: Int

        init(regex: CompiledRegex, runner: DFARunner, groupCount: Int) {
            self.regex = regex
            self.runner = runner
            self.groupCount = groupCount
        }
    }

    let rules: [Rule]
    /// The same rules' prefilter on UTF-8 bytes (`run(utf8:emit:search:)`).
    let utf8Prefilter: Prefilter?
    /// One anchored run for the rules listed together at a position (`nil`: rule by rule).
    let product: ProductVerifier?
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
    var prefilter: Prefilter {
        utf16Lock.lock()
        defer { utf16Lock.unlock() }
        if let made = utf16Prefilter { return made }
        let made = Prefilter(rules.compactMap { StartBuckets($0.runner.table) })
        utf16Prefilter = made
        return made
    }
    private let utf16Lock = NSLock()
    nonisolated(unsafe) private var utf16Prefilter: Prefilter?

    init(rules: [Rule]) {
        self.rules = rules
        let byteStarts = rules.compactMap { StartBuckets(utf8: $0.runner.table) }
        utf8Prefilter = byteStarts.count == rules.count ? Prefilter(byteStarts) : nil
        product = ProductVerifier(rules.map(\.runner))
    }

    /// `nil` unless every regex can be scanned (`AcceleratedRegex.scannable`).
    convenience init?(_ regexes: [AcceleratedRegex]) {
        var rules: [Rule] = []
        for regex in regexes {
            guard let runner = regex.runner, regex.scannable else { return nil }
            rules.append(Rule(regex: regex.regex, runner: runner, groupCount: regex.groupCount))
        }
        self.init(rules: rules)
    }

    /// Calls `emit(rule, range, groups, pending)` for every match of every rule (`rule`
    /// indexes the list given to `init`; `groups` is `nil` for a rule without capture
    /// groups, and with `pending` for groups left unsolved when not `solvingGroups`), in
    /// text order; each rule's matches are those NSRegularExpression enumerates.
    ///
    /// `marks`: the units of `text` that are the prefilter's ASCII targets, when the caller
    /// found them (see `Prefilter.forEachCandidate`).
    func run(
        _ text: UnsafeBufferPointer<UInt16>, marks: UnsafePointer<UInt64>? = nil, solvingGroups: Bool = true,
        emit: (Int, TextRange, [TextRange?]?, Bool) -> Void
    ) {
        let ruleCount = rules.count
        var machines: [PikeVM?] = []  // made on the rare paths that need one (never read on the hot path)
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
                    guard
                        let groups = AcceleratedRegex.search(
                            text, from: p, regex: rule.regex, dfa: rule.runner, vm: vm, groupCount: rule.groupCount),
                        let whole = groups[0]
                    else {
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
                    settle(
                        index, p,
                        rules[index].runner.matchAnchored(
                            text, at: p, limit: Self.limit(at: p, nextStart: nextStart[index], spent: spent[index]),
                            steps: &spent[index]))
                }
            }
        }
    }
}

/// An immutable copy of an array in memory its owner frees: reading it in a hot loop
/// costs no reference counting (an array property of a class is retained around each use).
struct Frozen<Element: BitwiseCopyable> {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(_ array: [Element]) {
        buffer = .allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
    }

    @inline(__always) subscript(index: Int) -> Element { buffer[index] }

    /// Frees the memory; the owner's `deinit` calls it once.
    func free() {
        buffer.deallocate()  // trivial elements: nothing to deinitialize
    }
}

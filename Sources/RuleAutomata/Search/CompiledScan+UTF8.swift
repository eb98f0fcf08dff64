import RuleRegex

/// The shared scan on a string's own UTF-8: the same pass as on UTF-16 (`CompiledScan.run`)
/// with the UTF-8 prefilter, the product and each rule's DFA on bytes, and byte offsets.
extension CompiledScan {
    /// Calls `emit(rule, position, start, end, pending)` for every match of every rule found
    /// at prefilter position `position` (increasing from call to call; `start` is at or after
    /// it): byte offsets; `pending`: the rule has capture groups, left to be solved when read.
    /// Where the DFA cannot tell where a match starts (an anchored attempt that ran out of
    /// steps, then an unanchored search whose match began before its last idle position),
    /// `search(rule, from)` finds the match with the Pike VM (the caller runs it on UTF-16)
    /// and returns its byte range, or `nil`.
    func run(
        utf8 text: UnsafeBufferPointer<UInt8>, mirror: UTF16Mirror, emit: (Int, Int, Int, Int, Bool) -> Void,
        search: (Int, Int) -> (start: Int, end: Int)?
    ) {
        guard let prefilter = utf8Prefilter else { return }
        let ruleCount = rules.count
        let caches = takeCaches()
        defer { giveBack(caches) }
        let searchText = UTF8SearchText(text: text, mirror: mirror)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * ruleCount + 2) { state in
            // As in `run`: nextStart, spent, the product's ends, resumeAt and finished.
            state.initialize(repeating: 0)
            let nextStart = state.baseAddress!, spent = state.baseAddress! + ruleCount, ends = state.baseAddress! + 2 * ruleCount
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
                if end == DFARunner.gaveUp {
                    spent[index] = 0
                    var found: (start: Int, end: Int)?
                    if let runner = rule.runner {
                        if let (idle, end, startsAtIdle) = runner.findEnd(searchText, from: p) {
                            found = startsAtIdle ? (idle, end) : search(index, p)
                        }
                    } else {
                        let cache = caches[index]!
                        let lazy = cache.findEnd(searchText, from: p, classes: cache.dfa.classes) { bits, position in
                            LazyDFA.answers(bits, at: position, in: searchText, cache: cache)
                        }
                        switch lazy {
                        case .none: break
                        case .match(let idle, let end, true): found = (idle, end)
                        case .match(let idle, _, false): found = search(index, idle)
                        case .gaveUp: found = search(index, p)
                        }
                    }
                    guard let found else {
                        finish(index)
                        return
                    }
                    nextStart[index] = found.end
                    emit(index, p, found.start, found.end, rule.groupCount > 0)
                } else {
                    nextStart[index] = end
                    spent[index] = 0
                    emit(index, p, p, end, rule.groupCount > 0)
                }
            }
            prefilter.forEachCandidate(utf8: text, resume: { ruleCount == 1 ? nextStart[0] : resumeAt.pointee }) { p, listed in
                // Several rules to try here: one run of the product for all of them.
                if listed.count >= 2, let product,
                    product.attempt(utf8: text, at: p, listed: listed, nextStart: nextStart, spent: spent, ends: ends)
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
                        settle(index, p, Self.lazyAttempt(caches[index]!, searchText, at: p, limit: limit, steps: &spent[index]))
                    }
                }
            }
        }
    }

    /// `run(utf8:…)` with UTF-16 ranges: calls `emit(rule, range, pending)` for every match,
    /// its offsets counted from the bytes at its boundaries only (`UTF16Counter`). The rare
    /// searches whose start the DFA cannot tell run the Pike VM on `units()` (the text's
    /// UTF-16, made by the caller when first asked).
    @inline(__always)
    package func run(
        utf8 bytes: UnsafeBufferPointer<UInt8>, units: () -> UnsafeBufferPointer<UInt16>, emit: (Int, TextRange, Bool) -> Void
    ) {
        withoutActuallyEscaping(units) { units in run(utf8: bytes, mirror: UTF16Mirror(units), emit: emit) }
    }

    /// `run(utf8:units:emit:)` with the units behind `mirror` (which also counts the
    /// offsets of the rare searches the Pike VM runs, in either direction).
    @inline(__always)
    private func run(utf8 bytes: UnsafeBufferPointer<UInt8>, mirror: UTF16Mirror, emit: (Int, TextRange, Bool) -> Void) {
        var counter = UTF16Counter()
        run(
            utf8: bytes, mirror: mirror,
            emit: { index, position, start, end, pending in
                let at = counter.offset(of: position, in: bytes)
                let location = at + UTF8Text.utf16Count(bytes, from: position, to: start)
                let length = UTF8Text.utf16Count(bytes, from: start, to: end)
                emit(index, TextRange(location: location, length: length), pending)
            },
            search: { index, from in
                // The Pike VM on UTF-16 from the same position, back to bytes.
                let text = mirror.units()
                let fromUnit = mirror.offset(of: from, in: bytes)
                let rule = rules[index]
                let groups: [TextRange?]?
                if let runner = rule.runner {
                    groups = AcceleratedRegex.search(
                        text, from: fromUnit, regex: rule.regex, dfa: runner, vm: { PikeVM(rule.regex) }, groupCount: rule.groupCount)
                } else {
                    groups = PikeVM(rule.regex).search(text, from: fromUnit)
                }
                guard let groups, let whole = groups[0] else { return nil }
                let start = UTF8Text.byteOffset(bytes, from: from, units: whole.location - fromUnit)
                return (start, UTF8Text.byteOffset(bytes, from: start, units: whole.length))
            })
    }
}

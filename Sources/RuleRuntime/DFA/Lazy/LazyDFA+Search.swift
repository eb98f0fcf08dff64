/// The lazy DFA's searches on UTF-16: the same two as a table DFA's (`DFARunner`), each
/// step reading the cache's row and making the entry when it is unknown; an entry that
/// needs oracle answers (`answers(bits, position)`) moves to the state's variant with those
/// answers first.
extension LazyDFACache {
    /// The entry of `row` on `inputClass` at `position`, made or resolved as needed; the
    /// row it was read from may change (a resolved variant). `nil` when the cache gave up.
    @inline(__always)
    func step(_ row: inout Int, _ inputClass: Int, at position: Int, answers: (UInt64, Int) -> UInt64) -> Int? {
        var entry = entries[row + inputClass]
        while entry < 0 {
            if entry == Self.unknown {
                entry = fill(row, inputClass, at: position)
            } else {
                let mask = askMasks[-2 - entry]
                row = resolve(row, mask: mask, answers: answers(mask, position), at: position)
                entry = entries[row + inputClass]
            }
            if gaveUp { return nil }
        }
        return entry
    }

    /// The end-of-text value of `row` (0 no match, 1 a match, 3 one starting at idle);
    /// `nil` when the cache gave up.
    func atEnd(_ row: Int, count: Int, answers: (UInt64, Int) -> UInt64) -> Int? {
        var row = row
        var value = eoi[row / columns]
        while value < 0 {
            if value == Self.unknown {
                value = fillEnd(row)
            } else {
                let mask = askMasks[-2 - value]
                row = resolve(row, mask: mask, answers: answers(mask, count), at: count)
                value = eoi[row / columns]
            }
            if gaveUp { return nil }
        }
        return value
    }

    /// Where the leftmost-first match found from `from` ends, as `DFARunner.findEnd`.
    func findEnd(
        _ text: UnsafeBufferPointer<UInt16>, from: Int, classes: ClassMap, answers: (UInt64, Int) -> UInt64
    ) -> LazySearch {
        guard !gaveUp else { return .gaveUp }
        let count = text.count
        var row = start(classes.context(text, at: from), anchored: false)
        var position = from
        var idle = from
        var end = -1
        var startsAtIdle = false
        while position < count {
            let (inputClass, length) = classes.utf16Class(text, at: position)
            guard let entry = step(&row, inputClass, at: position, answers: answers) else { return .gaveUp }
            if entry & 1 != 0 {
                end = position
                startsAtIdle = entry & 4 != 0
            }
            row = entry >> 3
            if row == 0 { break }
            position += length
            if entry & 2 != 0, end < 0 { idle = position }
        }
        if position >= count, row != 0 {
            guard let atEnd = atEnd(row, count: count, answers: answers) else { return .gaveUp }
            if atEnd != 0 {
                end = count
                startsAtIdle = atEnd == 3
            }
        }
        return end >= 0 ? .match(idle: idle, end: end, startsAtIdle: startsAtIdle) : .none
    }

    /// The end of the leftmost-first match that starts exactly at `start`, -1 when there
    /// is none, `DFARunner.gaveUp` when still alive after `limit` units (or when the cache
    /// thrashed: then `gaveUp` is set), as `DFARunner.matchAnchored`.
    func matchAnchored(
        _ text: UnsafeBufferPointer<UInt16>, at start: Int, limit: Int, steps: inout Int, classes: ClassMap,
        answers: (UInt64, Int) -> UInt64
    ) -> Int {
        guard !gaveUp else { return DFARunner.gaveUp }
        let count = text.count
        let stop = count - start > limit ? start + limit : count
        var row = self.start(classes.context(text, at: start), anchored: true)
        var position = start
        var end = -1
        while position < stop {
            let (inputClass, length) = classes.utf16Class(text, at: position)
            guard let entry = step(&row, inputClass, at: position, answers: answers) else { return DFARunner.gaveUp }
            if entry & 1 != 0 { end = position }
            row = entry >> 3
            if row == 0 {
                steps += position - start + 1
                return end
            }
            position += length
        }
        steps += position - start
        guard position >= count else { return DFARunner.gaveUp }
        guard let atEnd = atEnd(row, count: count, answers: answers) else { return DFARunner.gaveUp }
        return atEnd != 0 ? count : end
    }
}

extension LazyDFA {
    /// The oracle answers of one UTF-16 text: each asked bit's test at a position, from
    /// the text's `LookaroundEvaluator` (which remembers answers per position).
    static func answers(
        _ bits: UInt64, at position: Int, in text: UnsafeBufferPointer<UInt16>, evaluator: LookaroundEvaluator
    ) -> UInt64 {
        var result: UInt64 = 0
        var rest = bits
        while rest != 0 {
            let bit = rest & (~rest &+ 1)
            rest &= rest - 1
            let code: Int32
            switch bit {
            case Oracle.grapheme: code = AssertionCode.graphemeBoundary
            case Oracle.unicodeWord: code = AssertionCode.unicodeWordBoundary
            default: code = AssertionCode.lookaround + AssertionCode.operandUnit * Int32(bit.trailingZeroBitCount)
            }
            if evaluator.holds(code, at: position, in: text, setGroup: { _, _ in }) { result |= bit }
        }
        return result
    }

    /// Every match of the rule in `text`, as NSRegularExpression enumerates them (see
    /// `CompiledRegex.matches`): the lazy DFA finds each match's end and, when it can, its
    /// start; the groups are solved on the span (or by the Pike VM from the idle position
    /// when the start is not known, and for the whole search when the cache thrashed).
    package func matches(in text: UnsafeBufferPointer<UInt16>) -> [[TextRange?]] {
        let classes = self.classes
        let groupCount = program.captureCount
        let regex = self.regex
        let asksOracle = self.asksOracle
        return withCache { cache in
            cache.begin(at: 0, newText: true)
            if asksOracle {
                // A new text may reuse the last one's memory: forget its answers first.
                cache.evaluator.forgetText()
                cache.evaluator.prepare(for: text)
                cache.vm.forgetText()
            }
            return CompiledRegex.enumerate(text) { start in
                cache.begin(at: start, newText: false)
                let found = cache.findEnd(text, from: start, classes: classes) { bits, position in
                    Self.answers(bits, at: position, in: text, evaluator: cache.evaluator)
                }
                switch found {
                case .none: return nil
                case .gaveUp: return cache.vm.search(text, from: start)
                case .match(let idle, let end, let startsAtIdle):
                    guard startsAtIdle else { return cache.vm.search(text, from: idle, anchored: false) }
                    return AcceleratedRegex.groups(regex, text, start: idle, end: end, groupCount: groupCount, vm: { cache.vm })
                }
            }
        }
    }
}

import RuleRegex

/// The lazy DFA's searches on UTF-16: the same two as a table DFA's (`DFARunner`), each
/// step reading the cache's row and making the entry when it is unknown; an entry that
/// needs oracle answers (`answers(bits, position)`) moves to the state's variant with those
/// answers first.
extension LazyDFACache {
    /// The entry of `row` on `inputClass` at `position` when the row does not have it yet
    /// (`entries[row + inputClass] < 0`): made, or resolved with oracle answers, as needed;
    /// `row` may change (a resolved variant). `nil` when the cache gave up. The caller takes
    /// `entries` again after it.
    @inline(never)
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
    func findEnd<Text: SearchText>(
        _ text: Text, from: Int, classes: ClassMap, answers: (UInt64, Int) -> UInt64
    ) -> LazySearch {
        switch findEnd(text, from: from, classes: classes, idlePast: .max, answers: answers) {
        case .found(let result): return result
        case .idle: return .none
        }
    }

    /// What a search that may stop early found.
    enum Partial {
        case found(LazySearch)
        /// No attempt was alive at `at` (past the position the caller gave), none had
        /// matched: no match starts before it.
        case idle(at: Int)
    }

    /// `findEnd`, stopping at the first position past `idlePast` where no attempt is alive
    /// and none has matched. While no attempt is alive, code points that cannot begin a
    /// match are skipped without a table step (`StartUnits`).
    func findEnd<Text: SearchText>(
        _ text: Text, from: Int, classes: ClassMap, idlePast: Int, answers: (UInt64, Int) -> UInt64
    ) -> Partial {
        guard !gaveUp else { return .found(.gaveUp) }
        let count = text.count
        let startUnits = dfa.startUnits
        var position = from
        if let startUnits {
            position = text.nextStart(startUnits, from: from)
            if position > idlePast { return .idle(at: position) }
        }
        var row = start(text.context(classes, at: position), anchored: false)
        var table = entries
        var idle = position
        var isIdle = true
        var end = -1
        var startsAtIdle = false
        while position < count {
            if isIdle, end < 0, let startUnits {
                // No attempt alive: the next one starts at a code point that can begin a match.
                let next = text.nextStart(startUnits, from: position)
                if next != position {
                    position = next
                    idle = next
                    if position > idlePast { return .idle(at: position) }
                    guard position < count else { break }
                    row = start(text.context(classes, at: position), anchored: false)
                    table = entries
                }
            }
            let (inputClass, length) = text.inputClass(classes, at: position)
            var entry = table[row + inputClass]
            if entry < 0 {
                guard let made = step(&row, inputClass, at: position, answers: answers) else { return .found(.gaveUp) }
                entry = made
                table = entries
            }
            if entry & 1 != 0 {
                end = position
                startsAtIdle = entry & 4 != 0
            }
            row = entry >> 3
            if row == 0 { break }
            position += length
            isIdle = entry & 2 != 0
            if isIdle, end < 0 {
                idle = position
                if position > idlePast { return .idle(at: position) }
            }
        }
        if position >= count, row != 0 {
            guard let atEnd = atEnd(row, count: count, answers: answers) else { return .found(.gaveUp) }
            if atEnd != 0 {
                end = count
                startsAtIdle = atEnd == 3
            }
        }
        return .found(end >= 0 ? .match(idle: idle, end: end, startsAtIdle: startsAtIdle) : .none)
    }

    /// The search from `from` that jumps between occurrences of `required`'s literals (see
    /// `RequiredLiteral`): the leftmost-first match, as `findEnd` finds it from `from`.
    func findEnd<Text: SearchText>(
        _ text: Text, from: Int, required: RequiredLiteral, classes: ClassMap, answers: (UInt64, Int) -> UInt64
    ) -> LazySearch {
        var from = from
        while true {
            guard let literal = text.next(ascii: required.literal, or: required.second, from: from, notBefore: required.notBefore)
            else { return .none }
            if let follow = required.follow, !text.mayStart(follow, at: literal + 1) {
                // Not a match's first literal: a match starting before it would hold it as
                // such (see `RequiredLiteral`), so none does.
                from = literal + 1
                continue
            }
            var runStart = literal
            while runStart > from {
                let (scalar, length) = text.scalar(before: runStart)
                guard required.mayPrecede(scalar) else { break }
                runStart -= length
            }
            switch findEnd(text, from: runStart, classes: classes, idlePast: literal, answers: answers) {
            case .idle(let at): from = at
            case .found(let result): return result
            }
        }
    }

    /// The end of the leftmost-first match that starts exactly at `start`, -1 when there
    /// is none, `DFARunner.gaveUp` when still alive after `limit` units (or when the cache
    /// thrashed: then `gaveUp` is set), as `DFARunner.matchAnchored`.
    func matchAnchored<Text: SearchText>(
        _ text: Text, at start: Int, limit: Int, steps: inout Int, classes: ClassMap, answers: (UInt64, Int) -> UInt64
    ) -> Int {
        guard !gaveUp else { return DFARunner.gaveUp }
        let count = text.count
        let stop = count - start > limit ? start + limit : count
        var row = self.start(text.context(classes, at: start), anchored: true)
        var table = entries
        var position = start
        var end = -1
        while position < stop {
            let (inputClass, length) = text.inputClass(classes, at: position)
            var entry = table[row + inputClass]
            if entry < 0 {
                guard let made = step(&row, inputClass, at: position, answers: answers) else { return DFARunner.gaveUp }
                entry = made
                table = entries
            }
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

extension LazyDFACache {
    /// The cache of lookaround `index`'s body DFA `body`, made on first use.
    func lookCache(_ index: Int, _ body: LazyDFA) -> LazyDFACache {
        if let made = lookCaches[index] { return made }
        let made = LazyDFACache(body)
        lookCaches[index] = made
        return made
    }

    /// For a DFA that keeps every path (a lookbehind body's): whether some run of it from a
    /// code point boundary at most `maxLength` UTF-16 units before `position` ends exactly
    /// at `position`; `nil` when the cache gave up.
    func endsAt<Text: SearchText>(_ text: Text, _ position: Int, maxLength: Int, classes: ClassMap) -> Bool? {
        // The run starts at the farthest place the body can start: none in reach, no run.
        let from: Int
        if let starts = dfa.bodyStarts {
            guard let farthest = text.farthestStart(starts, back: maxLength, from: position) else { return false }
            from = farthest
        } else {
            from = text.back(units: maxLength, from: position)
        }
        begin(at: from, newText: false)
        var row = start(text.context(classes, at: from), anchored: false)
        var at = from
        let none: (UInt64, Int) -> UInt64 = { _, _ in 0 }
        var table = entries
        while at < position {
            let (inputClass, length) = text.inputClass(classes, at: at)
            var entry = table[row + inputClass]
            if entry < 0 {
                guard let made = step(&row, inputClass, at: at, answers: none) else { return nil }
                entry = made
                table = entries
            }
            row = entry >> 3
            at += length
        }
        if position < text.count {
            let (inputClass, _) = text.inputClass(classes, at: position)
            var entry = table[row + inputClass]
            if entry < 0 {
                guard let made = step(&row, inputClass, at: position, answers: none) else { return nil }
                entry = made
            }
            return entry & 1 != 0
        }
        guard let value = atEnd(row, count: text.count, answers: none) else { return nil }
        return value != 0
    }
}

extension LazyDFA {
    /// The oracle answers of one UTF-16 text: each asked bit's test at a position, from the
    /// lookaround's own DFA (`Answerer`) or the text's `LookaroundEvaluator` (which
    /// remembers answers per position).
    static func answers<Text: SearchText>(_ bits: UInt64, at position: Int, in text: Text, cache: LazyDFACache) -> UInt64 {
        if cache.lastAnswers.position == position, cache.lastAnswers.mask & bits == bits { return cache.lastAnswers.answers & bits }
        cache.holdsText = true
        let dfa = cache.dfa
        var result: UInt64 = 0
        var rest = bits
        while rest != 0 {
            let bit = rest & (~rest &+ 1)
            rest &= rest - 1
            let index = bit.trailingZeroBitCount
            cache.answered += 1
            let code: Int32
            switch bit {
            case Oracle.grapheme: code = AssertionCode.graphemeBoundary
            case Oracle.unicodeWord: code = AssertionCode.unicodeWordBoundary
            default:
                code = AssertionCode.lookaround + AssertionCode.operandUnit * Int32(index)
                switch cache.answerer(index) {
                case .evaluator: break
                case .ahead(let body):
                    let sub = cache.lookCache(index, body)
                    let unbounded = dfa.program.lookarounds[index].maxLength == nil
                    let budget = unbounded ? LazyDFACache.unboundedBudget(text.count) - cache.unboundedRead : .max
                    guard budget > 0 else { break }  // the evaluator answers it from now on
                    var steps = 0
                    let counted = (sub.answered, sub.answeredByEvaluator)
                    let found = sub.matchAnchored(text, at: position, limit: budget, steps: &steps, classes: body.classes) {
                        nested, at in Self.answers(nested, at: at, in: text, cache: sub)
                    }
                    // The body's own questions count as this rule's.
                    cache.answered += sub.answered - counted.0
                    cache.answeredByEvaluator += sub.answeredByEvaluator - counted.1
                    if unbounded { cache.unboundedRead += steps }
                    if sub.gaveUp || found == DFARunner.gaveUp {
                        sub.gaveUp = false
                        break  // the evaluator answers this one
                    }
                    if (found >= 0) != dfa.program.lookarounds[index].negated { result |= bit }
                    continue
                case .behind(let body, let maxLength):
                    let sub = cache.lookCache(index, body)
                    guard let found = sub.endsAt(text, position, maxLength: maxLength, classes: body.classes) else {
                        sub.gaveUp = false
                        break
                    }
                    if found != dfa.program.lookarounds[index].negated { result |= bit }
                    continue
                }
            }
            let (units, offset) = text.utf16(at: position)
            cache.answeredByEvaluator += 1
            cache.evaluator.prepare(for: units)
            if cache.evaluator.holds(code, at: offset, in: units, setGroup: { _, _ in }) { result |= bit }
        }
        cache.lastAnswers = (position, bits, result)
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
        let required = self.required
        return withCache { cache in
            cache.startText()
            return CompiledRegex.enumerate(text) { start in
                cache.begin(at: start, newText: false)
                let searchText = UTF16SearchText(text: text)
                let answers = { (bits: UInt64, position: Int) in Self.answers(bits, at: position, in: searchText, cache: cache) }
                let found =
                    if let required {
                        cache.findEnd(searchText, from: start, required: required, classes: classes, answers: answers)
                    } else {
                        cache.findEnd(searchText, from: start, classes: classes, answers: answers)
                    }
                switch found {
                case .none: return nil
                case .gaveUp: return cache.textVM.search(text, from: start)
                case .match(let idle, let end, let startsAtIdle):
                    guard startsAtIdle else { return cache.textVM.search(text, from: idle, anchored: false) }
                    return AcceleratedRegex.groups(regex, text, start: idle, end: end, groupCount: groupCount, vm: { cache.textVM })
                }
            }
        }
    }
}

extension LazyDFA {
    /// Every match of the rule in a string's own UTF-8 `bytes`, as NSRegularExpression
    /// enumerates them, given to `emit(range, pending)` in UTF-16 offsets (counted at match
    /// boundaries only); `pending`: the rule has groups, solved when read
    /// (`AcceleratedRegex.groups` on the span). The text's UTF-16 units (`units`, made by
    /// the caller when first asked) are read only where the DFA does not know a match's
    /// start, where the cache thrashed, and by ICU's evaluator.
    package func matches(
        utf8 bytes: UnsafeBufferPointer<UInt8>, units: () -> UnsafeBufferPointer<UInt16>, emit: (TextRange, Bool) -> Void
    ) {
        withoutActuallyEscaping(units) { units in search(utf8: bytes, mirror: UTF16Mirror(units), emit: emit) }
    }

    /// `matches(utf8:units:emit:)` with the units behind `mirror` (which the search does not
    /// keep past its return).
    private func search(utf8 bytes: UnsafeBufferPointer<UInt8>, mirror: UTF16Mirror, emit: (TextRange, Bool) -> Void) {
        let classes = self.classes
        let pending = program.captureCount > 0
        let required = self.required
        let units = { mirror.units() }
        let text = UTF8SearchText(text: bytes, mirror: mirror)
        withCache { cache in
            cache.startText()
            let answers = { (bits: UInt64, position: Int) in Self.answers(bits, at: position, in: text, cache: cache) }
            var counter = UTF16Counter()
            var start = 0
            while start <= bytes.count {
                cache.begin(at: start, newText: false)
                let found =
                    if let required {
                        cache.findEnd(text, from: start, required: required, classes: classes, answers: answers)
                    } else {
                        cache.findEnd(text, from: start, classes: classes, answers: answers)
                    }
                var range: (start: Int, end: Int)
                switch found {
                case .none: return
                case .match(let idle, let end, true): range = (idle, end)
                case .match(let idle, _, false):
                    // The Pike VM on UTF-16 from the idle position, back to bytes.
                    guard let span = Self.pikeSearch(cache, units(), mirror, bytes, from: idle) else { return }
                    range = span
                case .gaveUp:
                    guard let span = Self.pikeSearch(cache, units(), mirror, bytes, from: start) else { return }
                    range = span
                }
                if range.end > range.start {
                    let location = counter.offset(of: range.start, in: bytes)
                    let length = UTF8Text.utf16Count(bytes, from: range.start, to: range.end)
                    emit(TextRange(location: location, length: length), pending)
                    start = range.end
                } else {
                    guard range.start < bytes.count else { return }
                    start = range.start + UTF8Text.decode(bytes, at: range.start).1
                }
            }
        }
    }

    /// The Pike VM's leftmost-first match from byte `from`, as a byte range.
    private static func pikeSearch(
        _ cache: LazyDFACache, _ units: UnsafeBufferPointer<UInt16>, _ mirror: UTF16Mirror, _ bytes: UnsafeBufferPointer<UInt8>,
        from: Int
    ) -> (start: Int, end: Int)? {
        let fromUnit = mirror.offset(of: from, in: bytes)
        guard let groups = cache.textVM.search(units, from: fromUnit), let whole = groups[0] else { return nil }
        let start = UTF8Text.byteOffset(bytes, from: from, units: whole.location - fromUnit)
        return (start, UTF8Text.byteOffset(bytes, from: start, units: whole.length))
    }
}

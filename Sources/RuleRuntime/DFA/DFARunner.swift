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

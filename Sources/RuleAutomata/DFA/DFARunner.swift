import Foundation
import RuleRegex

/// A DFA prepared for searching: transitions with pre-multiplied row offsets and the
/// idle bit folded in, a two-level class table for the whole BMP, and the classes that
/// can leave an idle state.
///
/// Note: skipping. While no attempt is alive (an idle state) and no match is pending, a
/// code unit whose class no idle state leaves idle on cannot start a match, so the search
/// skips it without a table step and re-enters the DFA at the next unit that can, with
/// the start state of that position's look-behind context.
package final class DFARunner: @unchecked Sendable {
    // Unchecked: the frozen buffers are written in `init` only and freed in `deinit`.
    let table: DFATable
    /// `entries[row + class]`: next row offset << 3 | startsAtIdle << 2 | nextIsIdle << 1 |
    /// matchedBefore.
    let entries: Frozen<Int>
    let columns: Int
    let startRows: Frozen<Int>
    let anchoredRows: Frozen<Int>
    /// Per state: 0 no match at the end of the text, 1 a match, 3 a match starting at idle.
    let eoiMatch: Frozen<Int>
    /// Classes of code points, contexts of positions.
    let classes: ClassMap
    static let surrogate = ClassMap.surrogate
    static let terminator = ClassMap.terminator
    /// Per class: may leave an idle state (or end a match, or is a line terminator).
    let canStart: Frozen<Bool>
    /// For searches on UTF-8: per state and class, `next << 3 | startsAtIdle << 2 |
    /// nextIsIdle << 1 | matchedBefore` with state numbers; and per state the entries of
    /// its ASCII bytes, `asciiEntries[state << 7 | byte]` (`nil` past `maxASCIIStates`
    /// states), read without a class lookup.
    let stateEntries: Frozen<Int32>
    let asciiEntries: Frozen<Int32>?
    static let maxASCIIStates = 1024
    /// Per class: some anchored start state does not die on it (a code point of another
    /// class cannot begin a match, whatever comes before).
    let startClasses: Frozen<Bool>

    package init(_ table: DFATable) {
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
        classes = ClassMap(table)
        eoiMatch = Frozen(table.stateFlags.map { Int($0 & 1) | Int($0 & 4) >> 1 })
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
        classes.free()
        startRows.free()
        anchoredRows.free()
        eoiMatch.free()
        canStart.free()
        stateEntries.free()
        asciiEntries?.free()
        startClasses.free()
    }

    /// Where the leftmost-first match found from `from` ends, the last position at or after
    /// `from` where no attempt was alive before it, and whether the match starts exactly
    /// there; `nil` without a match. Positions are the text's own offsets (UTF-16 units or
    /// UTF-8 bytes): the one loop is specialized for each `SearchText` (not inlined: the
    /// scans call it rarely, and inlined it slowed their hot loops by 13 % on 100 rules).
    @inline(never)
    func findEnd<Text: SearchText>(_ text: Text, from: Int) -> (idle: Int, end: Int, startsAtIdle: Bool)? {
        let count = text.count
        let entries = entries.buffer, canStart = canStart.buffer
        var row = startRows[text.context(classes, at: from)]
        var isIdle = true
        var position = from
        var idle = from
        var end = -1
        var startsAtIdle = false
        while position < count {
            var (inputClass, length) = text.inputClass(classes, at: position)
            if isIdle, end < 0, !canStart[inputClass] {
                repeat {
                    position += length
                    if position == count { break }
                    (inputClass, length) = text.inputClass(classes, at: position)
                } while !canStart[inputClass]
                idle = position
                row = startRows[text.context(classes, at: position)]
                if position == count { break }
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

    @inline(__always)
    func flagged(_ inputClass: Int, _ text: UnsafeBufferPointer<UInt16>, at position: Int) -> (Int, Int) {
        classes.flagged(inputClass, text, at: position)
    }

    @inline(__always)
    func context(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> Int { classes.context(text, at: position) }

    @inline(__always)
    func bmpClass(_ unit: UInt16) -> Int { classes.bmpClass(unit) }

    @inline(__always)
    func baseClass(_ scalar: UInt32) -> Int { classes.baseClass(scalar) }

    /// Result of `matchAnchored` when it stopped at its step limit.
    static let gaveUp = -2

    /// The end of the leftmost-first match that starts exactly at `start` (a code point
    /// boundary), -1 when there is none, or `gaveUp` when the DFA was still alive after
    /// `limit` code units (the caller then searches with `findEnd`, which stays linear).
    /// Adds the code units read to `steps`.
    package func matchAnchored(_ text: UnsafeBufferPointer<UInt16>, at start: Int, limit: Int, steps: inout Int) -> Int {
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

/// A DFA prepared for searching: transitions with pre-multiplied row offsets and the
/// idle bit folded in, a two-level class table for the whole BMP, and the classes that
/// can leave an idle state.
///
/// Note: skipping. While no attempt is alive (an idle state) and no match is pending, a
/// code unit whose class no idle state leaves idle on cannot start a match, so the search
/// skips it without a table step and re-enters the DFA at the next unit that can, with
/// the start state of that position's look-behind context.
struct DFARunner: Sendable {
    let table: DFATable
    /// `entries[row + class]`: next row offset << 3 | startsAtIdle << 2 | nextIsIdle << 1 |
    /// matchedBefore.
    let entries: [Int]
    let columns: Int
    let startRows: [Int]
    /// Per state: 0 no match at the end of the text, 1 a match, 3 a match starting at idle.
    let eoiMatch: [Int]
    /// BMP classes: `pages[unit >> 8]` is a class (>= 0) for a uniform page, or `-1 - k`
    /// for subtable `k` in `subtables[k * 256 + unit & 0xFF]`. Surrogates map to `surrogate`.
    let pages: [Int32]
    let subtables: [UInt16]
    static let surrogate = UInt16.max
    /// Per class: may leave an idle state (or end a match, or is a line terminator).
    let canStart: [Bool]

    init(_ table: DFATable) {
        self.table = table
        let columns = table.classCount
        self.columns = columns
        let idle = table.stateFlags.map { $0 & 2 != 0 }
        entries = table.transitions.map { entry in
            let next = Int(entry >> 2)
            return (next * columns) << 3 | Int(entry & 2) << 1 | (idle[next] ? 2 : 0) | Int(entry & 1)
        }
        startRows = table.starts.map { Int($0) * columns }
        eoiMatch = table.stateFlags.map { Int($0 & 1) | Int($0 & 4) >> 1 }
        var pages: [Int32] = []
        var subtables: [UInt16] = []
        // Boundaries where the class may change: the range starts, plus ASCII.
        var boundaries: [UInt32] = Array(0..<0x80) + table.rangeStarts
        boundaries.append(0x10000)
        var next = 0
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
            for unit in low...high {
                subtables.append(unit & 0xF800 == 0xD800 ? Self.surrogate : UInt16(table.inputClass(unit)))
            }
        }
        self.pages = pages
        self.subtables = subtables
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
        self.canStart = canStart
    }

    /// Where the leftmost-first match found from `from` ends, the last position at or after
    /// `from` where no attempt was alive before it, and whether the match starts exactly
    /// there; `nil` without a match.
    func findEnd(_ text: UnsafeBufferPointer<UInt16>, from: Int) -> (idle: Int, end: Int, startsAtIdle: Bool)? {
        let count = text.count
        return entries.withUnsafeBufferPointer { entries in
            pages.withUnsafeBufferPointer { pages in
                subtables.withUnsafeBufferPointer { subtables in
                    canStart.withUnsafeBufferPointer { canStart in
                        @inline(__always) func bmpClass(_ unit: UInt16) -> Int {
                            let page = Int(pages[Int(unit >> 8)])
                            return page >= 0 ? page : Int(subtables[(-1 - page) << 8 | Int(unit & 0xFF)])
                        }
                        var row = startRows[table.startContext(text, at: from)]
                        var isIdle = true
                        var position = from
                        var idle = from
                        var end = -1
                        var startsAtIdle = false
                        while position < count {
                            var unit = text[position]
                            var inputClass = bmpClass(unit)
                            if isIdle, end < 0, inputClass != Int(Self.surrogate), !canStart[inputClass] {
                                repeat {
                                    position += 1
                                    if position == count { break }
                                    unit = text[position]
                                    inputClass = bmpClass(unit)
                                } while inputClass != Int(Self.surrogate) && !canStart[inputClass]
                                idle = position
                                row = startRows[table.startContext(text, at: position)]
                                if position == count { break }
                            }
                            var length = 1
                            if inputClass == Int(Self.surrogate) {
                                let (scalar, scalarLength) = UTF16Text.decode(text, at: position)
                                length = scalarLength
                                inputClass = table.inputClass(scalar)
                            } else if UTF16Text.isLineTerminator(unit), table.isFinalTerminator(text, at: position) {
                                inputClass = Int(table.finalClasses[inputClass])
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
                }
            }
        }
    }
}

extension DFATable {
    /// A line terminator at `position` that ends the text (`\r\n` counts as one).
    @inline(__always)
    func isFinalTerminator(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> Bool {
        position == text.count - 1 || (position == text.count - 2 && text[position] == 0x0D && text[position + 1] == 0x0A)
    }

    /// The look-behind context of `position` (see `DFATable.context`).
    func startContext(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> Int {
        guard position > 0 else { return DFATable.context(atStart: true, previous: .other, wordBits: 0) }
        let unit = text[position - 1]
        let previous: Previous =
            unit == 0x0A ? .lineFeed : unit == 0x0D ? .carriageReturn : UTF16Text.isLineTerminator(unit) ? .otherTerminator : .other
        var bits = 0
        for k in 0..<boundaryPairCount {
            var index = position
            while index > 0 {
                let (scalar, length) = UTF16Text.decode(text, before: index)
                let f = classFlags[inputClass(scalar)]
                if f & ClassFlag.ignorable(k) == 0 {
                    if f & ClassFlag.word(k) != 0 { bits |= 1 << k }
                    break
                }
                index -= length
            }
        }
        return DFATable.context(atStart: false, previous: previous, wordBits: bits)
    }
}

/// A rule's compiled matcher: the DFA (when the program has one) finds each match's end
/// and idle point, and the Pike VM gives the exact start and groups from there.
public struct AcceleratedRegex: Sendable {
    public let regex: CompiledRegex
    let runner: DFARunner?

    public init(program: RegexProgram, dfa: DFATable?) {
        self.regex = CompiledRegex(program: program)
        self.runner = dfa.map(DFARunner.init)
        self.groupCount = program.captureCount
    }

    /// Capturing groups besides the whole match.
    let groupCount: Int

    /// The DFA, when the program has one.
    public var dfa: DFATable? { runner?.table }

    /// All matches, as NSRegularExpression enumerates them (see `CompiledRegex.matches`).
    public func matches(in units: [UInt16]) -> [[TextRange?]] {
        guard let dfa = runner else { return regex.matches(in: units) }
        let vm = PikeVM(regex)
        return units.withUnsafeBufferPointer { text in
            CompiledRegex.enumerate(text) { start in
                guard let (idle, end, startsAtIdle) = dfa.findEnd(text, from: start) else { return nil }
                if startsAtIdle, groupCount == 0 { return [TextRange(location: idle, length: end - idle)] }  // no groups to solve
                // From the start when known (anchored: the Pike VM runs on the match span only).
                return vm.search(text, from: idle, anchored: startsAtIdle)
            }
        }
    }
}

import RuleRegex

/// How a DFA reads text: the input class of every code point (a two-level table for the
/// BMP, a range table above it), line terminators that end the text (their final
/// classes), and the look-behind context of a position. Shared by the DFAs built ahead of
/// time (`DFARunner`) and the lazy DFA (`LazyDFA`), on UTF-16 and on UTF-8.
///
/// Plain pointers (`Frozen`), freed by the owner's `deinit` (`free()`): read in the
/// searches' inner loops without reference counting.
struct ClassMap {
    /// BMP classes: `pages[unit >> 8]` is a class (>= 0) for a uniform page, or `-1 - k`
    /// for subtable `k` in `subtables[k * 256 + unit & 0xFF]`. Surrogates map to `surrogate`,
    /// line terminators (never in a uniform page: they have classes of their own) carry
    /// the `terminator` flag, so the common unit needs one comparison.
    let pages: Frozen<Int32>
    let subtables: Frozen<UInt16>
    static let surrogate = UInt16.max
    /// Flag of a subtable class: the unit is a line terminator (it may be a final one).
    static let terminator: UInt16 = 0x8000
    /// The classes of code points above the BMP: `rangeStarts[i]` starts a run of class
    /// `rangeClasses[i]` (the table's own range table).
    let rangeStarts: Frozen<UInt32>
    let rangeClasses: Frozen<UInt16>
    /// Per class: `DFATable.ClassFlag` bits, and the class to use when the code point is a
    /// line terminator that ends the text.
    let classFlags: Frozen<UInt32>
    let finalClasses: Frozen<UInt16>
    let boundaryPairCount: Int
    /// The look-behind context after each ASCII unit, or -1 when it depends on what comes
    /// before (a line terminator, or a unit some `\b` ignores).
    let asciiContexts: Frozen<Int>
    /// The look-behind context after a code point of each class, or -1 when it depends on
    /// what comes before (a line terminator, or a class some `\b` ignores).
    let classContexts: Frozen<Int>

    /// The class tables of `table` (its states are not read).
    init(_ table: DFATable) {
        boundaryPairCount = table.boundaryPairCount
        classFlags = Frozen(table.classFlags)
        finalClasses = Frozen(table.finalClasses)
        rangeStarts = Frozen(table.rangeStarts)
        rangeClasses = Frozen(table.rangeClasses)
        /// The context after a code point of class `inputClass`, -1 when not known from it alone.
        func contextAfter(_ inputClass: Int) -> Int {
            let flags = table.classFlags[inputClass]
            if flags & DFATable.ClassFlag.lineTerminator != 0 { return -1 }
            var bits = 0
            for k in 0..<table.boundaryPairCount {
                if flags & DFATable.ClassFlag.ignorable(k) != 0 { return -1 }
                if flags & DFATable.ClassFlag.word(k) != 0 { bits |= 1 << k }
            }
            return DFATable.context(atStart: false, previous: .other, wordBits: bits)
        }
        asciiContexts = Frozen((0..<0x80).map { contextAfter(Int(table.asciiClasses[$0])) })
        classContexts = Frozen((0..<table.classCount).map(contextAfter))
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
    }

    func free() {
        pages.free()
        subtables.free()
        rangeStarts.free()
        rangeClasses.free()
        classFlags.free()
        finalClasses.free()
        asciiContexts.free()
        classContexts.free()
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
        guard scalar < 0x10000, scalar & 0xF800 != 0xD800 else { return supplementaryClass(scalar) }
        return bmpClass(UInt16(scalar)) & ~Int(Self.terminator)
    }

    /// The class of a code point above the BMP (binary search of the range table).
    @inline(__always)
    func supplementaryClass(_ scalar: UInt32) -> Int {
        let starts = rangeStarts.buffer
        var low = 0
        var high = starts.count
        while low + 1 < high {
            let mid = (low + high) >> 1
            if starts[mid] <= scalar { low = mid } else { high = mid }
        }
        return Int(rangeClasses[low])
    }

    // MARK: UTF-16

    /// The class and length of a code point whose BMP class is flagged: a surrogate (a
    /// supplementary code point, or an unpaired one) or a line terminator (its final
    /// variant when it ends the text).
    @inline(__always)
    func flagged(_ inputClass: Int, _ text: UnsafeBufferPointer<UInt16>, at position: Int) -> (Int, Int) {
        if inputClass == Int(Self.surrogate) {
            let (scalar, length) = UTF16Text.decode(text, at: position)
            return (supplementaryClass(scalar), length)
        }
        let base = inputClass & ~Int(Self.terminator)
        let isFinal = position == text.count - 1 || (position == text.count - 2 && text[position] == 0x0D && text[position + 1] == 0x0A)
        return (isFinal ? Int(finalClasses[base]) : base, 1)
    }

    /// The class (a final variant where a line terminator ends the text) and length in
    /// units of the code point at `position`.
    @inline(__always)
    func utf16Class(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> (Int, Int) {
        let inputClass = bmpClass(text[position])
        guard inputClass >= Int(Self.terminator) else { return (inputClass, 1) }
        return flagged(inputClass, text, at: position)
    }

    /// The look-behind context of `position` (see `DFATable.context`), with a table lookup
    /// after most ASCII units.
    @inline(__always)
    func context(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> Int {
        if position > 0, text[position - 1] < 0x80 {
            let known = asciiContexts[Int(text[position - 1])]
            if known >= 0 { return known }
        }
        return slowContext(at: position) { UTF16Text.decode(text, before: $0) }
    }

    /// The look-behind context of `position` read code point by code point backwards
    /// (`decodeBefore(p)`: the code point ending at `p` and its length), on either encoding.
    private func slowContext(at position: Int, decodeBefore: (Int) -> (UInt32, Int)) -> Int {
        guard position > 0 else { return DFATable.context(atStart: true, previous: .other, wordBits: 0) }
        let (previousScalar, _) = decodeBefore(position)
        // Most code points tell the context alone (no terminator, not ignored by a `\b`).
        let known = classContexts[baseClass(previousScalar)]
        if known >= 0 { return known }
        let previous: DFATable.Previous =
            previousScalar == 0x0A
            ? .lineFeed
            : previousScalar == 0x0D ? .carriageReturn : UTF8Text.isLineTerminator(previousScalar) ? .otherTerminator : .other
        var bits = 0
        for k in 0..<boundaryPairCount {
            var index = position
            while index > 0 {
                let (scalar, length) = decodeBefore(index)
                let f = classFlags[baseClass(scalar)]
                if f & DFATable.ClassFlag.ignorable(k) == 0 {
                    if f & DFATable.ClassFlag.word(k) != 0 { bits |= 1 << k }
                    break
                }
                index -= length
            }
        }
        return DFATable.context(atStart: false, previous: previous, wordBits: bits)
    }

    // MARK: UTF-8

    /// The class of the code point at byte `position` (flags stripped; a line terminator
    /// that ends the text gets its final class) and its length in bytes.
    @inline(__always)
    func utf8Class(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> (Int, Int) {
        let b0 = text[position]
        if b0 < 0x80 {
            let inputClass = Int(subtables[Int(b0)])
            if inputClass < Int(Self.terminator) { return (inputClass, 1) }
            return (finalOrBase(inputClass, text, at: position, length: 1), 1)
        }
        let (scalar, length) = UTF8Text.decode(text, at: position)
        guard scalar < 0x10000 else { return (supplementaryClass(scalar), length) }
        let inputClass = bmpClass(UInt16(scalar))
        if inputClass < Int(Self.terminator) { return (inputClass, length) }
        return (finalOrBase(inputClass, text, at: position, length: length), length)
    }

    /// A flagged (line terminator) class: its final variant when the terminator ends the text.
    @inline(__always)
    private func finalOrBase(_ flagged: Int, _ text: UnsafeBufferPointer<UInt8>, at position: Int, length: Int) -> Int {
        let base = flagged & ~Int(Self.terminator)
        let count = text.count
        let isFinal = position + length == count || (position == count - 2 && text[position] == 0x0D && text[position + 1] == 0x0A)
        return isFinal ? Int(finalClasses[base]) : base
    }

    /// The look-behind context of byte `position` (see `DFATable.context`), with a table
    /// lookup after most ASCII bytes.
    @inline(__always)
    func context(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        if position > 0, text[position - 1] < 0x80 {
            let known = asciiContexts[Int(text[position - 1])]
            if known >= 0 { return known }
        }
        return slowContext(at: position) { UTF8Text.decode(text, before: $0) }
    }
}

import RuleRegex

extension DFATable {
    func encode(into w: inout BinaryWriter) {
        w.varint(classCount)
        w.varint(boundaryPairCount)
        for c in asciiClasses { w.varint(Int(c)) }
        // The class boundaries (a block rules may share: every rule reading `\w` or `\b`
        // has the same thousands of them), then each range's class.
        var boundaries = BinaryWriter()
        boundaries.varint(rangeStarts.count)
        var previous: UInt32 = 0
        for start in rangeStarts {
            boundaries.varint(Int(start - previous))
            previous = start
        }
        w.shareable(boundaries.bytes)
        for c in rangeClasses { w.varint(Int(c)) }
        for (flags, final) in zip(classFlags, finalClasses) {
            w.varint(Int(flags))
            w.varint(Int(final))
        }
        w.varint(stateFlags.count)
        for flags in stateFlags { w.byte(flags) }
        for entry in transitions { w.varint(Int(entry)) }
        w.varint(starts.count)
        for start in starts { w.varint(Int(start)) }
        for start in anchoredStarts { w.varint(Int(start)) }
    }

    /// Reads a table written by `encode(into:)`, checking every index.
    init(decoding r: inout BinaryReader) throws(BinaryDecodingError) {
        let classCount = try r.varint()
        let pairs = try r.varint()
        guard classCount > 0, classCount <= DFATable.maxClasses, pairs <= DFATable.maxBoundaryPairs else {
            throw BinaryDecodingError("bad DFA header")
        }
        func inputClass(_ value: Int) throws(BinaryDecodingError) -> UInt16 {
            guard value < classCount else { throw BinaryDecodingError("class \(value) out of range") }
            return UInt16(value)
        }
        var ascii: [UInt16] = []
        for _ in 0..<0x80 { ascii.append(try inputClass(try r.varint())) }
        var starts: [UInt32] = []
        var classes: [UInt16] = []
        var previous: UInt32 = 0
        var boundaries = r.reader(of: try r.shareable())
        let rangeCount = try boundaries.count()
        guard rangeCount <= r.bytes.count - r.offset else { throw BinaryDecodingError("range count exceeds the data") }
        starts.reserveCapacity(rangeCount)
        for _ in 0..<rangeCount {
            let gap = try boundaries.varint()
            guard gap <= 0x10FFFF, UInt64(previous) + UInt64(gap) <= 0x10FFFF else { throw BinaryDecodingError("bad range") }
            previous += UInt32(gap)
            starts.append(previous)
        }
        guard boundaries.isAtEnd else { throw BinaryDecodingError("trailing bytes in the class boundaries") }
        for _ in 0..<rangeCount { classes.append(try inputClass(try r.varint())) }
        guard starts.first == 0x80 else { throw BinaryDecodingError("ranges must start at U+0080") }
        var flags: [UInt32] = []
        var finals: [UInt16] = []
        for _ in 0..<classCount {
            flags.append(UInt32(truncatingIfNeeded: try r.varint()))
            finals.append(try inputClass(try r.varint()))
        }
        let stateCount = try r.count()
        guard stateCount > 0 else { throw BinaryDecodingError("no states") }
        var stateFlags: [UInt8] = []
        for _ in 0..<stateCount { stateFlags.append(try r.byte()) }
        var transitions: [Int32] = []
        transitions.reserveCapacity(stateCount * classCount)
        for _ in 0..<(stateCount * classCount) {
            let entry = try r.varint()
            guard entry >> 2 < stateCount else { throw BinaryDecodingError("transition out of range") }
            transitions.append(Int32(entry))
        }
        let startCount = try r.count()
        guard startCount == 8 << pairs else { throw BinaryDecodingError("bad start table") }
        func startStates() throws(BinaryDecodingError) -> [Int32] {
            var states: [Int32] = []
            for _ in 0..<startCount {
                let start = try r.varint()
                guard start < stateCount else { throw BinaryDecodingError("start out of range") }
                states.append(Int32(start))
            }
            return states
        }
        let unanchored = try startStates()
        let anchored = try startStates()
        self.init(
            asciiClasses: ascii, rangeStarts: starts, rangeClasses: classes, classFlags: flags, finalClasses: finals,
            classCount: classCount, transitions: transitions, stateFlags: stateFlags, starts: unanchored,
            anchoredStarts: anchored, boundaryPairCount: pairs)
    }
}

extension DFATable {
    /// Where the leftmost-first match found from `from` ends, and the last position at or
    /// after `from` where no attempt was alive before it; `nil` without a match.
    func findEnd(_ text: UnsafeBufferPointer<UInt16>, from: Int) -> (idle: Int, end: Int)? {
        let count = text.count
        var state = Int(starts[startContext(text, at: from)])
        var position = from
        var idle = from
        var end = -1
        let columns = classCount
        while position < count {
            let unit = text[position]
            var scalar = UInt32(unit)
            var length = 1
            var inputClass: Int
            if unit < 0x80 {
                inputClass = Int(asciiClasses[Int(unit)])
            } else {
                if unit & 0xF800 == 0xD800 { (scalar, length) = UTF16Text.decode(text, at: position) }
                inputClass = self.inputClass(scalar)
            }
            if classFlags[inputClass] & ClassFlag.lineTerminator != 0, isFinalTerminator(text, at: position) {
                inputClass = Int(finalClasses[inputClass])
            }
            let entry = Int(transitions[state * columns + inputClass])
            if entry & 1 != 0 { end = position }
            state = entry >> 1
            if state == 0 { break }
            position += length
            if end < 0, stateFlags[state] & 2 != 0 { idle = position }
        }
        if position >= count, state != 0, stateFlags[state] & 1 != 0 { end = count }
        return end >= 0 ? (idle, end) : nil
    }

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
    public let dfa: DFATable?

    public init(program: RegexProgram, dfa: DFATable?) {
        self.regex = CompiledRegex(program: program)
        self.dfa = dfa
    }

    /// All matches, as NSRegularExpression enumerates them (see `CompiledRegex.matches`).
    public func matches(in units: [UInt16]) -> [[TextRange?]] {
        guard let dfa else { return regex.matches(in: units) }
        let vm = PikeVM(regex)
        return units.withUnsafeBufferPointer { text in
            var results: [[TextRange?]] = []
            var start = 0
            while start <= text.count, let (idle, _) = dfa.findEnd(text, from: start), let match = vm.search(text, from: idle),
                let whole = match[0]
            {
                results.append(match)
                if whole.length > 0 {
                    start = whole.upperBound
                } else {
                    if whole.location >= text.count { break }
                    start = whole.location + UTF16Text.decode(text, at: whole.location).length
                }
            }
            return results
        }
    }
}

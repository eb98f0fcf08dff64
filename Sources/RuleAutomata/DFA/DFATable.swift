// Compiled matcher, fast path: a leftmost-first DFA over code point classes, built at
// compile time from a rule's `RegexProgram` (`DFABuilder`, RuleAutomata/Build) and run here.
//
// Two ways in: from an anchored start state the DFA checks a match at one position (the
// shared scan, `Prefilter.swift`, tells where); from an unanchored start state it finds
// where the leftmost-first match ends and the last position before it where no attempt
// was alive ("idle"), and the match starts there unless the Pike VM must say where. The
// capture groups are solved on the match's span only (`SpanSolver`).

import RuleRegex

/// The tables of one rule's DFA.
///
/// Note: what a state knows. A state is the ordered list of NFA threads alive before the
/// next code point (plus, until a match is found, the "start here" attempt at lowest
/// priority) and the look-behind context of the position: at the start of the text, the
/// kind of the previous code unit (line feed, carriage return, other line terminator,
/// other), and for each word-boundary set pair whether the last non-ignorable code point
/// was a word character. Assertions that look ahead are decided on the transition, which
/// knows the next code point's class; `$`'s "final line terminator" is a class of its own
/// (the search gives a terminator that ends the text its `final` class).
package struct DFATable: Hashable, Sendable {
    /// Class of each ASCII code point.
    package var asciiClasses: [UInt16]
    /// Classes of code points from U+0080 on: `rangeStarts[i]` starts a run of class
    /// `rangeClasses[i]` that lasts until the next start.
    package var rangeStarts: [UInt32]
    package var rangeClasses: [UInt16]
    /// Per input class: `flags` bits (see `ClassFlag`), and the class to use instead when
    /// the code point is a line terminator that ends the text.
    package var classFlags: [UInt32]
    package var finalClasses: [UInt16]
    /// Columns of the transition table (input classes, final variants included).
    package var classCount: Int
    /// `transitions[state * classCount + class]`: `next << 2 | startsAtIdle << 1 |
    /// matchedBefore`. State 0 is dead. `startsAtIdle`: the match's thread started at the
    /// last idle position, so that is the match's start.
    package var transitions: [Int32]
    /// Per state: bit 0, a match ends at the end of the text; bit 1, idle (no attempt
    /// alive but "start here"); bit 2, that end-of-text match starts at the idle position.
    package var stateFlags: [UInt8]
    /// Start state per look-behind context (`DFATable.context(...)`).
    package var starts: [Int32]
    /// Anchored start state per look-behind context: one attempt at that position only,
    /// no restart after it (used to check a candidate start the prefilter found).
    package var anchoredStarts: [Int32]
    /// Number of word-boundary set pairs (bits of the context).
    package var boundaryPairCount: Int

    package init(
        asciiClasses: [UInt16], rangeStarts: [UInt32], rangeClasses: [UInt16], classFlags: [UInt32], finalClasses: [UInt16],
        classCount: Int, transitions: [Int32], stateFlags: [UInt8], starts: [Int32],
        anchoredStarts: [Int32], boundaryPairCount: Int
    ) {
        self.asciiClasses = asciiClasses
        self.rangeStarts = rangeStarts
        self.rangeClasses = rangeClasses
        self.classFlags = classFlags
        self.finalClasses = finalClasses
        self.classCount = classCount
        self.transitions = transitions
        self.stateFlags = stateFlags
        self.starts = starts
        self.anchoredStarts = anchoredStarts
        self.boundaryPairCount = boundaryPairCount
    }

    package var stateCount: Int { stateFlags.count }

    /// Bits of `classFlags`.
    package enum ClassFlag {
        package static let lineTerminator: UInt32 = 1 << 0
        package static let lineFeed: UInt32 = 1 << 1
        package static let carriageReturn: UInt32 = 1 << 2
        /// This class is the "ends the text" variant of a line terminator class.
        package static let final: UInt32 = 1 << 3
        /// Word-boundary pair `k`: bit `8 + 2k` word, bit `9 + 2k` ignorable.
        package static func word(_ pair: Int) -> UInt32 { 1 << UInt32(8 + 2 * pair) }
        package static func ignorable(_ pair: Int) -> UInt32 { 1 << UInt32(9 + 2 * pair) }
    }

    /// Kinds of the code unit before a position.
    package enum Previous: Int, Sendable {
        case other = 0, lineFeed = 1, carriageReturn = 2, otherTerminator = 3
    }

    /// The index of a look-behind context: bit 0 at the start of the text, bits 1–2 the
    /// previous unit's kind, then one bit per word-boundary pair.
    package static func context(atStart: Bool, previous: Previous, wordBits: Int) -> Int {
        (atStart ? 1 : 0) | previous.rawValue << 1 | wordBits << 3
    }

    /// The most input classes a DFA may have (the search flags classes with the top bit).
    package static let maxClasses = 0x7FFF

    /// The most word-boundary pairs a DFA handles (more fall back to the Pike VM).
    package static let maxBoundaryPairs = 6

    /// Every match begins with a code point: no anchored start state accepts, and no
    /// transition out of one ends a match before its code point (the empty match).
    package var needsFirstCodePoint: Bool {
        anchoredStarts.allSatisfy { start in
            stateFlags[Int(start)] & 1 == 0 && (0..<classCount).allSatisfy { transitions[Int(start) * classCount + $0] & 1 == 0 }
        }
    }

    /// The class of a code point (not yet its final variant).
    @inline(__always)
    package func inputClass(_ scalar: UInt32) -> Int {
        if scalar < 0x80 { return Int(asciiClasses[Int(scalar)]) }
        var low = 0
        var high = rangeStarts.count
        while low + 1 < high {
            let mid = (low + high) / 2
            if rangeStarts[mid] <= scalar { low = mid } else { high = mid }
        }
        return Int(rangeClasses[low])
    }
}

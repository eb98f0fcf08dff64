import RuleRegex

/// Look-behind contexts and assertions, decided from a context index and the class of the
/// next code point. These mirror `AssertionContext` (the Pike VM's) case by case.
extension Determinizer {
    package func atStart(_ context: Int) -> Bool { context & 1 != 0 }
    package func previous(_ context: Int) -> DFATable.Previous { DFATable.Previous(rawValue: (context >> 1) & 3) ?? .other }
    package func wordBefore(_ context: Int, pair: Int) -> Bool { (context >> (3 + pair)) & 1 != 0 }

    package func flags(_ inputClass: Int?) -> UInt32? { inputClass.map { classFlags[$0] } }

    /// The context after consuming a code point of `inputClass`.
    package func contextAfter(_ context: Int, inputClass: Int) -> Int {
        let f = classFlags[inputClass]
        let previous: DFATable.Previous
        if f & DFATable.ClassFlag.lineFeed != 0 {
            previous = .lineFeed
        } else if f & DFATable.ClassFlag.carriageReturn != 0 {
            previous = .carriageReturn
        } else if f & DFATable.ClassFlag.lineTerminator != 0 {
            previous = .otherTerminator
        } else {
            previous = .other
        }
        var bits = context >> 3
        for k in 0..<pairs.count where f & DFATable.ClassFlag.ignorable(k) == 0 {
            if f & DFATable.ClassFlag.word(k) != 0 { bits |= 1 << k } else { bits &= ~(1 << k) }
        }
        return DFATable.context(atStart: false, previous: previous, wordBits: bits)
    }

    /// ICU's `find()` never starts between the CR and LF of a CR LF pair when the program
    /// says so (`StartFilter.notInsideCRLF`).
    package func startAllowed(_ context: Int, _ inputClass: Int?) -> Bool {
        guard program.startFilter == .notInsideCRLF, let f = flags(inputClass) else { return true }
        return !(previous(context) == .carriageReturn && f & DFATable.ClassFlag.lineFeed != 0)
    }

    /// Whether `assertion` holds before a code point of `inputClass` (`nil`: at the end of
    /// the text) in look-behind context `context`; `look`: the position's answers to the
    /// evaluated tests, in oracle mode.
    package func holds(_ assertion: RegexProgram.Assertion, _ context: Int, _ inputClass: Int?, _ look: UInt64 = 0) -> Bool {
        let f = flags(inputClass)
        let isEnd = f == nil
        let terminator = (f ?? 0) & DFATable.ClassFlag.lineTerminator != 0
        let lineFeed = (f ?? 0) & DFATable.ClassFlag.lineFeed != 0
        let final = (f ?? 0) & DFATable.ClassFlag.final != 0
        let afterCR = previous(context) == .carriageReturn
        switch assertion {
        case .textStart:
            return atStart(context)
        case .textEnd:
            return isEnd
        case .textEndOrFinalTerminator:
            return isEnd || (terminator && final && !(lineFeed && afterCR))
        case .textEndOrFinalLineFeed:
            return isEnd || (lineFeed && final)
        case .lineStart:
            return atStart(context) || (!isEnd && previous(context) != .other)
        case .lineStartAfterLineFeed:
            return atStart(context) || previous(context) == .lineFeed
        case .lineEnd:
            return isEnd || (terminator && !(lineFeed && afterCR))
        case .lineEndBeforeLineFeed:
            return isEnd || lineFeed
        case .wordBoundary(let word, let ignorable):
            return isWordBoundary(pair(word, ignorable), context, f)
        case .notWordBoundary(let word, let ignorable):
            return !isWordBoundary(pair(word, ignorable), context, f)
        case .notBeforeLineFeed:
            return !lineFeed
        case .previousIn(let set):
            return wordBefore(context, pair: pair(set, -1))
        case .previousNotIn(let set):
            return !wordBefore(context, pair: pair(set, -1))
        case .nextIn(let set):
            return (f ?? 0) & DFATable.ClassFlag.word(pair(set, -1)) != 0 && !isEnd
        case .nextNotIn(let set):
            return isEnd || (f ?? 0) & DFATable.ClassFlag.word(pair(set, -1)) == 0
        case .lookaround, .graphemeBoundary, .notGraphemeBoundary, .unicodeWordBoundary, .notUnicodeWordBoundary:
            // An all-matches DFA (the conflict analysis's) takes every lookaround with a
            // body, grapheme boundary and `(?w)` word boundary test as satisfiable, which
            // only adds matches; in oracle mode the search's answers decide.
            guard !allMatches else { return true }
            let answer = look & Oracle.bit(of: assertion) != 0
            switch assertion {
            case .notGraphemeBoundary, .notUnicodeWordBoundary: return !answer
            default: return answer
            }
        }
    }

    package func pair(_ word: Int, _ ignorable: Int) -> Int {
        pairs.firstIndex { $0.word == word && $0.ignorable == ignorable } ?? 0
    }

    private func isWordBoundary(_ k: Int, _ context: Int, _ f: UInt32?) -> Bool {
        var here = false
        if let f {
            if f & DFATable.ClassFlag.ignorable(k) != 0 { return false }
            here = f & DFATable.ClassFlag.word(k) != 0
        }
        return here != wordBefore(context, pair: k)
    }
}

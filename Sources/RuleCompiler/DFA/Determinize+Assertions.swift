import RuleRuntime

/// Look-behind contexts and assertions, decided from a context index and the class of the
/// next code point. These mirror `AssertionContext` (the Pike VM's) case by case.
extension Determinizer {
    func atStart(_ context: Int) -> Bool { context & 1 != 0 }
    func previous(_ context: Int) -> DFATable.Previous { DFATable.Previous(rawValue: (context >> 1) & 3) ?? .other }
    func wordBefore(_ context: Int, pair: Int) -> Bool { (context >> (3 + pair)) & 1 != 0 }

    func flags(_ inputClass: Int?) -> UInt32? { inputClass.map { classFlags[$0] } }

    /// The context after consuming a code point of `inputClass`.
    func contextAfter(_ context: Int, inputClass: Int) -> Int {
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
    func startAllowed(_ context: Int, _ inputClass: Int?) -> Bool {
        guard program.startFilter == .notInsideCRLF, let f = flags(inputClass) else { return true }
        return !(previous(context) == .carriageReturn && f & DFATable.ClassFlag.lineFeed != 0)
    }

    func holds(_ assertion: RegexProgram.Assertion, _ context: Int, _ inputClass: Int?) -> Bool {
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
            // Only an all-matches DFA (the conflict analysis's) gets here: it takes every
            // lookaround with a body, grapheme boundary and `(?w)` word boundary test as
            // satisfiable, which only adds matches.
            return true
        }
    }

    func pair(_ word: Int, _ ignorable: Int) -> Int {
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

/// Why a program gets no DFA: the budget it would exceed.
public enum DFALimit: Error, Equatable, Sendable, CustomStringConvertible {
    case states, cells, work
    /// More distinct `\b` word/ignorable set pairs than a DFA's context can carry.
    case boundaryPairs
    /// A lookaround whose body runs as a program of its own (only the NFA decides it).
    case lookaround
    /// `\X`, whose grapheme boundaries only the NFA's search decides.
    case graphemeCluster
    /// `\b`/`\B` under `(?w)`, whose word break boundaries only the NFA's search decides.
    case unicodeWord

    /// The limit is a construct of the pattern rather than a budget.
    public var isConstruct: Bool { self == .lookaround || self == .graphemeCluster || self == .unicodeWord }
    /// More input classes than a table can index.
    case inputClasses

    public var description: String {
        switch self {
        case .states: return "more than \(AutomataBuilder.stateBudget) DFA states"
        case .cells: return "more than \(AutomataBuilder.cellBudget) DFA transitions"
        case .work: return "more than \(AutomataBuilder.workBudget) steps to build its DFA"
        case .boundaryPairs: return "more than \(DFATable.maxBoundaryPairs) kinds of word boundary or one-character lookaround"
        case .lookaround: return "a lookaround longer than one character, which no DFA decides"
        case .graphemeCluster: return "\\X, which no DFA decides"
        case .unicodeWord: return "\\b or \\B under (?w), which no DFA decides"
        case .inputClasses: return "more than \(DFATable.maxClasses) classes of characters"
        }
    }
}

/// Builds DFAs for programs.
public enum DFABuilder {
    /// The DFA of `program`, or `nil` when it needs more than `maxStates` states,
    /// `maxCells` transition cells or `maxWork` units of construction work (see
    /// `DeterminizerScratch`); the rule then runs on the Pike VM alone.
    ///
    /// With `allMatches`, the DFA is not leftmost-first: an anchored run records a match
    /// wherever some path of the program can end (nothing is cut after a `match`). Its
    /// unanchored starts mean nothing then; only the analysis reads such DFAs.
    package static func build(
        _ program: RegexProgram, maxStates: Int = AutomataBuilder.stateBudget, maxCells: Int = AutomataBuilder.cellBudget,
        maxWork: Int = AutomataBuilder.workBudget, allMatches: Bool = false
    ) -> DFATable? {
        try? determinize(program, maxStates: maxStates, maxCells: maxCells, maxWork: maxWork, allMatches: allMatches).get()
    }

    /// The DFA of `program`, or the budget it exceeds.
    package static func determinize(
        _ program: RegexProgram, maxStates: Int = AutomataBuilder.stateBudget, maxCells: Int = AutomataBuilder.cellBudget,
        maxWork: Int = AutomataBuilder.workBudget, allMatches: Bool = false
    ) -> Result<DFATable, DFALimit> {
        var determinizer: Determinizer
        do {
            determinizer = try Determinizer(
                program: program, maxStates: maxStates, maxCells: maxCells, maxWork: maxWork, allMatches: allMatches)
        } catch {
            return .failure(error)
        }
        guard determinizer.classCount <= DFATable.maxClasses else { return .failure(.inputClasses) }
        if let table = determinizer.build() { return .success(table) }
        return .failure(determinizer.exceeded ?? .states)
    }
}

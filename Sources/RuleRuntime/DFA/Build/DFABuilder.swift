/// The budgets of one rule's DFA built ahead of time (`rulegen`, `RuleCompiler`): past
/// them the rule runs on its lazy DFA, built while it matches.
public enum DFABudget {
    /// The most DFA states (and transition cells) one rule may take.
    public static let states = 2_000
    public static let cells = 400_000
    /// The most construction work one rule's DFA may take (see `DeterminizerScratch`).
    public static let work = 2_000_000
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
        case .states: return "more than \(DFABudget.states) DFA states"
        case .cells: return "more than \(DFABudget.cells) DFA transitions"
        case .work: return "more than \(DFABudget.work) steps to build its DFA"
        case .boundaryPairs: return "more than \(DFATable.maxBoundaryPairs) kinds of word boundary or one-character lookaround"
        case .lookaround: return "a lookaround longer than one character, which no DFA built ahead of time decides"
        case .graphemeCluster: return "\\X, which no DFA built ahead of time decides"
        case .unicodeWord: return "\\b or \\B under (?w), which no DFA built ahead of time decides"
        case .inputClasses: return "more than \(DFATable.maxClasses) classes of characters"
        }
    }
}

/// Builds DFAs for programs.
package enum DFABuilder {
    /// The DFA of `program`, or `nil` when it needs more than `maxStates` states,
    /// `maxCells` transition cells or `maxWork` units of construction work (see
    /// `DeterminizerScratch`); the rule then runs on the Pike VM alone.
    ///
    /// With `allMatches`, the DFA is not leftmost-first: an anchored run records a match
    /// wherever some path of the program can end (nothing is cut after a `match`). Its
    /// unanchored starts mean nothing then; only the analysis reads such DFAs.
    package static func build(
        _ program: RegexProgram, maxStates: Int = DFABudget.states, maxCells: Int = DFABudget.cells,
        maxWork: Int = DFABudget.work, allMatches: Bool = false
    ) -> DFATable? {
        try? determinize(program, maxStates: maxStates, maxCells: maxCells, maxWork: maxWork, allMatches: allMatches).get()
    }

    /// The DFA of `program`, or the budget it exceeds.
    package static func determinize(
        _ program: RegexProgram, maxStates: Int = DFABudget.states, maxCells: Int = DFABudget.cells,
        maxWork: Int = DFABudget.work, allMatches: Bool = false
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

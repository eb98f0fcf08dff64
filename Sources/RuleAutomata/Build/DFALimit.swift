import RuleRegex

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

import RuleRegex

/// The budgets of one rule's DFA built ahead of time (`rulegen`, `RuleCompiler`): past
/// them the rule runs on its lazy DFA, built while it matches.
public enum DFABudget {
    /// The most DFA states (and transition cells) one rule may take.
    public static let states = 2_000
    public static let cells = 400_000
    /// The most construction work one rule's DFA may take (see `DeterminizerScratch`).
    public static let work = 2_000_000
}

import RuleRuntime

/// Compiles a table's regex rules to their automata: `RegexCompiler` (NSRegularExpression-
/// exact NFA program) then `DFABuilder` (leftmost-first DFA within a state budget).
public enum AutomataBuilder {
    /// Why a rule has no automaton, or only its NFA.
    public enum Issue: Equatable, Sendable {
        /// The pattern uses `construct` at `offset`: the rule runs on NSRegularExpression.
        case fallback(construct: String, offset: Int)
        /// The DFA would exceed a budget (`limit`): the rule runs on its NFA alone.
        case stateBudget(DFALimit)
    }

    /// The most DFA states (and transition cells) one rule may take.
    public static let stateBudget = 2_000
    public static let cellBudget = 400_000
    /// The most construction work one rule's DFA may take (see `Determinizer.Scratch`).
    public static let workBudget = 2_000_000

    /// The automata of every rule (by rule index), with the issues met on the way.
    public static func build(_ table: StyleTable) -> (automata: CompiledRuleSet, issues: [(rule: Int, issue: Issue)]) {
        var automata: [RuleAutomaton?] = []
        var issues: [(rule: Int, issue: Issue)] = []
        for (index, rule) in table.rules.enumerated() {
            guard case .regex(let pattern, let flags, _) = rule.matcher else {
                automata.append(nil)
                continue
            }
            switch RegexCompiler.compile(pattern, flags: flags) {
            case .program(let program):
                switch DFABuilder.determinize(program) {
                case .success(let dfa):
                    automata.append(RuleAutomaton(program: program, dfa: dfa))
                case .failure(let limit):
                    issues.append((index, .stateBudget(limit)))
                    automata.append(RuleAutomaton(program: program, dfa: nil))
                }
            case .fallback(let construct, let offset):
                issues.append((index, .fallback(construct: construct, offset: offset)))
                automata.append(nil)
            case .invalid:
                automata.append(nil)
            }
        }
        return (CompiledRuleSet(automata: automata), issues)
    }
}

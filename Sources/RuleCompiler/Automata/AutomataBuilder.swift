import RuleRuntime
import RuleSpec

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
    public static let stateBudget = DFABudget.states
    public static let cellBudget = DFABudget.cells
    /// The most construction work one rule's DFA may take (see `Determinizer.Scratch`).
    public static let workBudget = DFABudget.work

    /// The automata of every rule of a table (by rule index), with the issues met on the
    /// way (patterns parsed here: a table from a file or a server).
    public static func build(_ table: StyleTable) -> (automata: CompiledRuleSet, issues: [(rule: Int, issue: Issue)]) {
        build(
            table.rules.map { rule in
                guard case .regex(let pattern, let flags, _) = rule.matcher else { return nil }
                return RegexCompiler.compile(pattern, flags: flags)
            })
    }

    /// The automata of a checked spec's rules, from the patterns Sema parsed, with the
    /// issues as diagnostics: a construct no automaton expresses (backreferences,
    /// lookaround, …) is a `fallback` warning at its column, and the rule runs on
    /// NSRegularExpression; a DFA over a budget is a `state-budget` warning, and the rule
    /// runs on its NFA (still linear, slower).
    static func build(_ spec: CheckedSpec) -> (automata: CompiledRuleSet, issues: [(rule: Int, issue: Issue)], diagnostics: [Diagnostic]) {
        let (automata, issues) = build(
            spec.rules.map { rule in
                guard case .regex(let p) = rule.matcher else { return nil }
                return RegexCompiler.compile(p.ast, pattern: p.pattern)
            })
        var diagnostics: [Diagnostic] = []
        for (index, issue) in issues {
            let rule = spec.rules[index]
            guard case .regex(let pattern) = rule.matcher else { continue }
            switch issue {
            case .stateBudget(let limit):
                let needs = limit.isConstruct ? "has" : "needs"
                if let program = automata.automata[index]?.program, LazyDFA.isPossible(for: program) {
                    diagnostics.append(
                        DiagnosticKind.lazyDFA(
                            "rule '\(rule.name)' \(needs) \(limit); its DFA is built while it matches (lazy DFA)", at: pattern.site))
                } else {
                    diagnostics.append(
                        DiagnosticKind.stateBudget(
                            "rule '\(rule.name)' \(needs) \(limit), and cannot have a DFA built while it matches either; "
                                + "it runs on its NFA (linear time, but slower)", at: pattern.site))
                }
            case .fallback(let construct, let offset):
                var at = pattern.site
                if pattern.detector == nil {
                    let span = at.span
                    at = SourceRef(file: at.file, span: span.subspan(offset: min(offset, max(span.length - 1, 0)), length: 1))
                }
                diagnostics.append(
                    DiagnosticKind.fallback(
                        "\(construct) cannot become an automaton; rule '\(rule.name)' falls back to NSRegularExpression at run time",
                        at: at))
            }
        }
        return (automata, issues, diagnostics)
    }

    /// Determinizes each compiled pattern (`nil`: not a regex rule).
    private static func build(_ compilations: [RegexCompilation?]) -> (automata: CompiledRuleSet, issues: [(rule: Int, issue: Issue)]) {
        var automata: [RuleAutomaton?] = []
        var issues: [(rule: Int, issue: Issue)] = []
        for (index, compilation) in compilations.enumerated() {
            guard let compilation else {
                automata.append(nil)
                continue
            }
            switch compilation {
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

import RuleAutomata
import RuleRuntime
import RuleSpec

/// Phase 4 of `Compiler.compile`: the automata of a checked spec's rules, from the patterns
/// Sema parsed (`AutomataBuilder`), with the issues as diagnostics: a construct no
/// automaton expresses (backreferences, lookaround, …) is a `fallback` warning at its
/// column, and the rule runs on NSRegularExpression; a DFA over a budget is a `state-budget`
/// (or `lazy-dfa`) warning, and the rule runs on its NFA or a DFA built while it matches.
enum AutomataPhase {
    /// The automata and issues, and those issues as warnings at the rules' patterns.
    struct Result: Equatable, Sendable {
        var built: AutomataBuilder.Result
        var diagnostics: [Diagnostic]
    }

    static func run(_ spec: CheckedSpec) -> Result {
        let built = AutomataBuilder.build(
            compilations: spec.rules.map { rule in
                guard case .regex(let p) = rule.matcher else { return nil }
                return (RegexCompiler.compile(p.ast, pattern: p.pattern), RuleAutomaton.binding(pattern: p.pattern, flags: p.flags))
            })
        var diagnostics: [Diagnostic] = []
        for (index, issue) in built.issues.map({ ($0.rule, $0.issue) }) {
            let rule = spec.rules[index]
            guard case .regex(let pattern) = rule.matcher else { continue }
            switch issue {
            case .stateBudget(let limit):
                let needs = limit.isConstruct ? "has" : "needs"
                if let program = built.automata.automata[index]?.program, LazyDFA.isPossible(for: program) {
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
        return Result(built: built, diagnostics: diagnostics)
    }
}

import RuleRuntime
import RuleSpec

extension Sema {
    /// Compiles the regex rules of a checked table (`AutomataBuilder`) and reports why a
    /// rule has no automaton: a construct no automaton expresses (backreferences,
    /// lookaround, …) is a `fallback` warning at its column, and the rule runs on
    /// NSRegularExpression; a DFA over the state budget is a `state-budget` warning, and
    /// the rule runs on its NFA (still linear, slower).
    mutating func compileAutomata(_ table: StyleTable) -> CompiledRuleSet {
        let (automata, issues) = AutomataBuilder.build(table)
        automataIssues = issues
        for (index, issue) in issues {
            let rule = table.rules[index]
            let site = patternSites[rule.name]
            switch issue {
            case .stateBudget(let limit):
                diagnostics.report(
                    .stateBudget,
                    "rule '\(rule.name)' needs \(limit); it runs on its NFA (linear time, but slower)",
                    at: site)
            case .fallback(let construct, let offset):
                var at = site
                if let s = site, case .regex(_, _, nil) = rule.matcher {
                    at = SourceRef(file: s.file, span: s.span.subspan(offset: min(offset, max(s.span.length - 1, 0)), length: 1))
                }
                diagnostics.report(
                    .fallback,
                    "\(construct) cannot become an automaton; rule '\(rule.name)' falls back to NSRegularExpression at run time",
                    at: at)
            }
        }
        return automata
    }
}

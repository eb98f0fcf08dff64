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

    /// `streaming`: also the `stream-unbounded` notes (`streamNotes`).
    static func run(_ spec: CheckedSpec, streaming: Bool = false) -> Result {
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
        if streaming { diagnostics += streamNotes(spec, built) }
        return Result(built: built, diagnostics: diagnostics)
    }

    /// `stream-unbounded`: the rules that keep a stream from re-reading a bounded window
    /// (`RichStream`, docs/Runtime.md). An HTML spec renders whole on every append, which
    /// docs/Runtime.md says once: no note per rule.
    static func streamNotes(_ spec: CheckedSpec, _ built: AutomataBuilder.Result) -> [Diagnostic] {
        guard !spec.html else { return [] }
        var notes: [Diagnostic] = []
        for (index, rule) in spec.rules.enumerated() {
            let program = index < built.automata.automata.count ? built.automata.automata[index]?.program : nil
            guard let why = streamReason(rule.matcher, program: program) else { continue }
            notes.append(DiagnosticKind.streamUnbounded("rule '\(rule.name)' \(why)", at: rule.matcherSite))
        }
        return notes
    }

    /// Why a rule keeps a stream from a bounded window (`program`: its automaton, `nil` when
    /// it runs on NSRegularExpression), or `nil` when it does not.
    private static func streamReason(_ matcher: CheckedMatcher, program: RegexProgram?) -> String? {
        switch matcher {
        case .tagFamily, .element:
            return "is a tag rule: a tag may close anywhere later, so a stream renders the whole text on every append"
        case .prefix, .entity:
            return nil
        case .regex:
            guard let program else { return "runs on NSRegularExpression: a stream renders the whole text on every append" }
            // (A lookahead whose reads stop at some code points, `(?=.*x)` at a line's end,
            // keeps the safe point that far behind: bounded by the text, not noted.)
            if program.lookaroundReach.ahead == nil, program.unboundedLookaheadStops?.isEmpty ?? true {
                return "looks ahead over any text without a bound: a stream re-reads from its last safe point on every append"
            }
            if program.loopsOverLineBreaks {
                return "can run over line breaks without a bound: a stream re-reads from where its match starts until the match ends"
            }
            return nil
        }
    }
}

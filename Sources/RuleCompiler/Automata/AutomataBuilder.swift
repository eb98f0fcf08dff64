import RuleRuntime
import RuleSpec

/// The automata phase of the compiler (`Compiler.compile`, after the style table):
/// compiles a table's regex rules to their automata, `RegexCompiler` (the
/// NSRegularExpression-exact NFA program, `Automata/RegexCompiler.swift`) then `DFABuilder`
/// (the leftmost-first DFA within a state budget, `RuleRuntime/DFA/Build/DFABuilder.swift`).
public enum AutomataBuilder {
    /// Why a rule has no automaton, or only its NFA.
    public enum Issue: Equatable, Sendable {
        /// The pattern uses `construct` at `offset`: the rule runs on NSRegularExpression.
        case fallback(construct: String, offset: Int)
        /// The DFA would exceed a budget (`limit`): the rule runs on its NFA alone.
        case stateBudget(DFALimit)
    }

    /// An issue of one rule (by rule index).
    public struct RuleIssue: Equatable, Sendable {
        public var rule: Int
        public var issue: Issue

        public init(rule: Int, issue: Issue) {
            self.rule = rule
            self.issue = issue
        }
    }

    /// What the automata phase produces: the automata by rule index, the issues met on
    /// the way, and (for a checked spec) those issues as diagnostics.
    public struct Result: Equatable, Sendable {
        /// The automaton of every regex rule that has one (`nil` for the other rules).
        public var automata: CompiledRuleSet
        /// Why a rule has no automaton, or only its NFA, in rule order.
        public var issues: [RuleIssue]
        /// The issues as `fallback`, `state-budget` and `lazy-dfa` warnings at the rules'
        /// patterns (empty when built from a table: there are no source locations).
        public var diagnostics: [Diagnostic] = []
    }

    /// The most DFA states (and transition cells) one rule may take.
    public static let stateBudget = DFABudget.states
    public static let cellBudget = DFABudget.cells
    /// The most construction work one rule's DFA may take (see `DeterminizerScratch`).
    public static let workBudget = DFABudget.work

    /// The automata of every rule of a table (by rule index), with the issues met on the
    /// way (patterns parsed here: a table from a file or a server).
    public static func build(_ table: StyleTable) -> Result {
        build(
            table.rules.map { rule in
                guard case .regex(let pattern, let flags, _) = rule.matcher else { return nil }
                return (RegexCompiler.compile(pattern, flags: flags), RuleAutomaton.binding(pattern: pattern, flags: flags))
            })
    }

    /// The automata of a checked spec's rules, from the patterns Sema parsed, with the
    /// issues as diagnostics: a construct no automaton expresses (backreferences,
    /// lookaround, …) is a `fallback` warning at its column, and the rule runs on
    /// NSRegularExpression; a DFA over a budget is a `state-budget` warning, and the rule
    /// runs on its NFA (still linear, slower).
    static func build(_ spec: CheckedSpec) -> Result {
        var result = build(
            spec.rules.map { rule in
                guard case .regex(let p) = rule.matcher else { return nil }
                return (RegexCompiler.compile(p.ast, pattern: p.pattern), RuleAutomaton.binding(pattern: p.pattern, flags: p.flags))
            })
        var diagnostics: [Diagnostic] = []
        for (index, issue) in result.issues.map({ ($0.rule, $0.issue) }) {
            let rule = spec.rules[index]
            guard case .regex(let pattern) = rule.matcher else { continue }
            switch issue {
            case .stateBudget(let limit):
                let needs = limit.isConstruct ? "has" : "needs"
                if let program = result.automata.automata[index]?.program, LazyDFA.isPossible(for: program) {
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
        result.diagnostics = diagnostics
        return result
    }

    /// Determinizes each compiled pattern (`nil`: not a regex rule), binding each automaton
    /// to its rule (`RuleAutomaton.binding(pattern:flags:)`).
    private static func build(_ compilations: [(RegexCompilation, binding: UInt64)?]) -> Result {
        var automata: [RuleAutomaton?] = []
        var issues: [RuleIssue] = []
        for (index, compilation) in compilations.enumerated() {
            guard let (compilation, binding) = compilation else {
                automata.append(nil)
                continue
            }
            switch compilation {
            case .program(let program):
                switch DFABuilder.determinize(program) {
                case .success(let dfa):
                    automata.append(RuleAutomaton(program: program, dfa: dfa, binding: binding))
                case .failure(let limit):
                    issues.append(RuleIssue(rule: index, issue: .stateBudget(limit)))
                    automata.append(RuleAutomaton(program: program, dfa: nil, binding: binding))
                }
            case .fallback(let construct, let offset):
                issues.append(RuleIssue(rule: index, issue: .fallback(construct: construct, offset: offset)))
                automata.append(nil)
            case .invalid:
                automata.append(nil)
            }
        }
        return Result(automata: CompiledRuleSet(automata: automata), issues: issues)
    }
}

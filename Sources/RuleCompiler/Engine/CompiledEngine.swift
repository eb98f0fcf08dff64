import RuleRuntime

// Run-time compilation: a style table that arrives while the app runs (a `.styles.json`
// from a server, or a spec's text compiled with `Compiler.compile(source:)`) gets the
// automata `rulegen` would have generated for it, so its rules run in linear time too.

/// A style table compiled to automata at run time, with an engine ready to render.
///
/// Each regex rule runs on its DFA (built ahead of time, or while it matches: `lazyDFA`; or
/// its NFA alone, `nfaOnly`) exactly as generated code does; a rule whose pattern no automaton expresses (`fallbacks`: a backreference, a
/// lookaround…) runs on NSRegularExpression under `engine.fallbackBudget` (`.standard`
/// unless given), so one hostile rule cannot stall a render.
///
/// ```swift
/// let table = try StyleTable(jsonData: data)             // from the server
/// let compiled = try Compiler.engine(for: table)         // once per table, off the main thread
/// for fallback in compiled.fallbacks { log(fallback) }   // rules still on NSRegularExpression
/// let result = compiled.engine.render(text)
/// for rule in result.interrupted { log(rule) }           // fallback rules cut off by the budget
/// ```
///
/// Compiling asks ICU for the code points of the patterns' classes (in a release build
/// about 35 ms for each class the process has not met before, and 0.25 s once per process
/// for the first), so compile once per table, off the main thread, and keep the value; it
/// is `Sendable`.
public struct CompiledEngine: Sendable {
    /// A rule that runs on NSRegularExpression: its pattern uses `construct`, which no
    /// automaton expresses exactly (docs/Regex.md lists them).
    public struct Fallback: Sendable, Hashable, CustomStringConvertible {
        /// The rule's index in the table.
        public var ruleIndex: Int
        /// The rule's name.
        public var rule: String
        /// What keeps the pattern from becoming an automaton: `backreference`,
        /// `lookahead`, `lookbehind`, `\X`, `atomic group`…
        public var construct: String
        /// Where `construct` starts, in Unicode scalars into the rule's pattern.
        public var offset: Int

        public init(ruleIndex: Int, rule: String, construct: String, offset: Int) {
            self.ruleIndex = ruleIndex
            self.rule = rule
            self.construct = construct
            self.offset = offset
        }

        public var description: String {
            "rule '\(rule)': \(construct) at offset \(offset) of its pattern cannot become an automaton; it runs on NSRegularExpression"
        }
    }

    /// A rule without a DFA built ahead of time: one whose DFA would exceed the state budget
    /// (`AutomataBuilder.stateBudget`), or that has a lookaround longer than one code point,
    /// `\X` or a `(?w)` word boundary. It runs on its lazy DFA (`lazyDFA`), or, when it
    /// cannot have one either, on its NFA alone (`nfaOnly`), still in linear time but slower.
    public struct NFAOnlyRule: Sendable, Hashable {
        /// The rule's index in the table.
        public var ruleIndex: Int
        /// The rule's name.
        public var rule: String

        public init(ruleIndex: Int, rule: String) {
            self.ruleIndex = ruleIndex
            self.rule = rule
        }
    }

    /// The engine on `automata`; set its `fallbackBudget` to change the budget.
    public var engine: RuleEngine
    /// The automata of the table's regex rules, by rule index (what generated code embeds).
    public let automata: CompiledRuleSet
    /// The regex rules that run on NSRegularExpression, in table order.
    public let fallbacks: [Fallback]
    /// The regex rules that run on their NFA alone (no DFA of either kind), in table order.
    public let nfaOnly: [NFAOnlyRule]
    /// The regex rules that run on a DFA built while they match (`LazyDFA`), in table order.
    public let lazyDFA: [NFAOnlyRule]

    /// The table's rules as the table itself.
    public var table: StyleTable { engine.table }

    /// An engine on automata compiled before (`Compiler.Output.automata`): every regex rule
    /// without an automaton in `automata` runs on NSRegularExpression under
    /// `fallbackBudget`. Throws `RuleEngineError` when NSRegularExpression rejects
    /// such a rule's pattern.
    public init(table: StyleTable, automata: CompiledRuleSet, fallbackBudget: FallbackBudget = .standard) throws {
        try self.init(table: table, automata: automata, issues: [], fallbackBudget: fallbackBudget)
    }

    /// `issues`: what `AutomataBuilder.build` said about the rules (a rule without an
    /// automaton that has no issue is compiled again to learn its construct).
    init(
        table: StyleTable, automata: CompiledRuleSet, issues: [AutomataBuilder.RuleIssue],
        fallbackBudget: FallbackBudget
    ) throws {
        var engine = try RuleEngine(table: table, automata: automata)
        engine.fallbackBudget = fallbackBudget
        var fallbacks: [Fallback] = []
        var nfaOnly: [NFAOnlyRule] = []
        var lazyDFA: [NFAOnlyRule] = []
        let lazyRules = Set(engine.ruleMatcher?.lazyDFAs.map(\.rule) ?? [])
        for (index, rule) in table.rules.enumerated() {
            guard case .regex(let pattern, let flags, _) = rule.matcher else { continue }
            if index < automata.automata.count, let automaton = automata.automata[index], engine.decodingFailures[index] == nil {
                if automaton.dfa == nil {
                    if lazyRules.contains(index) {
                        lazyDFA.append(NFAOnlyRule(ruleIndex: index, rule: rule.name))
                    } else {
                        nfaOnly.append(NFAOnlyRule(ruleIndex: index, rule: rule.name))
                    }
                }
                continue
            }
            let issue = issues.first { $0.rule == index }?.issue
            var site = Self.fallbackSite(issue, pattern: pattern, flags: flags)
            if let failure = engine.decodingFailures[index] { site = ("automaton not used (\(failure.message))", 0) }
            fallbacks.append(Fallback(ruleIndex: index, rule: rule.name, construct: site.construct, offset: site.offset))
        }
        self.engine = engine
        self.automata = automata
        self.fallbacks = fallbacks
        self.nfaOnly = nfaOnly
        self.lazyDFA = lazyDFA
    }

    /// The construct that keeps a pattern on NSRegularExpression, and its offset.
    static func fallbackSite(_ issue: AutomataBuilder.Issue?, pattern: String, flags: RegexFlags) -> (construct: String, offset: Int) {
        if case .fallback(let construct, let offset)? = issue { return (construct, offset) }
        switch RegexCompiler.compile(pattern, flags: flags) {
        case .fallback(let construct, let offset): return (construct, offset)
        // NSRegularExpression accepted what the automaton compiler rejects (the engine
        // above would have thrown otherwise).
        case .invalid(let error): return ("pattern the automaton compiler rejects (\(error.message))", error.offset)
        case .program: return ("rule without an automaton in the given set", 0)
        }
    }
}

extension Compiler {
    /// Compiles `table`'s regex rules to automata (`AutomataBuilder`, as `rulegen` does)
    /// and returns an engine on them: the linear-time matcher for a table that arrives at
    /// run time (`StyleTable(jsonData:)`), where `RuleEngine(table:)` would run every rule
    /// on NSRegularExpression. The rules that still run on NSRegularExpression are listed
    /// in `CompiledEngine.fallbacks` and run under `fallbackBudget`.
    ///
    /// Throws `RuleEngineError` when NSRegularExpression rejects a pattern, as
    /// `RuleEngine(table:)` does. Compiling can take a fraction of a second (see
    /// `CompiledEngine`): call it off the main thread, once per table.
    public static func engine(for table: StyleTable, fallbackBudget: FallbackBudget = .standard) throws -> CompiledEngine {
        let built = AutomataBuilder.build(table)
        return try CompiledEngine(table: table, automata: built.automata, issues: built.issues, fallbackBudget: fallbackBudget)
    }
}

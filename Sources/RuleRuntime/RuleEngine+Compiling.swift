import Foundation
import RuleAutomata

// Run-time compilation: a style table that arrives while the app runs (a `.styles.json`
// from a server, or a spec compiled with `Compiler.compile(source:)`) gets the automata
// `rulegen` would have generated for it, so its rules run in linear time too. It lives in
// the runtime: an app that compiles a table links RuleAutomata, never the compiler.

extension RuleEngine {
    /// A rule that runs on NSRegularExpression: its pattern uses `construct`, which no
    /// automaton expresses exactly (docs/Regex.md lists them), or its automaton was not used.
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

        package init(ruleIndex: Int, rule: String, construct: String, offset: Int) {
            self.ruleIndex = ruleIndex
            self.rule = rule
            self.construct = construct
            self.offset = offset
        }

        public var description: String {
            "rule '\(rule)': \(construct) at offset \(offset) of its pattern cannot become an automaton; it runs on NSRegularExpression"
        }
    }

    /// Compiles `table`'s regex rules to automata (as `rulegen` does) and makes the engine
    /// on them: the linear-time matcher for a table that arrives at run time
    /// (`StyleTable(jsonData:)`). The rules that still run on NSRegularExpression are in
    /// `fallbacks` and run under `fallbackBudget`.
    ///
    /// ```swift
    /// let table = try StyleTable(jsonData: data)              // from the server
    /// let engine = try RuleEngine(compiling: table)           // once per table, off the main thread
    /// for fallback in engine.fallbacks { log(fallback) }      // rules still on NSRegularExpression
    /// let result = engine.render(text)
    /// for rule in result.interrupted { log(rule) }            // fallback rules cut off by the budget
    /// ```
    ///
    /// Throws `RuleEngineError` when NSRegularExpression rejects a pattern. Compiling asks
    /// ICU for the code points of the patterns' classes (in a release build about 35 ms for
    /// each class the process has not met before, and 0.25 s once per process for the
    /// first), so compile once per table, off the main thread, and keep the engine; it is
    /// `Sendable`.
    public init(compiling table: StyleTable) throws {
        let built = AutomataBuilder.build(table)
        try self.init(table: table, automata: built.automata, issues: built.issues)
    }

    /// An engine on automata built before (the compiler's, or `AutomataBuilder.build(_:)`'s):
    /// regex rules without an automaton in `automata`, or whose automaton belongs to another
    /// pattern (`decodingFailures`), run on NSRegularExpression. `issues`: what the builder
    /// said about the rules (read by `fallbacks`). Throws `RuleEngineError` when
    /// NSRegularExpression rejects such a rule's pattern.
    package init(table: StyleTable, automata: CompiledRuleSet, issues: [AutomataBuilder.RuleIssue]) throws {
        self.init(table: table, matcher: try RuleMatcher(table: table, automata: automata), issues: issues)
    }

    /// An engine on automata built before (see `init(table:automata:issues:)`), for tools
    /// outside the package (Fuzz/) that hold a `Compiler.Output`'s table and automata.
    @_spi(Testing) public init(table: StyleTable, automata: CompiledRuleSet) throws {
        try self.init(table: table, automata: automata, issues: [])
    }

    /// The reference: every regex rule on NSRegularExpression with no budget
    /// (`.unlimited`: NSRegularExpression's exact answers, however long they take), what
    /// differential tests, the benchmark and `rulegen explain --engine icu` compare the
    /// automata with. Throws `RuleEngineError.invalidRegex` when a rule's pattern is
    /// rejected.
    @_spi(Testing) public init(reference table: StyleTable) throws {
        self.init(table: table, matcher: try RuleMatcher(table: table))
        fallbackBudget = .unlimited
    }

    /// The regex rules that run on NSRegularExpression, in table order, with the construct
    /// that keeps each off the automata. Computed when read (a generated engine's rules are
    /// compiled again to learn the construct): read it once, to log it.
    public var fallbacks: [Fallback] {
        guard let ruleMatcher else { return [] }
        return ruleMatcher.nsRegularExpressionRules.compactMap { index in
            let rule = table.rules[index]
            guard case .regex(let pattern, let flags, _) = rule.matcher else { return nil }
            let site: (construct: String, offset: Int)
            if let failure = decodingFailures[index] {
                site = ("automaton not used (\(failure.message))", 0)
            } else if case .fallback(let construct, let offset)? = issues.first(where: { $0.rule == index })?.issue {
                site = (construct, offset)
            } else {
                switch RegexCompiler.compile(pattern, flags: flags) {
                case .fallback(let construct, let offset): site = (construct, offset)
                // NSRegularExpression accepted what the automaton compiler rejects.
                case .invalid(let error): site = ("pattern the automaton compiler rejects (\(error.message))", error.offset)
                case .program: site = ("rule without an automaton in the given set", 0)
                }
            }
            return Fallback(ruleIndex: index, rule: rule.name, construct: site.construct, offset: site.offset)
        }
    }

    /// The compiled rules that search on a DFA built while they match (`LazyDFA`): their
    /// DFA would exceed the state budget, or they have a lookaround longer than one code
    /// point, `\X` or a `(?w)` word boundary. Rule indices, in table order.
    package var lazyDFARules: [Int] { ruleMatcher?.lazyDFAs.map(\.rule) ?? [] }
    /// The compiled rules that search on their NFA alone (no DFA of either kind): still
    /// linear time, but slower. Rule indices, in table order.
    package var nfaOnlyRules: [Int] { ruleMatcher?.pikeVMRules ?? [] }
}

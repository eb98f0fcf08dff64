import RuleAutomata
import RuleCompiler
@_spi(Testing) import RuleRuntime

// The engines the benchmark times, each with the `.unlimited` fallback budget: the
// figures measure the matchers themselves (what NSRegularExpression does unbounded), not
// the budget's bookkeeping, and stay comparable across versions.

/// The compiled path of the benchmark: an engine that runs `table` on the compiled
/// automata (full pipeline: candidates with starts and captures, resolution, result
/// records). Everything is built here, outside the timed region.
func makeCompiledEngine(table: StyleTable) -> RuleEngine? {
    makeEngine(table: table, automata: AutomataBuilder.build(table).automata)
}

/// An engine on automata built before (a `Compiler.Output`'s, or decoded ones).
func makeEngine(table: StyleTable, automata: CompiledRuleSet) -> RuleEngine? {
    guard var engine = try? RuleEngine(table: table, automata: automata, issues: []) else { return nil }
    engine.fallbackBudget = .unlimited
    return engine
}

/// The reference path: every regex rule on NSRegularExpression.
func makeReferenceEngine(table: StyleTable) throws -> RuleEngine {
    try RuleEngine(reference: table)
}

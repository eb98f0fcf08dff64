import RuleCompiler
import RuleRuntime

/// The compiled path of the benchmark: an engine that runs `table` on the compiled
/// automata (full pipeline: candidates with starts and captures, resolution, result
/// records). Everything is built here, outside the timed region.
func makeCompiledEngine(table: StyleTable) -> RuleEngine? {
    try? RuleEngine(table: table, automata: AutomataBuilder.build(table).automata)
}

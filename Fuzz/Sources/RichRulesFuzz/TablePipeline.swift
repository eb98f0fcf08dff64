import Foundation
import RuleCompiler
import RuleRuntime

/// A style table that arrives at run time, hostile: `StyleTable(jsonData:)` either throws
/// or gives a table that writes back to itself; `Compiler.engine(for:)` either throws or
/// gives an engine (under the standard fallback budget) whose renders keep every
/// invariant.
enum TablePipeline {
    static func run(_ json: Data, texts: [String]) {
        guard let table = try? StyleTable(jsonData: json) else { return }
        let written = expectNoThrow("StyleTable.jsonData() on a loaded table") { try table.jsonData() }
        let reloaded = expectNoThrow("StyleTable(jsonData:) on a loaded table's JSON") { try StyleTable(jsonData: written) }
        require(reloaded == table, "a loaded table's JSON reads back to a different table")
        guard let compiled = try? Compiler.engine(for: table) else { return }
        let bytes = compiled.automata.encoded()
        let decoded = expectNoThrow("CompiledRuleSet(decoding:) on its own bytes") { try CompiledRuleSet(decoding: bytes) }
        require(decoded == compiled.automata, "the automata's bytes read back to different automata")
        RenderChecks.run(compiled.engine, texts: texts)
    }
}

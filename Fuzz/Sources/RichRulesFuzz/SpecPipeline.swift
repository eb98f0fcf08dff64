import Foundation
import RuleCompiler
import RuleRuntime
import RuleSpec

/// A spec's way through the tools: `Compiler.compile(source:)` with the conflict analysis
/// (what `rulegen lint` runs), every diagnostic rendered as lint prints it, the Swift
/// `rulegen` writes, the table and automata written out and read back, and the compiled
/// engine rendering the input's text and the samples.
enum SpecPipeline {
    /// The spec's name in diagnostics (and the table's: `Fuzz`).
    static let path = "fuzz.richrules"

    static func run(_ input: FuzzInput) {
        let output = Compiler.compile(source: input.spec, path: path, analyze: true)
        DiagnosticChecks.check(output.diagnostics)
        require(
            (output.table == nil) == output.hasErrors,
            "table is \(output.table == nil ? "nil" : "present") but hasErrors is \(output.hasErrors)")
        require((output.automata == nil) == (output.table == nil), "automata and table disagree on being present")
        guard let table = output.table, let automata = output.automata else { return }
        checkEmit(table: table, automata: automata)
        checkRoundTrips(table: table, automata: automata)
        let compiled = expectNoThrow("CompiledEngine(table:automata:) on a table without errors") {
            try CompiledEngine(table: table, automata: automata)
        }
        RenderChecks.run(compiled.engine, texts: input.texts)
    }

    /// The generated Swift holds no raw character that could end a line or a comment or
    /// hide code: only line feeds among the control, format and separator characters.
    static func checkEmit(table: StyleTable, automata: CompiledRuleSet) {
        for access in ["internal", "public"] {
            let swift = SwiftEmitter(table: table, automata: automata, specPath: path, access: access).emit()
            require(!swift.isEmpty, "the emitter wrote nothing")
            if let bad = swift.unicodeScalars.first(where: isHiddenInSource) {
                fail("generated Swift holds the raw character U+\(String(bad.value, radix: 16, uppercase: true))")
            }
        }
    }

    /// A character that must not appear raw in generated Swift.
    static func isHiddenInSource(_ c: Unicode.Scalar) -> Bool {
        if c == "\n" { return false }
        switch c.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// The `.styles.json` and the automata's bytes read back to equal values.
    static func checkRoundTrips(table: StyleTable, automata: CompiledRuleSet) {
        let json = expectNoThrow("StyleTable.jsonData()") { try table.jsonData() }
        let loaded = expectNoThrow("StyleTable(jsonData:) on the table's own JSON") { try StyleTable(jsonData: json) }
        require(loaded == table, "the style table's JSON reads back to a different table")
        let bytes = automata.encoded()
        let decoded = expectNoThrow("CompiledRuleSet(decoding:) on its own bytes") { try CompiledRuleSet(decoding: bytes) }
        require(decoded == automata, "the automata's bytes read back to different automata")
    }
}

import Foundation
import RuleAutomata
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
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
        let compiled = expectNoThrow("RuleEngine(table:automata:) on a table without errors") {
            try RuleEngine(table: table, automata: automata)
        }
        RenderChecks.run(compiled, texts: input.texts)
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
        // (The damaged chunks below also go through an engine of `table`.)
        let json = expectNoThrow("StyleTable.jsonData()") { try table.jsonData() }
        let loaded = expectNoThrow("StyleTable(jsonData:) on the table's own JSON") { try StyleTable(jsonData: json) }
        require(loaded == table, "the style table's JSON reads back to a different table")
        let bytes = automata.encoded()
        let decoded = expectNoThrow("CompiledRuleSet(decoding:) on its own bytes") { try CompiledRuleSet(decoding: bytes) }
        require(decoded == automata, "the automata's bytes read back to different automata")
        // Generated Swift's form: a chunk per rule and the blocks rules share.
        let encoded = automata.encodedRules()
        let chunks = encoded.rules.map { $0.map { Data($0).base64EncodedString() } }
        let shared = encoded.shared.map { Data($0.block).base64EncodedString() }
        require(CompiledRuleSet(rules: chunks, shared: shared) == automata, "the per-rule chunks read back to different automata")
        // Damaged chunks (cut, or a byte changed) decode or leave their rule without an
        // automaton: never a crash.
        for (index, bytes) in encoded.rules.enumerated() {
            guard let bytes, bytes.count > 4 else { continue }
            var changed = bytes
            changed[(index * 7919) % bytes.count] ^= 0x5A
            let cut = Array(bytes.prefix(bytes.count / 2))
            for damaged in [changed, cut] {
                var variant = chunks
                variant[index] = Data(damaged).base64EncodedString()
                // What generated code does with them: an engine, and a render.
                let engine = RuleEngine(generated: table, automata: variant, shared: shared)
                _ = engine.render("@a #b http://x.io 2024-01-02 <b>c</b>")
            }
        }
        for (index, block) in encoded.shared.enumerated() where block.block.count > 9 {
            var damaged = shared
            var bytes = block.block
            bytes[8 + (index * 31) % (bytes.count - 8)] ^= 0xA5
            damaged[index] = Data(bytes).base64EncodedString()
            _ = CompiledRuleSet(rules: chunks, shared: damaged)
        }
    }
}

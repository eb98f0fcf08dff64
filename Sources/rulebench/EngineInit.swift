import Foundation
import RuleAutomata
import RuleCompiler
@_spi(Generated) import RuleRuntime

/// What an app pays the first time it renders with a generated rule set: decoding the
/// automata the generated Swift embeds, one base64 chunk per rule
/// (`CompiledRuleSet(rules:)`), and building the engine (`RuleEngine(generated:automata:)`),
/// on the main thread, before the first render.
enum EngineInit {
    struct Result {
        var rules: Int
        /// Decoding the embedded automata.
        var decode: Timing
        /// Building the engine from them.
        var build: Timing
        /// Bytes of the embedded automata (base64, all chunks).
        var base64Bytes: Int

        var milliseconds: Double { (decode.median + build.median) * 1000 }
    }

    /// Builds `table`'s automata as rulegen does, then times what the generated code does
    /// with them.
    static func measure(table: StyleTable, policy: TimingPolicy) -> Result {
        let automata = AutomataBuilder.build(table).automata
        let encoded = automata.encodedRules()
        func base64(_ bytes: [UInt8]) -> String {
            Data(bytes).base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed])
        }
        let chunks = encoded.rules.map { $0.map(base64) }
        let shared = encoded.shared.map { base64($0.block) }
        let decode = policy.measure { CompiledRuleSet(rules: chunks, shared: shared).automata.count }
        let decoded = CompiledRuleSet(rules: chunks, shared: shared)
        let build = policy.measure { RuleEngine(generated: table, automata: decoded).table.rules.count }
        let bytes = chunks.reduce(0) { $0 + ($1?.utf8.count ?? 0) } + shared.reduce(0) { $0 + $1.utf8.count }
        return Result(rules: table.rules.count, decode: decode, build: build, base64Bytes: bytes)
    }
}

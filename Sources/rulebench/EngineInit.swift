import Foundation
import RuleCompiler
import RuleRuntime

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
        let chunks = table.rules.indices.map { index in
            automata.encodedRule(index).map {
                Data($0).base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed])
            }
        }
        let decode = policy.measure { CompiledRuleSet(rules: chunks).automata.count }
        let decoded = CompiledRuleSet(rules: chunks)
        let build = policy.measure { RuleEngine(generated: table, automata: decoded).table.rules.count }
        return Result(
            rules: table.rules.count, decode: decode, build: build, base64Bytes: chunks.reduce(0) { $0 + ($1?.utf8.count ?? 0) })
    }
}

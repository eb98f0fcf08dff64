import Foundation
import RuleCompiler
import RuleRuntime

/// What an app pays the first time it renders with a generated rule set: decoding the
/// automata the generated Swift embeds (`CompiledRuleSet(base64:)`) and building the
/// engine (`RuleEngine(table:automata:)`), on the main thread, before the first render.
enum EngineInit {
    struct Result {
        var rules: Int
        /// Decoding the embedded automata.
        var decode: Timing
        /// Building the engine from them.
        var build: Timing
        /// Bytes of the embedded automata (base64).
        var base64Bytes: Int

        var milliseconds: Double { (decode.median + build.median) * 1000 }
    }

    /// Builds `table`'s automata as rulegen does, then times what the app does with them.
    static func measure(table: StyleTable, policy: TimingPolicy) -> Result {
        let automata = AutomataBuilder.build(table).automata
        let base64 = Data(automata.encoded()).base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed])
        let decode = policy.measure { (try? CompiledRuleSet(base64: base64))?.automata.count ?? 0 }
        let decoded = (try? CompiledRuleSet(base64: base64)) ?? automata
        let build = policy.measure { (try? RuleEngine(table: table, automata: decoded)) != nil ? 1 : 0 }
        return Result(rules: table.rules.count, decode: decode, build: build, base64Bytes: base64.utf8.count)
    }
}

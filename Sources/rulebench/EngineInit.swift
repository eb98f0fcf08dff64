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

/// What an engine keeps resident once built (`resident_tables_bytes_100_rules`): in a child
/// process, the rule set is compiled and its automata encoded as the generated code embeds
/// them; then the resident size is read before and after decoding them and building the
/// engine, with freed memory handed back to the system before each reading (glibc's
/// `malloc_trim`), so the difference is what the engine holds: its tables, before any
/// render grows a lazy cache (`lazy_cache_peak_bytes` counts those). Linux only; elsewhere
/// not measured.
enum ResidentTables {
    static let subcommand = "__tables"

    /// Resident bytes the engine of `specPath` holds, or why it was not measured.
    static func measure(specPath: String) -> Swift.Result<Int, Throughput.ChildError> {
        #if os(Linux)
            return Throughput.childJSON([subcommand, specPath]).flatMap { object in
                guard let bytes = object["resident_bytes"] as? Int else { return .failure(.init(message: "tables child printed no size")) }
                return .success(bytes)
            }
        #else
            return .failure(.init(message: "measured on Linux only"))
        #endif
    }

    /// Child side: `__tables <spec>`, one JSON object on stdout.
    static func runChild(_ arguments: [String]) -> Int32 {
        #if os(Linux)
            guard arguments.count == 1 else { return 2 }
            var chunks: [String?] = []
            var shared: [String] = []
            var table: StyleTable?
            do {
                let output = Compiler.compile(path: arguments[0], analyze: false)
                guard let compiled = output.table, let automata = output.automata else { return 1 }
                let encoded = automata.encodedRules()
                let base64 = { (bytes: [UInt8]) in Data(bytes).base64EncodedString() }
                chunks = encoded.rules.map { $0.map(base64) }
                shared = encoded.shared.map { base64($0.block) }
                table = compiled
            }
            guard let table else { return 1 }
            _ = mallocTrim(0)
            let before = ResidentMemory.residentBytes()
            let engine = RuleEngine(generated: table, automata: CompiledRuleSet(rules: chunks, shared: shared))
            _ = mallocTrim(0)
            let after = ResidentMemory.residentBytes()
            withExtendedLifetime(engine) {}
            print(JSON.object([("resident_bytes", .int(max(0, after - before)))]).text)
            return 0
        #else
            return 2
        #endif
    }

    #if os(Linux)
        /// glibc's `malloc_trim(size_t pad)`: returns freed heap memory to the system.
        @_silgen_name("malloc_trim") private static func mallocTrim(_ pad: Int) -> Int32
    #endif
}

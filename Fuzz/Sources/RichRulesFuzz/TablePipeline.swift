import Foundation
import RuleAutomata
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime

/// A style table that arrives at run time, hostile: the input's own JSON, and a valid seed
/// table edited as the input's bytes say (`TableMutator`). `StyleTable(jsonData:)` either
/// refuses it with a located error, or gives a table that validates, writes back to
/// itself, and makes an engine (its regex rules on automata, as `RuleEngine(compiling:)`
/// compiles them; the chunks bound to the table's own rules) whose renders keep every
/// invariant.
enum TablePipeline {
    /// The input as a table's JSON.
    static func run(_ json: Data, texts: [String]) {
        check(json, texts: texts)
    }

    /// A seed table edited as `bytes` (after the input's first byte) say, rendering the
    /// input's text and three of the fixed samples (which three, the input decides: every
    /// sample is rendered over many runs, and a run costs a third of one on all of them).
    static func runMutated(_ bytes: UnsafeBufferPointer<UInt8>, text: String) {
        var stream = TableMutator.Bytes(bytes: Array(bytes.dropFirst()))
        let json = TableMutator.table(&stream)
        let first = Int(hash(bytes) % UInt64(SampleTexts.all.count))
        let samples = (0..<3).map { SampleTexts.all[(first + $0) % SampleTexts.all.count] }
        let decoded = check(Data(json.utf8), texts: [text] + samples)
        Stats.count(decoded: decoded)
    }

    /// FNV-1a 64 of the input: the same input picks the same samples.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// Whether the table decoded.
    @discardableResult
    static func check(_ json: Data, texts: [String]) -> Bool {
        let table: StyleTable
        do {
            table = try StyleTable(jsonData: json)
        } catch {
            checkRefusal(error, json: json)
            return false
        }
        let written = expectNoThrow("StyleTable.jsonData() on a loaded table") { try table.jsonData() }
        let reloaded = expectNoThrow("StyleTable(jsonData:) on a loaded table's JSON") { try StyleTable(jsonData: written) }
        require(reloaded == table, "a loaded table's JSON reads back to a different table")
        let automata = AutomataCache.shared.automata(for: table)
        let engine = expectNoThrow("RuleEngine(table:automata:) on a validated table") {
            try RuleEngine(table: table, automata: automata)
        }
        require(
            engine.decodingFailures.isEmpty,
            "chunks compiled from the table's own patterns were refused: \(engine.decodingFailures)")
        RenderChecks.run(engine, texts: texts)
        return true
    }

    /// With `RICHRULES_FUZZ_STATS=1`: every 1,000 edited tables, how many decoded.
    enum Stats {
        static let isEnabled = ProcessInfo.processInfo.environment["RICHRULES_FUZZ_STATS"] == "1"
        nonisolated(unsafe) static var counts = (runs: 0, decoded: 0)  // libFuzzer runs inputs on one thread

        static func count(decoded: Bool) {
            guard isEnabled else { return }
            counts.runs += 1
            if decoded { counts.decoded += 1 }
            if counts.runs % 1_000 == 0 {
                FileHandle.standardError.write(Data("RichRulesFuzz: \(counts.runs) edited tables, \(counts.decoded) decoded\n".utf8))
            }
        }
    }

    /// A refusal names a place inside the document.
    static func checkRefusal(_ error: StyleTableError, json: Data) {
        require(!error.message.isEmpty, "a refusal without a message")
        guard let location = error.location else { fail("a refusal without a location: \(error)") }
        var lines = 1
        var previous: UInt8 = 0
        for byte in json {
            if byte == 0x0D || (byte == 0x0A && previous != 0x0D) { lines += 1 }
            previous = byte
        }
        require(location.line >= 1 && location.line <= lines && location.column >= 1, "a refusal at \(location) of \(lines) lines")
    }
}

/// Each regex pattern's automaton chunk (for `CompiledRuleSet(rules:)`), compiled once:
/// mutated tables mostly keep their seed's patterns, and compiling the curated detectors'
/// patterns takes far longer than the rest of a run.
final class AutomataCache: @unchecked Sendable {
    // Unchecked: `chunks` is read and written under `lock`.
    static let shared = AutomataCache()
    private let lock = NSLock()
    private var chunks: [String: String?] = [:]
    /// Beyond this many patterns the cache starts over (edited patterns are many).
    static let limit = 4_096

    /// The automata of `table`'s regex rules, by rule index.
    func automata(for table: StyleTable) -> CompiledRuleSet {
        CompiledRuleSet(
            rules: table.rules.map { rule in
                guard case .regex(let pattern, let flags, _) = rule.matcher else { return nil }
                return chunk(pattern, flags)
            })
    }

    private func chunk(_ pattern: String, _ flags: RegexFlags) -> String? {
        let key = flags.letters + "/" + pattern
        if let known = lock.withLock({ chunks[key] }) { return known }
        let single = StyleTable(
            name: "Pattern", source: "pattern.richrules", base: TextStyle(), styles: [:], highlight: nil, handlers: [:],
            rules: [
                RuleEntry(
                    name: "r", matcher: .regex(pattern: pattern, flags: flags, detector: nil),
                    presentation: RulePresentation(style: TextStyle()))
            ])
        let chunk = CompiledRuleSet(compiling: single).encodedRule(0).map { Data($0).base64EncodedString() }
        lock.withLock {
            if chunks.count >= Self.limit { chunks.removeAll() }
            chunks[key] = chunk
        }
        return chunk
    }
}

import Foundation
import RuleCompiler
import RuleRuntime

/// How close the compiled path's skip loop is to memory speed, and what a kept match costs
/// in memory.
///
/// - `utf8_scan_gbps`: a full render of a text in which no rule of the social spec matches
///   (lowercase words, spaces and punctuation no rule starts on), in UTF-8 gigabytes a
///   second. Everything that runs is the shared prefilter skipping bytes.
/// - `bytes_per_match`: a text of one million mentions rendered in a child process; the
///   growth of its peak resident memory over the render, divided by the kept matches (the
///   text and the engine are resident before it starts).
enum Throughput {
    struct Result {
        var scanBytes: Int
        var scan: Timing?
        var scanMatches: Int
        var mentions: Int
        var memory: Memory?
        var memoryNote: String?

        var gigabytesPerSecond: Double? {
            guard let scan, scan.median > 0, scanMatches == 0 else { return nil }
            return Double(scanBytes) / scan.median / 1e9
        }
        var bytesPerMatch: Double? {
            guard let memory, memory.kept > 0 else { return nil }
            return Double(memory.peakGrowth) / Double(memory.kept)
        }
    }

    struct Memory {
        var kept: Int
        /// Peak resident bytes during the render minus resident bytes before it.
        var peakGrowth: Int
        /// Resident bytes after the render, the result still held, minus before it.
        var retainedGrowth: Int
    }

    static let subcommand = "__memory"

    /// Words no rule of the social spec starts a match on: no `@ # : * _ ~ < [ ( h w` or
    /// digits, so URLs, mentions, tags, emphasis and phone numbers never begin.
    static func noMatchText(utf8Bytes: Int) -> String {
        let words = [
            "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do",
            "eiusmod", "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua", "enim", "ad", "minim",
            "veniam", "quis", "nostrud", "exercitation", "ullamco", "laboris", "nisi", "aliquip", "ex", "ea", "commodo",
        ]
        var rng = SplitMix64(seed: Benchmark.seed &+ 7)
        var line = ""
        while line.utf8.count < 4_096 {
            line += words[Int(rng.next() % UInt64(words.count))]
            line += rng.next() % 9 == 0 ? ". " : " "
        }
        line += "\n"
        return String(repeating: line, count: max(1, utf8Bytes / line.utf8.count))
    }

    static func mentionsText(count: Int) -> String {
        var text = ""
        text.reserveCapacity(count * 10)
        for n in 0..<count { text += "@u\(n % 1000) " }
        return text
    }

    /// The scan on `compiled` (the social spec's engine) in process; the memory run in a
    /// child that compiles `specPath` itself.
    static func measure(compiled: RuleEngine?, specPath: String, scanBytes: Int, mentions: Int, policy: TimingPolicy) -> Result {
        let text = noMatchText(utf8Bytes: scanBytes)
        var result = Result(scanBytes: text.utf8.count, scanMatches: 0, mentions: mentions)
        if let compiled {
            let timing = policy.measure { compiled.render(text).matches.count }
            result.scan = timing
            result.scanMatches = timing.result
        }
        switch child(specPath: specPath, mentions: mentions) {
        case .success(let memory): result.memory = memory
        case .failure(let error): result.memoryNote = error.message
        }
        return result
    }

    struct ChildError: Error { var message: String }

    /// Runs this executable with `arguments` and reads the one JSON object it prints.
    static func childJSON(_ arguments: [String]) -> Swift.Result<[String: Any], ChildError> {
        let process = Process()
        process.executableURL = Adversarial.executableURL()
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return .failure(ChildError(message: "cannot start child: \(error.localizedDescription)")) }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0,
            let object = try? JSONSerialization.jsonObject(with: output) as? [String: Any]
        else { return .failure(ChildError(message: "\(arguments[0]) child failed: \(errors.prefix(200))")) }
        return .success(object)
    }

    private static func child(specPath: String, mentions: Int) -> Swift.Result<Memory, ChildError> {
        childJSON([subcommand, specPath, String(mentions)]).flatMap { object in
            guard let kept = object["kept"] as? Int, let peak = object["peak_growth"] as? Int,
                let retained = object["retained_growth"] as? Int
            else { return .failure(ChildError(message: "memory child printed no counts")) }
            return .success(Memory(kept: kept, peakGrowth: peak, retainedGrowth: retained))
        }
    }

    /// Child side: `__memory <spec> <mentions>`, one JSON object on stdout.
    static func runChild(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2, let count = Int(arguments[1]) else { return 2 }
        let output = Compiler.compile(path: arguments[0], analyze: false)
        guard let table = output.table, let automata = output.automata,
            let engine = makeEngine(table: table, automata: automata)
        else { return 1 }
        let text = mentionsText(count: count)
        _ = engine.render(String(text.prefix(1_000)))
        ResidentMemory.resetPeak()
        let before = ResidentMemory.residentBytes()
        let result = engine.render(text)
        let kept = result.matches.count
        let peak = ResidentMemory.peakResidentBytes()
        let after = ResidentMemory.residentBytes()
        withExtendedLifetime(result) {}
        print(
            JSON.object([
                ("kept", .int(kept)), ("peak_growth", .int(max(0, peak - before))), ("retained_growth", .int(max(0, after - before))),
            ]).text)
        return 0
    }
}

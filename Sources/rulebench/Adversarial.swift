import Foundation
import RuleRuntime

/// Patterns that make backtracking engines explode, on inputs of growing size. Every
/// (engine, pattern, size) runs in a child process of this executable
/// (`rulebench _adversarial …`) that is killed after a time limit: neither ICU's
/// time limit nor Swift Regex's can be set through the APIs measured here.
///
/// Note: the limit counts from the end of the child's setup (compiling the spec, building
/// the engine), not from its start: the child arms a SIGALRM timer (`setitimer`) once it
/// is ready, so that a slow compiler does not pass for a slow matcher. The parent waits
/// `setupAllowance` more and kills the child itself if the timer never fires.
enum Adversarial {
    static let patterns = [#"(a|aa)+$"#, #"(a+)+b"#, #"(\w+\s?)+$"#, #"(x+x+)+y"#, #"(.*a){12}"#]

    /// Hidden subcommand that runs one measurement.
    static let subcommand = "_adversarial"

    /// Seconds a child may spend on its setup before the parent gives up on it.
    static let setupAllowance = 30.0

    /// The engines, as named on the child's command line.
    enum Engine: String, CaseIterable {
        case compiled, icu, swift
    }

    /// A text of `size` characters on which `patterns[index]` does not match (or only after
    /// a search that a backtracking engine makes exponential or polynomial).
    static func input(pattern index: Int, size: Int) -> String {
        switch index {
        case 0: return String(repeating: "a", count: size - 1) + "!"  // `$` fails after every split
        case 1: return String(repeating: "a", count: size)  // no `b`
        case 2:  // words, then a character that is neither \w nor \s
            let words = String(repeating: "word ", count: size / 5 + 1)
            return String(words.prefix(size - 1)) + "!"
        case 3: return String(repeating: "x", count: size)  // no `y`
        default:  // 11 `a`s spread over `b`s: one fewer than `{12}` needs
            var chars = [Character](repeating: "b", count: size)
            for k in 0..<11 { chars[min(size - 1, k * size / 11)] = "a" }
            return String(chars)
        }
    }

    /// A spec with the one rule `/pattern/`.
    static func spec(pattern index: Int) -> String {
        "richrules 1\nrule adversarial\(index) { match /\(patterns[index])/  style { color: systemRed } }\n"
    }

    static func specName(pattern index: Int) -> String { "adversarial\(index).richrules" }

    /// What one child run reports.
    enum Outcome {
        case measured(Timing)
        case timedOut(limit: Double)
        /// Not run: a smaller input already timed out.
        case skipped(limit: Double)
        case unavailable(String)
        case failed(String)

        var seconds: Double? {
            if case .measured(let timing) = self { return timing.median }
            return nil
        }
    }

    // MARK: Child side

    /// `rulebench _adversarial <engine> <pattern-index> <size> <spec-dir> <limit>`: prints
    /// one JSON line, `{"seconds":…,"samples":[…],"batch":…,"matches":…}` or
    /// `{"unavailable":"…"}`. Exit status 0, or 2 on a malformed command line.
    static func runChild(_ args: [String]) -> Int32 {
        guard args.count == 5, let engine = Engine(rawValue: args[0]), let index = Int(args[1]),
            patterns.indices.contains(index), let size = Int(args[2]), size >= 11, let limit = Double(args[4])
        else {
            FileHandle.standardError.write(
                Data("usage: rulebench \(subcommand) compiled|icu|swift <pattern> <size> <spec-dir> <limit-seconds>\n".utf8))
            return 2
        }
        // Should the parent die first, SIGALRM ends a setup that never finishes.
        alarm(UInt32(setupAllowance + limit.rounded(.up)) + 2)
        let text = input(pattern: index, size: size)
        let warmUpText = input(pattern: index, size: 11)
        let body: () -> Int
        switch engine {
        case .swift:
            guard let regex = SwiftRegexPath.compile(patterns[index]) else {
                return reply([("unavailable", .string("Swift Regex cannot parse the pattern"))])
            }
            body = { text.matches(of: regex).count }
            _ = warmUpText.matches(of: regex).count
        case .compiled, .icu:
            let table: StyleTable
            do { table = try SpecFiles.compile(path: args[3] + "/" + specName(pattern: index)).table } catch {
                return reply([("unavailable", .string("\(error)"))])
            }
            let built: RuleEngine?
            if engine == .icu { built = try? makeReferenceEngine(table: table) } else { built = makeCompiledEngine(table: table) }
            guard let built else { return reply([("unavailable", .string("no \(engine.rawValue) engine for the pattern"))]) }
            body = { built.render(text).matches.count }
            _ = built.render(warmUpText)
        }
        armTimer(seconds: limit)
        let timing = TimingPolicy.child(limit: limit).measure(body)
        return reply([
            ("seconds", .number(timing.median)), ("samples", .array(timing.samples.map { .number($0) })),
            ("batch", .int(timing.batch)), ("matches", .int(timing.result)),
        ])
    }

    /// SIGALRM (whose default action ends the process) after `seconds`.
    private static func armTimer(seconds: Double) {
        let whole = Int(seconds)
        let micros = Int((seconds - Double(whole)) * 1_000_000)
        var timer = itimerval(it_interval: timeval(), it_value: timeval(tv_sec: whole, tv_usec: micros))
        setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
    }

    private static func reply(_ fields: [(String, JSON)]) -> Int32 {
        print(JSON.object(fields).text)
        return 0
    }

    // MARK: Parent side

    /// Runs one child, which stops itself `limit` seconds after its setup.
    static func measure(
        engine: Engine, pattern index: Int, size: Int, specDirectory: String, limit: Double
    ) -> Outcome {
        let process = Process()
        process.executableURL = executableURL()
        process.arguments = [subcommand, engine.rawValue, String(index), String(size), specDirectory, String(limit)]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return .failed("cannot start child: \(error.localizedDescription)") }
        let deadline = ContinuousClock.now + .milliseconds(Int((setupAllowance + limit) * 1000))
        while process.isRunning, ContinuousClock.now < deadline { usleep(2_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return .failed("setup took more than \(Int(setupAllowance)) s")
        }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGALRM {
            return .timedOut(limit: limit)
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationReason == .exit, process.terminationStatus == 0,
            let object = try? JSONSerialization.jsonObject(with: output) as? [String: Any]
        else {
            let why =
                process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
            return .failed("child failed (\(why)) \(errors.prefix(200))")
        }
        if let reason = object["unavailable"] as? String { return .unavailable(reason) }
        guard let seconds = object["samples"] as? [Double], let batch = object["batch"] as? Int else {
            return .failed("child printed no timing")
        }
        return .measured(Timing(samples: seconds, batch: batch, result: object["matches"] as? Int ?? 0))
    }

    /// The running executable, to start children of.
    static func executableURL() -> URL {
        if let url = Bundle.main.executableURL { return url }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }

    /// The outcomes of one engine on one pattern over `sizes`, stopping at the first timeout.
    static func series(
        engine: Engine, pattern index: Int, sizes: [Int], specDirectory: String, limit: Double
    ) -> [Outcome] {
        var outcomes: [Outcome] = []
        for size in sizes {
            if let last = outcomes.last {
                switch last {
                case .timedOut, .skipped:
                    outcomes.append(.skipped(limit: limit))
                    continue
                case .unavailable:
                    outcomes.append(last)
                    continue
                default: break
                }
            }
            outcomes.append(measure(engine: engine, pattern: index, size: size, specDirectory: specDirectory, limit: limit))
        }
        return outcomes
    }
}

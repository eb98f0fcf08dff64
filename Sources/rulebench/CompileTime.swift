import Foundation
import RuleAutomata
import RuleCompiler
@_spi(Generated) import RuleRuntime

/// How long a debug build of a spec's generated Swift takes: `SwiftEmitter` writes the
/// file (what `rulegen` writes), then `swiftc -c -Onone` compiles it against the
/// `RuleRuntime` module of the build this executable belongs to.
enum GeneratedCompile {
    struct Result {
        /// Median wall time of the compiles, `nil` when it could not be measured.
        var seconds: Double?
        var samples: [Double] = []
        var rules = 0
        var lines = 0
        var bytes = 0
        var command: [String] = []
        var note: String?
    }

    static func measure(table: StyleTable, specPath: String, in directory: URL, runs: Int) -> Result {
        let source = SwiftEmitter(table: table, automata: AutomataBuilder.build(table).automata, specPath: specPath).emit()
        var result = Result(
            rules: table.rules.count, lines: source.split(separator: "\n", omittingEmptySubsequences: false).count, bytes: source.utf8.count
        )
        let file = directory.appendingPathComponent(table.name + ".swift")
        do { try source.write(to: file, atomically: true, encoding: .utf8) } catch {
            result.note = "cannot write \(file.path): \(error.localizedDescription)"
            return result
        }
        guard let swiftc = findExecutable("swiftc") else {
            result.note = "swiftc not found on PATH"
            return result
        }
        guard let modules = modulesDirectory() else {
            result.note = "RuleRuntime.swiftmodule not found next to \(Adversarial.executableURL().path)"
            return result
        }
        let object = directory.appendingPathComponent(table.name + ".o").path
        let arguments = ["-c", "-Onone", "-parse-as-library", "-module-name", "RulebenchGenerated", "-I", modules, "-o", object, file.path]
        result.command = [swiftc] + arguments
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: swiftc)
            process.arguments = arguments
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            let start = ContinuousClock.now
            do { try process.run() } catch {
                result.note = "cannot run swiftc: \(error.localizedDescription)"
                return result
            }
            let diagnostics = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let seconds = (ContinuousClock.now - start).seconds
            guard process.terminationStatus == 0 else {
                let text = String(decoding: diagnostics, as: UTF8.self)
                result.note = "swiftc failed (status \(process.terminationStatus)): \(text.prefix(400))"
                return result
            }
            result.samples.append(seconds)
        }
        result.seconds = Timing(samples: result.samples, batch: 1, result: 0).median
        return result
    }

    /// The folder with `RuleRuntime.swiftmodule` of the current build: `Modules` next to
    /// the executable (SwiftPM 5.9+), or the executable's own folder.
    static func modulesDirectory() -> String? {
        let binDir = Adversarial.executableURL().resolvingSymlinksInPath().deletingLastPathComponent()
        for candidate in [binDir.appendingPathComponent("Modules"), binDir] {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("RuleRuntime.swiftmodule").path) {
                return candidate.path
            }
        }
        return nil
    }

    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

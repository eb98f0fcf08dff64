import Foundation
import RuleCompiler
import RuleRuntime

/// A compiled spec, with the time `Compiler.compile` took (without the conflict analysis).
struct CompiledSpec {
    var path: String
    var table: StyleTable
    var compileSeconds: Double
    var warnings: Int
}

enum SpecError: Error, CustomStringConvertible {
    case notFound(String)
    case diagnostics(path: String, messages: [String])
    case io(String)

    var description: String {
        switch self {
        case .notFound(let what): return what
        case .diagnostics(let path, let messages):
            return "\(path) does not compile:\n" + messages.map { "  " + $0 }.joined(separator: "\n")
        case .io(let message): return message
        }
    }
}

enum SpecFiles {
    /// Compiles the spec at `path`; throws with its error messages when it has errors.
    static func compile(path: String) throws -> CompiledSpec {
        let start = ContinuousClock.now
        let output = Compiler.compile(path: path, analyze: false)
        let seconds = (ContinuousClock.now - start).seconds
        guard let table = output.table else {
            let messages = output.diagnostics.filter { $0.severity == .error }.map { $0.message }
            throw SpecError.diagnostics(path: path, messages: messages)
        }
        let warnings = output.diagnostics.filter { $0.severity == .warning }.count
        return CompiledSpec(path: path, table: table, compileSeconds: seconds, warnings: warnings)
    }

    /// What `rulegen lint` does with the spec at `path`, in process: compiling it with the
    /// conflict analysis. Returns the seconds it took and the number of diagnostics.
    static func lint(path: String) -> (seconds: Double, diagnostics: Int) {
        let start = ContinuousClock.now
        let output = Compiler.compile(path: path, analyze: true)
        return ((ContinuousClock.now - start).seconds, output.diagnostics.count)
    }

    /// Writes `text` to `name` in `directory`, then compiles it.
    static func compile(text: String, name: String, in directory: URL) throws -> CompiledSpec {
        let url = directory.appendingPathComponent(name)
        do { try text.write(to: url, atomically: true, encoding: .utf8) } catch {
            throw SpecError.io("cannot write \(url.path): \(error.localizedDescription)")
        }
        return try compile(path: url.path)
    }

    /// `explicit` when given; otherwise `Specs/social.richrules` in the current directory
    /// or the nearest parent that has one.
    static func locateSocialSpec(explicit: String?) throws -> String {
        let fm = FileManager.default
        if let explicit {
            guard fm.fileExists(atPath: explicit) else { throw SpecError.notFound("spec not found: \(explicit)") }
            return explicit
        }
        var directory = URL(fileURLWithPath: fm.currentDirectoryPath)
        while true {
            let candidate = directory.appendingPathComponent("Specs/social.richrules")
            if fm.fileExists(atPath: candidate.path) {
                // Relative to the current directory when it is inside it, for shorter output.
                let cwd = fm.currentDirectoryPath + "/"
                return candidate.path.hasPrefix(cwd) ? String(candidate.path.dropFirst(cwd.count)) : candidate.path
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path {
                throw SpecError.notFound(
                    "Specs/social.richrules not found in the current directory or its parents; pass --spec PATH")
            }
            directory = parent
        }
    }
}

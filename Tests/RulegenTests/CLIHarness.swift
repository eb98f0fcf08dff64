import Foundation
import XCTest

@testable import rulegen

/// Runs `rulegen`: in process (`run`, what almost every test uses: `CommandLineTool.run`
/// with a console that collects the output and the folder as working directory), or as
/// the built executable in a child process (`subprocess`, for `SubprocessTests`).
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }

    /// The package root (for `Specs/`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What one in-process run wrote (runs may come from several threads).
    private final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data()
        private var err = Data()
        func out(_ bytes: some Sequence<UInt8>) { lock.withLock { out.append(contentsOf: bytes) } }
        func err(_ bytes: some Sequence<UInt8>) { lock.withLock { err.append(contentsOf: bytes) } }
        var texts: (out: String, err: String) {
            lock.withLock { (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)) }
        }
    }

    /// `rulegen ARGUMENTS` in process, relative paths read from `cwd` (default: the package
    /// root); the process's current directory is not changed.
    static func run(_ arguments: [String], cwd: URL? = nil) throws -> Result {
        let output = Output()
        let console = Console(out: { output.out($0.utf8) }, err: { output.err($0.utf8) }, outBytes: { output.out($0) })
        let status = CommandLineTool.run(arguments, console: console, directory: WorkingDirectory(path: (cwd ?? packageRoot).path))
        let (stdout, stderr) = output.texts
        return Result(status: status.rawValue, stdout: stdout, stderr: stderr)
    }

    /// `rulegen ARGUMENTS` run as the built executable in a child process in `cwd`
    /// (default: the package root), with how it ended.
    static func subprocess(_ arguments: [String], cwd: URL? = nil) throws -> (result: Result, reason: Process.TerminationReason) {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("rulegen")
        process.arguments = arguments
        process.currentDirectoryURL = cwd ?? packageRoot
        // stderr goes to a file, stdout through a pipe read to the end: neither can block.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("rulegen-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let errHandle = try FileHandle(forWritingTo: errURL)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errHandle
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errHandle.close()
        let errData = FileManager.default.contents(atPath: errURL.path) ?? Data()
        let result = Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
        return (result, process.terminationReason)
    }
}

/// The specs whose generated Swift `Scripts/typecheck-generated.sh` type-checks
/// (`Tests/TypeCheckSpecs`), for tests that check what is generated from them.
enum TypeCheckSpecs {
    static let folder = CLI.packageRoot.appendingPathComponent("Tests/TypeCheckSpecs")

    /// The spec `<name>.richrules` and the file name it is generated under, the text of
    /// `<name>.filename` (a name with line breaks, quotes, bidirectional controls).
    static func load(_ name: String) throws -> (fileName: String, spec: String) {
        let spec = try String(contentsOf: folder.appendingPathComponent("\(name).richrules"), encoding: .utf8)
        return (try String(contentsOf: folder.appendingPathComponent("\(name).filename"), encoding: .utf8), spec)
    }
}

/// A scratch folder removed at the end of a test.
final class ScratchDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("richrules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Every file below the folder with its bytes and modification date.
    func snapshot() -> [String: (Data, Date)] {
        var result: [String: (Data, Date)] = [:]
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        while let name = enumerator?.nextObject() as? String {
            let path = url.appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path),
                let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            else { continue }
            result[name] = (data, date)
        }
        return result
    }
}

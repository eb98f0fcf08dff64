import Foundation
import XCTest

/// Runs the built `rulegen` executable.
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

    static func run(_ arguments: [String], cwd: URL? = nil) throws -> Result {
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
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
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

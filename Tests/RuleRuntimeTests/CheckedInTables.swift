import Foundation
import RuleRuntime
import XCTest

/// Engines of the checked-in style tables, made as an app makes the engine of a table it
/// receives (`StyleTable(jsonData:)`, `RuleEngine(compiling:)`): the example specs' and
/// GeneratedConsumerTests' (`Tests/GeneratedConsumerTests/Generated`) and this target's
/// (`Tables/`, the tables of `Specs/`). `GoldenFilesTests` (RulegenTests) keeps both folders
/// what `rulegen` writes today.
enum CheckedInTables {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let folders = [
        tests.appendingPathComponent("RuleRuntimeTests/Tables"), tests.appendingPathComponent("GeneratedConsumerTests/Generated"),
    ]

    nonisolated(unsafe) private static var engines: [String: RuleEngine] = [:]
    private static let lock = NSLock()

    /// `social` → `Social`, `label-mention` → `LabelMention`: the table name `rulegen` gives a
    /// spec file.
    static func tableName(ofSpec spec: String) -> String {
        spec.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The table of the spec named `spec` (`social`, `label-mention`).
    static func table(_ spec: String) throws -> StyleTable {
        let file = tableName(ofSpec: spec) + ".styles.json"
        let url = try XCTUnwrap(
            folders.map { $0.appendingPathComponent(file) }.first { FileManager.default.fileExists(atPath: $0.path) },
            "no \(file) in \(folders.map(\.path))")
        return try StyleTable(jsonData: Data(contentsOf: url))
    }

    /// The engine of `table(spec)`, made once.
    static func engine(_ spec: String) throws -> RuleEngine {
        try lock.withLock {
            if let engine = engines[spec] { return engine }
            let engine = try RuleEngine(compiling: table(spec))
            engines[spec] = engine
            return engine
        }
    }
}

import Foundation
import RuleRuntime
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler

/// Every table `rulegen` writes passes the checks a table from outside goes through
/// (`StyleTable(jsonData:)`, `validate()`): the example specs, the consumer and runtime test
/// targets' specs, the fuzz seeds and the lint cases that compile, and the checked-in
/// `.styles.json` files.
final class WrittenTablesValidateTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files(in folder: String, ending suffix: String) throws -> [URL] {
        let url = root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(suffix) }.sorted().map {
            url.appendingPathComponent($0)
        }
    }

    func testTablesOfSpecsDecodeAndValidate() throws {
        var checked = 0
        for folder in [
            "Specs", "Tests/GeneratedConsumerTests/Specs", "Tests/RuleRuntimeTests/Specs", "Fuzz/Corpus", "Tests/RulegenTests/LintCases",
        ] {
            for spec in try Self.files(in: folder, ending: ".richrules") {
                let output = Compiler.compile(path: spec.path, analyze: false, importRoot: Self.root.path)
                guard let table = output.table else { continue }
                let json = try table.jsonData()
                XCTAssertNoThrow(try table.validate(), spec.lastPathComponent)
                do {
                    let decoded = try StyleTable(jsonData: json)
                    XCTAssertEqual(decoded, table, spec.lastPathComponent)
                } catch {
                    XCTFail("\(spec.lastPathComponent): \(error)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 35)
    }

    func testCheckedInTablesDecode() throws {
        let files = try Self.files(in: "Tests/GeneratedConsumerTests/Generated", ending: ".styles.json")
        XCTAssertEqual(files.count, 13)
        for file in files {
            XCTAssertNoThrow(try StyleTable(jsonData: Data(contentsOf: file)), file.lastPathComponent)
        }
    }
}

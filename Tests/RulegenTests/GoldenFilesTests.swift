import Foundation
import XCTest

/// The generated files checked in for `GeneratedConsumerTests` are what `rulegen` writes
/// today. Refresh them with
/// `swift run rulegen Specs/*.richrules -o Tests/GeneratedConsumerTests/Generated`.
final class GoldenFilesTests: XCTestCase {
    func testCheckedInGeneratedFilesAreUpToDate() throws {
        let scratch = try ScratchDirectory()
        let specs = ["agreement", "social", "html", "prefix"].map { "Specs/\($0).richrules" }
        let result = try CLI.run(specs + ["-o", scratch.url.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let golden = CLI.packageRoot.appendingPathComponent("Tests/GeneratedConsumerTests/Generated")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        XCTAssertEqual(names, try FileManager.default.contentsOfDirectory(atPath: golden.path).sorted())
        for name in names {
            let fresh = FileManager.default.contents(atPath: scratch.url.appendingPathComponent(name).path)
            let checkedIn = FileManager.default.contents(atPath: golden.appendingPathComponent(name).path)
            XCTAssertEqual(fresh, checkedIn, "\(name) is stale: regenerate Tests/GeneratedConsumerTests/Generated")
        }
    }
}

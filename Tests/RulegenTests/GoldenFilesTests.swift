import Foundation
import TestSupport
import XCTest

/// The generated files checked in for `GeneratedConsumerTests` are what `rulegen` writes
/// today, compared as text (the first difference is shown). Refresh them with
/// `swift run rulegen Specs/*.richrules Tests/GeneratedConsumerTests/Specs/*.richrules
/// -o Tests/GeneratedConsumerTests/Generated` (or `RICHRULES_UPDATE_GOLDENS=1 swift test
/// --filter GoldenFilesTests`, which fails naming each file written) and review the diff.
final class GoldenFilesTests: XCTestCase {
    static let specs = [
        "Specs/agreement.richrules", "Specs/social.richrules", "Specs/html.richrules", "Specs/prefix.richrules",
        "Specs/chat.richrules", "Specs/cms.richrules", "Specs/legal.richrules", "Specs/feed.richrules", "Specs/article.richrules",
        "Tests/GeneratedConsumerTests/Specs/escapes.richrules", "Tests/GeneratedConsumerTests/Specs/taps.richrules",
        "Tests/GeneratedConsumerTests/Specs/lookaround.richrules",
    ]

    func testCheckedInGeneratedFilesAreUpToDate() throws {
        let scratch = try ScratchDirectory()
        let result = try CLI.run(Self.specs + ["-o", scratch.url.path, "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let golden = CLI.packageRoot.appendingPathComponent("Tests/GeneratedConsumerTests/Generated")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        XCTAssertEqual(names, try FileManager.default.contentsOfDirectory(atPath: golden.path).sorted())
        for name in names {
            let fresh = try String(contentsOf: scratch.url.appendingPathComponent(name), encoding: .utf8)
            let url = golden.appendingPathComponent(name)
            if let failure = try Golden.check(fresh, against: url, name: "Tests/GeneratedConsumerTests/Generated/\(name)") {
                XCTFail(failure)
            }
        }
    }
}

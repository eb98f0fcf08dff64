import Foundation
import TestSupport
import XCTest

/// The generated files checked in for tests are what `rulegen` writes today, compared as
/// text (the first difference is shown): `Tests/GeneratedConsumerTests/Generated` (Swift and
/// style tables) and `Tests/RuleRuntimeTests/Tables` (the style tables of the specs in
/// `Tests/RuleRuntimeTests/Specs`, which RuleRuntimeTests run). Refresh them with
///
///     swift run rulegen Specs/*.richrules Tests/GeneratedConsumerTests/Specs/*.richrules \
///         -o Tests/GeneratedConsumerTests/Generated
///     swift run rulegen Tests/RuleRuntimeTests/Specs/*.richrules -o Tests/RuleRuntimeTests/Tables \
///         && rm Tests/RuleRuntimeTests/Tables/*.swift
///
/// (or `RICHRULES_UPDATE_GOLDENS=1 swift test --filter GoldenFilesTests`, which fails naming
/// each file written) and review the diff.
final class GoldenFilesTests: XCTestCase {
    static let specs = [
        "Specs/agreement.richrules", "Specs/social.richrules", "Specs/html.richrules", "Specs/prefix.richrules",
        "Specs/chat.richrules", "Specs/cms.richrules", "Specs/legal.richrules", "Specs/feed.richrules", "Specs/article.richrules",
        "Specs/mastodon.richrules", "Tests/GeneratedConsumerTests/Specs/escapes.richrules", "Tests/GeneratedConsumerTests/Specs/taps.richrules",
        "Tests/GeneratedConsumerTests/Specs/lookaround.richrules",
    ]

    func testCheckedInGeneratedFilesAreUpToDate() throws {
        try check(specs: Self.specs, golden: "Tests/GeneratedConsumerTests/Generated")
    }

    /// Every spec of `Tests/RuleRuntimeTests/Specs` has its style table (only) in
    /// `Tests/RuleRuntimeTests/Tables`.
    func testRuntimeTestTablesAreUpToDate() throws {
        let folder = "Tests/RuleRuntimeTests/Specs"
        let specs = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".richrules") }.sorted().map { "\(folder)/\($0)" }
        XCTAssertGreaterThanOrEqual(specs.count, 14)
        try check(specs: specs, golden: "Tests/RuleRuntimeTests/Tables", keeping: { $0.hasSuffix(".styles.json") })
    }

    /// `rulegen SPECS` writes the files of `golden` (those of them `keeping` takes), and only those.
    func check(specs: [String], golden path: String, keeping: (String) -> Bool = { _ in true }) throws {
        let scratch = try ScratchDirectory()
        let result = try CLI.run(specs + ["-o", scratch.url.path, "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let golden = CLI.packageRoot.appendingPathComponent(path)
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter(keeping).sorted()
        XCTAssertEqual(names, try FileManager.default.contentsOfDirectory(atPath: golden.path).sorted())
        for name in names {
            let fresh = try String(contentsOf: scratch.url.appendingPathComponent(name), encoding: .utf8)
            let url = golden.appendingPathComponent(name)
            if let failure = try Golden.check(fresh, against: url, name: "\(path)/\(name)") {
                XCTFail(failure)
            }
        }
    }
}

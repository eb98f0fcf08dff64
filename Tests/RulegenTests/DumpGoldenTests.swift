import Foundation
import TestSupport
import XCTest

/// `rulegen dump`: each representation of a small spec against its golden,
/// `DumpGoldens/<spec>[.<rule>].<kind>.txt`, byte for byte (`DumpGoldens/tiny.richrules`
/// is a spec made for them: small automata, a case-insensitive pattern with a named
/// group, a rule with a lazy DFA, a prefix and a tag rule), and its usage errors.
///
/// After a deliberate change of the output, regenerate with
/// `RICHRULES_UPDATE_GOLDENS=1 swift test --filter DumpGoldenTests` (the run fails, naming
/// each file written), review the diff and run again without the variable.
final class DumpGoldenTests: XCTestCase {
    static let folder = "Tests/RulegenTests/DumpGoldens"

    /// Golden name → arguments after `dump`.
    static let cases: [(golden: String, arguments: [String])] = [
        ("tiny.ast", ["--ast", "\(folder)/tiny.richrules"]),
        ("tiny.ir", ["--ir", "\(folder)/tiny.richrules"]),
        ("tiny.program", ["--program", "\(folder)/tiny.richrules"]),
        ("tiny.dfa", ["--dfa", "\(folder)/tiny.richrules"]),
        ("tiny.topic.ast", ["--ast", "\(folder)/tiny.richrules", "--rule", "topic"]),
        ("tiny.cluster.dfa", ["--dfa", "\(folder)/tiny.richrules", "--rule", "cluster"]),
        ("prefix.ast", ["--ast", "Specs/prefix.richrules"]),
        ("social.topic.program", ["--program", "Specs/social.richrules", "--rule", "topic"]),
    ]

    func testEveryDumpMatchesItsGolden() throws {
        for (name, arguments) in Self.cases {
            let result = try CLI.run(["dump"] + arguments)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", name)
            let golden = CLI.packageRoot.appendingPathComponent("\(Self.folder)/\(name).txt")
            if let failure = try Golden.check(result.stdout, against: golden, name: "DumpGoldens/\(name).txt") { XCTFail(failure) }
        }
    }

    func testTheOutputIsDeterministic() throws {
        let arguments = ["dump", "--dfa", "\(Self.folder)/tiny.richrules"]
        XCTAssertEqual(try CLI.run(arguments).stdout, try CLI.run(arguments).stdout)
    }

    func testUsageErrorsExitTwo() throws {
        let spec = "\(Self.folder)/tiny.richrules"
        let unknown = try CLI.run(["dump", "--ir", spec, "--rule", "mentoin"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("has no rule named 'mentoin'; did you mean 'mention'?"), unknown.stderr)
        XCTAssertEqual(unknown.stdout, "")
        for arguments in [
            [spec], ["--ir", "--dfa", spec], ["--ast"], ["--ast", spec, spec], ["--ast", spec, "--rule"], ["--tree", spec],
        ] {
            let result = try CLI.run(["dump"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: "), result.stderr)
            XCTAssertTrue(result.stderr.contains("Usage: rulegen dump"), result.stderr)
        }
        let help = try CLI.run(["dump", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--program"), help.stdout)
        XCTAssertEqual(try CLI.run(["help", "dump"]).stdout, help.stdout)
    }

    func testASpecWithErrorsPrintsThemLocated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("bad.richrules")
        try "richrules 1\nrule a { match /@(/ }\n".write(to: spec, atomically: true, encoding: .utf8)
        let result = try CLI.run(["dump", "--program", spec.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("bad.richrules:2:18: error: invalid pattern"), result.stderr)
        let missing = try CLI.run(["dump", "--ast", folder.appendingPathComponent("none.richrules").path])
        XCTAssertEqual(missing.status, 3, missing.stderr)
    }
}

import Foundation
import RuleCompiler
import RuleRuntime
import XCTest

/// What `rulegen -o` leaves in a folder: pairs stamped with one content hash (so a pair
/// from two runs can be told), names that cannot collide on a case-insensitive disk, and
/// generated Swift without large expressions however many styles a spec names.
final class OutputPairTests: XCTestCase {
    private func hashes(_ folder: URL, _ name: String) throws -> (swift: String?, json: String?) {
        let swift = try String(contentsOf: folder.appendingPathComponent("\(name).swift"), encoding: .utf8)
        let line = swift.split(separator: "\n").first { $0.hasPrefix("// Content hash ") }
        let json = try StyleTable(jsonData: Data(contentsOf: folder.appendingPathComponent("\(name).styles.json")))
        return (line.map { String($0.dropFirst("// Content hash ".count).prefix(16)) }, json.contentHash)
    }

    func testBothFilesOfARunCarryOneHash() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("feed.richrules", "richrules 1\nrule one { match /1/ }\n")
        XCTAssertEqual(try CLI.run(["feed.richrules", "-o", "out", "--quiet"], cwd: scratch.url).status, 0)
        let (swift, json) = try hashes(scratch.url.appendingPathComponent("out"), "Feed")
        XCTAssertEqual(swift?.count, 16)
        XCTAssertEqual(swift, json)
        let source = try String(contentsOf: scratch.url.appendingPathComponent("out/Feed.swift"), encoding: .utf8)
        XCTAssertTrue(source.contains("contentHash: \"\(json ?? "")\")"), "the Swift table holds the hash too")
        // A changed spec, another hash; the same spec again, the same files untouched.
        try scratch.write("feed.richrules", "richrules 1\nrule two { match /2/ }\n")
        XCTAssertEqual(try CLI.run(["feed.richrules", "-o", "out", "--quiet"], cwd: scratch.url).status, 0)
        let second = try hashes(scratch.url.appendingPathComponent("out"), "Feed")
        XCTAssertEqual(second.swift, second.json)
        XCTAssertNotEqual(second.swift, swift)
    }

    /// A pair left by a run stopped between its two renames (the state a kill there
    /// leaves, built here: a window of microseconds that random kills do not hit) is told by
    /// its hashes, noted and rewritten.
    func testAMixedPairIsNotedAndRepaired() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("feed.richrules", "richrules 1\nrule one { match /1/ }\n")
        XCTAssertEqual(try CLI.run(["feed.richrules", "-o", "old", "--quiet"], cwd: scratch.url).status, 0)
        try scratch.write("feed.richrules", "richrules 1\nrule two { match /2/ }\n")
        XCTAssertEqual(try CLI.run(["feed.richrules", "-o", "out", "--quiet"], cwd: scratch.url).status, 0)
        // The new Swift beside the old JSON, as a kill after the first rename leaves them.
        let out = scratch.url.appendingPathComponent("out")
        try FileManager.default.removeItem(at: out.appendingPathComponent("Feed.styles.json"))
        try FileManager.default.copyItem(
            at: scratch.url.appendingPathComponent("old/Feed.styles.json"), to: out.appendingPathComponent("Feed.styles.json"))
        let mixed = try hashes(out, "Feed")
        XCTAssertNotEqual(mixed.swift, mixed.json, "a reader can tell the pair apart")
        let run = try CLI.run(["feed.richrules", "-o", "out"], cwd: scratch.url)
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("note: holds content hash \(mixed.swift ?? "")"), run.stderr)
        XCTAssertTrue(run.stderr.contains("come from different runs"), run.stderr)
        XCTAssertEqual(run.stdout, "wrote out/Feed.styles.json\n", "only the stale file is written")
        let repaired = try hashes(out, "Feed")
        XCTAssertEqual(repaired.swift, repaired.json)
    }

    /// `abc` and `aBC` generate `Abc.swift` and `ABC.swift`: one file on macOS's default disk.
    func testNamesThatDifferOnlyInCaseAreAnError() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("abc.richrules", "richrules 1\nrule a { match /a/ }\n")
        try scratch.write("aBC.richrules", "richrules 1\nrule a { match /a/ }\n")
        let run = try CLI.run(["abc.richrules", "aBC.richrules", "-o", "out"], cwd: scratch.url)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            "aBC.richrules: error: generates 'ABC', and 'abc.richrules' generates 'Abc': names that differ only in case are one file "
                + "on a case-insensitive disk; rename one of the specs\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path))
    }

    /// 5,000 named styles: the generated Swift holds no expression whose type-check grows
    /// with the spec (a dictionary literal of 2,000 styles took 17 s to type-check, of 5,000
    /// did not finish in 300 s): the style dictionary is filled entry by entry, at most 256 to a
    /// function, and no literal names more than 32 styles. (`Scripts/typecheck-generated.sh`
    /// type-checks such a file, under a time limit.)
    func testManyNamedStylesMakeNoLargeExpression() throws {
        var spec = "richrules 1\n"
        for i in 0..<5_000 { spec += "style s\(i) { color: #\(String(format: "%06X", i * 2_654_435 % 0xFFFFFF)); font: \(10 + i % 20) }\n" }
        for i in 0..<20 { spec += "rule r\(i) { match /x\(i)y/ style s\(i * 250) tap open\(i % 3)(n: $0) }\n" }
        let output = Compiler.compile(source: spec, path: "many.richrules", analyze: false)
        let swift = SwiftEmitter(table: try XCTUnwrap(output.table), automata: try XCTUnwrap(output.automata), specPath: "many.richrules")
            .emit()
        let lines = swift.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.contains("private static let styles: [String: TextStyle] = makeStyles()"))
        var assignments: [Int] = []  // per function
        for line in lines {
            if line.hasPrefix("private static func addStyles") {
                assignments.append(0)
            } else if line.hasPrefix("styles[\""), !assignments.isEmpty {
                assignments[assignments.count - 1] += 1
            }
        }
        XCTAssertEqual(assignments.reduce(0, +), 5_000)
        XCTAssertLessThanOrEqual(assignments.max() ?? .max, 256)
        XCTAssertLessThanOrEqual(lines.map { $0.components(separatedBy: "Styles.s").count - 1 }.max() ?? .max, 32)
    }
}

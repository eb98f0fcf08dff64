import Foundation
import RuleCompiler
@_spi(Testing) import RuleRuntime
import RuleSpec
import TestSupport
import XCTest

/// Nothing crashes on any input: random specs assembled from language fragments and
/// random characters go through the whole compiler; every compiled table runs on random
/// texts. The seed is printed first (a crash ends the process) and in every failure;
/// `RICHRULES_SEED` replays one.
final class RobustnessTests: XCTestCase {
    static let fragments = [
        "richrules 1\n", "richrules ", "rule ", "r", "a", "tags ", "h ", "tag ", "h1 ", "style ", "link ", ": ", "base ",
        "highlight ", "none ", "import ", "\"x.richrules\" ", "{ ", "} ", "; ", "\n", "match ", "/@\\w+/ ", "/(a)(?<n>b)/i ",
        "/[/]/ ", "/(/ ", "/a*/ ", "/", "detector(link) ", "detector(", "prefix \"#\" ", "tag <a href> ", "tag <img src/> ",
        "<", ">", "priority ", "10 ", "-5 ", "1.5 ", "tap ", "open", "(", ")", "u: ", "$0", "$1 ", "${n} ", "${", ", ",
        "replace ", "\"🔗 $0\" ", "\"unterminated", "image ", "size ", "17x17 ", "widget ", "align ", "middle ",
        "allow ", "overlap ", "color: ", "#FFF ", "#12 ", "systemBlue ", "font: ", "14 ", "bold ", "underline: ", "single ",
        "/*", "*/", "// c\n", "\\", "\"\\u{1F600}\" ", "中文", "😀", "\u{0}", "\r\n", "\t", "$", "#", "@",
    ]

    func testRandomSpecsNeverCrashTheCompiler() throws {
        let seed = testSeed(20_261_130)
        print("RobustnessTests seed \(seed)")
        var rng = SeededGenerator(seed: seed)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("robust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("spec.richrules").path
        try Data("richrules 1\nrule other { match /o/ }\n".utf8).write(to: dir.appendingPathComponent("x.richrules"))
        var compiled = 0
        for round in 0..<1500 {
            var text = rng.below(3) == 0 ? "" : "richrules 1\n"
            for _ in 0..<rng.below(40) {
                if rng.below(8) == 0 {
                    text.unicodeScalars.append(Unicode.Scalar(UInt32(rng.below(0x3000))) ?? "?")
                } else {
                    text += rng.pick(Self.fragments)
                }
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let output = Compiler.compile(path: path)
            for d in output.diagnostics {
                _ = DiagnosticRenderer.render(d)
                if let loc = d.location {
                    XCTAssertGreaterThanOrEqual(loc.line, 1, "seed \(seed) round \(round): \(text)")
                    XCTAssertGreaterThanOrEqual(loc.column, 1, "seed \(seed) round \(round): \(text)")
                }
            }
            XCTAssertEqual(output.table == nil, output.hasErrors, "seed \(seed) round \(round): \(text)")
            guard let table = output.table else { continue }
            compiled += 1
            let engine = try RuleEngine(table: table, automata: XCTUnwrap(output.automata))
            let reference = try RuleEngine(reference: table)
            for _ in 0..<3 {
                var sample = ""
                for _ in 0..<rng.below(30) {
                    sample += rng.pick(["@ab", "a", "b", "<h1>", "</h1>", "#x", " ", "\n", "😀", "中", "o", "(", "<a href=1>", "</a>"])
                }
                let result = engine.render(sample)
                XCTAssertEqual(result.text, sample, "seed \(seed) round \(round)")
                XCTAssertEqual(result, reference.render(sample), "seed \(seed) round \(round): compiled ≠ icu on \(sample) for \(text)")
            }
            _ = SwiftEmitter(table: table, automata: try XCTUnwrap(output.automata), specPath: path).emit()
        }
        XCTAssertGreaterThan(compiled, 10, "seed \(seed): the generator should produce some valid specs")
    }
}

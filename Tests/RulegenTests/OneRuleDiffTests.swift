import Foundation
import TestSupport
import XCTest

/// What a reviewer sees when one rule of a spec changes: the generated Swift of a small
/// feed spec before and after an edit, as a line diff. Editing one rule's pattern changes
/// that rule's declaration, its automaton chunk and the content hash, nothing else;
/// inserting a rule adds its lines (and one line in each rule list) without renumbering
/// the others. The diffs are goldens (`DiffGoldens/`, `RICHRULES_UPDATE_GOLDENS=1`).
final class OneRuleDiffTests: XCTestCase {
    static let spec = """
        richrules 1

        base { font: 15; color: label }
        style link { color: systemBlue }

        rule mention {
          match /@[A-Za-z0-9_]{1,30}/
          style link
          tap openProfile(user: $0)
        }

        rule hashtag {
          match /#\\w+/
          style link
        }

        rule price {
          match /\\$\\d+(?:\\.\\d\\d)?/
          style { font: bold }
        }

        tags h { style { font: bold } }

        """

    static let goldens = CLI.packageRoot.appendingPathComponent("Tests/RulegenTests/DiffGoldens")

    /// The generated Swift of `spec` (through the CLI, as a build writes it).
    func generate(_ spec: String) throws -> String {
        let scratch = try ScratchDirectory()
        let path = scratch.url.appendingPathComponent("feed.richrules")
        try spec.write(to: path, atomically: true, encoding: .utf8)
        // A relative path, as `rulegen Specs/feed.richrules -o Generated` is run: the
        // `#sourceLocation` of each handler names the spec as given.
        let result = try CLI.run(["feed.richrules", "-o", ".", "--quiet"], cwd: scratch.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try String(contentsOf: scratch.url.appendingPathComponent("Feed.swift"), encoding: .utf8)
    }

    func testEditingOnePatternChangesThatRuleOnly() throws {
        let before = try generate(Self.spec)
        let after = try generate(Self.spec.replacingOccurrences(of: "{1,30}", with: "{1,20}"))
        let diff = LineDiff.unified(before, after)
        try checkGolden("edit-pattern.diff", diff)
        // Changed lines: the pattern, the mention chunk's base64 and the content hash.
        for line in diff.split(separator: "\n") where line.hasPrefix("-") || line.hasPrefix("+") {
            guard !line.hasPrefix("---"), !line.hasPrefix("+++") else { continue }
            let body = line.dropFirst().trimmingCharacters(in: .whitespaces)
            let isChunk = body.range(of: #"^[A-Za-z0-9+/=]+$"#, options: .regularExpression) != nil
            XCTAssert(
                isChunk || body.contains("{1,") || body.contains("Content hash") || body.contains("contentHash"),
                "unexpected changed line: \(line)")
        }
        XCTAssertFalse(diff.contains("hashtag") && diff.contains("-        static let hashtag"), diff)
    }

    func testInsertingARuleRenumbersNothing() throws {
        let before = try generate(Self.spec)
        let inserted = Self.spec.replacingOccurrences(
            of: "rule hashtag {", with: "rule cashtag {\n  match /\\$[A-Z]{1,5}/\n  style link\n}\n\nrule hashtag {")
        let after = try generate(inserted)
        let diff = LineDiff.unified(before, after)
        try checkGolden("insert-rule.diff", diff)
        // No removed line but the hash, the moved locations of the rules after it, their
        // chunks' comments and the moved lines of their handlers' taps.
        for line in diff.split(separator: "\n") where line.hasPrefix("-") && !line.hasPrefix("---") {
            XCTAssert(
                line.contains("Content hash") || line.contains("contentHash") || line.contains("feed.richrules:")
                    || line.hasPrefix("-#sourceLocation(file: \"feed.richrules\", line: "),
                "removed line: \(line)")
        }
    }

    func checkGolden(_ name: String, _ actual: String) throws {
        if let failure = try Golden.check(actual, against: Self.goldens.appendingPathComponent(name), name: "DiffGoldens/\(name)") {
            XCTFail(failure)
        }
    }
}

/// A line diff in unified form (3 lines of context), from a longest common subsequence:
/// small files only (quadratic).
enum LineDiff {
    static func unified(_ old: String, _ new: String, context: Int = 3) -> String {
        let a = old.components(separatedBy: "\n")
        let b = new.components(separatedBy: "\n")
        // lcs[i][j]: the longest common subsequence of a[i...] and b[j...].
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        enum Op { case same(String), removed(String), added(String) }
        var ops: [Op] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                ops.append(.same(a[i]))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                ops.append(.removed(a[i]))
                i += 1
            } else {
                ops.append(.added(b[j]))
                j += 1
            }
        }
        let changed = ops.indices.filter { if case .same = ops[$0] { return false } else { return true } }
        var out = "--- before\n+++ after\n"
        var index = 0
        while index < changed.count {
            var end = index
            while end + 1 < changed.count, changed[end + 1] - changed[end] <= 2 * context + 1 { end += 1 }
            let from = max(0, changed[index] - context)
            let to = min(ops.count - 1, changed[end] + context)
            out += "@@\n"
            for op in ops[from...to] {
                switch op {
                case .same(let line): out += " \(line)\n"
                case .removed(let line): out += "-\(line)\n"
                case .added(let line): out += "+\(line)\n"
                }
            }
            index = end + 1
        }
        return out
    }
}

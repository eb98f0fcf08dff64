import Foundation

/// A case of the engine-independent regex corpus (`Tests/Cases/regex.jsonl`): a pattern, its
/// flags and texts on which every engine must answer as NSRegularExpression does; `dfa`, when
/// present, whether the pattern must get an ahead-of-time DFA. The corpus holds the cases
/// once, and one test runs each on every engine (regex-automata's `testdata` idea), instead
/// of each engine's tests keeping a copy of the list.
public struct RegexCase: Decodable, Sendable {
    public var name: String
    public var pattern: String
    /// Flag letters (`"im"`), as `RegexFlags(letters:)` reads them.
    public var flags: String
    public var texts: [String]
    public var dfa: Bool?

    /// The folder of the corpus files (`Tests/Cases`).
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Cases")

    /// The cases of `Tests/Cases/<name>.jsonl`: one JSON object a line, `#` lines and blank
    /// lines skipped. Throws naming the line that does not decode.
    public static func load(_ name: String) throws -> [RegexCase] {
        let url = folder.appendingPathComponent("\(name).jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        var cases: [RegexCase] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do {
                cases.append(try JSONDecoder().decode(RegexCase.self, from: Data(trimmed.utf8)))
            } catch {
                throw LoadError(description: "\(url.path):\(index + 1): \(error)")
            }
        }
        return cases
    }

    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }
}

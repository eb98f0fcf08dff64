import Foundation
import RuleRuntime

/// The valid style tables of `Fuzz/Corpus` (`table-*.json` that `StyleTable(jsonData:)`
/// accepts) that `TableMutator` starts from, and the keys, strings and values they hold.
/// Read once, from the corpus beside this package's sources.
enum TableSeeds {
    static let all: [JSONTree] = {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        let seeds = names.filter { $0.hasPrefix("table-") && $0.hasSuffix(".json") }.sorted().compactMap { name -> JSONTree? in
            guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path),
                (try? StyleTable(jsonData: data)) != nil
            else { return nil }
            return JSONTree(parsing: String(decoding: data, as: UTF8.self))
        }
        if seeds.isEmpty { fail("no valid table-*.json in \(corpus.path): the table mutator has nothing to start from") }
        return seeds
    }()

    /// Every value of every seed (subtrees to copy elsewhere).
    static let values: [JSONTree] = all.flatMap(\.all)
    /// Every key of every seed.
    static let keys: [String] = Array(Set(all.flatMap(\.keys))).sorted()
    /// The keys and string values of every seed: names the tables use.
    static let names: [String] = Array(Set(keys + all.flatMap(\.strings))).sorted()
}

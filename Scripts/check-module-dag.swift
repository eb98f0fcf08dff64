// Checks the module graph (docs/Architecture.md): the library modules depend on exactly the
// modules below them that the diagram names, and no source file of any target imports a module
// of this package that is not among its target's declared dependencies (SwiftPM on Linux lets
// such an import build when the module happens to be built first). A back edge or a stray
// import fails with `file:line: error: …` and exit status 1.
//
// Usage (from the package root; `.ci/run` runs it):
//     swift package dump-package | swift Scripts/check-module-dag.swift
import Foundation

/// The library modules' dependencies, as docs/Architecture.md draws them (a DAG, bottom up).
let layers: [(module: String, dependencies: Set<String>)] = [
    ("RuleRegex", []),
    ("RuleSpec", ["RuleRegex"]),
    ("RuleAutomata", ["RuleRegex"]),
    ("RuleRuntime", ["RuleRegex", "RuleAutomata"]),
    ("RichRulesUI", ["RuleRuntime"]),
    ("RuleCompiler", ["RuleSpec", "RuleRegex", "RuleAutomata", "RuleRuntime"]),
]

struct Target {
    var name: String
    var type: String
    var path: String
    var dependencies: Set<String>
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(2)
}

let input = FileHandle.standardInput.readDataToEndOfFile()
guard let manifest = try? JSONSerialization.jsonObject(with: input) as? [String: Any],
    let rawTargets = manifest["targets"] as? [[String: Any]]
else { fail("standard input is not the JSON of `swift package dump-package`") }

let targets: [Target] = rawTargets.compactMap { raw in
    guard let name = raw["name"] as? String, let type = raw["type"] as? String, type != "plugin" else { return nil }
    let dependencies = (raw["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
        // {"byName": ["X", null]}, {"target": ["X", null]} or {"product": ["X", "package", …]}.
        dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
    }
    let path = raw["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
    return Target(name: name, type: type, path: path, dependencies: Set(dependencies))
}
let modules = Set(targets.map(\.name))
var errors: [String] = []

for (module, expected) in layers {
    guard let target = targets.first(where: { $0.name == module }) else {
        errors.append("Package.swift: error: no target '\(module)' (docs/Architecture.md's module graph names it)")
        continue
    }
    if target.dependencies != expected {
        let extra = target.dependencies.subtracting(expected).sorted()
        let missing = expected.subtracting(target.dependencies).sorted()
        var parts: [String] = []
        if !extra.isEmpty { parts.append("depends on \(extra.joined(separator: ", ")) (an edge the graph does not have)") }
        if !missing.isEmpty { parts.append("does not depend on \(missing.joined(separator: ", "))") }
        errors.append(
            "Package.swift: error: target '\(module)' \(parts.joined(separator: " and ")); update docs/Architecture.md and Scripts/check-module-dag.swift if the graph changed on purpose"
        )
    }
}

// `import X`, `@testable import X`, `@_spi(Y) import X`, `import struct X.Y`.
let importLine = try NSRegularExpression(
    pattern: #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)
let fileManager = FileManager.default
var filesRead = 0
for target in targets.sorted(by: { $0.name < $1.name }) {
    guard let enumerator = fileManager.enumerator(atPath: target.path) else { continue }
    for case let relative as String in enumerator where relative.hasSuffix(".swift") {
        let file = target.path + "/" + relative
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
        filesRead += 1
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains("import") {
            let line = String(line)
            guard let match = importLine.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                let range = Range(match.range(at: 1), in: line)
            else { continue }
            let imported = String(line[range])
            guard modules.contains(imported), imported != target.name, !target.dependencies.contains(imported) else { continue }
            errors.append(
                "\(file):\(index + 1):1: error: target '\(target.name)' imports '\(imported)', which is not among its dependencies in Package.swift"
            )
        }
    }
}

if errors.isEmpty {
    print("module graph: \(layers.count) library modules as drawn, \(targets.count) targets, \(filesRead) files import only their dependencies")
} else {
    for error in errors { FileHandle.standardError.write(Data((error + "\n").utf8)) }
    exit(1)
}

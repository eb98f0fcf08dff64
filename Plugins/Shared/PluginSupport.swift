// Shared by the three plugins (each plugin folder links this file: plugins cannot depend
// on a library target).

import Foundation
import PackagePlugin

/// The generated names of a target's specs.
enum SpecNames {
    /// `agreement.richrules` → `Agreement`, `social-feed.richrules` → `SocialFeed` (as
    /// `rulegen` names them); specs sharing a name get their folder names in front, from
    /// the nearest, until the names differ.
    static func unique(_ specs: [URL], relativeTo root: URL) -> [URL: String] {
        var names: [URL: String] = [:]
        for spec in specs { names[spec] = camel(spec.deletingPathExtension().lastPathComponent) }
        var depth = 0
        while Set(names.values).count < names.count, depth < 16 {
            depth += 1
            let counts = Dictionary(grouping: specs, by: { names[$0]! })
            for (_, group) in counts where group.count > 1 {
                for spec in group {
                    let folders = spec.deletingLastPathComponent().pathComponents.dropFirst(root.pathComponents.count)
                    let prefix = folders.suffix(depth).map(camel).joined()
                    names[spec] = prefix + camel(spec.deletingPathExtension().lastPathComponent)
                }
            }
        }
        return names
    }

    static func camel(_ text: String) -> String {
        let stem = text.split(separator: ".").first.map(String.init) ?? text
        let words = stem.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = "Rules" }
        if name.first!.isNumber { name = "Spec" + name }
        return name
    }
}

/// The specs a spec imports, directly or not (`import "other.richrules"`, relative to the
/// importing file). A missing file is left out: `rulegen` reports it.
enum SpecImports {
    static func closure(of spec: URL) -> [URL] {
        var seen: Set<String> = [spec.standardizedFileURL.path]
        var result: [URL] = []
        var pending = [spec]
        while let file = pending.popLast() {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for path in imports(in: text) {
                let url = URL(fileURLWithPath: path, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
                guard seen.insert(url.path).inserted, FileManager.default.fileExists(atPath: url.path) else { continue }
                result.append(url)
                pending.append(url)
            }
        }
        return result.sorted { $0.path < $1.path }
    }

    /// The paths of `import "…"` statements (a mention in a comment only adds an input).
    static func imports(in text: String) -> [String] {
        var paths: [String] = []
        var rest = text[...]
        while let range = rest.range(of: "import") {
            rest = rest[range.upperBound...]
            let afterSpace = rest.drop { $0 == " " || $0 == "\t" }
            guard afterSpace.first == "\"", let close = afterSpace.dropFirst().firstIndex(of: "\"") else { continue }
            paths.append(String(afterSpace[afterSpace.index(after: afterSpace.startIndex)..<close]))
            rest = afterSpace[close...]
        }
        return paths
    }
}

/// The specs of a package: of the named targets, or all under its folder.
enum PackageSpecs {
    static func find(in package: Package, targets names: [String]) throws -> [URL] {
        if !names.isEmpty {
            return try package.targets(named: names).compactMap { $0 as? SourceModuleTarget }
                .flatMap { $0.sourceFiles(withSuffix: "richrules").map(\.url) }.sorted { $0.path < $1.path }
        }
        var specs: [URL] = []
        let root = package.directoryURL
        let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent == ".build" || url.lastPathComponent == "Examples" && url.deletingLastPathComponent() == root {
                enumerator?.skipDescendants()
                continue
            }
            if url.pathExtension == "richrules" { specs.append(url) }
        }
        return specs.sorted { $0.path < $1.path }
    }
}

/// Runs a tool with the plugin's standard output and error.
enum ToolRun {
    static func run(_ tool: URL, _ arguments: [String], in directory: URL? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// Shared by the three plugins (each plugin folder links this file: plugins cannot depend
// on a library target).

import Foundation
import PackagePlugin

/// The generated names of a target's specs.
enum SpecNames {
    /// `agreement.richrules` → `Agreement`, `social-feed.richrules` → `SocialFeed`,
    /// `terms.v2.richrules` → `TermsV2`; specs sharing a name (ignoring case: `Abc.swift`
    /// and `ABC.swift` are one file on a case-insensitive disk) get their folder names in
    /// front, from the nearest, until the names differ. Throws when they still do not (two
    /// specs in one folder spelled `a-b` and `a_b`, or `abc` and `aBC`), naming them.
    static func unique(_ specs: [URL], relativeTo root: URL) throws -> [URL: String] {
        var names: [URL: String] = [:]
        for spec in specs { names[spec] = camel(spec.deletingPathExtension().lastPathComponent) }
        for depth in 1...16 where Set(names.values.map { $0.lowercased() }).count < names.count {
            for (_, group) in Dictionary(grouping: specs, by: { names[$0]!.lowercased() }) where group.count > 1 {
                for spec in group {
                    let folders = spec.deletingLastPathComponent().standardizedFileURL.pathComponents
                        .dropFirst(root.standardizedFileURL.pathComponents.count)
                    names[spec] = folders.suffix(depth).map(camel).joined() + camel(spec.deletingPathExtension().lastPathComponent)
                }
            }
        }
        for (_, group) in Dictionary(grouping: specs, by: { names[$0]!.lowercased() }) where group.count > 1 {
            let generated = Set(group.map { names[$0]! + "Rules" }).sorted().map { "'\($0)'" }.joined(separator: " and ")
            throw PluginFailure(
                "specs \(group.map(\.path).sorted().joined(separator: " and ")) would all generate \(generated)"
                    + (generated.contains(" and ") ? " (names that differ only in case are one file on a case-insensitive disk)" : "")
                    + "; rename one")
        }
        return names
    }

    static func camel(_ text: String) -> String {
        let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = "Rules" }
        if name.first!.isNumber { name = "Spec" + name }
        return name
    }
}

/// The `.richrules` files under a target's folder, found on disk (so that specs a target
/// excludes, as teams committing generated code do, count too).
enum TargetSpecs {
    static func find(in target: any Target) -> [URL] {
        var specs: [URL] = []
        let enumerator = FileManager.default.enumerator(
            at: target.directoryURL, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "richrules" { specs.append(url) }
        }
        return specs.sorted { $0.path < $1.path }
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

/// The specs of a package: those under the folders of its source targets other than test
/// targets (whose specs may be deliberately broken fixtures), or of the named targets.
enum PackageSpecs {
    static func find(in package: Package, targets names: [String]) throws -> [URL] {
        let targets =
            try names.isEmpty
            ? package.targets.filter { ($0 as? SourceModuleTarget).map { $0.kind != .test } ?? false }
            : package.targets(named: names).filter { $0 is SourceModuleTarget }
        return Array(Set(targets.flatMap(TargetSpecs.find(in:)))).sorted { $0.path < $1.path }
    }
}

/// Paths as a command plugin hands them to `rulegen`: relative to the package folder (the
/// tool runs there), so diagnostics, annotations and the generated `#sourceLocation`s name
/// `Sources/App/x.richrules`, the same on every machine.
enum PackagePaths {
    static func relative(_ url: URL, to package: Package) -> String {
        let root = package.directoryURL.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : url.path
    }
}

/// Whether a target applies the build plugin (`plugins: [.plugin(name: "RichRulesPlugin", …)]`).
/// PackagePlugin tells a command plugin neither a target's plugins nor what they generate,
/// so this reads the manifest: the target's declaration (`.target(name: "App", …)`, up to
/// its closing parenthesis) names the plugin. A manifest that builds its targets some other
/// way reads as "no".
enum BuildPluginUse {
    static let pluginName = "RichRulesPlugin"

    static func applies(to target: any Target, in package: Package) -> Bool {
        let manifest = package.directoryURL.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return false }
        return declaration(of: target.name, in: text).map { $0.contains("\"\(pluginName)\"") } ?? false
    }

    /// The text of the call that declares target `name` (`.target(name: "name", …)`), from
    /// its `(` to the matching `)`, skipping string literals and comments.
    static func declaration(of name: String, in manifest: String) -> Substring? {
        var rest = manifest[...]
        while let found = rest.range(of: "name: \"\(name)\"") {
            // The call's `(` right before `name:`, of `.target(`, `.executableTarget(`… (not
            // `Package(name: "App"` nor `.product(name:`).
            let before = manifest[..<found.lowerBound]
            guard let open = before.lastIndex(of: "("), before[before.index(after: open)...].allSatisfy(\.isWhitespace),
                String(before[..<open].reversed().prefix(while: \.isLetter).reversed()).lowercased().hasSuffix("target")
            else {
                rest = manifest[found.upperBound...]
                continue
            }
            var depth = 0
            var index = open
            var inString = false
            while index < manifest.endIndex {
                let c = manifest[index]
                if inString {
                    if c == "\\" { index = manifest.index(after: index) } else if c == "\"" { inString = false }
                } else if c == "\"" {
                    inString = true
                } else if c == "/", manifest[index...].hasPrefix("//") {
                    index = manifest[index...].firstIndex(of: "\n") ?? manifest.endIndex
                    continue
                } else if c == "(" {
                    depth += 1
                } else if c == ")" {
                    depth -= 1
                    if depth == 0 { return manifest[open...index] }
                }
                if index < manifest.endIndex { index = manifest.index(after: index) }
            }
            return manifest[open...]
        }
        return nil
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

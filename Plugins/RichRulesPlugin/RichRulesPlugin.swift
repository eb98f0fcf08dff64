import Foundation
import PackagePlugin

/// Runs `rulegen` on every `.richrules` file of a target, before its Swift is compiled.
///
/// One build command per spec (never a prebuild command): its inputs are the target's
/// specs, every spec they import (found by scanning `import "…"` statements) and `rulegen`
/// itself, and its one output, in the plugin's work folder, is declared up front. So
/// the build system runs it only when one of those changed, and `rulegen` rewrites the
/// file only when its content changes. `<Name>` is the spec's file name in UpperCamelCase;
/// specs of the same name in different folders of the target get their folders' names
/// in front (`Legal/terms.richrules` → `LegalTerms`); the file is `<Name>.richrules.swift`,
/// apart from the app's own files. Diagnostics come out as
/// `path:line:column: error: …` with the spec's absolute path, so SwiftPM and Xcode show
/// them on the spec's line; a spec with errors fails the build.
///
/// Access level: `internal`, or `public` when the target folder holds a file named
/// `richrules-public` (its content is ignored).
@main
struct RichRulesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let specs = module.sourceFiles(withSuffix: "richrules").map(\.url).sorted { $0.path < $1.path }
        guard !specs.isEmpty else { return [] }
        let rulegen = try context.tool(named: "rulegen").url
        let names = try SpecNames.unique(specs, relativeTo: target.directoryURL)
        // An input too, so that SwiftPM counts the marker as used (no "unhandled file").
        let marker = target.directoryURL.appendingPathComponent("richrules-public")
        let isPublic = FileManager.default.fileExists(atPath: marker.path)
        // Every spec of the target and what they import: a build system that does not
        // re-run the plugin when a spec changes still sees a newly added import.
        let inputs = Array(Set(specs + specs.flatMap(SpecImports.closure(of:)))).sorted { $0.path < $1.path }
        return specs.map { spec in
            let name = names[spec]!
            let file = "\(name).richrules.swift"  // apart from the app's own `<Name>.swift`
            return .buildCommand(
                displayName: "Generating \(file) from \(spec.lastPathComponent)",
                executable: rulegen,
                arguments: [
                    spec.path, "-o", context.pluginWorkDirectoryURL.path, "--name", name, "--swift-file", file,
                    "--no-styles-json", "--access", isPublic ? "public" : "internal", "--quiet",
                ],
                inputFiles: inputs + [rulegen] + (isPublic ? [marker] : []),
                outputFiles: [context.pluginWorkDirectoryURL.appendingPathComponent(file)])
        }
    }
}

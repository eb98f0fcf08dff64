import Foundation
import PackagePlugin

/// Runs `rulegen` on every `.richrules` file of a target, before its Swift is compiled.
///
/// One build command per spec (never a prebuild command): its inputs are the spec, every
/// spec it imports (found by scanning `import "…"` statements) and `rulegen` itself, and
/// its one output, `<Name>.swift` in the plugin's work folder, is declared up front. So
/// the build system runs it only when one of those changed, and `rulegen` rewrites the
/// file only when its content changes. `<Name>` is the spec's file name in UpperCamelCase;
/// specs of the same name in different folders of the target get their folders' names
/// in front (`Legal/terms.richrules` → `LegalTerms`). Diagnostics come out as
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
        let names = SpecNames.unique(specs, relativeTo: target.directoryURL)
        // An input too, so that SwiftPM counts the marker as used (no "unhandled file").
        let marker = target.directoryURL.appendingPathComponent("richrules-public")
        let isPublic = FileManager.default.fileExists(atPath: marker.path)
        return specs.map { spec in
            let name = names[spec]!
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(name).swift")
            return .buildCommand(
                displayName: "Generating \(name).swift from \(spec.lastPathComponent)",
                executable: rulegen,
                arguments: [
                    spec.path, "-o", context.pluginWorkDirectoryURL.path, "--name", name, "--no-styles-json",
                    "--access", isPublic ? "public" : "internal", "--quiet",
                ],
                inputFiles: [spec] + SpecImports.closure(of: spec) + [rulegen] + (isPublic ? [marker] : []),
                outputFiles: [output])
        }
    }
}

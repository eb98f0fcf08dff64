import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-rules [--target NAME]…
/// [--access public] [--output FOLDER]`: for teams that commit the generated code. For
/// each target with `.richrules` files, runs `rulegen` and writes `<Name>.swift` into the
/// target's `Generated/` folder (or `--output`, relative to the target), unchanged files
/// left untouched. Use it instead of the build plugin for that target, not with it.
@main
struct GenerateRulesPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let access = extractor.extractOption(named: "access").last ?? "internal"
        let folder = extractor.extractOption(named: "output").last ?? "Generated"
        guard extractor.remainingArguments.isEmpty else {
            throw PluginFailure("generate-rules: unexpected arguments \(extractor.remainingArguments.joined(separator: " "))")
        }
        let targets =
            try (targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames))
            .compactMap { $0 as? SourceModuleTarget }
        let rulegen = try context.tool(named: "rulegen").url
        var generated = 0
        for target in targets {
            let specs = target.sourceFiles(withSuffix: "richrules").map(\.url).sorted { $0.path < $1.path }
            let names = SpecNames.unique(specs, relativeTo: target.directoryURL)
            let output = target.directoryURL.appendingPathComponent(folder)
            for spec in specs {
                let arguments = [spec.path, "-o", output.path, "--name", names[spec]!, "--no-styles-json", "--access", access]
                let status = try ToolRun.run(rulegen, arguments)
                if status != 0 { throw PluginFailure("rulegen exited with status \(status) on \(spec.path)") }
                generated += 1
            }
        }
        if generated == 0 { Diagnostics.remark("generate-rules: no .richrules files in the package's targets") }
    }
}

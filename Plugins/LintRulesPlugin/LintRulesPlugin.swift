import Foundation
import PackagePlugin

/// `swift package lint-rules [--target NAME]… [rulegen lint options]`: runs `rulegen lint`
/// on the package's specs — those of the named targets, or every `.richrules` file under
/// the package folder (hidden folders and `.build` left out). Options are `rulegen lint`'s
/// (`--format`, `--notes`, `--strict`, `-Werror`, `-Wno-<name>`, …); the command fails when the lint does.
@main
struct LintRulesPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let specs = try PackageSpecs.find(in: context.package, targets: targetNames)
        guard !specs.isEmpty else {
            Diagnostics.remark("lint-rules: no .richrules files found")
            return
        }
        let rulegen = try context.tool(named: "rulegen").url
        // Paths relative to the package folder (run from there): what GitHub annotations and
        // SARIF results expect.
        let paths = specs.map { PackagePaths.relative($0, to: context.package) }
        let status = try ToolRun.run(rulegen, ["lint"] + extractor.remainingArguments + paths, in: context.package.directoryURL)
        if status != 0 { throw PluginFailure("rulegen lint exited with status \(status)") }
    }
}

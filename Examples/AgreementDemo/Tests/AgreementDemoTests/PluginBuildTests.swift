import Foundation
import XCTest

/// The build plugin as a user meets it, on a scratch copy of this package (its dependency
/// on RichRules pointed at this checkout): a build with nothing changed compiles nothing
/// and, once SwiftPM has settled its tool, runs no generation step; editing the spec
/// regenerates and rebuilds; a spec error, or an example that does not hold, fails the
/// build with `agreement.richrules:LINE:COL: error: …`; a handler the app does not implement
/// (or one renamed in the spec) fails to compile, the note naming the spec line of its tap;
/// `generate-rules` refuses a target that applies the build plugin and otherwise writes code
/// that builds. One test, so that the dependencies are built once (~1 minute).
final class PluginBuildTests: XCTestCase {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let root = example.deletingLastPathComponent().deletingLastPathComponent()

    struct Build {
        var status: Int32
        var output: String
        var generated: Bool { output.contains("Generating Agreement.richrules.swift from agreement.richrules") }
        var compiledDemo: Bool { output.contains("Compiling AgreementDemo") }
    }

    func build(_ package: URL) throws -> Build { try swift(["build"], package) }

    /// `swift ARGUMENTS… --package-path PACKAGE`, output and error together. Run again once
    /// when SwiftPM itself crashed (its backtrace names the `swift-build` thread: seen once in
    /// CI, a signal in SwiftPM's dispatch loop, not in anything this package builds).
    func swift(_ arguments: [String], _ package: URL) throws -> Build {
        let first = try swiftOnce(arguments, package)
        let toolCrashed = first.output.contains("*** Program crashed") && first.output.contains("Thread 0 \"swift-build\"")
        guard toolCrashed else { return first }
        return try swiftOnce(arguments, package)
    }

    func swiftOnce(_ arguments: [String], _ package: URL) throws -> Build {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments.prefix(1) + ["--package-path", package.path] + arguments.dropFirst()
        // The outer `swift test` sets variables for its own build; the inner build gets a
        // plain environment.
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SWIFTPM") && !$0.key.hasPrefix("XCTest") }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Build(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    func testIncrementalBuildsSpecErrorsAndMissingHandlers() throws {
        if ProcessInfo.processInfo.environment["RICHRULES_SKIP_PLUGIN_BUILDS"] != nil {
            throw XCTSkip("RICHRULES_SKIP_PLUGIN_BUILDS is set")
        }
        let fm = FileManager.default
        let scratch = fm.temporaryDirectory.appendingPathComponent("agreement-demo-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: scratch) }
        try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources", "Tests"] {
            try fm.copyItem(at: Self.example.appendingPathComponent(item), to: scratch.appendingPathComponent(item))
        }
        let manifest = scratch.appendingPathComponent("Package.swift")
        let pointed = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: #"path: "../..""#, with: "path: \(String(reflecting: Self.root.path))")
        try pointed.write(to: manifest, atomically: true, encoding: .utf8)
        let spec = scratch.appendingPathComponent("Sources/AgreementDemo/agreement.richrules")
        let screen = scratch.appendingPathComponent("Sources/AgreementDemo/AgreementScreen.swift")
        let original = try String(contentsOf: spec, encoding: .utf8)

        let first = try build(scratch)
        XCTAssertEqual(first.status, 0, first.output)
        XCTAssertTrue(first.generated, first.output)

        // SwiftPM 6 links a plugin's tool in two build phases with separate build databases
        // (plugin-tools.db, build.db), so the build right after a package's first build
        // relinks `rulegen` once, and SwiftPM makes the tool an input of every command of the
        // plugin: the generator runs then, but rewrites nothing, so nothing is compiled.
        let settle = try build(scratch)
        XCTAssertEqual(settle.status, 0, settle.output)
        XCTAssertFalse(settle.compiledDemo, settle.output)
        // From then on, a build with nothing changed runs no generation step at all.
        for _ in 0..<2 {
            let again = try build(scratch)
            XCTAssertEqual(again.status, 0, again.output)
            XCTAssertFalse(again.generated, "a build with nothing changed ran the generator:\n\(again.output)")
            XCTAssertFalse(again.compiledDemo, again.output)
        }

        // An edit regenerates and rebuilds.
        try original.replacingOccurrences(of: "color: systemRed", with: "color: systemOrange")
            .write(to: spec, atomically: true, encoding: .utf8)
        let edited = try build(scratch)
        XCTAssertEqual(edited.status, 0, edited.output)
        XCTAssertTrue(edited.generated, edited.output)
        XCTAssertTrue(edited.compiledDemo, edited.output)

        // The command plugins: lint-rules with rulegen lint's options.
        let lint = try swift(["package", "lint-rules", "--strict", "--notes", "--format", "github"], scratch)
        XCTAssertEqual(lint.status, 0, lint.output)
        XCTAssertTrue(
            lint.output.contains("::notice file=Sources/AgreementDemo/agreement.richrules,line=30,col=6,title=rulegen [overlap]::"),
            lint.output)
        // generate-rules refuses a target that applies the build plugin (both would declare
        // AgreementRules: SwiftPM's "multiple producers"), before writing anything.
        let committed = scratch.appendingPathComponent("Sources/AgreementDemo/Generated/Agreement.richrules.swift")
        let refused = try swift(["package", "--allow-writing-to-package-directory", "generate-rules"], scratch)
        XCTAssertNotEqual(refused.status, 0, refused.output)
        XCTAssertTrue(
            refused.output.contains(
                "generate-rules: target 'AgreementDemo' applies RichRulesPlugin, which generates its rules at build time; remove the plugin from the target to commit the generated code instead"
            ), refused.output)
        XCTAssertFalse(fm.fileExists(atPath: committed.deletingLastPathComponent().path))
        // Without the build plugin, it writes the target's code: public under `richrules-public`
        // (as the build plugin), naming the spec relative to the package; the package builds
        // on the committed code.
        let withPlugin = try String(contentsOf: manifest, encoding: .utf8)
        let withoutPlugin = withPlugin.replacingOccurrences(
            of: #",\n\s*plugins: \[\.plugin\(name: "RichRulesPlugin", package: "RichRules"\)\]"#, with: "", options: .regularExpression)
        XCTAssertNotEqual(withoutPlugin, withPlugin)
        try withoutPlugin.write(to: manifest, atomically: true, encoding: .utf8)
        let publicMarker = scratch.appendingPathComponent("Sources/AgreementDemo/richrules-public")
        try Data().write(to: publicMarker)
        let generate = try swift(["package", "--allow-writing-to-package-directory", "generate-rules"], scratch)
        XCTAssertEqual(generate.status, 0, generate.output)
        let committedCode = try String(contentsOf: committed, encoding: .utf8)
        XCTAssertTrue(committedCode.contains("public enum AgreementRules"), committedCode)
        XCTAssertTrue(
            committedCode.contains("#sourceLocation(file: \"Sources/AgreementDemo/agreement.richrules\", line: 19)"), committedCode)
        let committedBuild = try build(scratch)
        XCTAssertEqual(committedBuild.status, 0, committedBuild.output)
        let internalAccess = try swift(["package", "--allow-writing-to-package-directory", "generate-rules", "--access", "internal"], scratch)
        XCTAssertEqual(internalAccess.status, 0, internalAccess.output)
        XCTAssertTrue(try String(contentsOf: committed, encoding: .utf8).contains("internal enum AgreementRules"))
        try fm.removeItem(at: publicMarker)
        // A spec that is gone: its committed file goes too.
        try "// Generated by rulegen 0.1.0 from old.richrules.\n".write(
            to: committed.deletingLastPathComponent().appendingPathComponent("Old.richrules.swift"), atomically: true, encoding: .utf8)
        let regenerate = try swift(["package", "--allow-writing-to-package-directory", "generate-rules"], scratch)
        XCTAssertEqual(regenerate.status, 0, regenerate.output)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: committed.deletingLastPathComponent().path), ["Agreement.richrules.swift"])
        try fm.removeItem(at: committed.deletingLastPathComponent())
        try withPlugin.write(to: manifest, atomically: true, encoding: .utf8)

        // An app file named like the spec does not clash with the generated one.
        let appFile = scratch.appendingPathComponent("Sources/AgreementDemo/Agreement.swift")
        try "enum Agreement { static let title = \"Terms\" }\n".write(to: appFile, atomically: true, encoding: .utf8)
        let sameName = try build(scratch)
        XCTAssertEqual(sameName.status, 0, sameName.output)
        try fm.removeItem(at: appFile)

        // Two specs of the same name in different folders: distinct names, both compiled.
        let legal = scratch.appendingPathComponent("Sources/AgreementDemo/Legal")
        try fm.createDirectory(at: legal, withIntermediateDirectories: true)
        try original.write(to: legal.appendingPathComponent("agreement.richrules"), atomically: true, encoding: .utf8)
        try "let legalRules = LegalAgreementRules.Rule.allCases\n".write(
            to: legal.appendingPathComponent("Legal.swift"), atomically: true, encoding: .utf8)
        let twoSpecs = try build(scratch)
        XCTAssertEqual(twoSpecs.status, 0, twoSpecs.output)
        XCTAssertTrue(twoSpecs.output.contains("Generating LegalAgreement.richrules.swift from agreement.richrules"), twoSpecs.output)
        try fm.removeItem(at: legal)

        // `richrules-public` in the target folder: a public API (and no "unhandled file").
        let marker = scratch.appendingPathComponent("Sources/AgreementDemo/richrules-public")
        try Data().write(to: marker)
        let publicBuild = try build(scratch)
        XCTAssertEqual(publicBuild.status, 0, publicBuild.output)
        XCTAssertFalse(publicBuild.output.contains("unhandled"), publicBuild.output)
        let outputs = scratch.appendingPathComponent(".build/plugins/outputs")
        let generatedFile = try XCTUnwrap(
            fm.enumerator(at: outputs, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
                .first { $0.lastPathComponent == "Agreement.richrules.swift" })
        XCTAssertTrue(try String(contentsOf: generatedFile, encoding: .utf8).contains("public enum AgreementRules"))
        try fm.removeItem(at: marker)

        // A spec error fails the build at the spec's line and column.
        try original.replacingOccurrences(of: "tag h2 { style danger", with: "tag h2 { style dangr")
            .write(to: spec, atomically: true, encoding: .utf8)
        let broken = try build(scratch)
        XCTAssertNotEqual(broken.status, 0)
        XCTAssertTrue(broken.output.contains("agreement.richrules:19:18: error: unknown style 'dangr'"), broken.output)
        let lintBroken = try swift(["package", "lint-rules"], scratch)
        XCTAssertNotEqual(lintBroken.status, 0)
        XCTAssertTrue(
            lintBroken.output.contains("Sources/AgreementDemo/agreement.richrules:19:18: error: unknown style 'dangr'"), lintBroken.output)

        // An example that no longer holds fails the build at the example's line, showing
        // what the text gives instead.
        let exampleLine = original.split(separator: "\n", omittingEmptySubsequences: false).count
        try (original + "example \"cc @alice\" { }\n").write(to: spec, atomically: true, encoding: .utf8)
        let failingExample = try build(scratch)
        XCTAssertNotEqual(failingExample.status, 0)
        XCTAssertTrue(
            failingExample.output.contains(
                "agreement.richrules:\(exampleLine):1: error: example does not hold: expected no match, found 'mention \"@alice\"'"),
            failingExample.output)
        XCTAssertTrue(failingExample.output.contains("note: example \"cc @alice\" { mention \"@alice\" }"), failingExample.output)

        // A handler the app does not implement does not compile; the compiler's note names
        // the spec line of the tap that calls it (the requirement's `#sourceLocation`).
        try original.write(to: spec, atomically: true, encoding: .utf8)
        let code = try String(contentsOf: screen, encoding: .utf8)
        let withoutHandler = code.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("func openPrivacy()") }.joined(separator: "\n")
        XCTAssertNotEqual(withoutHandler, code)
        try withoutHandler.write(to: screen, atomically: true, encoding: .utf8)
        let missing = try build(scratch)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(
            missing.output.contains("error: type 'AgreementScreen' does not conform to protocol 'AgreementRules.Handlers'"), missing.output)
        let note = missing.output.split(separator: "\n").first { $0.contains("note: protocol requires function 'openPrivacy()'") }
        XCTAssertEqual(note?.contains("Sources/AgreementDemo/agreement.richrules:19:"), true, missing.output)

        // A handler renamed in the spec: the app's method no longer matches, and the note
        // points at the renamed tap's line.
        try code.write(to: screen, atomically: true, encoding: .utf8)
        try original.replacingOccurrences(of: "tap openPrivacy", with: "tap openPolicy")
            .write(to: spec, atomically: true, encoding: .utf8)
        let renamed = try build(scratch)
        XCTAssertNotEqual(renamed.status, 0)
        let requirement = renamed.output.split(separator: "\n").first { $0.contains("note: protocol requires function 'openPolicy()'") }
        XCTAssertEqual(requirement?.contains("Sources/AgreementDemo/agreement.richrules:19:"), true, renamed.output)
    }
}

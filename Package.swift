// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "RichRules",
    // The label (RichRulesUI) where TextKit 2 and UIKit views exist (iOS, Mac Catalyst, tvOS,
    // visionOS, macOS); on watchOS the core and its attributed strings only.
    platforms: [.macOS(.v13), .iOS(.v16), .macCatalyst(.v16), .tvOS(.v16), .visionOS(.v1), .watchOS(.v9)],
    products: [
        // The runtime an app links (module RuleRuntime), and the Apple views on top of it.
        .library(name: "RichRules", targets: ["RuleRuntime"]),
        .library(name: "RichRulesUI", targets: ["RichRulesUI"]),
        .library(name: "RuleCompiler", targets: ["RuleCompiler"]),
        // The language front end (diagnostics and their renderer), for tools such as Fuzz/.
        .library(name: "RuleSpec", targets: ["RuleSpec"]),
        .executable(name: "rulegen", targets: ["rulegen"]),
        .executable(name: "rulebench", targets: ["rulebench"]),
        .plugin(name: "RichRulesPlugin", targets: ["RichRulesPlugin"]),
        .plugin(name: "LintRulesPlugin", targets: ["LintRulesPlugin"]),
        .plugin(name: "GenerateRulesPlugin", targets: ["GenerateRulesPlugin"]),
    ],
    targets: [
        // The regex vocabulary shared by every layer: syntax, flags, ranges, scalar sets.
        .target(name: "RuleRegex"),
        .target(name: "RuleSpec", dependencies: ["RuleRegex"]),
        // Regex rules as automata: program (NFA), DFA, lazy DFA, search, the build.
        .target(name: "RuleAutomata", dependencies: ["RuleRegex"]),
        .target(name: "RuleRuntime", dependencies: ["RuleRegex", "RuleAutomata"]),
        // The UIKit, AppKit and SwiftUI shells of the label core (compiled on Apple platforms;
        // on Linux, Scripts/typecheck-apple.sh checks them against Tests/AppleStubs), and their
        // common code (Shared: Foundation only, built and tested everywhere).
        .target(name: "RichRulesUI", dependencies: ["RuleRuntime"]),
        // Sema/Data: the IANA TLD list that Scripts/generate-tld-table.py turns into
        // Sema/Detectors+TLDs.swift (Scripts/refresh-tlds.sh refreshes both).
        .target(name: "RuleCompiler", dependencies: ["RuleSpec", "RuleRegex", "RuleAutomata", "RuleRuntime"], exclude: ["Sema/Data"]),
        .executableTarget(name: "rulegen", dependencies: ["RuleCompiler", "RuleSpec", "RuleRuntime"]),
        .executableTarget(name: "rulebench", dependencies: ["RuleRuntime", "RuleAutomata", "RuleCompiler"]),
        // Plugins (their shared code: Plugins/Shared, linked into each plugin folder).
        .plugin(name: "RichRulesPlugin", capability: .buildTool(), dependencies: ["rulegen"]),
        .plugin(
            name: "LintRulesPlugin",
            capability: .command(intent: .custom(verb: "lint-rules", description: "Lint the package's .richrules specs with rulegen lint")),
            dependencies: ["rulegen"]),
        .plugin(
            name: "GenerateRulesPlugin",
            capability: .command(
                intent: .custom(verb: "generate-rules", description: "Write the Swift of each target's .richrules specs into the target"),
                permissions: [.writeToPackageDirectory(reason: "writes <Name>.swift for each spec into the target's Generated/ folder")]),
            dependencies: ["rulegen"]),
        // Test helpers of several test targets (goldens, seeded randomness, the
        // NSRegularExpression reference and the random pattern grammar of the differentials).
        // Resources/ICU: ICU's regex test data with its Unicode License V3 notice.
        .target(
            name: "TestSupport", dependencies: ["RuleRegex", "RuleAutomata"], path: "Tests/TestSupport",
            resources: [.copy("Resources/ICU")]),
        .testTarget(name: "RuleSpecTests", dependencies: ["RuleSpec", "RuleRegex"]),
        // Resources/Detectors: the detector suites (linkify-it's fixtures, MIT; libphonenumber's
        // test strings and twitter-text's URL cases, Apache-2.0; lines of Unicode's IdnaTestV2,
        // Unicode-3.0; RichRules' own cases), each with its notice (README.md there).
        .testTarget(
            name: "RuleCompilerTests", dependencies: ["RuleCompiler", "RuleSpec", "RuleAutomata", "RuleRuntime", "TestSupport"],
            resources: [.copy("Resources/Detectors")]),
        // The regex front end (syntax, flags, scalar sets), against NSRegularExpression.
        .testTarget(name: "RuleRegexTests", dependencies: ["RuleRegex", "TestSupport"]),
        // Programs, the Pike VM, DFAs, lookarounds and search on patterns, against
        // NSRegularExpression (ICU's regex test data: TestSupport's Resources/ICU).
        .testTarget(name: "RuleAutomataTests", dependencies: ["RuleRegex", "RuleAutomata", "TestSupport"]),
        // Specs: the specs of tests that need an engine of their own; Tables: their style
        // tables, which the tests read from the source tree (regenerate with `swift run rulegen
        // Tests/RuleRuntimeTests/Specs/*.richrules -o Tests/RuleRuntimeTests/Tables` and delete
        // the .swift files; GoldenFilesTests checks them).
        .testTarget(
            name: "RuleRuntimeTests", dependencies: ["RuleRuntime", "RuleAutomata", "TestSupport"], exclude: ["Specs", "Tables"]),
        // The shells' common code (Sources/RichRulesUI/Shared, the part of RichRulesUI that
        // builds on Linux) against a fake view.
        .testTarget(name: "RichRulesUITests", dependencies: ["RichRulesUI", "RuleRuntime", "TestSupport"]),
        // LintCases: the `rulegen lint` golden specs and outputs; HTMLGoldens: the
        // `RenderResult.html()` pages of the example specs; ExplainGoldens: `rulegen explain`
        // of sample texts (all read from the source tree).
        .testTarget(
            name: "RulegenTests", dependencies: ["RuleCompiler", "RuleSpec", "RuleRuntime", "TestSupport", "rulegen"],
            exclude: ["LintCases", "HTMLGoldens", "ExplainGoldens", "DiffGoldens", "DumpGoldens"]),
        // Compiles the checked-in generated Swift of every example spec and of Specs/escapes
        // and Specs/taps (regenerate with `swift run rulegen Specs/*.richrules
        // Tests/GeneratedConsumerTests/Specs/*.richrules -o Tests/GeneratedConsumerTests/Generated`).
        .testTarget(
            name: "GeneratedConsumerTests", dependencies: ["RuleCompiler", "RuleRuntime", "TestSupport"],
            exclude: [
                "Specs", "Generated/Agreement.styles.json", "Generated/Social.styles.json", "Generated/Html.styles.json",
                "Generated/Prefix.styles.json", "Generated/Escapes.styles.json", "Generated/Chat.styles.json",
                "Generated/Cms.styles.json", "Generated/Legal.styles.json", "Generated/Taps.styles.json",
                "Generated/Lookaround.styles.json", "Generated/Feed.styles.json", "Generated/Article.styles.json",
                "Generated/Mastodon.styles.json",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

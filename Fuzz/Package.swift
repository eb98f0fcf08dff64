// swift-tools-version: 6.1
import PackageDescription

// A libFuzzer target for the whole pipeline: spec → compile → lint → emit → load table →
// render, plus hostile style tables. A package of its own, so that the root package's
// `swift build` and `swift test` never see an executable without `main`. Build and run
// (README, "Fuzzing"):
//
//     swift build -c release --sanitize=fuzzer
//     SWIFT_BACKTRACE=enable=no .build/release/RichRulesFuzz Corpus -dict=richrules.dict -timeout=10
let package = Package(
    name: "RichRulesFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "RichRules", path: "..")],
    targets: [
        .executableTarget(
            name: "RichRulesFuzz",
            dependencies: [
                .product(name: "RuleCompiler", package: "RichRules"),
                .product(name: "RichRules", package: "RichRules"),
                .product(name: "RuleSpec", package: "RichRules"),
            ])
    ],
    swiftLanguageModes: [.v6]
)

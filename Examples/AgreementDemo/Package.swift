// swift-tools-version: 6.1
import PackageDescription

// An app-side package using RichRules as teams would: the build plugin turns
// Sources/AgreementDemo/agreement.richrules into `AgreementRules` at build time.
let package = Package(
    name: "AgreementDemo",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "RichRules", path: "../..")],
    targets: [
        .target(
            name: "AgreementDemo",
            dependencies: [
                .product(name: "RichRules", package: "RichRules"),
                // The UIKit/SwiftUI label (AgreementLabel.swift, Apple platforms only).
                .product(name: "RichRulesUI", package: "RichRules"),
            ],
            plugins: [.plugin(name: "RichRulesPlugin", package: "RichRules")]),
        .testTarget(name: "AgreementDemoTests", dependencies: ["AgreementDemo"]),
    ],
    swiftLanguageModes: [.v6]
)

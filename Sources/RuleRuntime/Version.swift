/// Versions shared by `rulegen` and the runtime.
package enum RichRulesVersion {
    /// The release of the tool and runtime.
    package static let string = "0.4.0"
}

/// Generated code names this type (`RichRulesVersion.compatibilityTypeName`): code written
/// by a `rulegen` of another release refers to another name, so it fails to compile
/// against this runtime — "cannot find type 'RichRulesRuntime_0_1' in scope" — instead of
/// misreading tables it was not written for. Regenerate with the matching `rulegen`.
/// (So a change of the generated code's contract — the style table's or the automata's
/// encoding, the generated API's use of the runtime — needs a new minor release.)
@_spi(Generated) public enum RichRulesRuntime_0_4: Sendable {}

extension RichRulesVersion {
    /// The name of the runtime type that generated code checks for (release major and minor).
    package static var compatibilityTypeName: String {
        "RichRulesRuntime_" + string.split(separator: ".").prefix(2).joined(separator: "_")
    }
}

import Foundation
@_spi(Testing) import RuleRuntime

/// With `RICHRULES_FUZZ_DIFFERENTIAL=1` in the environment, every render is compared with
/// the reference engine's (NSRegularExpression per rule, under the standard budget; a
/// render that either engine cut short is not compared). The two must agree on every
/// pattern that has an automaton; off by default, since a disagreement is a wrong answer,
/// not a crash or a stall.
enum Differential {
    static let isEnabled = ProcessInfo.processInfo.environment["RICHRULES_FUZZ_DIFFERENTIAL"] == "1"

    static func compare(_ result: RenderResult, table: StyleTable) {
        guard isEnabled, result.interrupted.isEmpty, var reference = try? RuleEngine(reference: table) else { return }
        reference.fallbackBudget = .standard
        let expected = reference.render(result.text)
        guard expected.interrupted.isEmpty else { return }
        require(
            result == expected,
            "compiled ≠ icu on \(debugText(result.text)): display \(debugText(result.display)) vs \(debugText(expected.display)), "
                + "kept \(summary(result.matches)) vs \(summary(expected.matches))")
    }

    static func summary(_ matches: [RuleMatch]) -> String {
        matches.map { "\($0.rule)\($0.range)" }.joined(separator: " ")
    }

    static func debugText(_ text: String) -> String { String(reflecting: text) }
}

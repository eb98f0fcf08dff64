import RuleSpec

/// What `--notes`, `-Werror`, `-Wno-<name>` and `-W<name>` do to the diagnostics (lint and
/// generate). The names are the adjustable kinds of `DiagnosticKind`'s registry.
///
/// Notes (overlaps that priority settles, rules left out of the analysis) are shown only
/// when asked: with `--notes`, or for a kind that `-W<name>` makes a warning. Warnings and
/// errors are always shown.
struct DiagnosticPolicy {
    var showsNotes = false
    var warningsAreErrors = false
    var disabled: Set<String> = []
    var promoted: Set<String> = []

    /// The option lines of `--help`.
    static var help: String {
        let names = DiagnosticKind.adjustable.map(\.name).joined(separator: ", ")
        return """
              --notes                 Show notes too (overlaps that priority settles, rules left out of the
                                      analysis); without it only warnings and errors are shown.
              --strict, -Werror       Report warnings as errors (exit 1 on warnings too).
              -Wno-<name>             Leave out diagnostics of a kind: \(names).
              -W<name>                Report a kind's notes as warnings (-Woverlap: overlaps settled by priority too),
                                      or turn on a check that is off by default (-Wstream-unbounded).
            """
    }

    /// Takes `option` if it is one of the policy's; `false` otherwise.
    mutating func parse(_ option: String, usage: String) throws -> Bool {
        switch option {
        case "--notes": showsNotes = true
        case "--strict", "-Werror": warningsAreErrors = true
        default:
            guard option.hasPrefix("-W") else { return false }
            try apply(option, usage: usage)
        }
        return true
    }

    mutating func apply(_ option: String, usage: String) throws {
        let negated = option.hasPrefix("-Wno-")
        let name = String(option.dropFirst(negated ? 5 : 2))
        guard DiagnosticKind.named(name)?.isAdjustable == true else {
            let names = DiagnosticKind.adjustable.map(\.name).joined(separator: ", ")
            throw UsageError(message: "unknown diagnostic name '\(name)' in '\(option)'; names: \(names)", usage: usage)
        }
        if negated {
            disabled.insert(name)
            promoted.remove(name)
        } else {
            promoted.insert(name)
            disabled.remove(name)
        }
    }

    /// Whether `-W<name>` turned on `kind`, a check that is off by default.
    func asksFor(_ kind: DiagnosticKind) -> Bool { kind.isOptIn && promoted.contains(kind.name) }

    func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { d in
            var d = d
            guard d.severity == .error || !disabled.contains(d.name) else { return nil }
            if d.kind.isOptIn, !promoted.contains(d.name) { return nil }
            if d.severity == .note, promoted.contains(d.name) { d.severity = .warning }
            if d.severity == .note, !showsNotes { return nil }
            if d.severity == .warning, warningsAreErrors { d.severity = .error }
            return d
        }
    }
}

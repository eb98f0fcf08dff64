/// The registry of diagnostic kinds: every diagnostic any phase reports has one of these
/// kinds. A kind has a stable name (shown as `[-W<name>]`, used by `-Wno-<name>` and in
/// JSON, SARIF and GitHub output), a default severity, and a one-line summary
/// (`rulegen help diagnostics` prints the table docs/Lint.md shows). Warnings and notes can
/// be turned off or promoted with `-W` flags; errors cannot.
///
/// A kind is also the factory of its diagnostics: `DiagnosticKind.unknownStyle("…", at:
/// ref)` makes one with the kind's severity.
public struct DiagnosticKind: Sendable, Hashable, CustomStringConvertible {
    /// The phase that reports it, which is also how docs group the kinds.
    public enum Phase: String, Sendable, CaseIterable {
        case read, syntax, semantics, compiler, analysis, examples
    }

    public let name: String
    public let severity: Severity
    public let phase: Phase
    /// What it means, in one line.
    public let summary: String
    /// Reported only when asked for with `-W<name>` (then as a warning): a check for one way
    /// of using the rules (streaming), which `--notes` alone does not show.
    public let isOptIn: Bool

    init(_ name: String, _ severity: Severity, _ phase: Phase, _ summary: String, optIn: Bool = false) {
        self.name = name
        self.severity = severity
        self.phase = phase
        self.summary = summary
        self.isOptIn = optIn
    }

    /// Whether `-W<name>` and `-Wno-<name>` apply (to warnings and notes; an error cannot
    /// be turned off).
    public var isAdjustable: Bool { severity != .error }

    public var description: String { name }

    /// A diagnostic of this kind, with its default severity.
    public func callAsFunction(_ message: String, at ref: SourceRef?, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(self, message, at: ref, notes: notes)
    }

    /// The kind named `name`, if there is one.
    public static func named(_ name: String) -> DiagnosticKind? { all.first { $0.name == name } }

    /// The kinds that `-W` flags act on.
    public static var adjustable: [DiagnosticKind] { all.filter(\.isAdjustable) }
}

extension DiagnosticKind {
    // Reading files.
    public static let io = DiagnosticKind("io", .error, .read, "A spec cannot be read, or is not UTF-8 (at the first bad byte).")
    public static let `import` = DiagnosticKind(
        "import", .error, .read,
        "An import cannot be read, is not a relative path to a .richrules file inside the import root, or nests too deep.")
    public static let importCycle = DiagnosticKind("import-cycle", .error, .read, "Specs import each other in a cycle.")
    public static let tooManyErrors = DiagnosticKind(
        "too-many-errors", .error, .read, "A file has more errors than are shown (the first 50); the rest are not listed.")

    // Syntax.
    public static let syntax = DiagnosticKind(
        "syntax", .error, .syntax, "The text is not the language: unexpected tokens, unclosed blocks, strings or patterns.")

    // Semantic checks.
    public static let version = DiagnosticKind(
        "version", .error, .semantics, "The header names a language version this rulegen does not read.")
    public static let duplicate = DiagnosticKind(
        "duplicate", .error, .semantics, "A name, statement, property, label or tag block is declared twice.")
    public static let unknownStyle = DiagnosticKind("unknown-style", .error, .semantics, "A style name that no `style` declares.")
    public static let unknownProperty = DiagnosticKind(
        "unknown-property", .error, .semantics, "A style property the language does not have.")
    public static let unknownRule = DiagnosticKind(
        "unknown-rule", .error, .semantics, "`allow overlap` or an example names no rule (or `allow overlap` the rule itself).")
    public static let unknownHandler = DiagnosticKind(
        "unknown-handler", .error, .semantics, "An example's `tap` names a handler that no rule taps.")
    public static let unknownCapture = DiagnosticKind(
        "unknown-capture", .error, .semantics, "A template refers to a capture group or name the rule does not have.")
    public static let invalidValue = DiagnosticKind(
        "invalid-value", .error, .semantics,
        "A value out of range or of the wrong kind: priority, size, font, color or its dark variant, line style, alignment, paragraph property, detector, prefix."
    )
    public static let invalidName = DiagnosticKind(
        "invalid-name", .error, .semantics,
        "A tag family, element or attribute name the language does not accept, or a field a `where` test cannot read.")
    public static let invalidPattern = DiagnosticKind(
        "invalid-pattern", .error, .semantics, "A pattern ICU rejects (at its column), or an unknown pattern flag.")
    public static let emptyMatch = DiagnosticKind("empty-match", .error, .semantics, "A pattern that can match the empty string.")
    public static let missingMatch = DiagnosticKind("missing-match", .error, .semantics, "A rule without a `match` statement.")
    public static let styleCycle = DiagnosticKind("style-cycle", .error, .semantics, "Styles that inherit from each other in a cycle.")
    public static let handlerLabels = DiagnosticKind(
        "handler-labels", .error, .semantics, "A handler called with different argument labels in different places.")
    public static let conflictingContent = DiagnosticKind(
        "conflicting-content", .error, .semantics,
        "A rule or tag that shows more than one of `replace`, `image` and `widget` (an image or widget may stand beside a replacement with `position before` or `after`)."
    )
    public static let tappableArguments = DiagnosticKind(
        "tappable-arguments", .warning, .semantics,
        "A tag family or element with a tap says `in arguments`: an argument of a template (user text) can then write markup that creates taps."
    )
    public static let markupInArguments = DiagnosticKind(
        "markup-in-arguments", .note, .semantics,
        "`in arguments` on a rule that matches markup (a tag family, element or entity), which user text does not hold: an argument's own tags or entities would become markup."
    )
    public static let hiddenContent = DiagnosticKind(
        "hidden-content", .warning, .semantics,
        "An element of an HTML spec that `hide` hides also states a tap, a replacement, an image, a widget or text before or after it: nothing of a hidden element shows, so they never apply."
    )

    // The regex compiler.
    public static let fallback = DiagnosticKind(
        "fallback", .warning, .compiler,
        "The pattern uses a construct no automaton expresses (backreference, `\\G`, …): the rule runs on NSRegularExpression.")
    public static let lazyDFA = DiagnosticKind(
        "lazy-dfa", .note, .compiler,
        "The rule's DFA would exceed a budget built ahead of time (states, transitions or construction work), or the rule has a "
            + "lookaround longer than one code point, `\\X` or a `(?w)` word boundary: its DFA is built while it matches (a lazy "
            + "DFA in a cache of bounded memory), in linear time.")
    public static let stateBudget = DiagnosticKind(
        "state-budget", .warning, .compiler,
        "The rule can have no DFA, not even one built while it matches (more kinds of word boundary or lookarounds than a state "
            + "can carry, or too many character classes): it runs on its NFA, in linear time but slower.")

    public static let streamUnbounded = DiagnosticKind(
        "stream-unbounded", .note, .compiler,
        "A rule that keeps a `RichStream` from reading a bounded window: a match that can run over line breaks without a "
            + "bound (`[^*]*`, `(?s).*`) makes appends re-read from where the match starts until it ends, a lookahead that "
            + "can read over any text without one (`(?=[\\s\\S]*x)`) from the last safe point; a tag rule or a rule on "
            + "NSRegularExpression makes every append render the whole text. Off unless asked for (`-Wstream-unbounded`).",
        optIn: true)

    // The conflict analysis.
    public static let overlap = DiagnosticKind(
        "overlap", .note, .analysis,
        "Matches of two rules can share text without one nesting in the other's content (example text and the rule kept there); a warning when their priorities are equal (but for two tag containers), a note when priority settles it."
    )
    public static let shadowed = DiagnosticKind(
        "shadowed", .warning, .analysis,
        "The rule can never be kept: a higher-priority regex rule that nothing can discard, not a copy of it (`never-kept`), matches wherever this rule's match starts."
    )
    public static let neverKept = DiagnosticKind(
        "never-kept", .warning, .analysis,
        "The rule can never be kept: a higher-priority rule that nothing can discard is a copy of it (the same pattern, detector or prefix), or is a regex rule that matches on some character of each of its matches (`\\w+` over `@\\w+`); `shadowed` when that character is always the first."
    )
    public static let neverMatches = DiagnosticKind("never-matches", .warning, .analysis, "No text holds a match of the rule.")
    public static let unneededAllow = DiagnosticKind(
        "unneeded-allow", .warning, .analysis, "`allow overlap` names a rule that can never overlap this one (other than by nesting).")
    public static let notAnalyzable = DiagnosticKind(
        "not-analyzable", .note, .analysis,
        "The rule has no automaton, so its conflicts are not checked; or the analysis ran out of its time budget (lint 30 s, generate 10 s) before checking every pair; or whether the rule is ever kept is not decided (a search over its budget)."
    )

    // Spec examples.
    public static let example = DiagnosticKind(
        "example", .error, .examples,
        "An `example` does not hold: its text's kept matches on the compiled engine are not the ones it states (a note shows what the text gives, as an example)."
    )

    /// Every kind, by phase.
    public static let all: [DiagnosticKind] = [
        .io, .import, .importCycle, .tooManyErrors, .syntax, .version, .duplicate, .unknownStyle, .unknownProperty, .unknownRule,
        .unknownHandler, .unknownCapture, .invalidValue, .invalidName, .invalidPattern, .emptyMatch, .missingMatch, .styleCycle,
        .handlerLabels, .conflictingContent, .tappableArguments, .markupInArguments, .hiddenContent, .fallback, .lazyDFA, .stateBudget,
        .streamUnbounded, .overlap,
        .shadowed, .neverKept, .neverMatches, .unneededAllow, .notAnalyzable, .example,
    ]

    /// The registry as a Markdown table (docs/Lint.md holds this very text).
    public static var markdownTable: String {
        var lines = ["| name | default | phase | meaning |", "|---|---|---|---|"]
        for kind in all {
            let severity = kind.isOptIn ? "off" : kind.severity.rawValue
            lines.append("| `\(kind.name)` | \(severity) | \(kind.phase.rawValue) | \(kind.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

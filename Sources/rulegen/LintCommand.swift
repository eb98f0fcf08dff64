import Foundation
import RuleCompiler
@_spi(Generated) import RuleRuntime
import RuleSpec

/// `rulegen lint SPEC… [--format text|json|sarif|github] [--strict] [-Werror] [-Wno-<name>] [-W<name>]`.
enum LintCommand {
    static let usage =
        "rulegen lint <spec> ... [--format text|json|sarif|github] [--notes] [--strict] [-Werror] [-Wno-<name>] [-W<name>] [--import-root <dir>] [--expand-detectors]"
    static let help = """
        OVERVIEW: Check specs and print their diagnostics.

        Syntax and semantic errors: unknown names, invalid patterns (with the column inside the
        pattern), rules that can match the empty string, capture references that do not exist,
        handlers called with different argument labels, import cycles. Conflicts between rules
        (docs/Lint.md): overlaps with an example text and the rule kept there, rules that are
        never kept (shadowed, or never-kept: a copy, or \\w+ above @\\w+), rules that can never
        match, `allow overlap` statements that are not needed, rules left out of the analysis.

        USAGE: \(usage)

        ARGUMENTS:
          <spec>                  .richrules files to check.

        OPTIONS:
          --format <format>       text (default), json (an array of diagnostic objects), sarif
                                  (SARIF 2.1.0, for code scanning) or github (workflow commands).
        \(DiagnosticPolicy.help)
          --import-root <dir>     The folder imports must stay in (default: the spec's package).
          --expand-detectors      After the diagnostics (text format), print the ICU pattern
                                  each `match detector(…)` rule compiles (docs/Language.md,
                                  "Detectors").
          -h, --help              Show help information.

        Ends with a summary line on standard error: `N specs, N errors, N warnings`.

        EXIT STATUS: 0 clean (or only notes and warnings), 1 errors (or warnings with --strict or
        -Werror), 2 usage errors, 3 unreadable files.

        """

    static func run(_ args: [String], console: Console, directory: WorkingDirectory) throws -> ExitStatus {
        var scanner = ArgumentScanner(args, usage: usage)
        var format = "text"
        var policy = DiagnosticPolicy()
        var importRoot: String?
        var expandsDetectors = false
        try scanner.scan { option, value in
            switch option {
            case "--import-root": importRoot = try value()
            case "--expand-detectors": expandsDetectors = true
            case "--format":
                format = try ArgumentScanner.choice(try value(), of: ["text", "json", "sarif", "github"], for: "--format", usage: usage)
            default: return try policy.parse(option, usage: usage)
            }
            return true
        }
        if scanner.helpRequested {
            console.out(Self.help)
            return .success
        }
        guard !scanner.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<spec> ...'", usage: usage) }
        var all: [Diagnostic] = []
        var expansions = ""
        for path in scanner.positionals {
            try Specs.requireReadable(path, directory: directory)
            let output = Compiler.compile(
                path: path, importRoot: importRoot, workingDirectory: directory.path, streaming: policy.asksFor(.streamUnbounded))
            all += output.diagnostics
            for rule in output.table?.rules ?? [] {
                guard case .regex(let pattern, let flags, let detector?) = rule.matcher else { continue }
                let letters = flags.contains(.caseInsensitive) ? "i" : ""
                expansions +=
                    "\(path): rule '\(rule.name)' matches detector(\(detector)), \(pattern.count) characters:\n/\(pattern)/\(letters)\n"
            }
        }
        all = policy.apply(to: all)
        switch format {
        case "json": console.out(DiagnosticJSON.render(all) + "\n")
        case "sarif": console.out(SARIFReport.render(all) + "\n")
        case "github": console.out(GitHubAnnotations.render(all))
        default:
            console.out(DiagnosticRenderer.render(all, showsWarningFlag: true))
            if expandsDetectors { console.out(expansions) }
        }
        console.err(summary(specs: scanner.positionals.count, all) + "\n")
        return all.contains { $0.severity == .error } ? .inputErrors : .success
    }

    /// The last line, on standard error whatever the format (standard output stays the
    /// format's own): `2 specs, 0 errors, 1 warning` (notes are not counted: `--notes`
    /// shows them).
    static func summary(specs: Int, _ diagnostics: [Diagnostic]) -> String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        return [counted(specs, "spec"), counted(errors, "error"), counted(warnings, "warning")].joined(separator: ", ")
    }
}

/// The JSON form of diagnostics (`docs/Lint.md`).
enum DiagnosticJSON {
    static func render(_ diagnostics: [Diagnostic]) -> String {
        JSONText.encode(diagnostics.map(object), pretty: true)
    }

    static func object(_ d: Diagnostic) -> [String: Any] {
        [
            "severity": d.severity.rawValue, "name": d.name, "message": d.message,
            "file": d.path ?? NSNull(), "line": d.location?.line ?? NSNull(), "column": d.location?.column ?? NSNull(),
            "rules": d.rules, "witness": d.witness ?? NSNull(), "winner": d.winner ?? NSNull(),
            "notes": d.notes.map { note -> [String: Any] in
                [
                    "message": note.message, "file": note.ref?.file.path ?? NSNull(),
                    "line": note.ref?.location.line ?? NSNull(), "column": note.ref?.location.column ?? NSNull(),
                ]
            },
        ]
    }
}

/// SARIF 2.1.0 (one run, one result per diagnostic, notes as related locations), for
/// code-scanning upload.
enum SARIFReport {
    static func render(_ diagnostics: [Diagnostic]) -> String {
        let kinds = Array(Set(diagnostics.map(\.name))).sorted()
        let results: [[String: Any]] = diagnostics.map { d in
            var result: [String: Any] = [
                "ruleId": d.name, "level": d.severity.rawValue, "message": ["text": d.message],
                "locations": location(d.path, d.location).map { [$0] } ?? [],
            ]
            let related = d.notes.enumerated().compactMap { index, note -> [String: Any]? in
                guard var place = location(note.ref?.file.path, note.ref?.location) else { return nil }
                place["id"] = index
                place["message"] = ["text": note.message]
                return place
            }
            if !related.isEmpty { result["relatedLocations"] = related }
            if !d.rules.isEmpty {
                let properties: [String: Any] = ["rules": d.rules, "witness": d.witness ?? NSNull(), "winner": d.winner ?? NSNull()]
                result["properties"] = properties
            }
            return result
        }
        let run: [String: Any] = [
            "tool": [
                "driver": [
                    "name": "rulegen", "version": RichRulesVersion.string, "informationUri": "https://github.com/richrules/richrules",
                    "rules": kinds.map { ["id": $0, "name": $0, "shortDescription": ["text": DiagnosticKind.named($0)?.summary ?? $0]] },
                ]
            ],
            "results": results,
        ]
        return JSONText.encode(
            ["$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [run]] as [String: Any], pretty: true)
    }

    private static func location(_ path: String?, _ location: SourceLocation?) -> [String: Any]? {
        guard let path else { return nil }
        var physical: [String: Any] = ["artifactLocation": ["uri": path]]
        if let location { physical["region"] = ["startLine": location.line, "startColumn": location.column] }
        return ["physicalLocation": physical]
    }
}

/// GitHub Actions workflow commands (`::warning file=…,line=…,col=…::message`): the run's
/// log and the pull request's diff show them on the spec's line.
enum GitHubAnnotations {
    static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { d in
            let command = d.severity == .note ? "notice" : d.severity.rawValue
            var properties: [String] = []
            if let path = d.path { properties.append("file=" + escape(DiagnosticRenderer.escaped(path), property: true)) }
            if let location = d.location {
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            properties.append("title=" + escape("rulegen [\(d.name)]", property: true))
            // Control characters from a spec never reach the log raw; lines are joined below.
            var message = DiagnosticRenderer.escaped(d.message)
            for note in d.notes {
                let place = note.ref.map { "\($0.file.path):\($0.location.line):\($0.location.column): " } ?? ""
                message += "\n" + DiagnosticRenderer.escaped(place + note.message)
            }
            return "::\(command) \(properties.joined(separator: ","))::\(escape(message, property: false))\n"
        }.joined()
    }

    /// The workflow-command escapes: `%`, CR and LF everywhere, `:` and `,` in properties.
    static func escape(_ text: String, property: Bool) -> String {
        var out = text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
        if property { out = out.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
        return out
    }
}

/// Deterministic JSON text from Foundation objects.
enum JSONText {
    static func encode(_ object: Any, pretty: Bool) -> String {
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        if pretty { options.insert(.prettyPrinted) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}

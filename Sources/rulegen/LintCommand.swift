import Foundation
import RuleCompiler
import RuleSpec

/// `rulegen lint SPEC… [--format text|json] [--strict]`.
enum LintCommand {
    static let usage = "rulegen lint <spec> ... [--format text|json] [--strict]"
    static let help = """
        OVERVIEW: Check specs and print their diagnostics.

        Syntax and semantic errors: unknown names, invalid patterns (with the column inside the
        pattern), rules that can match the empty string, capture references that do not exist,
        handlers called with different argument labels, import cycles.

        USAGE: \(usage)

        ARGUMENTS:
          <spec>                  .richrules files to check.

        OPTIONS:
          --format <format>       text (default) or json (an array of diagnostic objects).
          --strict                Exit 1 on warnings too.
          -h, --help              Show help information.

        EXIT STATUS: 0 clean (or only notes and warnings), 1 errors (or warnings with --strict),
        2 usage errors, 3 unreadable files.

        """

    static func run(_ args: [String], console: Console) throws -> ExitStatus {
        var scanner = ArgumentScanner(args, usage: usage)
        var format = "text"
        var strict = false
        try scanner.scan { option, value in
            switch option {
            case "--format": format = try ArgumentScanner.choice(try value(), of: ["text", "json"], for: "--format", usage: usage)
            case "--strict": strict = true
            default: return false
            }
            return true
        }
        if scanner.helpRequested {
            console.out(Self.help)
            return .success
        }
        guard !scanner.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<spec> ...'", usage: usage) }
        var all: [Diagnostic] = []
        for path in scanner.positionals {
            try Specs.requireReadable(path)
            all += Compiler.compile(path: path).diagnostics
        }
        if format == "json" {
            console.out(DiagnosticJSON.render(all) + "\n")
        } else {
            console.out(DiagnosticRenderer.render(all, showsWarningFlag: true))
        }
        let errors = all.contains { $0.severity == .error }
        let warnings = all.contains { $0.severity == .warning }
        return errors || (strict && warnings) ? .inputErrors : .success
    }
}

/// The JSON form of diagnostics (`docs/Lint.md`).
enum DiagnosticJSON {
    static func render(_ diagnostics: [Diagnostic]) -> String {
        let objects: [[String: Any]] = diagnostics.map { d in
            var object: [String: Any] = [
                "severity": d.severity.rawValue, "name": d.name, "message": d.message,
                "file": d.path ?? NSNull(), "line": d.location?.line ?? NSNull(), "column": d.location?.column ?? NSNull(),
                "rules": [String](), "witness": NSNull(), "winner": NSNull(),
            ]
            object["notes"] = d.notes.map { note -> [String: Any] in
                [
                    "message": note.message, "file": note.ref?.file.path ?? NSNull(),
                    "line": note.ref?.location.line ?? NSNull(), "column": note.ref?.location.column ?? NSNull(),
                ]
            }
            return object
        }
        return JSONText.encode(objects, pretty: true)
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

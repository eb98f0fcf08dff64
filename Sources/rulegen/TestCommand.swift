import RuleCompiler
import RuleRuntime
import RuleSpec

/// `rulegen test SPEC… [--import-root DIR]`: runs the specs' examples only (no conflict
/// analysis) and ends with `N passed, M failed`.
enum TestCommand {
    static let usage = "rulegen test <spec> ... [--import-root <dir>]"
    static let help = """
        OVERVIEW: Run the specs' examples (`example "text" { rule "match" … }`) on the compiled engine.

        Each example's text runs on the automata rulegen generates; an example whose kept matches
        are not the ones it states is an error at its line, with a note showing what the text
        gives, as an example to paste. The conflict analysis does not run (see 'rulegen lint').
        The last line is 'N passed, M failed', counting the examples of all specs.

        USAGE: \(usage)

        ARGUMENTS:
          <spec>                  .richrules files whose examples run.

        OPTIONS:
          --import-root <dir>     The folder imports must stay in (default: the spec's package).
          -h, --help              Show help information.

        EXIT STATUS: 0 every example holds, 1 an example fails or a spec has errors (its examples
        do not run), 2 usage errors, 3 unreadable files.

        """

    static func run(_ args: [String], console: Console) throws -> ExitStatus {
        var scanner = ArgumentScanner(args, usage: usage)
        var importRoot: String?
        try scanner.scan { option, value in
            switch option {
            case "--import-root": importRoot = try value()
            default: return false
            }
            return true
        }
        if scanner.helpRequested {
            console.out(Self.help)
            return .success
        }
        guard !scanner.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<spec> ...'", usage: usage) }
        for path in scanner.positionals { try Specs.requireReadable(path) }
        var total = SpecExamples.Summary()
        var hasErrors = false
        for path in scanner.positionals {
            let output = Compiler.compile(path: path, analyze: false, importRoot: importRoot, examples: true)
            let diagnostics = DiagnosticPolicy().apply(to: output.diagnostics)
            console.out(DiagnosticRenderer.render(diagnostics, showsWarningFlag: true))
            if diagnostics.contains(where: { $0.severity == .error }) { hasErrors = true }
            total.passed += output.examples?.passed ?? 0
            total.failed += output.examples?.failed ?? 0
        }
        console.out("\(total.passed) passed, \(total.failed) failed\n")
        return hasErrors || total.failed > 0 ? .inputErrors : .success
    }
}

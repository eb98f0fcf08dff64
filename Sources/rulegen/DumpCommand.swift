import Foundation
import RuleCompiler
import RuleRuntime
import RuleSpec

/// `rulegen dump --ast|--ir|--program|--dfa SPEC [--rule NAME]`: print one intermediate
/// representation of a spec (`SpecDump`), as re2c's `--dump-*` options and rust-lang
/// regex's debug printers do.
enum DumpCommand {
    static let usage = "rulegen dump --ast|--ir|--program|--dfa <spec> [--rule <name>] [--import-root <dir>]"
    static let help = """
        OVERVIEW: Print an intermediate representation of a spec, as the compiler builds it.

        One representation per run, for every rule or the one named by --rule, on standard
        output. The output is deterministic (the same spec prints the same text) and meant for
        reading and for golden tests; its format may change between versions.

        USAGE: \(usage)

        ARGUMENTS:
          <spec>                  The .richrules file.

        REPRESENTATIONS (exactly one):
          --ast                   The parsed spec: its statements and each rule's items with
                                  their line:column, and each regex rule's pattern tree.
          --ir                    Each regex rule's regex IR: code point sets, sequences,
                                  alternatives, loops and assertions, as lowered with ICU's
                                  semantics.
          --program               Each regex rule's NFA program: numbered instructions (consume,
                                  split, save, assert, match) and its set table.
          --dfa                   Each regex rule's DFA built ahead of time: input classes,
                                  start states, and each state's transitions (state 0 is dead);
                                  or why it has none (a lazy DFA, built while it matches).

        OPTIONS:
          --rule <name>           Only this rule or tag family.
          --import-root <dir>     The folder imports must stay in (default: the spec's package).
          -h, --help              Show help information.

        EXIT STATUS: 0 printed, 1 the spec has errors (printed as diagnostics), 2 usage
        errors, 3 unreadable files.

        """

    static func run(_ args: [String], console: Console) throws -> ExitStatus {
        var scanner = ArgumentScanner(args, usage: usage)
        var kinds: [SpecDump.Kind] = []
        var rule: String?
        var importRoot: String?
        try scanner.scan { option, value in
            switch option {
            case "--ast": kinds.append(.ast)
            case "--ir": kinds.append(.ir)
            case "--program": kinds.append(.program)
            case "--dfa": kinds.append(.dfa)
            case "--rule": rule = try value()
            case "--import-root": importRoot = try value()
            default: return false
            }
            return true
        }
        if scanner.helpRequested {
            console.out(Self.help)
            return .success
        }
        guard kinds.count == 1, let kind = kinds.first else {
            throw UsageError(
                message: kinds.isEmpty
                    ? "missing one of '--ast', '--ir', '--program', '--dfa'"
                    : "choose one of '--ast', '--ir', '--program', '--dfa', not \(kinds.count)",
                usage: usage)
        }
        guard scanner.positionals.count == 1 else {
            throw UsageError(
                message: scanner.positionals.isEmpty
                    ? "missing expected argument '<spec>'" : "dump takes one spec, found \(scanner.positionals.count)",
                usage: usage)
        }
        let path = scanner.positionals[0]
        try Specs.requireReadable(path)
        let (dump, diagnostics) = SpecDump.load(path: path, importRoot: importRoot)
        guard let dump else {
            console.err(DiagnosticRenderer.render(diagnostics, showsWarningFlag: true))
            return .inputErrors
        }
        if let rule, !dump.ruleNames.contains(rule) {
            throw UsageError(
                message: "'\(DiagnosticRenderer.escaped(path))' has no rule named '\(DiagnosticRenderer.escaped(rule))'"
                    + Spelling.hint(rule, dump.ruleNames),
                usage: usage)
        }
        console.out(dump.render(kind, rule: rule))
        return .success
    }
}

import Foundation
import RuleRuntime
import RuleSpec

/// Exit codes (the brief's contract).
enum ExitStatus: Int32 {
    case success = 0
    /// Diagnostics or errors in the input.
    case inputErrors = 1
    case usage = 2
    case io = 3
}

/// A usage error: printed as `Error: …` then the command's usage line.
struct UsageError: Error {
    var message: String
    var usage: String
}

/// An I/O failure (exit 3).
struct IOError: Error {
    var message: String
}

/// Output streams, injectable for tests.
struct Console {
    var out: (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
    var err: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    /// UTF-8 bytes to standard output (`explain --texts` writes its JSON lines as built,
    /// without making a string of them first).
    var outBytes: ([UInt8]) -> Void = { FileHandle.standardOutput.write(Data($0)) }
}

enum CommandLineTool {
    static let overview = """
        OVERVIEW: Compile .richrules specs into a style table and Swift, check them, explain matches, and preview them.

        USAGE: rulegen <spec> ... -o <dir> [--access internal|public] [--name <Name>] [--swift-file <file>] [--no-styles-json] [--quiet]
               rulegen <subcommand>

        ARGUMENTS:
          <spec>                  .richrules files to compile.

        OPTIONS:
          -o, --output <dir>      Folder for <Name>.swift and <Name>.styles.json (created if missing).
          --access <level>        Access level of the generated API: internal (default) or public.
          --name <Name>           With one spec: the generated name instead of the file name's.
          --swift-file <file>     With one spec: the Swift file's name instead of <Name>.swift.
          --no-styles-json        Write only <Name>.swift (it embeds the style table).
          --quiet                 Print diagnostics only (no "wrote …" lines).
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          generate (default)      Write <Name>.swift and <Name>.styles.json for each spec.
          lint                    Check specs and print diagnostics.
          explain                 Run a spec's (or a style table's) rules on a text and show what matched and why.
          test                    Run the specs' examples and print 'N passed, M failed'.
          preview                 Write an HTML page showing a spec's diagnostics and sample texts rendered.
          dump                    Print a spec's AST, regex IR, NFA programs or DFAs (--ast|--ir|--program|--dfa).

          See 'rulegen help <subcommand>' or 'rulegen <subcommand> --help' for detailed help, and
          'rulegen help diagnostics' for every diagnostic kind.

        """

    static func run(_ arguments: [String], console: Console = Console()) -> ExitStatus {
        do {
            var args = arguments
            let command = args.first
            switch command {
            case "--version", "-V":
                console.out("rulegen \(RichRulesVersion.string)\n")
                return .success
            case nil, "-h", "--help":
                console.out(overview)
                return command == nil ? .usage : .success
            case "help":
                switch args.dropFirst().first {
                case "lint": console.out(LintCommand.help)
                case "explain": console.out(ExplainCommand.help)
                case "preview": console.out(PreviewCommand.help)
                case "test": console.out(TestCommand.help)
                case "generate": console.out(GenerateCommand.help)
                case "dump": console.out(DumpCommand.help)
                case "diagnostics": console.out(DiagnosticKind.markdownTable)
                case nil: console.out(overview)
                case let other?:
                    throw UsageError(
                        message: "unknown subcommand '\(other)'",
                        usage: "rulegen help [generate|lint|explain|preview|test|dump|diagnostics]")
                }
                return .success
            case "lint":
                args.removeFirst()
                return try LintCommand.run(args, console: console)
            case "explain":
                args.removeFirst()
                return try ExplainCommand.run(args, console: console)
            case "preview":
                args.removeFirst()
                return try PreviewCommand.run(args, console: console)
            case "test":
                args.removeFirst()
                return try TestCommand.run(args, console: console)
            case "dump":
                args.removeFirst()
                return try DumpCommand.run(args, console: console)
            case "generate":
                args.removeFirst()
                return try GenerateCommand.run(args, console: console)
            default:
                return try GenerateCommand.run(args, console: console)
            }
        } catch let error as UsageError {
            console.err("Error: \(error.message)\nUsage: \(error.usage)\n  See 'rulegen --help' for more information.\n")
            return .usage
        } catch let error as IOError {
            console.err("error: \(DiagnosticRenderer.escaped(error.message))\n")
            return .io
        } catch {
            console.err("error: \(error)\n")
            return .io
        }
    }
}

/// A small argument scanner: flags, options with values (`--x v` or `--x=v`), positionals.
struct ArgumentScanner {
    /// The one spec of `explain` and `preview`, and their text: exactly one of `--text`
    /// and `--texts`.
    func specAndText(of command: String, text: String?, textsFile: String?) throws -> String {
        guard positionals.count == 1 else {
            throw UsageError(
                message: positionals.isEmpty
                    ? "missing expected argument '<spec>'" : "\(command) takes one spec, found \(positionals.count)",
                usage: usage)
        }
        try requireText(text, textsFile: textsFile)
        return positionals[0]
    }

    /// Exactly one of `--text` and `--texts`.
    func requireText(_ text: String?, textsFile: String?) throws {
        guard (text == nil) != (textsFile == nil) else {
            throw UsageError(
                message: text == nil ? "missing '--text <text>' or '--texts <file>'" : "use either '--text' or '--texts', not both",
                usage: usage)
        }
    }

    var remaining: [String]
    let usage: String
    var positionals: [String] = []
    /// `-h` or `--help` was given.
    var helpRequested = false

    init(_ args: [String], usage: String) {
        self.remaining = args
        self.usage = usage
    }

    func usageError(_ message: String) -> UsageError { UsageError(message: message, usage: usage) }

    /// Calls `handle` for every option; positionals are collected. `handle` returns false
    /// for unknown options.
    mutating func scan(_ handle: (_ option: String, _ value: () throws -> String) throws -> Bool) throws {
        var afterDashes = false
        while !remaining.isEmpty {
            let arg = remaining.removeFirst()
            if afterDashes || !arg.hasPrefix("-") || arg == "-" {
                positionals.append(arg)
                continue
            }
            if arg == "--" {
                afterDashes = true
                continue
            }
            if arg == "-h" || arg == "--help" {
                helpRequested = true
                continue
            }
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            let value: () throws -> String = {
                if let inline { return inline }
                guard !self.remaining.isEmpty else { throw self.usageError("missing value for '\(name)'") }
                return self.remaining.removeFirst()
            }
            guard try handle(name, value) else { throw usageError("unknown option '\(name)'") }
        }
    }

    static func choice(_ value: String, of options: [String], for option: String, usage: String) throws -> String {
        guard options.contains(value) else {
            throw UsageError(
                message: "the value '\(value)' is invalid for '\(option)'; use \(options.map { "'\($0)'" }.joined(separator: " or "))",
                usage: usage)
        }
        return value
    }
}

import Foundation
import RuleCompiler
import RuleRuntime
import RuleSpec

/// `rulegen SPEC… -o DIR`: compile every spec; if none has errors, write
/// `<Name>.swift` and `<Name>.styles.json`, all or none (`OutputWriter`), leaving unchanged
/// files untouched.
enum GenerateCommand {
    static let usage =
        "rulegen [generate] <spec> ... -o <dir> [--access internal|public] [--name <Name>] [--swift-file <file>] [--no-styles-json] [--quiet] [--import-root <dir>] [--notes] [--strict] [-Wno-<name>] [-W<name>]"
    static let help = """
        OVERVIEW: Write <Name>.swift and <Name>.styles.json for each spec.

        Nothing is written when any spec has errors, or when any file cannot be written (all
        files are written to temporary files first, then renamed). Files whose content is
        unchanged are left untouched (their modification time too), so builds stay
        incremental. An output that would replace a spec or an import is refused.

        USAGE: \(usage)

        ARGUMENTS:
          <spec>                  .richrules files to compile.

        OPTIONS:
          -o, --output <dir>      Folder for the generated files (created if missing).
          --access <level>        Access level of the generated API: internal (default) or public.
          --name <Name>           With one spec: the name to use instead of the spec's file name in
                                  UpperCamelCase (the type is <Name>Rules, the files <Name>.swift…).
          --swift-file <file>     With one spec: the Swift file's name instead of <Name>.swift (the
                                  build plugin writes <Name>.richrules.swift, apart from app files).
          --no-styles-json        Write only <Name>.swift (it embeds the style table).
          --quiet                 Print diagnostics only (no "wrote …" lines).
          --import-root <dir>     The folder imports must stay in (default: the spec's package, the
                                  nearest folder above it with a Package.swift, else its own folder).
        \(DiagnosticPolicy.help)
          -h, --help              Show help information.

        """

    /// A build runs generate for every changed spec: its conflict analysis stops sooner
    /// than lint's (the note then says how many pairs were left; lint checks them).
    static let analysisBudget = Compiler.analysisBudget / 3

    static func run(_ args: [String], console: Console, directory: WorkingDirectory) throws -> ExitStatus {
        var scanner = ArgumentScanner(args, usage: usage)
        var output: String?
        var access = "internal"
        var name: String?
        var writesJSON = true
        var quiet = false
        var swiftFile: String?
        var importRoot: String?
        var policy = DiagnosticPolicy()
        try scanner.scan { option, value in
            switch option {
            case "-o", "--output": output = try value()
            case "--import-root": importRoot = try value()
            case "--name": name = try value()
            case "--swift-file": swiftFile = try value()
            case "--no-styles-json": writesJSON = false
            case "--quiet": quiet = true
            case "--access":
                access = try ArgumentScanner.choice(try value(), of: ["internal", "public"], for: "--access", usage: usage)
            default: return try policy.parse(option, usage: usage)
            }
            return true
        }
        if scanner.helpRequested {
            console.out(Self.help)
            return .success
        }
        guard !scanner.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<spec> ...'", usage: usage) }
        guard var output else { throw UsageError(message: "missing expected option '-o <dir>'", usage: usage) }
        while output.count > 1, output.hasSuffix("/") { output.removeLast() }
        if let swiftFile {
            guard scanner.positionals.count == 1 else {
                throw UsageError(message: "'--swift-file' names the output of one spec", usage: usage)
            }
            guard swiftFile.hasSuffix(".swift"), !swiftFile.contains("/"), swiftFile.count > 6 else {
                throw UsageError(message: "'--swift-file \(swiftFile)' must be a file name ending in .swift", usage: usage)
            }
        }
        if let name {
            guard scanner.positionals.count == 1 else { throw UsageError(message: "'--name' names the output of one spec", usage: usage) }
            guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isUppercase,
                name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
            else {
                throw UsageError(message: "'--name \(name)' is not an UpperCamelCase name of ASCII letters and digits", usage: usage)
            }
        }

        guard
            let specs = try Specs.compile(
                scanner.positionals, console: console, directory: directory, policy: policy, importRoot: importRoot,
                analysisBudget: Self.analysisBudget)
        else {
            return .inputErrors
        }
        var files: [(path: String, data: Data)] = []
        for var spec in specs.compactMap(\.compiled) {
            if let name { spec.table.name = name }
            let emit = { (table: StyleTable) in
                SwiftEmitter(
                    table: table, automata: spec.automata, specPath: spec.path, access: access, ruleLocations: spec.ruleLocations,
                    handlerSites: spec.handlerSites
                ).emit()
            }
            // Both files carry one hash of the pair (see `PairStamp`).
            spec.table.contentHash = PairStamp.hash(swift: emit(spec.table), json: try spec.table.jsonData())
            let swiftPath = "\(output)/\(swiftFile ?? spec.table.name + ".swift")"
            let jsonPath = "\(output)/\(spec.table.name).styles.json"
            files.append((swiftPath, Data(emit(spec.table).utf8)))
            if writesJSON {
                files.append((jsonPath, try spec.table.jsonData()))
                if let note = PairStamp.mismatch(swift: swiftPath, json: jsonPath, directory: directory) { console.err(note) }
            }
        }
        try refuseOverwritingInputs(files.map(\.path), inputs: specs.flatMap(\.files), directory: directory)
        try OutputWriter.writeAll(files, into: output, workingDirectory: directory) { if !quiet { console.out("wrote \($0)\n") } }
        return .success
    }

    /// A generated file may not replace a spec or an import (`rulegen Foo.swift -o .`
    /// would write `Foo.swift` over the spec itself).
    static func refuseOverwritingInputs(
        _ outputs: [String], inputs: [String], directory: WorkingDirectory, usage: String = GenerateCommand.usage
    ) throws {
        let canonical = { (path: String) in URL(fileURLWithPath: directory.resolve(path)).standardizedFileURL.resolvingSymlinksInPath().path
        }
        let read = Dictionary(inputs.map { (canonical($0), $0) }, uniquingKeysWith: { first, _ in first })
        for output in outputs {
            if let input = read[canonical(output)] {
                throw UsageError(
                    message: "the output '\(output)' would overwrite the input '\(input)'; choose another output folder", usage: usage)
            }
        }
    }
}

/// Compiling the specs named on the command line (to `Compiler.Compiled`, as the compiler
/// produces them).
enum Specs {
    /// Compiles all specs, printing diagnostics; `nil` when any has errors (each output
    /// given has its `compiled` spec and `engine`). Unreadable
    /// root specs are I/O errors; two specs with the same generated name are an error.
    /// `analyze: false` leaves out the conflict analysis (`explain` needs no lint).
    static func compile(
        _ paths: [String], console: Console, directory: WorkingDirectory, policy: DiagnosticPolicy = DiagnosticPolicy(),
        analyze: Bool = true,
        importRoot: String? = nil, analysisBudget: Duration = Compiler.analysisBudget
    ) throws -> [Compiler.Output]? {
        var specs: [Compiler.Output] = []
        var failed = false
        var names: [String: (name: String, path: String)] = [:]  // by lower-cased name
        for path in paths {
            try requireReadable(path, directory: directory)
            let result = Compiler.compile(
                path: path, analyze: analyze, importRoot: importRoot, analysisBudget: analysisBudget, workingDirectory: directory.path,
                streaming: policy.asksFor(.streamUnbounded))
            let diagnostics = policy.apply(to: result.diagnostics)
            console.err(DiagnosticRenderer.render(diagnostics, showsWarningFlag: true))
            guard let compiled = result.compiled, !diagnostics.contains(where: { $0.severity == .error }) else {
                failed = true
                continue
            }
            let table = compiled.table
            // Names that differ only in case are one file on a case-insensitive disk
            // (macOS's default): `abc` and `aBC` would write `Abc.swift` and `ABC.swift`.
            if let (otherName, other) = names[table.name.lowercased()] {
                let clash =
                    otherName == table.name
                    ? "generates '\(table.name)', like '\(DiagnosticRenderer.escaped(other))'"
                    : "generates '\(table.name)', and '\(DiagnosticRenderer.escaped(other))' generates '\(otherName)': names that differ "
                        + "only in case are one file on a case-insensitive disk"
                console.err("\(DiagnosticRenderer.escaped(path)): error: \(clash); rename one of the specs\n")
                failed = true
                continue
            }
            names[table.name.lowercased()] = (table.name, path)
            specs.append(result)
        }
        return failed ? nil : specs
    }
}

extension Specs {
    /// Throws an I/O error (exit 3) naming why a spec on the command line cannot be read.
    static func requireReadable(_ path: String, what: String = "spec", directory: WorkingDirectory) throws {
        var isDirectory: ObjCBool = false
        let located = directory.resolve(path)
        let exists = FileManager.default.fileExists(atPath: located, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: located) { return }
        let reason = exists ? (isDirectory.boolValue ? "is a directory" : "permission denied") : "no such file"
        throw IOError(message: "\(path): cannot read \(what): \(reason)")
    }
}

/// The stamp of an output pair: `<Name>.swift` and `<Name>.styles.json` of one run hold
/// the same `contentHash` (16 hex digits of the SHA-256 of the pair as written without it).
/// The files are renamed into place one after the other, so a run killed between the two
/// renames leaves a pair whose hashes differ: a reader (an app loading the JSON beside the
/// generated Swift, a CI check) can tell, and the next run says so and rewrites it.
enum PairStamp {
    static func hash(swift: String, json: Data) -> String {
        let digest = SHA256.digest(Array(swift.utf8) + [0] + Array(json))
        return digest.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// A note when the pair on disk holds two different hashes.
    static func mismatch(swift: String, json: String, directory: WorkingDirectory) -> String? {
        guard let swiftHash = hash(inSwift: directory.resolve(swift)), let jsonHash = hash(inJSON: directory.resolve(json)),
            swiftHash != jsonHash
        else { return nil }
        return "\(DiagnosticRenderer.escaped(swift)): note: holds content hash \(swiftHash) and "
            + "\(DiagnosticRenderer.escaped(json)) \(jsonHash): they come from different runs (one was stopped between "
            + "writing them); both are written now\n"
    }

    /// The hash in a generated Swift file's header, if any.
    static func hash(inSwift path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 1_024)) ?? Data(), as: UTF8.self)
        guard let line = head.split(separator: "\n").first(where: { $0.hasPrefix("// Content hash ") }) else { return nil }
        return line.dropFirst("// Content hash ".count).split(separator: ":").first.map(String.init)
    }

    /// The `contentHash` of a style table file, if any.
    static func hash(inJSON path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["contentHash"] as? String
    }
}

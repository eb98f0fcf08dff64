import Foundation
import RuleCompiler
import RuleRuntime
import RuleSpec

/// `rulegen SPEC… -o DIR`: compile every spec; if none has errors, write
/// `<Name>.swift` and `<Name>.styles.json` atomically, leaving unchanged files untouched.
enum GenerateCommand {
    static let usage =
        "rulegen [generate] <spec> ... -o <dir> [--access internal|public] [--name <Name>] [--swift-file <file>] [--no-styles-json] [--quiet]"
    static let help = """
        OVERVIEW: Write <Name>.swift and <Name>.styles.json for each spec.

        Nothing is written when any spec has errors. Files whose content is unchanged are
        left untouched (their modification time too), so builds stay incremental.

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
          -h, --help              Show help information.

        """

    static func run(_ args: [String], console: Console) throws -> ExitStatus {
        var scanner = ArgumentScanner(args, usage: usage)
        var output: String?
        var access = "internal"
        var name: String?
        var writesJSON = true
        var quiet = false
        var swiftFile: String?
        try scanner.scan { option, value in
            switch option {
            case "-o", "--output": output = try value()
            case "--name": name = try value()
            case "--swift-file": swiftFile = try value()
            case "--no-styles-json": writesJSON = false
            case "--quiet": quiet = true
            case "--access":
                access = try ArgumentScanner.choice(try value(), of: ["internal", "public"], for: "--access", usage: usage)
            default: return false
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

        let compiled = try Specs.compile(scanner.positionals, console: console)
        guard let tables = compiled else { return .inputErrors }
        var files: [(path: String, data: Data)] = []
        for (var table, automata, path) in tables {
            if let name { table.name = name }
            let swift = SwiftEmitter(table: table, automata: automata, specPath: path, access: access).emit()
            files.append(("\(output)/\(swiftFile ?? table.name + ".swift")", Data(swift.utf8)))
            if writesJSON { files.append(("\(output)/\(table.name).styles.json", try table.jsonData())) }
        }
        try FileWriter.writeAll(files, into: output) { if !quiet { console.out("wrote \($0)\n") } }
        return .success
    }
}

/// Compiling the specs named on the command line.
enum Specs {
    /// Compiles all specs, printing diagnostics; `nil` when any has errors. Unreadable
    /// root specs are I/O errors; two specs with the same generated name are an error.
    /// `analyze: false` leaves out the conflict analysis (`explain` needs no lint).
    static func compile(_ paths: [String], console: Console, showsWarningFlag: Bool = true, analyze: Bool = true) throws -> [(
        StyleTable, CompiledRuleSet, String
    )]? {
        var tables: [(StyleTable, CompiledRuleSet, String)] = []
        var failed = false
        var names: [String: String] = [:]
        for path in paths {
            try requireReadable(path)
            let result = Compiler.compile(path: path, analyze: analyze)
            console.err(DiagnosticRenderer.render(result.diagnostics, showsWarningFlag: showsWarningFlag))
            guard let table = result.table, let automata = result.automata else {
                failed = true
                continue
            }
            if let other = names[table.name] {
                console.err("\(path): error: generates '\(table.name)', like '\(other)'; rename one of the specs\n")
                failed = true
                continue
            }
            names[table.name] = path
            tables.append((table, automata, path))
        }
        return failed ? nil : tables
    }
}

extension Specs {
    /// Throws an I/O error (exit 3) naming why a spec on the command line cannot be read.
    static func requireReadable(_ path: String) throws {
        guard !FileManager.default.isReadableFile(atPath: path) else { return }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let reason = exists ? (isDirectory.boolValue ? "is a directory" : "permission denied") : "no such file"
        throw IOError(message: "\(path): cannot read spec: \(reason)")
    }
}

/// Atomic, change-only file output.
enum FileWriter {
    /// Writes each file whose content differs, via a temporary file and rename.
    static func writeAll(_ files: [(path: String, data: Data)], into directory: String, wrote: (String) -> Void) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw IOError(message: "\(directory): output path exists and is not a directory") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw IOError(message: "\(directory): cannot create output folder: \(error.localizedDescription)")
            }
        }
        for file in files {
            if FileManager.default.contents(atPath: file.path) == file.data { continue }
            do {
                try file.data.write(to: URL(fileURLWithPath: file.path), options: .atomic)
            } catch {
                throw IOError(message: "\(file.path): cannot write: \(error.localizedDescription)")
            }
            wrote(file.path)
        }
    }
}

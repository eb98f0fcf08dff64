import Foundation
import RuleSpec

/// A parsed spec file with the files it imports, in the order their rules are
/// declared: every import before the file that imports it (depth first, each file once).
public struct LoadedSpec: Equatable, Sendable {
    public var root: SpecFile
    /// All files, imports first, the root last.
    public var files: [SpecFile]
}

/// Reads and parses a spec and, recursively, its imports (paths relative to the
/// importing file). Reports unreadable files and import cycles at the `import`.
///
/// What an import may reach: a relative path to a `.richrules` file inside the import
/// root — by default the package of the spec (the nearest folder above it holding a
/// `Package.swift`), else the spec's own folder; `rulegen --import-root` sets another.
/// Symbolic links are followed before the check. So a spec from elsewhere cannot make
/// `rulegen` read `/etc/passwd` or `~/.ssh/…` and echo its first line in a diagnostic.
public struct SpecLoader {
    var diagnostics = DiagnosticBag()
    var loaded: [String: SpecFile] = [:]
    var order: [SpecFile] = []
    /// Canonical paths of the files being loaded, outermost first.
    var stack: [(canonical: String, display: String)] = []
    /// Every file read, for build-system dependency lists.
    public private(set) var dependencies: [String] = []

    /// The folder imports must stay in (canonical); `nil`: found from the root spec.
    var importRoot: String?

    /// The folder relative paths are read from (`nil`: the process's current directory).
    /// Diagnostics and `dependencies` keep the paths as given.
    let workingDirectory: String?

    /// `importRoot`: the folder imports must stay in (`nil`: the spec's package, see the
    /// type's documentation). `workingDirectory`: the folder relative paths (the spec's,
    /// `importRoot`) are read from, without changing the process's current directory
    /// (`nil`: the current directory).
    public init(importRoot: String? = nil, workingDirectory: String? = nil) {
        self.workingDirectory = workingDirectory
        self.importRoot = importRoot.map { Self.canonical(Self.resolve($0, in: workingDirectory)) }
    }

    /// `path` read from `directory`: unchanged when absolute, empty or `directory` is `nil`.
    static func resolve(_ path: String, in directory: String?) -> String {
        guard let directory, !path.isEmpty, !path.hasPrefix("/") else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// Where `path`, as given, is read.
    func located(_ path: String) -> String { Self.resolve(path, in: workingDirectory) }

    /// What the load phase produces (`Compiler.compile`'s first phase).
    public struct Result: Equatable, Sendable {
        /// The parsed spec and its imports; `nil` when the root file cannot be read.
        public var spec: LoadedSpec?
        /// Unreadable files, import cycles and syntax errors, at their place.
        public var diagnostics: [Diagnostic]
        /// Every file read, for build-system dependency lists (`dependencies`).
        public var files: [String]
    }

    /// Loads `path`; its `spec` is `nil` when the root file cannot be read.
    public mutating func load(path: String) -> Result {
        if importRoot == nil { importRoot = Self.defaultImportRoot(forSpec: located(path)) }
        let root = loadFile(display: path, importedFrom: nil)
        return Result(spec: root.map { LoadedSpec(root: $0, files: order) }, diagnostics: diagnostics.all, files: dependencies)
    }

    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The nearest folder above the spec that holds a `Package.swift`, else the spec's
    /// own folder (canonical).
    static func defaultImportRoot(forSpec path: String) -> String {
        let folder = URL(fileURLWithPath: canonical(path)).deletingLastPathComponent()
        var candidate = folder
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) { return candidate.path }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return folder.path }
            candidate = parent
        }
    }

    /// Why an import path may not be read, or `nil`.
    func refusal(of name: String, resolved target: String) -> String? {
        if name.hasPrefix("/") || name.hasPrefix("~") { return "an import path is relative to the importing file" }
        if !name.hasSuffix(".richrules") { return "an import names a .richrules spec" }
        guard let root = importRoot else { return nil }
        let path = Self.canonical(located(target))
        if path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/") { return nil }
        return "it is outside the import root '\(root)' (the spec's package; rulegen --import-root sets another)"
    }

    /// How deep imports may nest (the loader recurses once per level).
    public static let maxImportDepth = 100

    mutating func loadFile(display: String, importedFrom site: SourceRef?) -> SpecFile? {
        let canonical = Self.canonical(located(display))
        if let index = stack.firstIndex(where: { $0.canonical == canonical }) {
            let cycle = stack[index...].map { ($0.display as NSString).lastPathComponent } + [(display as NSString).lastPathComponent]
            diagnostics.report(.importCycle, "import cycle: \(cycle.joined(separator: " → "))", at: site)
            return nil
        }
        if stack.count >= Self.maxImportDepth, loaded[canonical] == nil {
            diagnostics.report(
                .import,
                "imports nest more than \(Self.maxImportDepth) files deep (from '\((stack[0].display as NSString).lastPathComponent)')",
                at: site)
            return nil
        }
        if let done = loaded[canonical] { return done }
        guard let data = FileManager.default.contents(atPath: located(display)) else {
            let reason = FileManager.default.fileExists(atPath: located(display)) ? "cannot read file" : "no such file"
            if let site {
                diagnostics.report(.import, "cannot import '\(display)': \(reason)", at: site)
            } else {
                var d = DiagnosticKind.io("cannot read spec: \(reason)", at: nil)
                d.path = display
                diagnostics.add(d)
            }
            return nil
        }
        let bytes = [UInt8](data)
        if let bad = UTF8Validation.firstIllFormedSequence(bytes, from: 0) {
            // Located in a copy that shows each ill-formed sequence as U+FFFD.
            let shown = SourceFile(path: display, text: String(decoding: bytes, as: UTF8.self))
            let offset = String(decoding: bytes[..<bad.lowerBound], as: UTF8.self).unicodeScalars.count
            let hex = bytes[bad].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            diagnostics.report(
                .io, "spec is not valid UTF-8: \(hex) at byte \(bad.lowerBound) is not a UTF-8 sequence",
                at: SourceRef(file: shown, span: SourceSpan(start: offset, end: offset + 1)),
                notes: site.map { [.init("imported here", at: $0)] } ?? [])
            return nil
        }
        let text = String(decoding: bytes, as: UTF8.self)
        dependencies.append(display)
        let source = SourceFile(path: display, text: text)
        let (spec, syntax) = Parser.parse(source)
        diagnostics.add(contentsOf: syntax)
        stack.append((canonical, display))
        let directory = (display as NSString).deletingLastPathComponent
        for statement in spec.statements {
            if case .importBuiltin(let name, _) = statement {
                loadBuiltin(name.name)
                continue
            }
            guard case .importFile(let literal, _) = statement else { continue }
            let ref = SourceRef(file: source, span: literal.span)
            guard let name = literal.plainText, !name.isEmpty else {
                diagnostics.report(.import, "an import path must be a plain, non-empty string", at: ref)
                continue
            }
            let target = Self.tidy(name.hasPrefix("/") ? name : (directory.isEmpty ? name : directory + "/" + name))
            if let reason = refusal(of: name, resolved: target) {
                diagnostics.report(.import, "cannot import '\(name)': \(reason)", at: ref)
                continue
            }
            _ = loadFile(display: target, importedFrom: ref)
        }
        stack.removeLast()
        loaded[canonical] = spec
        order.append(spec)
        return spec
    }

    /// Parses built-in spec `name` (`import html`) once, into the order: no file is read.
    mutating func loadBuiltin(_ name: String) {
        let key = "builtin:" + name
        guard loaded[key] == nil, let text = BuiltinSpecs.source(of: name) else { return }
        let (spec, syntax) = Parser.parse(SourceFile(path: BuiltinSpecs.path(of: name), text: text))
        diagnostics.add(contentsOf: syntax)
        loaded[key] = spec
        order.append(spec)
    }

    /// `a/./b/../c` → `a/c`, keeping a relative path relative.
    static func tidy(_ path: String) -> String {
        var parts: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            if part == "." || (part.isEmpty && !parts.isEmpty) { continue }
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}

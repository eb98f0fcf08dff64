import Foundation
import RuleRuntime
import RuleSpec

/// The compiler facade: load a spec and its imports, check it, build the style table.
///
/// `SpecLoader` (read + parse, imports) → `Sema` (names, styles, matchers, captures,
/// handlers) → `CheckedSpec` → `AutomataBuilder` (automata from the parsed patterns) →
/// `ConflictAnalysis` → `StyleTable` (built last from the checked spec) → `SwiftEmitter`
/// (the generated Swift file).
public enum Compiler {
    /// The result of compiling one spec.
    public struct Output: Sendable {
        /// `nil` when the spec has errors.
        public var table: StyleTable?
        /// The automata of the table's regex rules (`nil` when the spec has errors).
        public var automata: CompiledRuleSet?
        /// Where each rule of `table` is declared (`file:line:column`, by rule index), for
        /// the comments of the generated Swift.
        public var ruleLocations: [String] = []
        /// The rules each rule acknowledges with `allow overlap` (by rule index).
        public var allowedOverlaps: [[String]] = []
        public var diagnostics: [Diagnostic]
        /// Every spec file read (the root and its imports), for build dependencies.
        public var files: [String]
        /// How many of the spec's examples held and failed (`nil` when they did not run).
        public var examples: SpecExamples.Summary?
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// How long the conflict analysis's pair searches may take in all, by default (`rulegen
    /// lint`; `rulegen` generate, which a build runs, allows a third of it).
    public static let analysisBudget = Duration.seconds(30)

    /// Compiles the spec at `path`; with `analyze`, a spec without errors also gets the
    /// conflict analysis's diagnostics (`ConflictAnalysis`), its pair searches taking at most
    /// `analysisBudget` in all. `importRoot`: the folder its imports must stay in (`nil`:
    /// the spec's package; see `SpecLoader`). `examples`: whether the spec's `example`
    /// statements run (`SpecExamples`; a failing one is an error); by default when
    /// `analyze` is.
    public static func compile(
        path: String, analyze: Bool = true, importRoot: String? = nil, analysisBudget: Duration = Compiler.analysisBudget,
        examples: Bool? = nil
    ) -> Output {
        var loader = SpecLoader(importRoot: importRoot)
        let (loaded, loadDiagnostics) = loader.load(path: path)
        return compile(
            loaded, loadDiagnostics: loadDiagnostics, files: loader.dependencies, analyze: analyze, analysisBudget: analysisBudget,
            examples: examples ?? analyze)
    }

    /// The phases after loading (`compile(path:)`, `compile(source:path:analyze:)`).
    static func compile(
        _ loaded: LoadedSpec?, loadDiagnostics: [Diagnostic], files: [String], analyze: Bool, analysisBudget: Duration,
        examples: Bool = false
    ) -> Output {
        var bag = DiagnosticBag()
        bag.add(contentsOf: loadDiagnostics)
        guard let loaded else { return Output(table: nil, automata: nil, diagnostics: bag.all, files: files) }
        var sema = Sema(spec: loaded)
        let checked = sema.check()
        bag.add(contentsOf: sema.diagnostics.all)
        guard !bag.hasErrors else { return Output(table: nil, automata: nil, diagnostics: bag.sortedAndCapped, files: files) }
        let (automata, issues, automataDiagnostics) = AutomataBuilder.build(checked)
        bag.add(contentsOf: automataDiagnostics)
        // Spec examples, on the engine of these automata (SpecExamples.swift).
        let exampleRun = examples ? SpecExamples.check(checked, automata: automata) : nil
        bag.add(contentsOf: exampleRun?.diagnostics ?? [])
        if analyze, var analysis = ConflictAnalysis(spec: checked, automata: automata, issues: issues) {
            analysis.timeBudget = analysisBudget
            bag.add(contentsOf: analysis.run())
        }
        return Output(
            table: checked.table, automata: automata, ruleLocations: checked.rules.map(\.location),
            allowedOverlaps: checked.rules.map(\.allowedNames),
            diagnostics: bag.sortedAndCapped, files: files, examples: exampleRun?.summary)
    }

    /// `agreement.richrules` → `Agreement`, `social-feed.richrules` → `SocialFeed`.
    public static func typeName(forSpecPath path: String) -> String {
        var stem = (path as NSString).lastPathComponent
        if let dot = stem.firstIndex(of: ".") { stem = String(stem[..<dot]) }
        let words = stem.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = "Rules" }
        if name.first!.isNumber { name = "Spec" + name }
        return name
    }
}

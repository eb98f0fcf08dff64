import Foundation
import RuleAutomata
import RuleRuntime
import RuleSpec

/// The compiler: one spine of phases, each producing a named `Equatable` value the next
/// one reads (`compile(_:loadDiagnostics:files:analyze:analysisBudget:)` lists them in
/// order):
///
/// 1. **Load** — `SpecLoader` reads and parses the spec and its imports →
///    `SpecLoader.Result`: the `LoadedSpec` (the `SpecFile` ASTs, imports first), the
///    files read, the syntax diagnostics.
/// 2. **Check** — `Sema` (names, styles, matchers, captures, handlers) → `CheckedSpec`.
/// 3. **Style table** — `CheckedSpec.makeTable()`, built once → `StyleTable` (the
///    runtime's table).
/// 4. **Automata** — `AutomataBuilder` (`RegexCompiler` to the NFA `RegexProgram`, then
///    `DFABuilder`) → `AutomataBuilder.Result` (the `CompiledRuleSet`, the issues and
///    their diagnostics).
///    The `RuleEngine` of the table on those automata is made once, here.
/// 5. **Examples** (optional) — `SpecExamples` runs the spec's `example` statements on that
///    engine → `SpecExamples.Run` (a failing example is an error at its line).
/// 6. **Analysis** (a lint, optional) — `ConflictAnalysis` (on that engine) →
///    `ConflictAnalysis.Result` (diagnostics).
/// 7. **Output** — `Compiler.Output`: the `Compiled` payload (table, automata, rule
///    locations…), the engine, and every diagnostic, sorted. `SwiftEmitter` writes the payload out as
///    the generated Swift file (`rulegen`).
///
/// `rulegen dump` prints the intermediate representations (the AST, the regex IR, the NFA
/// program, the DFA); `docs/Architecture.md` describes the phases.
public enum Compiler {
    /// A spec compiled without errors: what code generation, an engine and `rulegen` need.
    public struct Compiled: Equatable, Sendable {
        /// The runtime's style table.
        public var table: StyleTable
        /// The automata of the table's regex rules (by rule index).
        public var automata: CompiledRuleSet
        /// Where each rule of `table` is declared (`file:line:column`, by rule index), for
        /// the comments of the generated Swift.
        public var ruleLocations: [String]
        /// The rules each rule acknowledges with `allow overlap` (by rule index).
        public var allowedOverlaps: [[String]]
        /// Where each handler is first called (its spec file's path as the compiler read it,
        /// and line), for the `#sourceLocation` of its generated `Handlers` requirement.
        public var handlerSites: [String: SwiftEmitter.Site] = [:]
        /// The spec's path as given to the compiler.
        public var path: String
        /// Every spec file read (the root and its imports), for build dependencies.
        public var files: [String]
    }

    /// The result of compiling one spec.
    public struct Output: Equatable, Sendable {
        /// The compiled spec; `nil` when the spec has errors.
        public var compiled: Compiled?
        public var diagnostics: [Diagnostic]
        /// Every spec file read (the root and its imports), for build dependencies — also
        /// when the spec has errors.
        public var files: [String]
        /// How many of the spec's examples held and failed (`nil` when they did not run).
        public var examples: SpecExamples.Summary?
        /// The engine of `compiled`'s table and automata, the one the examples and the analysis
        /// ran on (`nil` when the spec has errors). Made when first needed — by the examples,
        /// the analysis, or the first read here (rulegen explain and preview) — so a compile
        /// that needs none (`rulegen` with `analyze: false`) does not pay for it. Not compared
        /// by `==`.
        public var engine: RuleEngine? { engineBox?.engine }
        private var engineBox: LazyEngine?
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

        public init(
            compiled: Compiled?, diagnostics: [Diagnostic], files: [String], examples: SpecExamples.Summary? = nil,
            engine: RuleEngine? = nil
        ) {
            self.compiled = compiled
            self.diagnostics = diagnostics
            self.files = files
            self.examples = examples
            self.engineBox = engine.map { engine in LazyEngine { .success(engine) } }
        }

        init(compiled: Compiled?, diagnostics: [Diagnostic], files: [String], examples: SpecExamples.Summary?, engine: LazyEngine?) {
            self.init(compiled: compiled, diagnostics: diagnostics, files: files, examples: examples)
            self.engineBox = engine
        }

        public static func == (a: Output, b: Output) -> Bool {
            a.compiled == b.compiled && a.diagnostics == b.diagnostics && a.files == b.files && a.examples == b.examples
        }

        /// `compiled?.table`: `nil` when the spec has errors.
        public var table: StyleTable? { compiled?.table }
        /// `compiled?.automata`: `nil` when the spec has errors.
        public var automata: CompiledRuleSet? { compiled?.automata }
        /// `compiled?.ruleLocations` (empty when the spec has errors).
        public var ruleLocations: [String] { compiled?.ruleLocations ?? [] }
        /// `compiled?.allowedOverlaps` (empty when the spec has errors).
        public var allowedOverlaps: [[String]] { compiled?.allowedOverlaps ?? [] }
    }

    /// How long the conflict analysis's pair searches may take in all, by default (`rulegen
    /// lint`; `rulegen` generate, which a build runs, allows a third of it).
    public static let analysisBudget = Duration.seconds(30)

    /// Compiles the spec at `path`; with `analyze`, a spec without errors also gets the
    /// conflict analysis's diagnostics (`ConflictAnalysis`), its pair searches taking at most
    /// `analysisBudget` in all. `importRoot`: the folder its imports must stay in (`nil`:
    /// the spec's package; see `SpecLoader`). `examples`: whether the spec's `example`
    /// statements run (`SpecExamples`; a failing one is an error); by default when
    /// `analyze` is. `workingDirectory`: the folder a relative `path` and `importRoot` are
    /// read from (`nil`: the process's current directory; see `SpecLoader`). `streaming`:
    /// also report the rules that keep a `RichStream` from a bounded window
    /// (`stream-unbounded`, off unless asked for: `rulegen -Wstream-unbounded`).
    public static func compile(
        path: String, analyze: Bool = true, importRoot: String? = nil, analysisBudget: Duration = Compiler.analysisBudget,
        examples: Bool? = nil, workingDirectory: String? = nil, streaming: Bool = false
    ) -> Output {
        var loader = SpecLoader(importRoot: importRoot, workingDirectory: workingDirectory)
        return compile(
            loader.load(path: path), path: path, analyze: analyze, analysisBudget: analysisBudget, examples: examples ?? analyze,
            streaming: streaming)
    }

    /// The phases after reading the files (`compile(path:)`, `compile(source:path:analyze:)`),
    /// in order.
    static func compile(
        _ load: SpecLoader.Result, path: String, analyze: Bool, analysisBudget: Duration, examples: Bool = false,
        streaming: Bool = false
    ) -> Output {
        let files = load.files
        var bag = DiagnosticBag()
        // 1–2. Load and check: SpecLoader.Result → LoadedSpec → CheckedSpec (`check`).
        guard let (_, checked) = check(load, into: &bag) else {
            return Output(compiled: nil, diagnostics: bag.sortedAndCapped, files: files)
        }

        // 3. Style table: CheckedSpec → StyleTable (built once, carried on).
        let table: StyleTable = checked.makeTable()

        // 4. Automata: CheckedSpec → AutomataBuilder.Result (AutomataPhase: the issues as
        //    diagnostics).
        let phase = AutomataPhase.run(checked, streaming: streaming)
        let automata: AutomataBuilder.Result = phase.built
        bag.add(contentsOf: phase.diagnostics)

        // The engine of the table on these automata, made once when first needed: examples,
        // analysis and the caller (`Output.engine`: rulegen explain and preview) share it.
        let lazyEngine = LazyEngine { Result { try RuleEngine(table: table, automata: automata.automata, issues: automata.issues) } }

        // 5. Examples (optional): the spec's `example` statements on that engine →
        //    SpecExamples.Run (a failing example is an error; SpecExamples.swift).
        let exampleRun: SpecExamples.Run? = examples ? SpecExamples.check(checked, engine: lazyEngine.result) : nil
        bag.add(contentsOf: exampleRun?.diagnostics ?? [])

        // 6. Analysis (a lint): CheckedSpec, StyleTable, automata, engine → ConflictAnalysis.Result.
        if analyze, case .success(let engine) = lazyEngine.result {
            let analysis: ConflictAnalysis.Result = ConflictAnalysis.analyze(
                checked, table: table, automata: automata, engine: engine, timeBudget: analysisBudget)
            bag.add(contentsOf: analysis.diagnostics)
        }

        // 7. Output.
        let compiled = Compiled(
            table: table, automata: automata.automata, ruleLocations: checked.rules.map(\.location),
            allowedOverlaps: checked.rules.map(\.allowedNames),
            // A built-in spec has no file to point at.
            handlerSites: checked.handlerSites.filter { !BuiltinSpecs.isBuiltin($0.value.file.path) }.mapValues {
                SwiftEmitter.Site(file: $0.file.path, line: $0.location.line)
            },
            path: path, files: files)
        // A failing example is an error: no compiled spec then, as for any other error.
        return Output(
            compiled: bag.hasErrors ? nil : compiled, diagnostics: bag.sortedAndCapped, files: files, examples: exampleRun?.summary,
            engine: bag.hasErrors ? nil : lazyEngine)
    }

    /// Phases 1 and 2 (`compile`, and `SpecDump` for `rulegen dump`): the loaded spec and
    /// its check, their diagnostics added to `bag`; `nil` when the spec could not be read or
    /// has errors.
    static func check(_ load: SpecLoader.Result, into bag: inout DiagnosticBag) -> (loaded: LoadedSpec, checked: CheckedSpec)? {
        // 1. Load: SpecLoader.Result (its LoadedSpec is nil when the root file could not be read).
        bag.add(contentsOf: load.diagnostics)
        guard let loaded: LoadedSpec = load.spec else { return nil }
        // 2. Check: LoadedSpec → CheckedSpec.
        var sema = Sema(spec: loaded)
        let checked: CheckedSpec = sema.check()
        bag.add(contentsOf: sema.diagnostics.all)
        return bag.hasErrors ? nil : (loaded, checked)
    }

    /// `agreement.richrules` → `Agreement`, `social-feed.richrules` → `SocialFeed`
    /// (`TypeNames.spec(atPath:)`).
    public static func typeName(forSpecPath path: String) -> String {
        TypeNames.spec(atPath: path)
    }
}

/// An engine made on first use and kept (`Compiler.Output.engine`): thread-safe, since an
/// `Output` is `Sendable`.
final class LazyEngine: @unchecked Sendable {
    // Unchecked: `made` is read and written under `lock` only.
    private let lock = NSLock()
    private var made: Result<RuleEngine, any Error>?
    private let make: @Sendable () -> Result<RuleEngine, any Error>

    init(_ make: @escaping @Sendable () -> Result<RuleEngine, any Error>) { self.make = make }

    /// The engine, or why it could not be made; made by the first caller.
    var result: Result<RuleEngine, any Error> {
        lock.withLock {
            if let made { return made }
            let result = make()
            made = result
            return result
        }
    }

    var engine: RuleEngine? { try? result.get() }
}

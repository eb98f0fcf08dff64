import RuleSpec

extension Compiler {
    /// Compiles a spec held in memory, as `compile(path:)` compiles a file, without reading
    /// the file system: `path` names the spec in diagnostics and gives the table its name
    /// (`feed.richrules` → `Feed`). `import` statements are errors at their path (a spec
    /// from memory must be self-contained; see `SpecLoader.load(source:path:)`), and
    /// `Output.files` is empty.
    ///
    /// At run time pass `analyze: false`: the conflict analysis is a lint, which can take
    /// seconds on a large spec. The output holds the compiler's engine of the spec:
    ///
    /// ```swift
    /// let output = Compiler.compile(source: text, path: "feed.richrules", analyze: false)
    /// guard let engine = output.engine else {
    ///     output.diagnostics.forEach { log(DiagnosticRenderer.render($0)) }
    ///     return
    /// }
    /// let result = engine.render(post)
    /// ```
    public static func compile(
        source: String, path: String = "<memory>", analyze: Bool = true, analysisBudget: Duration = Compiler.analysisBudget,
        examples: Bool? = nil
    ) -> Output {
        var loader = SpecLoader()
        return compile(
            loader.load(source: source, path: path), path: path, analyze: analyze, analysisBudget: analysisBudget,
            examples: examples ?? analyze)
    }
}

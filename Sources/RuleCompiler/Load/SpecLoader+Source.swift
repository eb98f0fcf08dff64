import RuleSpec

extension SpecLoader {
    /// Parses `source` as the spec at `path` without reading any file: `path` only names
    /// the spec in diagnostics and gives the table its name (`Compiler.typeName`).
    ///
    /// Imports of files are refused: each is an `import` error at its path (the built-in
    /// `import html` is read from rulegen itself, so it is allowed). A spec held in
    /// memory (received from a server, typed in an editor) must be self-contained, so text
    /// from elsewhere never makes the compiler read the file system. Nothing is added to
    /// `dependencies`.
    public mutating func load(source: String, path: String) -> Result {
        let file = SourceFile(path: path, text: source)
        let (spec, syntax) = Parser.parse(file)
        diagnostics.add(contentsOf: syntax)
        for statement in spec.statements {
            if case .importBuiltin(let name, _) = statement { loadBuiltin(name.name) }
            guard case .importFile(let literal, _) = statement else { continue }
            let name = literal.plainText.map { " '\($0)'" } ?? ""
            diagnostics.report(
                .import, "cannot import\(name): a spec compiled from memory must be self-contained (include the imported rules)",
                at: SourceRef(file: file, span: literal.span))
        }
        return Result(spec: LoadedSpec(root: spec, files: order + [spec]), diagnostics: diagnostics.all, files: [])
    }
}

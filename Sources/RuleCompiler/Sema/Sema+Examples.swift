import RuleSpec

extension Sema {
    /// The root spec's `example` statements, with their rule and handler names checked
    /// (unknown ones are errors, with a did-you-mean). Examples of imported files are not
    /// run here: they state what their own file's rules give, which the importing spec's
    /// rules may change; they run when that file is compiled as a spec.
    mutating func checkExamples() -> [CheckedExample] {
        var examples: [CheckedExample] = []
        let file = spec.root.source
        for statement in spec.root.statements {
            guard case .example(let decl) = statement else { continue }
            for item in decl.items {
                let name = item.rule.name
                if ruleNames[name] == nil {
                    error(
                        .unknownRule, "unknown rule '\(name)' in an example\(Spelling.hint(name, ruleNames.keys.sorted()))", file,
                        item.rule.span)
                }
                if let tap = item.tap, handlers[tap.handler.name] == nil {
                    let handler = tap.handler.name
                    error(
                        .unknownHandler,
                        "unknown handler '\(handler)' in an example: no rule taps it\(Spelling.hint(handler, handlers.keys.sorted()))",
                        file, tap.handler.span)
                }
            }
            examples.append(CheckedExample(decl: decl, file: file))
        }
        return examples
    }
}

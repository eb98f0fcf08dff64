@_spi(Generated) import RuleRuntime

/// The style table in Swift, as the spec writes it: `table` names its parts, declared at
/// the end of the file in an extension — `Styles` (the base, the highlight and each named
/// style, once), the handler signatures, and `Rules`: one declaration per rule, named after
/// it and preceded by its spec location, whose styles refer to `Styles` (the merge is the
/// runtime's, `TextStyle.merged(with:)`). Every literal has an explicit type (a
/// declaration's or an initializer parameter's), and each rule is its own small
/// expression, so that type-checking stays linear in the number of rules.
extension SwiftEmitter {
    /// `static let table: StyleTable = StyleTable(…)`, its rules one per line.
    func emitTable(into w: inout SwiftWriter) {
        let value = TableLiteral.call("StyleTable") { a in
            if table.formatVersion != StyleTable.currentFormatVersion {
                a.add("formatVersion", TableLiteral.integer(table.formatVersion))
            }
            a.add("name", TableLiteral.string(table.name))
            a.add("source", TableLiteral.string(table.source))
            a.add("base", .literal("Styles.base"))
            a.add("styles", .literal("styles"))
            a.add("highlight", .literal("Styles.highlight"))
            a.add("truncation", ifSet: table.truncation.map { TableLiteral.truncation($0, styles: styles) })
            a.add("handlers", .literal("handlerLabels"))
            a.add("rules", .literal("rules"))
            a.add("contentHash", ifSet: table.contentHash.map(TableLiteral.string))
            if table.html == true { a.add("html", .literal("true")) }
        }
        w.line("/// The style table, equal to the one `\(table.name).styles.json` holds: the spec's styles")
        w.line("/// (`Styles`) and rules (`Rules`) are declared at the end of this file.")
        w.expression(value, prefix: "\(access) static let table: StyleTable = ")
    }

    /// `extension <Name>Rules { … }` with the declarations `table` names.
    func emitTableDeclarations(into w: inout SwiftWriter) {
        w.line("// MARK: - Style table")
        w.line()
        w.block("extension \(typeName)") { w in
            w.line("/// The spec's styles as it declares them (a named style with what it inherits).")
            w.block("private enum Styles") { w in
                w.expression(TableLiteral.style(table.base), prefix: "static let base: TextStyle = ")
                w.expression(
                    table.highlight.map(TableLiteral.style) ?? .literal("nil"), prefix: "static let highlight: TextStyle? = ")
                for name in table.styles.keys.sorted() {
                    w.expression(
                        TableLiteral.style(table.styles[name]!), prefix: "static let \(styles.named[name]!.identifier): TextStyle = ")
                }
            }
            w.line()
            w.line("/// The named styles by name.")
            emitDictionary(
                "styles", type: "[String: TextStyle]",
                .dictionary(
                    table.styles.keys.sorted().map { name in
                        .init(key: TableLiteral.string(name), value: .literal("Styles." + styles.named[name]!.identifier))
                    }), into: &w)
            w.line()
            w.line("/// The argument labels of each tap handler (`nil`: unlabelled).")
            emitDictionary(
                "handlerLabels", type: "[String: [String?]]",
                TableLiteral.dictionary(table.handlers) { .array($0.map(TableLiteral.optionalString)) }, into: &w)
            w.line()
            w.line("/// The rules in declaration order (their order decides ties: docs/Language.md).")
            w.line("private static let rules: [RuleEntry] = [")
            w.indented { w in for name in ruleIdentifiers { w.line("Rules.\(name),") } }
            w.line("]")
            w.line()
            w.line("/// Each rule as the spec declares it, after a comment naming its spec line.")
            w.block("private enum Rules") { w in
                for (index, (rule, name)) in zip(table.rules, ruleIdentifiers).enumerated() {
                    if index > 0 { w.line() }
                    let location = location(ofRule: index)
                    w.line("/// `\(SwiftLiteral.comment(rule.name))`" + (location.isEmpty ? "" : " (\(location))"))
                    var pattern: SwiftExpression?
                    if case .regex(_, _, _?) = rule.matcher {
                        // A detector's expanded pattern is long: written apart, after the rules.
                        pattern = .literal("Patterns.\(name)")
                    }
                    w.expression(
                        TableLiteral.rule(rule, styles: styles, pattern: pattern), prefix: "static let \(name): RuleEntry = ")
                }
            }
            let detectorRules = zip(table.rules, ruleIdentifiers).compactMap { rule, name -> (String, String, String)? in
                guard case .regex(let text, _, let detector?) = rule.matcher else { return nil }
                return (name, text, detector)
            }
            if !detectorRules.isEmpty {
                w.line()
                w.line("/// The patterns of the rules that use a detector, as rulegen expands them")
                w.line("/// (`rulegen lint --expand-detectors` prints them; docs/Language.md, \"Detectors\").")
                w.block("private enum Patterns") { w in
                    for (index, (name, text, detector)) in detectorRules.enumerated() {
                        if index > 0 { w.line() }
                        w.line("/// `detector(\(SwiftLiteral.comment(detector)))`")
                        w.line("static let \(name): String = \(Quoting.readable(text))")
                    }
                }
            }
        }
    }

    /// The most entries a dictionary is written as one literal: the type checker takes
    /// time quadratic in a literal's entries (2,000 styles: 17 s), so a larger one is
    /// built by functions assigning the entries one by one, each checked on its own, at
    /// most `entriesPerFunction` to a function (the compile of one huge function is slow
    /// too: 5,000 styles take 22 s in one, 12 s in chunks).
    static let literalEntries = 32
    static let entriesPerFunction = 256

    /// `private static let name: type = [literal]`, or, past `literalEntries` entries,
    /// `= makeName()` and the functions assigning the entries.
    func emitDictionary(_ name: String, type: String, _ literal: SwiftExpression, into w: inout SwiftWriter) {
        guard case .dictionary(let entries) = literal, entries.count > Self.literalEntries else {
            w.expression(literal, prefix: "private static let \(name): \(type) = ")
            return
        }
        let capitalized = name.prefix(1).uppercased() + name.dropFirst()
        let chunks = stride(from: 0, to: entries.count, by: Self.entriesPerFunction).map {
            entries[$0..<min($0 + Self.entriesPerFunction, entries.count)]
        }
        w.line("private static let \(name): \(type) = make\(capitalized)()")
        w.line()
        w.block("private static func make\(capitalized)() -> \(type)") { w in
            w.line("var \(name): \(type) = [:]")
            w.line("\(name).reserveCapacity(\(entries.count))")
            for index in chunks.indices { w.line("add\(capitalized)\(index)(to: &\(name))") }
            w.line("return \(name)")
        }
        for (index, chunk) in chunks.enumerated() {
            w.line()
            w.block("private static func add\(capitalized)\(index)(to \(name): inout \(type))") { w in
                for entry in chunk { w.expression(entry.value, prefix: "\(name)[\(entry.key.flat)] = ") }
            }
        }
    }
}

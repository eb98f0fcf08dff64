import RuleRuntime

/// The style table in Swift: `table` names its parts, declared at the end of the file in
/// an extension: the styles, the handler signatures, and one function per rule preceded by
/// a doc comment with the rule's spec location. Every literal has an explicit type (a
/// declaration's or an initializer parameter's), and each rule is its own small
/// expression, so that type-checking stays linear in the number of rules.
extension SwiftEmitter {
    /// The name of the function that builds rule `index`.
    static func ruleFunction(_ index: Int) -> String { "rule\(index)" }

    /// `static let table: StyleTable = StyleTable(…)`.
    func emitTable(into w: inout SwiftWriter) {
        let value = TableLiteral.call("StyleTable") { a in
            if table.formatVersion != StyleTable.currentFormatVersion {
                a.add("formatVersion", TableLiteral.integer(table.formatVersion))
            }
            a.add("name", TableLiteral.string(table.name))
            a.add("source", TableLiteral.string(table.source))
            a.add("base", TableLiteral.style(table.base))
            a.add("styles", .literal("styles"))
            a.add("highlight", table.highlight.map(TableLiteral.style) ?? .literal("nil"))
            a.add("truncation", ifSet: table.truncation.map(TableLiteral.truncation))
            a.add("handlers", .literal("handlerLabels"))
            a.add("rules", .array(table.rules.indices.map { .literal(Self.ruleFunction($0) + "()") }))
        }
        w.line("/// The style table, equal to the one `\(table.name).styles.json` holds. Its styles and rules")
        w.line("/// are declared at the end of this file.")
        w.expression(value, prefix: "\(access) static let table: StyleTable = ")
    }

    /// `extension <Name>Rules { … }` with the declarations `table` names.
    func emitTableDeclarations(into w: inout SwiftWriter) {
        w.line("// MARK: - Style table")
        w.line()
        w.block("extension \(typeName)") { w in
            w.line("/// The named styles, merged along their inheritance chains.")
            w.expression(
                TableLiteral.dictionary(table.styles, TableLiteral.style), prefix: "private static let styles: [String: TextStyle] = ")
            w.line()
            w.line("/// The argument labels of each tap handler (`nil`: unlabelled).")
            w.expression(
                TableLiteral.dictionary(table.handlers) { .array($0.map(TableLiteral.optionalString)) },
                prefix: "private static let handlerLabels: [String: [String?]] = ")
            for (index, rule) in table.rules.enumerated() {
                w.line()
                let location = index < ruleLocations.count ? ruleLocations[index] : ""
                w.line("/// " + (location.isEmpty ? "Rule \(index) (no location)." : SwiftLiteral.comment(location)))
                w.block("private static func \(Self.ruleFunction(index))() -> RuleEntry") { w in
                    w.expression(TableLiteral.rule(rule))
                }
            }
        }
    }
}

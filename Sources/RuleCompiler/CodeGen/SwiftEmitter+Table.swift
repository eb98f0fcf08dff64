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
            a.add("contentHash", ifSet: table.contentHash.map(TableLiteral.string))
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
            emitDictionary(
                "styles", type: "[String: TextStyle]", TableLiteral.dictionary(table.styles, TableLiteral.style), into: &w)
            w.line()
            w.line("/// The argument labels of each tap handler (`nil`: unlabelled).")
            emitDictionary(
                "handlerLabels", type: "[String: [String?]]",
                TableLiteral.dictionary(table.handlers) { .array($0.map(TableLiteral.optionalString)) }, into: &w)
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

import RuleRuntime

/// How generated Swift writes the styles of the table as the spec wrote them: the base,
/// the highlight and each named style are declared once (`Styles`), and a rule's style —
/// which the table holds merged (base, then the rule's own) — is written as that merge,
/// `Styles.base.merged(with: Styles.link)`, which the runtime evaluates. Only when no
/// such expression gives the table's value exactly is the merged value written out.
struct StyleReferences {
    let base: TextStyle
    let highlight: TextStyle?
    /// Named style → its Swift name in `Styles`.
    let named: [String: (style: TextStyle, identifier: String)]

    init(table: StyleTable) {
        base = table.base
        highlight = table.highlight
        let names = table.styles.keys.sorted()
        var named: [String: (TextStyle, String)] = [:]
        let identifiers = SwiftLiteral.caseNames(names)
        var taken = Set(identifiers).union(["base", "highlight"])
        for (name, identifier) in zip(names, identifiers) {
            // `base` and `highlight` are the spec's own (`Styles.base`, `Styles.highlight`).
            var unique = identifier
            if ["base", "highlight"].contains(identifier) {
                unique += "Style"
                while taken.contains(unique) { unique += "_" }
                taken.insert(unique)
            }
            named[name] = (table.styles[name]!, unique)
        }
        self.named = named
    }

    /// `Styles.base.merged(with: …)` for a style the table merged from the base, the named
    /// style `styleName` and the rule's own properties.
    func merged(_ style: TextStyle, styleName: String?) -> SwiftExpression {
        if let styleName, let (namedStyle, identifier) = named[styleName] {
            let reference = base.merged(with: namedStyle)
            let expression = SwiftExpression.literal("Styles.base.merged(with: Styles.\(identifier))")
            if reference == style { return expression }
            let delta = Self.delta(from: reference, to: style)
            if reference.merged(with: delta) == style {
                return .literal("Styles.base.merged(with: Styles.\(identifier)).merged(with: \(TableLiteral.style(delta).flat))")
            }
        }
        if style == base { return .literal("Styles.base") }
        let delta = Self.delta(from: base, to: style)
        if base.merged(with: delta) == style { return .literal("Styles.base.merged(with: \(TableLiteral.style(delta).flat))") }
        return TableLiteral.style(style)
    }

    /// `Styles.<name>` when `style` is the named style `styleName` itself (a layer: what a
    /// rule adds over the match that holds it).
    func named(_ style: TextStyle, styleName: String?) -> SwiftExpression {
        if let styleName, let (namedStyle, identifier) = named[styleName], namedStyle == style { return .literal("Styles.\(identifier)") }
        return TableLiteral.style(style)
    }

    /// `Styles.highlight` when `style` is the spec's highlight.
    func highlight(_ style: TextStyle) -> SwiftExpression {
        style == highlight ? .literal("Styles.highlight") : TableLiteral.style(style)
    }

    /// The properties of `target` that `reference` does not already have: `reference`
    /// merged with it is `target` when `target` sets everything `reference` sets.
    static func delta(from reference: TextStyle, to target: TextStyle) -> TextStyle {
        func changed<T: Equatable>(_ a: T?, _ b: T?) -> T? { a == b ? nil : b }
        var font: FontSpec?
        if let targetFont = target.font, targetFont != reference.font {
            let r = reference.font ?? FontSpec()
            font = FontSpec(
                size: changed(r.size, targetFont.size), weight: changed(r.weight, targetFont.weight),
                family: changed(r.family, targetFont.family), italic: changed(r.italic, targetFont.italic),
                textStyle: changed(r.textStyle, targetFont.textStyle))
        }
        return TextStyle(
            font: font, color: changed(reference.color, target.color), background: changed(reference.background, target.background),
            underline: changed(reference.underline, target.underline),
            underlineColor: changed(reference.underlineColor, target.underlineColor),
            strikethrough: changed(reference.strikethrough, target.strikethrough),
            strikethroughColor: changed(reference.strikethroughColor, target.strikethroughColor),
            kern: changed(reference.kern, target.kern), baselineOffset: changed(reference.baselineOffset, target.baselineOffset),
            alignment: changed(reference.alignment, target.alignment), lineSpacing: changed(reference.lineSpacing, target.lineSpacing),
            lineHeight: changed(reference.lineHeight, target.lineHeight),
            paragraphSpacing: changed(reference.paragraphSpacing, target.paragraphSpacing),
            headIndent: changed(reference.headIndent, target.headIndent),
            firstLineHeadIndent: changed(reference.firstLineHeadIndent, target.firstLineHeadIndent))
    }
}

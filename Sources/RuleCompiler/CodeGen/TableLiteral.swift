@_spi(Generated) import RuleRuntime

/// The values of a style table as Swift expressions built from the runtime's public
/// initializers and cases (`TextStyle(font: FontSpec(size: 14), color: .system(.systemBlue))`):
/// arguments at their default value are left out, dictionaries are sorted by key, and every
/// string is a Swift literal of the spec's text (`Quoting.readable`).
enum TableLiteral {
    static func string(_ s: String) -> SwiftExpression { .literal(Quoting.readable(s)) }

    static func optionalString(_ s: String?) -> SwiftExpression { s.map(string) ?? .literal("nil") }

    static func integer(_ n: Int) -> SwiftExpression { .literal(String(n)) }

    /// The shortest literal that reads back as the same `Double` (`14`, `0.5`, `1e-05`).
    static func number(_ x: Double) -> SwiftExpression {
        if !x.isFinite { return .literal(x.isNaN ? "Double.nan" : x < 0 ? "-Double.infinity" : "Double.infinity") }
        if x == x.rounded(), abs(x) < 1e15, x.sign == .plus || x != 0 { return .literal(String(Int(x))) }
        return .literal(String(describing: x))
    }

    static func strings(_ list: [String]) -> SwiftExpression { .array(list.map(string)) }

    /// `[key: value]` sorted by key.
    static func dictionary<Value>(_ dictionary: [String: Value], _ value: (Value) -> SwiftExpression) -> SwiftExpression {
        .dictionary(dictionary.sorted { $0.key < $1.key }.map { .init(key: string($0.key), value: value($0.value)) })
    }

    /// `callee(label: value, …)`, every argument written (`nil` label: unlabelled).
    static func call(_ callee: String, _ arguments: (label: String?, value: SwiftExpression)...) -> SwiftExpression {
        .call(callee, arguments.map { SwiftExpression.Argument(label: $0.label, value: $0.value) })
    }

    /// `callee(…)` with the arguments `build` adds (those at their default left out).
    static func call(_ callee: String, _ build: (inout SwiftArguments) -> Void) -> SwiftExpression {
        var arguments = SwiftArguments()
        build(&arguments)
        return .call(callee, arguments.list)
    }

    // MARK: Styles

    static func style(_ style: TextStyle) -> SwiftExpression {
        call("TextStyle") { a in
            a.add("font", ifSet: style.font.map(font))
            a.add("color", ifSet: style.color.map(color))
            a.add("background", ifSet: style.background.map(color))
            a.add("underline", ifSet: style.underline.map { .member($0.rawValue) })
            a.add("underlineColor", ifSet: style.underlineColor.map(color))
            a.add("strikethrough", ifSet: style.strikethrough.map { .member($0.rawValue) })
            a.add("strikethroughColor", ifSet: style.strikethroughColor.map(color))
            a.add("kern", ifSet: style.kern.map(number))
            a.add("baselineOffset", ifSet: style.baselineOffset.map(number))
            a.add("alignment", ifSet: style.alignment.map { .member($0.rawValue) })
            a.add("lineSpacing", ifSet: style.lineSpacing.map(number))
            a.add("lineHeight", ifSet: style.lineHeight.map(number))
            a.add("paragraphSpacing", ifSet: style.paragraphSpacing.map(number))
            a.add("headIndent", ifSet: style.headIndent.map(number))
            a.add("firstLineHeadIndent", ifSet: style.firstLineHeadIndent.map(number))
        }
    }

    static func font(_ font: FontSpec) -> SwiftExpression {
        call("FontSpec") { a in
            a.add("size", ifSet: font.size.map(number))
            a.add("weight", ifSet: font.weight.map { .member($0.rawValue) })
            a.add("family", ifSet: font.family.map(string))
            a.add("italic", ifSet: font.italic.map { .literal(String($0)) })
            a.add("textStyle", ifSet: font.textStyle.map { .member($0.rawValue) })
        }
    }

    /// `.system(.systemBlue)`, `.rgba(RGBA(red: 229, green: 229, blue: 234))` (alpha only
    /// when not opaque) or `.dynamic(light: RGBA(…), dark: RGBA(…))`.
    static func color(_ color: StyleColor) -> SwiftExpression {
        switch color {
        case .system(let system):
            return call(".system", (nil, .member(system.rawValue)))
        case .rgba(let rgba):
            return call(".rgba", (nil, self.rgba(rgba)))
        case .dynamic(let light, let dark):
            return call(".dynamic", ("light", rgba(light)), ("dark", rgba(dark)))
        }
    }

    static func rgba(_ rgba: RGBA) -> SwiftExpression {
        call("RGBA") { a in
            a.add("red", integer(Int(rgba.red)))
            a.add("green", integer(Int(rgba.green)))
            a.add("blue", integer(Int(rgba.blue)))
            if rgba.alpha != 255 { a.add("alpha", integer(Int(rgba.alpha))) }
        }
    }

    // MARK: Presentation

    /// `MatchTemplate([.text("open "), .group(1), .name("user")])`.
    static func template(_ template: MatchTemplate) -> SwiftExpression {
        let parts: [SwiftExpression] = template.parts.map { part in
            switch part {
            case .text(let text): return call(".text", (nil, string(text)))
            case .group(let index): return call(".group", (nil, integer(index)))
            case .name(let name): return call(".name", (nil, string(name)))
            }
        }
        return call("MatchTemplate", (nil, .array(parts)))
    }

    static func tap(_ tap: TapSpec) -> SwiftExpression {
        call("TapSpec") { a in
            a.add("handler", string(tap.handler))
            if !tap.arguments.isEmpty {
                let arguments = tap.arguments.map { argument in
                    call("TapSpec.Argument", ("label", optionalString(argument.label)), ("value", template(argument.value)))
                }
                a.add("arguments", .array(arguments))
            }
        }
    }

    /// With `styles`, the style and highlight refer to the spec's declared styles
    /// (`StyleReferences`); without, they are written out.
    static func presentation(_ presentation: RulePresentation, styles: StyleReferences? = nil) -> SwiftExpression {
        call("RulePresentation") { a in
            a.add("style", styles?.merged(presentation.style, styleName: presentation.styleName) ?? style(presentation.style))
            a.add("styleName", ifSet: presentation.styleName.map(string))
            a.add("highlight", ifSet: presentation.highlight.map { styles?.highlight($0) ?? style($0) })
            a.add("tap", ifSet: presentation.tap.map(tap))
            a.add("replace", ifSet: presentation.replace.map(template))
            a.add("image", ifSet: presentation.image.map(image))
            a.add("widget", ifSet: presentation.widget.map(widget))
            a.add("alt", ifSet: presentation.alt.map(template))
            a.add("show", ifSet: presentation.show.map(integer))
            a.add("layer", ifSet: presentation.layer.map { styles?.named($0, styleName: presentation.styleName) ?? style($0) })
            a.add("layout", ifSet: presentation.layout.map(layout))
            a.add("before", ifSet: presentation.before.map(string))
            a.add("after", ifSet: presentation.after.map(string))
        }
    }

    /// `.block`, `.hidden`…
    static func layout(_ layout: ElementLayout) -> SwiftExpression {
        .member(layout == .hidden ? "hidden" : layout.rawValue)
    }

    static func image(_ image: ImageSpec) -> SwiftExpression {
        call("ImageSpec") { a in
            a.add("source", template(image.source))
            a.add("width", ifSet: image.width.map(dimension))
            a.add("height", ifSet: image.height.map(dimension))
            a.add("align", ifSet: image.align.map { .member($0.rawValue) })
            a.add("position", ifSet: image.position.map { .member($0.rawValue) })
        }
    }

    static func widget(_ widget: WidgetSpec) -> SwiftExpression {
        call("WidgetSpec") { a in
            a.add("name", string(widget.name))
            a.add("width", ifSet: widget.width.map(dimension))
            a.add("height", ifSet: widget.height.map(dimension))
            a.add("align", ifSet: widget.align.map { .member($0.rawValue) })
            a.add("position", ifSet: widget.position.map { .member($0.rawValue) })
            a.add("tappable", ifSet: widget.tappable.map { .literal(String($0)) })
        }
    }

    /// `.points(120)` or `.fromMatch(MatchTemplate([.name("width")]))`.
    static func dimension(_ dimension: AttachmentDimension) -> SwiftExpression {
        switch dimension {
        case .points(let points): return call(".points", (nil, number(points)))
        case .fromMatch(let value): return call(".fromMatch", (nil, template(value)))
        }
    }

    static func truncation(_ truncation: TruncationSpec, styles: StyleReferences? = nil) -> SwiftExpression {
        call("TruncationSpec") { a in
            a.add("text", string(truncation.text))
            a.add("style", styles?.merged(truncation.style, styleName: truncation.styleName) ?? style(truncation.style))
            a.add("styleName", ifSet: truncation.styleName.map(string))
            a.add("highlight", ifSet: truncation.highlight.map { styles?.highlight($0) ?? style($0) })
            a.add("tap", ifSet: truncation.tap.map(tap))
        }
    }

    // MARK: Rules

    /// `.regex(pattern: #"@\w+"#, flags: [.caseInsensitive], detector: nil)`, `.prefix("#")`, …
    static func matcher(_ matcher: MatcherSpec) -> SwiftExpression {
        switch matcher {
        case .regex(let pattern, let flags, let detector):
            return call(".regex", ("pattern", string(pattern)), ("flags", regexFlags(flags)), ("detector", optionalString(detector)))
        case .prefix(let prefix):
            return call(".prefix", (nil, string(prefix)))
        case .tagFamily(let family):
            return call(".tagFamily", (nil, string(family)))
        case .entity:
            return .member("entity")
        case .element(let name, let attributes, let isVoid):
            return call(".element", ("name", string(name)), ("attributes", strings(attributes)), ("isVoid", .literal(String(isVoid))))
        }
    }

    /// `[.caseInsensitive, .multiline]`, in the order of the flag letters (`imsx`).
    static func regexFlags(_ flags: RegexFlags) -> SwiftExpression {
        let names: [(RegexFlags, String)] = [
            (.caseInsensitive, "caseInsensitive"), (.multiline, "multiline"), (.dotMatchesLineSeparators, "dotMatchesLineSeparators"),
            (.extended, "extended"),
        ]
        let known = names.filter { flags.contains($0.0) }
        guard RegexFlags(known.map(\.0)) == flags else {
            return call("RegexFlags", ("rawValue", integer(Int(flags.rawValue))))
        }
        return .array(known.map { .member($0.1) })
    }

    static func conditionalStyle(_ c: ConditionalStyle) -> SwiftExpression {
        call("ConditionalStyle") { a in
            a.add("tag", optionalString(c.tag))
            a.add("conditions", .array(c.conditions.map(condition)))
            a.add("style", style(c.style))
            switch c.tap {
            case .tap(let spec)?: a.add("tap", call(".tap", (nil, tap(spec))))
            case .notTappable?: a.add("tap", .member("notTappable"))
            case nil: break
            }
            a.add("layout", ifSet: c.layout.map(layout))
            a.add("before", ifSet: c.before.map(string))
            a.add("after", ifSet: c.after.map(string))
        }
    }

    static func condition(_ c: TagCondition) -> SwiftExpression {
        let value: SwiftExpression
        switch c.value {
        case .integer(let n): value = call(".integer", (nil, integer(n)))
        case .text(let text): value = call(".text", (nil, string(text)))
        }
        let op: String
        switch c.op {
        case .equal: op = "equal"
        case .notEqual: op = "notEqual"
        case .less: op = "less"
        case .lessOrEqual: op = "lessOrEqual"
        case .greater: op = "greater"
        case .greaterOrEqual: op = "greaterOrEqual"
        case .has: op = "has"
        case .contains: op = "contains"
        case .startsWith: op = "startsWith"
        case .endsWith: op = "endsWith"
        }
        let field: SwiftExpression
        switch c.field {
        case .index: field = .member("index")
        case .level: field = .member("level")
        case .text: field = .member("text")
        case .name: field = .member("name")
        case .attribute(let name): field = call(".attribute", (nil, string(name)))
        }
        return call("TagCondition", ("field", field), ("op", .member(op)), ("value", value))
    }

    /// `pattern`: the expression of a regex rule's pattern (default: its literal).
    static func rule(_ rule: RuleEntry, styles: StyleReferences? = nil, pattern: SwiftExpression? = nil) -> SwiftExpression {
        call("RuleEntry") { a in
            a.add("name", string(rule.name))
            if case .regex(_, let flags, let detector) = rule.matcher, let pattern {
                a.add(
                    "matcher",
                    call(".regex", ("pattern", pattern), ("flags", regexFlags(flags)), ("detector", optionalString(detector))))
            } else {
                a.add("matcher", matcher(rule.matcher))
            }
            if rule.priority != 0 { a.add("priority", integer(rule.priority)) }
            a.add("presentation", presentation(rule.presentation, styles: styles))
            if !rule.tags.isEmpty { a.add("tags", dictionary(rule.tags) { presentation($0, styles: styles) }) }
            if !rule.conditionalStyles.isEmpty { a.add("conditionalStyles", .array(rule.conditionalStyles.map(conditionalStyle))) }
            if !rule.captureNames.isEmpty { a.add("captureNames", dictionary(rule.captureNames, integer)) }
            if rule.nest { a.add("nest", .literal("true")) }
            if rule.inArguments { a.add("inArguments", .literal("true")) }
        }
    }
}

extension TableValidator {
    /// A presentation of `rule` (its own, or a tag block's).
    mutating func check(_ p: RulePresentation, of rule: RuleEntry, at path: JSONPath, scope: Scope) {
        check(p.style, at: path + "style")
        if let highlight = p.highlight { check(highlight, at: path + "highlight") }
        if let layer = p.layer { check(layer, at: path + "layer") }
        checkStyleName(p.styleName, at: path + "styleName")
        if let tap = p.tap { check(tap, at: path + "tap", scope: scope) }
        if let replace = p.replace { check(replace, at: path + "replace", scope: scope) }
        if let alt = p.alt { check(alt, at: path + "alt", scope: scope) }
        if let image = p.image {
            check(image.source, at: path + "image" + "source", scope: scope)
            check(image.width, at: path + "image" + "width", scope: scope)
            check(image.height, at: path + "image" + "height", scope: scope)
        }
        if let widget = p.widget {
            if widget.name.isEmpty { report(path + "widget" + "name", "a widget's name cannot be empty") }
            check(widget.width, at: path + "widget" + "width", scope: scope)
            check(widget.height, at: path + "widget" + "height", scope: scope)
            if p.image != nil { report(path + "widget", "a match shows an image or a widget, not both") }
        }
        let position = p.image?.position ?? p.widget?.position
        let replacesText = (p.image != nil || p.widget != nil) && (position == nil || position == .replace)
        if p.replace != nil, replacesText {
            report(
                path + "replace",
                "the image or widget replaces the match, so 'replace' shows nothing (an attachment beside a replacement has position before or after)"
            )
        }
        if let show = p.show {
            if !scope.isRegex {
                report(path + "show", "'show' applies to regex rules (tags and elements show their content)")
            } else if p.replace != nil {
                report(path + "show", "'show' and 'replace' both say what the match displays")
            } else if replacesText {
                report(path + "show", "'show' has nothing to show: the image or widget replaces the match")
            } else if show < 0 || show > (scope.maxGroup ?? Int.max) {
                report(path + "show", "capture group \(show) does not exist: \(Self.groups(scope.maxGroup))")
            }
        }
    }

    /// A tap: a handler of `handlers`, called with the labels it is declared with.
    mutating func check(_ tap: TapSpec, at path: JSONPath, scope: Scope) {
        let labels = tap.arguments.map(\.label)
        if let declared = table.handlers[tap.handler] {
            if declared != labels {
                report(
                    path + "arguments",
                    "handler \(JSONScanner.quoted(tap.handler)) is declared as \(Self.signature(tap.handler, declared)) in 'handlers', but called as \(Self.signature(tap.handler, labels))"
                )
            }
        } else {
            report(path + "handler", "handler \(JSONScanner.quoted(tap.handler)) is not in 'handlers'")
        }
        for (index, argument) in tap.arguments.enumerated() {
            check(argument.value, at: path + "arguments" + index + "value", scope: scope)
        }
    }

    /// `name(label:_:)`.
    static func signature(_ name: String, _ labels: [String?]) -> String {
        "'\(name)(\(labels.map { ($0 ?? "_") + ":" }.joined()))'"
    }

    /// A template's groups and names: ones the rule has.
    mutating func check(_ template: MatchTemplate, at path: JSONPath, scope: Scope) {
        for (index, part) in template.parts.enumerated() {
            switch part {
            case .text: break
            case .group(let group):
                if group < 0 || group > (scope.maxGroup ?? Int.max) {
                    report(path + "parts" + index + "group", "capture group \(group) does not exist: \(Self.groups(scope.maxGroup))")
                }
            case .name(let name):
                if !scope.names.contains(name) {
                    report(path + "parts" + index + "name", "unknown name \(JSONScanner.quoted(name)): \(scope.what)")
                }
            }
        }
    }

    /// An attachment's width or height: points in (0, 10000], or a template.
    mutating func check(_ dimension: AttachmentDimension?, at path: JSONPath, scope: Scope) {
        switch dimension {
        case .points(let points)?:
            if !(points > 0 && points <= 10_000) { report(path, "a size is greater than 0 and at most 10000 points, found \(points)") }
        case .fromMatch(let template)?: check(template, at: path, scope: scope)
        case nil: break
        }
    }

    /// A style's numbers, in the ranges a spec may write.
    mutating func check(_ style: TextStyle, at path: JSONPath) {
        if let font = style.font {
            if let size = font.size, !(size > 0 && size <= 1000) {
                report(path + "font" + "size", "a font size is greater than 0 and at most 1000 points, found \(size)")
            }
            if font.family?.isEmpty == true { report(path + "font" + "family", "a font family cannot be empty") }
        }
        let ranges: [(String, Double?, ClosedRange<Double>, Bool)] = [
            ("kern", style.kern, -1000...1000, false),
            ("baselineOffset", style.baselineOffset, -1000...1000, false),
            ("lineSpacing", style.lineSpacing, 0...1000, false),
            ("lineHeight", style.lineHeight, 0...1000, true),
            ("paragraphSpacing", style.paragraphSpacing, 0...1000, false),
            ("headIndent", style.headIndent, 0...1000, false),
            ("firstLineHeadIndent", style.firstLineHeadIndent, 0...1000, false),
        ]
        for (key, value, range, positive) in ranges {
            guard let value, !range.contains(value) || (positive && value == 0) else { continue }
            let bounds = positive ? "greater than 0 and at most 1000" : "from \(Int(range.lowerBound)) to \(Int(range.upperBound))"
            report(path + key, "'\(key)' is \(bounds) points, found \(value)")
        }
    }

    /// The `where` blocks of a tag family or an element rule.
    mutating func checkConditionalStyles(of rule: RuleEntry, at path: JSONPath, scope: Scope) {
        guard !rule.conditionalStyles.isEmpty else { return }
        let family: String?
        let attributes: [String]
        switch rule.matcher {
        case .tagFamily(let name):
            family = name
            attributes = []
        case .element(_, let declared, _):
            family = nil
            attributes = declared
        default:
            return report(path, "only tag families and elements have conditional styles ('where' blocks)")
        }
        for (index, conditional) in rule.conditionalStyles.enumerated() {
            let at = path + index
            if let tag = conditional.tag {
                if let family {
                    if !Self.isTag(tag, of: family) {
                        report(
                            at + "tag",
                            "tag \(JSONScanner.quoted(tag)) is not in family '\(family)' (\(family) or \(family) followed by digits)")
                    }
                } else {
                    report(at + "tag", "an element's conditional style applies to every element (no 'tag')")
                }
            }
            for (k, condition) in conditional.conditions.enumerated() {
                check(condition, at: at + "conditions" + k, family: family, attributes: attributes)
            }
            check(conditional.style, at: at + "style")
            if case .tap(let tap)? = conditional.tap { check(tap, at: at + "tap", scope: scope) }
        }
    }

    /// A test: a field the rule's tags have, compared with a value of its type.
    private mutating func check(_ condition: TagCondition, at path: JSONPath, family: String?, attributes: [String]) {
        let isInteger: Bool
        switch condition.field {
        case .index: isInteger = true
        case .level:
            isInteger = true
            if family == nil { report(path + "field", "an element has no level, only a tag family's tags do") }
        case .text, .name: isInteger = false
        case .attribute(let name):
            isInteger = false
            if family != nil {
                report(path + "field", "a tag family's tags have no attributes to test")
            } else if !attributes.contains(name) {
                report(path + "attribute", "attribute \(JSONScanner.quoted(name)) is not declared by the element")
            }
        }
        switch (condition.value, isInteger) {
        case (.integer, true):
            if condition.op.isStringTest { report(path + "op", "'\(condition.op.rawValue)' tests strings, not integers") }
        case (.text(let text), false):
            if condition.op != .equal && condition.op != .notEqual && !condition.op.isStringTest {
                report(path + "op", "a string is compared with '==', '!=', 'has', 'contains', 'starts with' or 'ends with'")
            }
            if condition.field == .name, text != text.lowercased() {
                report(path + "value", "a tag name is compared in lower case (names are reported lower-cased)")
            }
        case (_, true): report(path + "value", "this field is compared with an integer")
        case (_, false): report(path + "value", "this field is compared with a string")
        }
    }
}

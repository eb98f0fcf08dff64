import RuleRuntime
import RuleSpec

extension Sema {
    /// The presentation of a rule, family or tag block. For a tag block, `inherited` is
    /// its family's: styles merge (family, then tag), everything else is replaced when the
    /// tag block says it. Styles are not yet merged with `base`.
    mutating func presentation(_ items: [String: Item], scope: CaptureScope, in file: SourceFile, inherited: Presentation?) -> Presentation
    {
        var p = inherited ?? Presentation(style: TextStyle(), highlight: defaultHighlight)
        if case .style(let ref, _)? = items["style"] {
            let (style, name) = style(ref, in: file)
            p.style = p.style.merged(with: style)
            p.styleName = name
        }
        if case .highlight(let ref, _)? = items["highlight"], let highlight = highlight(ref, in: file) {
            p.highlight = highlight
        }
        if case .tap(let tap, _)? = items["tap"] {
            // `tap none`: no tap here, whatever the family says (as `highlight none`).
            if tap.handler.name == "none" {
                if !tap.arguments.isEmpty {
                    error(.invalidValue, "'tap none' takes no arguments: it makes the match not tappable", file, tap.span)
                }
                p.tap = nil
            } else {
                p.tap = checkTap(tap, scope: scope, in: file)
            }
        }
        if ["replace", "image", "widget"].contains(where: { items[$0] != nil }) {
            p.replace = nil
            p.image = nil
            p.widget = nil
        }
        if case .replace(let literal, _)? = items["replace"] { p.replace = template(literal, scope: scope, in: file) }
        if case .image(let decl)? = items["image"] {
            let dims = decl.size.map { size(decl: $0, file) }
            p.image = ImageSpec(source: template(decl.source, scope: scope, in: file), width: dims?.0, height: dims?.1)
            if decl.source.pieces.isEmpty { error(.invalidValue, "an image needs a name or URL", file, decl.source.span) }
        }
        if case .widget(let decl)? = items["widget"] {
            if let align = decl.align, !WidgetSpec.alignments.contains(align.name) {
                error(
                    .invalidValue,
                    "unknown alignment '\(align.name)'\(Spelling.hint(align.name, WidgetSpec.alignments)); use \(WidgetSpec.alignments.joined(separator: ", "))",
                    file, align.span)
            }
            let dims = decl.size.map { size(decl: $0, file) }
            p.widget = WidgetSpec(name: decl.name.name, width: dims?.0, height: dims?.1, align: decl.align?.name)
        }
        return p
    }

    mutating func size(decl: SizeLiteral, _ file: SourceFile) -> (Double, Double) {
        if decl.width <= 0 || decl.height <= 0 || decl.width > 10_000 || decl.height > 10_000 {
            error(.invalidValue, "a size must be positive and at most 10000x10000", file, decl.span)
        }
        return (decl.width, decl.height)
    }

    /// Checks a tap: argument references and one label list per handler.
    mutating func checkTap(_ tap: TapDecl, scope: CaptureScope, in file: SourceFile) -> TapSpec {
        var arguments: [TapSpec.Argument] = []
        var labelsSeen: Set<String> = []
        for argument in tap.arguments {
            if let label = argument.label, !labelsSeen.insert(label.name).inserted {
                error(.duplicate, "argument label '\(label.name)' is used twice", file, label.span)
            }
            arguments.append(.init(label: argument.label?.name, value: template(argument.value, scope: scope, in: file)))
        }
        let labels = tap.arguments.map { $0.label?.name }
        let here = ref(file, tap.handler.span.union(tap.span))
        if let first = handlers[tap.handler.name] {
            if first.labels != labels {
                error(
                    .handlerLabels,
                    "handler '\(tap.handler.name)' is called as \(Self.signature(tap.handler.name, labels)) here but as \(Self.signature(tap.handler.name, first.labels)) before; a handler has one argument list",
                    file, tap.handler.span.union(tap.span), notes: [.init("first called here", at: first.ref)])
            }
        } else {
            handlers[tap.handler.name] = (labels, here)
        }
        return TapSpec(handler: tap.handler.name, arguments: arguments)
    }

    static func signature(_ name: String, _ labels: [String?]) -> String {
        "'\(name)(\(labels.map { ($0 ?? "_") + ":" }.joined()))'"
    }

    /// A template with its references checked against the rule's captures.
    mutating func template(_ literal: TemplateLiteral, scope: CaptureScope, in file: SourceFile) -> Template {
        var parts: [Template.Part] = []
        for piece in literal.pieces {
            switch piece.piece {
            case .text(let text):
                if case .text(let previous)? = parts.last {
                    parts[parts.count - 1] = .text(previous + text)
                } else {
                    parts.append(.text(text))
                }
            case .group(let n):
                if n > scope.maxGroup {
                    let has = scope.maxGroup == 0 ? "only $0 (the whole match)" : "$0 to $\(scope.maxGroup)"
                    error(.unknownCapture, "no capture group \(n): this rule has \(has)", file, piece.span)
                }
                parts.append(.group(n))
            case .name(let name):
                if !scope.names.contains(name) {
                    let valid = scope.names.isEmpty ? "this rule has no named captures" : scope.what
                    error(.unknownCapture, "unknown capture '\(name)'\(Spelling.hint(name, scope.names)) (\(valid))", file, piece.span)
                }
                parts.append(.name(name))
            }
        }
        return Template(parts)
    }
}

@_spi(Generated) import RuleRuntime
import RuleSpec

extension Sema {
    /// The presentation of a rule, family or tag block. For a tag block, `inherited` is
    /// its family's: styles merge (family, then tag), everything else is replaced when the
    /// tag block says it. Styles are not yet merged with `base`.
    mutating func presentation(_ items: [String: Item], scope: CaptureScope, in file: SourceFile, inherited: RulePresentation?)
        -> RulePresentation
    {
        var p = inherited ?? RulePresentation(style: TextStyle(), highlight: defaultHighlight)
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
            let o = attachmentOptions(decl.options, scope: scope, in: file, isWidget: false)
            p.image = ImageSpec(
                source: template(decl.source, scope: scope, in: file), width: o.width, height: o.height, align: o.align,
                position: o.position)
            if decl.source.pieces.isEmpty { error(.invalidValue, "an image needs a name or URL", file, decl.source.span) }
        }
        if case .widget(let decl)? = items["widget"] {
            let o = attachmentOptions(decl.options, scope: scope, in: file, isWidget: true)
            p.widget = WidgetSpec(
                name: decl.name.name, width: o.width, height: o.height, align: o.align, position: o.position, tappable: o.tappable)
        }
        if case .alt(let literal, _)? = items["alt"] { p.alt = template(literal, scope: scope, in: file) }
        let laidOut = elementLayout(items, in: file)
        if let layout = laidOut.layout { p.layout = layout }
        if let before = laidOut.before { p.before = before }
        if let after = laidOut.after { p.after = after }
        return p
    }

    /// `alt` is what VoiceOver reads for what a rule shows instead of (or beside) its own
    /// text: an error where the presentation shows no replacement, image or widget.
    mutating func checkAlt(_ items: [String: Item], shows presentations: [RulePresentation], in file: SourceFile) {
        guard case .alt(_, let span)? = items["alt"] else { return }
        if !presentations.contains(where: { $0.replace != nil || $0.image != nil || $0.widget != nil }) {
            error(
                .invalidValue,
                "'alt' describes a replacement, image or widget, but this shows its own text (which is what VoiceOver reads)", file, span)
        }
    }

    /// The `truncation` statements: one per file, the last file's wins (as `highlight`).
    mutating func checkTruncation() {
        for file in spec.files {
            var seen: SourceRef?
            for case .truncation(let decl) in file.statements {
                if let first = seen {
                    error(
                        .duplicate, "'truncation' is declared twice in this file", file.source, decl.span,
                        notes: [.init("first declared here", at: first)])
                    continue
                }
                seen = ref(file.source, decl.span)
                let items = uniqueItems(decl.items, owner: "the truncation token", in: file.source)
                let scope = CaptureScope(maxGroup: -1, names: [], what: "the truncation token has no match to refer to")
                let p = presentation(items, scope: scope, in: file.source, inherited: nil)
                guard let text = decl.text.plainText else {
                    error(.unknownCapture, "the truncation token is plain text: it has no match to refer to", file.source, decl.text.span)
                    continue
                }
                if text.isEmpty { error(.invalidValue, "the truncation token cannot be empty", file.source, decl.text.span) }
                truncation = TruncationSpec(
                    text: text, style: base.merged(with: p.style), styleName: p.styleName, highlight: p.tap == nil ? nil : p.highlight,
                    tap: p.tap)
            }
        }
    }

    /// Checks `size`, `align`, `position` and `tappable` (widgets only).
    mutating func attachmentOptions(_ options: AttachmentOptions, scope: CaptureScope, in file: SourceFile, isWidget: Bool) -> (
        width: AttachmentDimension?, height: AttachmentDimension?, align: AttachmentAlignment?, position: AttachmentPosition?,
        tappable: Bool?
    ) {
        func dimension(_ decl: DimensionDecl) -> AttachmentDimension? {
            switch decl {
            case .auto: return nil
            case .points(let value, let span):
                if value <= 0 || value > 10_000 {
                    error(.invalidValue, "a size must be positive and at most 10000x10000", file, span)
                }
                return .points(value)
            case .reference(let literal): return .fromMatch(template(literal, scope: scope, in: file))
            }
        }
        let width = options.size.flatMap { dimension($0.width) }
        let height = options.size.flatMap { dimension($0.height) }
        var align: AttachmentAlignment?
        if let id = options.align {
            align = AttachmentAlignment(rawValue: id.name)
            if align == nil {
                let names = AttachmentAlignment.allCases.map(\.rawValue)
                error(
                    .invalidValue, "unknown alignment '\(id.name)'\(Spelling.hint(id.name, names)); use \(names.joined(separator: ", "))",
                    file, id.span)
            }
        }
        var position: AttachmentPosition?
        if let id = options.position {
            position = AttachmentPosition(rawValue: id.name)
            if position == nil {
                let names = AttachmentPosition.allCases.map(\.rawValue)
                error(
                    .invalidValue, "unknown position '\(id.name)'\(Spelling.hint(id.name, names)); use \(names.joined(separator: ", "))",
                    file, id.span)
            }
        }
        if let tappable = options.tappable, !isWidget {
            error(
                .invalidValue, "'tappable' applies to widgets: a tap on an image is its match's tap", file, tappable.span)
        }
        return (width, height, align, position, isWidget ? options.tappable?.value : nil)
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
    mutating func template(_ literal: TemplateLiteral, scope: CaptureScope, in file: SourceFile) -> MatchTemplate {
        var parts: [MatchTemplate.Part] = []
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
                    if scope.maxGroup < 0 {
                        error(.unknownCapture, "no capture group \(n): \(scope.what)", file, piece.span)
                    } else {
                        let has = scope.maxGroup == 0 ? "only $0 (the whole match)" : "$0 to $\(scope.maxGroup)"
                        error(.unknownCapture, "no capture group \(n): this rule has \(has)", file, piece.span)
                    }
                }
                parts.append(.group(n))
            case .name(let name):
                if !scope.names.contains(name) {
                    let valid = scope.maxGroup < 0 ? scope.what : scope.names.isEmpty ? "this rule has no named captures" : scope.what
                    error(.unknownCapture, "unknown capture '\(name)'\(Spelling.hint(name, scope.names)) (\(valid))", file, piece.span)
                }
                parts.append(.name(name))
            }
        }
        return MatchTemplate(parts)
    }
}

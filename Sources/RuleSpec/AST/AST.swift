/// The AST of one `.richrules` file. Every node carries the span it came from.

/// A name as written, with its span.
public struct Identifier: Sendable, Hashable {
    public var name: String
    public var span: SourceSpan
    public init(_ name: String, span: SourceSpan) {
        self.name = name
        self.span = span
    }
}

/// A string literal: text with `$n` / `${name}` holes.
public struct TemplateLiteral: Sendable, Hashable {
    public var pieces: [SpannedPiece]
    public var span: SourceSpan
    /// The literal text when the template has no holes.
    public var plainText: String? {
        var out = ""
        for p in pieces {
            guard case .text(let t) = p.piece else { return nil }
            out += t
        }
        return out
    }
}

/// A number literal (integer or decimal, with its sign).
public struct NumberLiteral: Sendable, Hashable {
    public var value: Double
    public var isInteger: Bool
    public var span: SourceSpan
}

/// One value token of a style property (`14`, `bold`, `#FF0000`, `"Helvetica Neue"`).
public enum StyleValue: Sendable, Hashable {
    case number(NumberLiteral)
    case word(Identifier)
    case color(String, SourceSpan)
    case string(String, SourceSpan)

    public var span: SourceSpan {
        switch self {
        case .number(let n): return n.span
        case .word(let w): return w.span
        case .color(_, let s), .string(_, let s): return s
        }
    }
}

/// `name: value…`
public struct StyleProperty: Sendable, Hashable {
    public var name: Identifier
    public var values: [StyleValue]
    public var span: SourceSpan
}

/// `{ font: 14; color: #8E8E93 }`
public struct StyleBlock: Sendable, Hashable {
    public var properties: [StyleProperty]
    public var span: SourceSpan
}

/// A style by name or inline.
public enum StyleRef: Sendable, Hashable {
    case named(Identifier)
    case inline(StyleBlock)
}

/// `highlight pressed`, `highlight none`, `highlight { … }`.
public enum HighlightRef: Sendable, Hashable {
    case none(SourceSpan)
    case named(Identifier)
    case inline(StyleBlock)
}

/// `tap openProfile(user: $0)`.
public struct TapDecl: Sendable, Hashable {
    public struct Argument: Sendable, Hashable {
        public var label: Identifier?
        public var value: TemplateLiteral
    }
    public var handler: Identifier
    public var arguments: [Argument]
    /// Where the argument list is (the handler name when there is none).
    public var span: SourceSpan
}

/// The options of `image` and `widget`: `size 30x16`, `size auto`, `size ${w}x${h}`,
/// `align middle`, `position after`, `tappable false`.
public struct AttachmentOptions: Sendable, Hashable {
    public var size: SizeDecl?
    public var align: Identifier?
    public var position: Identifier?
    public var tappable: (value: Bool, span: SourceSpan)?

    public static func == (a: Self, b: Self) -> Bool {
        a.size == b.size && a.align == b.align && a.position == b.position && a.tappable?.value == b.tappable?.value
            && a.tappable?.span == b.tappable?.span
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(align)
        hasher.combine(position)
        hasher.combine(tappable?.value)
    }
}

/// `image "${name}" size 17x17 align baseline`.
public struct ImageDecl: Sendable, Hashable {
    public var source: TemplateLiteral
    public var options: AttachmentOptions
    public var span: SourceSpan
}

/// `widget badge size 30x16 align middle position after tappable false`.
public struct WidgetDecl: Sendable, Hashable {
    public var name: Identifier
    public var options: AttachmentOptions
    public var span: SourceSpan
}

/// One dimension of `size W x H`.
public enum DimensionDecl: Sendable, Hashable {
    case points(Double, SourceSpan)
    /// `$1`, `${width}`: read from the match.
    case reference(TemplateLiteral)
    case auto(SourceSpan)

    public var span: SourceSpan {
        switch self {
        case .points(_, let span), .auto(let span): return span
        case .reference(let literal): return literal.span
        }
    }
}

/// `size 17x17`, `size auto`, `size ${width}x${height}`.
public struct SizeDecl: Sendable, Hashable {
    public var width: DimensionDecl
    public var height: DimensionDecl
    public var span: SourceSpan
}

/// What a rule matches.
public enum MatcherDecl: Sendable, Hashable {
    /// `/pattern/flags`
    case regex(pattern: String, patternSpan: SourceSpan, flags: String, flagsSpan: SourceSpan)
    /// `detector(link)`, `detector(link, schemes: "https", "myapp")`
    case detector(Identifier, schemes: [TemplateLiteral] = [])
    /// `prefix "#"`
    case prefix(TemplateLiteral)
    /// `tag <a href title>`, `tag <img src/>`, or the catch-all `tag <*>` (name `*`).
    case element(name: Identifier, attributes: [Identifier], isVoid: Bool)
    /// `entity`: an HTML character reference (`&amp;`, `&#x1F600;`).
    case entity(SourceSpan)
}

/// A statement inside `rule`, `tags` or `tag` blocks.
public enum Item: Sendable, Hashable {
    case match(MatcherDecl, SourceSpan)
    case priority(NumberLiteral, SourceSpan)
    case style(StyleRef, SourceSpan)
    case highlight(HighlightRef, SourceSpan)
    case tap(TapDecl, SourceSpan)
    case replace(TemplateLiteral, SourceSpan)
    case image(ImageDecl)
    case widget(WidgetDecl)
    /// `alt "…"`: the accessibility text of the image or widget.
    case alt(TemplateLiteral, SourceSpan)
    /// `show $1` / `show ${name}`: display that group's text instead of the whole match.
    case show(TemplateLiteral, SourceSpan)
    case allowOverlap(Identifier, SourceSpan)
    /// `nest`: the rule's matches may hold other matches inside their content.
    case nest(SourceSpan)
    /// `in arguments`: the rule may also match inside one argument of a template (user
    /// text); without it, its matches lie in the template's own text.
    case inArguments(SourceSpan)
    /// `tag h1 { … }` (tag families only).
    case tag(TagBlock)
    /// `inline`, `block`, `paragraph`, `pre`, `hide`: how an element of an HTML spec
    /// (`import html`) lays out; the word and its span.
    case layout(Identifier)
    /// `before "…"` / `after "…"`: text an element of an HTML spec shows before or after
    /// its content.
    case generated(before: Bool, TemplateLiteral, SourceSpan)

    /// The words of `layout` statements.
    public static let layoutWords: Set<String> = ["inline", "block", "paragraph", "pre", "hide"]

    /// The statement keyword, for messages.
    public var keyword: String {
        switch self {
        case .match: return "match"
        case .priority: return "priority"
        case .style: return "style"
        case .highlight: return "highlight"
        case .tap: return "tap"
        case .replace: return "replace"
        case .image: return "image"
        case .widget: return "widget"
        case .alt: return "alt"
        case .show: return "show"
        case .allowOverlap: return "allow overlap"
        case .nest: return "nest"
        case .inArguments: return "in arguments"
        case .tag: return "tag"
        case .layout(let word): return word.name
        case .generated(let before, _, _): return before ? "before" : "after"
        }
    }

    /// The span of the whole statement.
    public var span: SourceSpan {
        switch self {
        case .match(_, let s), .style(_, let s), .highlight(_, let s), .allowOverlap(_, let s), .priority(_, let s),
            .tap(_, let s), .replace(_, let s), .alt(_, let s), .show(_, let s), .nest(let s),
            .inArguments(let s), .generated(_, _, let s):
            return s
        case .layout(let word): return word.span
        case .image(let i): return i.span
        case .widget(let w): return w.span
        case .tag(let t): return t.span
        }
    }
}

/// `tag h1 { style { underline: single }  tap openAgreement }`, or a conditional block
/// `tag h1 where index == 0 { … }` / `tag * where level >= 2 { … }`.
public struct TagBlock: Sendable, Hashable {
    /// The tag name; `*` for every tag of the family (conditional blocks only).
    public var name: Identifier
    /// The `where` tests, all of which must hold; empty for a plain tag block.
    public var conditions: [TagConditionDecl] = []
    public var items: [Item]
    public var span: SourceSpan
}

/// One test of a `where` clause: `index == 0`, `level >= 2`, `text == "Terms"`.
public struct TagConditionDecl: Sendable, Hashable {
    public var field: Identifier
    public var op: String
    public var opSpan: SourceSpan
    /// An integer or a string literal.
    public var value: StyleValue
}

/// `rule NAME { … }`
public struct RuleDecl: Sendable, Hashable {
    public var name: Identifier
    public var items: [Item]
    public var span: SourceSpan
}

/// `tags FAMILY { … }`
public struct TagsDecl: Sendable, Hashable {
    public var family: Identifier
    public var items: [Item]
    public var span: SourceSpan
}

/// `style NAME [: PARENT] { … }`
public struct StyleDecl: Sendable, Hashable {
    public var name: Identifier
    public var parent: Identifier?
    public var block: StyleBlock
    public var span: SourceSpan
}

/// `truncation "…more" style link tap expand` (or the options in a block).
public struct TruncationDecl: Sendable, Hashable {
    public var text: TemplateLiteral
    /// `style`, `highlight` and `tap` items.
    public var items: [Item]
    public var span: SourceSpan
}

/// A plain string of an example (no `$` holes), with its span.
public struct ExampleString: Sendable, Hashable {
    public var value: String
    public var span: SourceSpan
    public init(_ value: String, span: SourceSpan) {
        self.value = value
        self.span = span
    }
}

/// `tap HANDLER` or `tap HANDLER(label: "value", …)` of an example item.
public struct ExampleTap: Sendable, Hashable {
    public struct Argument: Sendable, Hashable {
        public var label: Identifier?
        public var value: ExampleString
    }
    public var handler: Identifier
    public var arguments: [Argument]
    /// From `tap` to the end of the argument list (or the handler name).
    public var span: SourceSpan
}

/// One expected kept match of an example: `RULE "matched text" [tap …] [display "…"]`.
public struct ExampleItem: Sendable, Hashable {
    /// The rule's name (for a tag family or an element, its rule's name).
    public var rule: Identifier
    /// The matched source text.
    public var text: ExampleString
    public var tap: ExampleTap?
    /// The match's display text.
    public var display: ExampleString?
    public var span: SourceSpan
}

/// `example "TEXT" { [display "…"] ITEM* }`: the text's kept matches, in order, must be
/// exactly the items (DESIGN.md "Spec examples").
public struct ExampleDecl: Sendable, Hashable {
    /// The `example` keyword (where a failing example is reported).
    public var keyword: SourceSpan
    public var text: ExampleString
    /// The whole text's display text (`display "…"` before the items).
    public var display: ExampleString?
    public var items: [ExampleItem]
    public var span: SourceSpan
}

/// A top-level statement.
public enum Statement: Sendable, Hashable {
    case example(ExampleDecl)
    case truncation(TruncationDecl)
    case importFile(TemplateLiteral, SourceSpan)
    /// `import html`: a spec built into rulegen (the name and the statement's span).
    case importBuiltin(Identifier, SourceSpan)
    case base(StyleBlock, SourceSpan)
    case style(StyleDecl)
    case highlight(HighlightRef, SourceSpan)
    case tags(TagsDecl)
    case rule(RuleDecl)
}

/// A parsed file.
public struct SpecFile: Sendable, Equatable {
    public var source: SourceFile
    /// `richrules N`; `nil` when missing (reported).
    public var version: NumberLiteral?
    public var statements: [Statement]

    /// Equal when parsed from the same path and text (one `SourceFile`, or two reads of
    /// one file, as `SourceRef` compares them) to the same statements.
    public static func == (a: SpecFile, b: SpecFile) -> Bool {
        a.source.isSame(as: b.source) && a.version == b.version && a.statements == b.statements
    }
}

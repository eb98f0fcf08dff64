import Foundation

/// The JSON style table `rulegen` writes (`<Name>.styles.json`) and the runtime reads:
/// merged styles, the rules in resolution (declaration) order, handler signatures.
/// Its schema is documented in `docs/StyleTable.md`.
public struct StyleTable: Codable, Sendable, Hashable {
    /// The table format this runtime reads and writes.
    public static let currentFormatVersion = 3

    public var formatVersion: Int
    /// The spec's UpperCamelCase name (`Agreement` for `agreement.richrules`).
    public var name: String
    /// The spec's file name, for messages.
    public var source: String
    /// The style of plain text.
    public var base: TextStyle
    /// Every named style, already merged along its inheritance chain (not with `base`).
    public var styles: [String: TextStyle]
    /// The default pressed-highlight style of tappable matches, merged; `nil` for none.
    public var highlight: TextStyle?
    /// The spec's `truncation` token; `nil`: `…` in the base style, not tappable.
    @_spi(Generated) public var truncation: TruncationSpec?
    /// Handler name → argument labels (`nil` for an unlabelled argument), one list per
    /// handler across the spec.
    public var handlers: [String: [String?]]
    /// The rules, in declaration order (imported specs' rules first).
    @_spi(Generated) public var rules: [RuleEntry]
    /// What `rulegen` stamps on both files of one run (`<Name>.swift` holds it as
    /// `<Name>Rules.table.contentHash`, `<Name>.styles.json` as `contentHash`): 16 hex digits
    /// of a SHA-256 of the pair. A JSON file and a Swift file with different hashes come
    /// from different runs. `nil` for tables made otherwise.
    public var contentHash: String?

    @_spi(Generated) public init(
        formatVersion: Int = StyleTable.currentFormatVersion, name: String, source: String, base: TextStyle,
        styles: [String: TextStyle], highlight: TextStyle?, truncation: TruncationSpec? = nil, handlers: [String: [String?]],
        rules: [RuleEntry], contentHash: String? = nil
    ) {
        self.formatVersion = formatVersion
        self.name = name
        self.source = source
        self.base = base
        self.styles = styles
        self.highlight = highlight
        self.truncation = truncation
        self.handlers = handlers
        self.rules = rules
        self.contentHash = contentHash
    }
}

/// What a rule matches.
@_spi(Generated) public enum MatcherSpec: Sendable, Hashable {
    /// An ICU regular expression, matched as `NSRegularExpression` would. `detector` names
    /// the curated detector (`link`, `email`, `phone`) the pattern came from, if any.
    case regex(pattern: String, flags: RegexFlags, detector: String?)
    /// A whitespace-delimited word that starts with `prefix`.
    case prefix(String)
    /// A tag family: `<h>…</h>`, `<h1>…</h1>`, `<h2>…<h2/>` for family `h`.
    case tagFamily(String)
    /// A generic element `<a href="…">…</a>`, or with `isVoid` a single tag `<img src="…"/>`.
    /// `attributes` are the declared attribute names usable as `${name}`. The name `*` is the
    /// catch-all: paired tags of every name no other element rule or tag family of the table
    /// matches (`<p>`, `<span class="x">`).
    case element(name: String, attributes: [String], isVoid: Bool)
    /// An HTML character reference (`&amp;`, `&nbsp;`, `&#233;`, `&#x1F600;`: the HTML
    /// named references, which end with `;`, and numeric ones), shown as the character it
    /// stands for.
    case entity
}

/// A tap target: the handler name and its argument templates.
@_spi(Generated) public struct TapSpec: Codable, Sendable, Hashable {
    @_spi(Generated) public struct Argument: Codable, Sendable, Hashable {
        public var label: String?
        public var value: MatchTemplate
        public init(label: String?, value: MatchTemplate) {
            self.label = label
            self.value = value
        }
    }
    public var handler: String
    public var arguments: [Argument]
    public init(handler: String, arguments: [Argument] = []) {
        self.handler = handler
        self.arguments = arguments
    }
}

/// A dimension of an attachment: points, or read from the match (a capture or an
/// element attribute such as `<img width="120">`). A value that is not a number between
/// 0 and 10000 (points; a trailing `px` is allowed) leaves the dimension intrinsic.
@_spi(Generated) public enum AttachmentDimension: Sendable, Hashable, Codable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    case points(Double)
    case fromMatch(MatchTemplate)

    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let points = try? container.decode(Double.self) {
            self = .points(points)
        } else {
            self = .fromMatch(try container.decode(MatchTemplate.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .points(let points): try container.encode(points)
        case .fromMatch(let template): try container.encode(template)
        }
    }

    /// Points from a matched value: `120`, `120.5`, `120px`; `nil` when not in (0, 10000].
    public static func points(from text: String) -> Double? {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        if digits.hasSuffix("px") { digits = digits.dropLast(2) }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(digits),
            value > 0, value <= 10_000
        else { return nil }
        return value
    }
}

/// How an attachment sits on the line (ZLRichLabel's `HTagWidget.alignment`).
public enum AttachmentAlignment: String, Codable, Sendable, Hashable, CaseIterable {
    /// Centered on the line's text (the default).
    case middle
    /// Bottom on the baseline.
    case baseline
    /// Bottom just above the baseline.
    case aboveBaseline
    /// Top on the baseline: hanging below it.
    case belowBaseline
    /// Top at the line's ascender.
    case top
    /// Bottom at the line's descender.
    case bottom
}

/// Where an attachment goes relative to the match's text (ZLRichLabel's
/// `HTagWidget.position`): instead of it (the default), before it or after it.
public enum AttachmentPosition: String, Codable, Sendable, Hashable, CaseIterable {
    case replace, before, after
}

/// An inline image shown for the match (one U+FFFC attachment character).
@_spi(Generated) public struct ImageSpec: Codable, Sendable, Hashable {
    public var source: MatchTemplate
    /// `nil`: intrinsic (the image's own size).
    public var width: AttachmentDimension?
    public var height: AttachmentDimension?
    /// `nil`: `middle`.
    public var align: AttachmentAlignment?
    /// `nil`: `replace`.
    public var position: AttachmentPosition?
    public init(
        source: MatchTemplate, width: AttachmentDimension? = nil, height: AttachmentDimension? = nil, align: AttachmentAlignment? = nil,
        position: AttachmentPosition? = nil
    ) {
        self.source = source
        self.width = width
        self.height = height
        self.align = align
        self.position = position
    }
}

/// A custom view shown for the match (one U+FFFC attachment character). The app
/// registers a view builder under `name`.
@_spi(Generated) public struct WidgetSpec: Codable, Sendable, Hashable {
    public var name: String
    /// `nil`: intrinsic (the view's fitting size).
    public var width: AttachmentDimension?
    public var height: AttachmentDimension?
    /// `nil`: `middle`.
    public var align: AttachmentAlignment?
    /// `nil`: `replace`.
    public var position: AttachmentPosition?
    /// `false`: the view handles its own touches, a tap on it is not the match's tap
    /// (ZLRichLabel's `HTagWidget.tappable`); `nil`: `true`.
    public var tappable: Bool?
    public init(
        name: String, width: AttachmentDimension? = nil, height: AttachmentDimension? = nil, align: AttachmentAlignment? = nil,
        position: AttachmentPosition? = nil, tappable: Bool? = nil
    ) {
        self.name = name
        self.width = width
        self.height = height
        self.align = align
        self.position = position
        self.tappable = tappable
    }
}

/// The token that ends a truncated display (ZLRichLabel's `truncationToken`): the
/// spec's `truncation "…more" style link tap expand`, or `…` in the base style.
@_spi(Generated) public struct TruncationSpec: Codable, Sendable, Hashable {
    public var text: String
    /// Merged with `base`.
    public var style: TextStyle
    public var styleName: String?
    public var highlight: TextStyle?
    public var tap: TapSpec?
    public init(text: String, style: TextStyle, styleName: String? = nil, highlight: TextStyle? = nil, tap: TapSpec? = nil) {
        self.text = text
        self.style = style
        self.styleName = styleName
        self.highlight = highlight
        self.tap = tap
    }
}

/// What a match shows and does: the part of a rule that a tag family's per-tag block can
/// override.
public struct RulePresentation: Codable, Sendable, Hashable {
    /// The merged style of the match (base → rule style → per-tag style).
    public var style: TextStyle
    /// The name of the style statement used, for the generated style enum; `nil` for
    /// inline styles.
    public var styleName: String?
    /// The pressed-highlight style; `nil` for no highlight.
    public var highlight: TextStyle?
    @_spi(Generated) public var tap: TapSpec?
    @_spi(Generated) public var replace: MatchTemplate?
    @_spi(Generated) public var image: ImageSpec?
    @_spi(Generated) public var widget: WidgetSpec?
    /// The accessibility text of the image or widget (`alt "…"`); for elements without it,
    /// their `alt` attribute.
    @_spi(Generated) public var alt: MatchTemplate?
    /// Regex rules: the capture group whose source text the match displays (`show $1`);
    /// `nil`: the whole match.
    @_spi(Generated) public var show: Int?
    /// The style the match lays over its enclosing container's when it is nested: its
    /// rule's (and tag's) style before the merge with `base`. Set in tables that have a
    /// container (`RuleEntry.nest`); `nil`: a nested match lays its whole `style` over.
    @_spi(Generated) public var layer: TextStyle?

    @_spi(Generated) public init(
        style: TextStyle, styleName: String? = nil, highlight: TextStyle? = nil, tap: TapSpec? = nil,
        replace: MatchTemplate? = nil, image: ImageSpec? = nil, widget: WidgetSpec? = nil, alt: MatchTemplate? = nil, show: Int? = nil,
        layer: TextStyle? = nil
    ) {
        self.style = style
        self.styleName = styleName
        self.highlight = highlight
        self.tap = tap
        self.replace = replace
        self.image = image
        self.widget = widget
        self.alt = alt
        self.show = show
        self.layer = layer
    }
}

/// A test on a tag of a family or an element (`where index == 0`, `level >= 2`,
/// `text == "Terms"`, `href == "/terms"`).
@_spi(Generated) public struct TagCondition: Sendable, Hashable {
    @_spi(Generated) public enum Field: Sendable, Hashable {
        /// Integers: the tag's ordinal and its level (a tag without digits, and every
        /// element, has no level and fails every `level` test).
        case index, level
        /// Strings: the tag's content and its lower-case name.
        case text, name
        /// A string: an element's declared attribute (lower-case name); an absent attribute
        /// is the empty string.
        case attribute(String)
    }
    @_spi(Generated) public enum Operator: String, Codable, Sendable, Hashable, CaseIterable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }
    @_spi(Generated) public enum Value: Sendable, Hashable, Codable {
        case integer(Int)
        case text(String)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                let number = try container.decode(Double.self)
                guard let integer = Int(exactly: number) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "a condition's number must be an integer")
                }
                self = .integer(integer)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .integer(let n): try container.encode(n)
            case .text(let s): try container.encode(s)
            }
        }
    }

    public var field: Field
    public var op: Operator
    public var value: Value

    public init(field: Field, op: Operator, value: Value) {
        self.field = field
        self.op = op
        self.value = value
    }

    /// Whether `tag` passes the test.
    public func holds(for tag: TagInfo) -> Bool {
        switch (field, value) {
        case (.index, .integer(let n)): return compare(tag.index, n)
        case (.level, .integer(let n)): return tag.level.map { compare($0, n) } ?? false
        case (.text, .text(let s)): return compare(tag.text, s)
        case (.name, .text(let s)): return compare(tag.name, s)
        case (.attribute(let name), .text(let s)): return compare(tag.attributes[name] ?? "", s)
        default: return false
        }
    }

    private func compare<T: Comparable>(_ a: T, _ b: T) -> Bool {
        switch op {
        case .equal: return a == b
        case .notEqual: return a != b
        case .less: return a < b
        case .lessOrEqual: return a <= b
        case .greater: return a > b
        case .greaterOrEqual: return a >= b
        }
    }
}

/// What a `where` block does to a match's tap: gives it one, or takes it away (`tap none`).
@_spi(Generated) public enum TapOverride: Sendable, Hashable {
    /// The match taps this (its arguments filled from the match).
    case tap(TapSpec)
    /// The match is not tappable.
    case notTappable
}

/// A family's or element rule's changes for the tags that pass a test
/// (`tag h1 where index == 0 { style … tap … }`, `where href == "/terms" { … }`;
/// ZLRichLabel's `tagStyleBuilder`): a style merged over the tag's, and a tap that
/// replaces the tag's.
@_spi(Generated) public struct ConditionalStyle: Sendable, Hashable {
    /// The tag name it applies to; `nil` for every tag of the family or element (`tag *`,
    /// `where …`).
    public var tag: String?
    /// Every test must hold.
    public var conditions: [TagCondition]
    public var style: TextStyle
    /// The tap of the tags that pass (`nil`: the tag's own).
    public var tap: TapOverride?

    public init(tag: String?, conditions: [TagCondition], style: TextStyle, tap: TapOverride? = nil) {
        self.tag = tag
        self.conditions = conditions
        self.style = style
        self.tap = tap
    }

    public func applies(to info: TagInfo) -> Bool {
        (tag == nil || tag == info.name) && conditions.allSatisfy { $0.holds(for: info) }
    }
}

/// One rule of the table.
@_spi(Generated) public struct RuleEntry: Sendable, Hashable {
    public var name: String
    public var matcher: MatcherSpec
    public var priority: Int
    /// RulePresentation of every match of the rule (for a tag family: of tags without a block
    /// of their own).
    public var presentation: RulePresentation
    /// Tag family only: per tag name (lower-case, `h1`), the fully merged presentation.
    public var tags: [String: RulePresentation]
    /// Tag family only: styles for the tags that pass a test, merged in order over the
    /// tag's style.
    public var conditionalStyles: [ConditionalStyle]
    /// Capture group names → numbers (regex rules).
    public var captureNames: [String: Int]
    /// A container (`nest`): a match may hold other kept matches inside its content (a tag's
    /// content, the `show` group, else the whole match), which it shows in place.
    public var nest: Bool
    /// `in arguments`: in a template's render (`RuleEngine.render(template:)`), the rule
    /// also matches inside one rich argument (never a plain one); without it, its matches lie
    /// in the template's own text.
    public var inArguments: Bool

    public init(
        name: String, matcher: MatcherSpec, priority: Int = 0, presentation: RulePresentation,
        tags: [String: RulePresentation] = [:], conditionalStyles: [ConditionalStyle] = [], captureNames: [String: Int] = [:],
        nest: Bool = false, inArguments: Bool = false
    ) {
        self.name = name
        self.matcher = matcher
        self.priority = priority
        self.presentation = presentation
        self.tags = tags
        self.conditionalStyles = conditionalStyles
        self.captureNames = captureNames
        self.nest = nest
        self.inArguments = inArguments
    }

    /// The presentation of a match, given its tag name for tag families.
    public func presentation(forTag tag: String?) -> RulePresentation {
        if let tag, let specific = tags[tag] { return specific }
        return presentation
    }

    /// The presentation of a match of a tag: its tag block's (or the family's), with the
    /// conditional styles it passes merged in order (a later block's tap replacing an
    /// earlier one's).
    public func presentation(for tag: TagInfo?) -> RulePresentation {
        var p = presentation(forTag: tag?.name)
        if let tag, !conditionalStyles.isEmpty {
            for conditional in conditionalStyles where conditional.applies(to: tag) {
                p.style = p.style.merged(with: conditional.style)
                p.layer = p.layer?.merged(with: conditional.style)
                switch conditional.tap {
                case .tap(let spec)?: p.tap = spec
                case .notTappable?: p.tap = nil
                case nil: break
                }
            }
        }
        return p
    }

    /// The tap of a match of a tag (`presentation(for:).tap`, without merging styles).
    public func tap(for tag: TagInfo?) -> TapSpec? {
        var tap = presentation(forTag: tag?.name).tap
        if let tag, !conditionalStyles.isEmpty {
            for conditional in conditionalStyles where conditional.tap != nil && conditional.applies(to: tag) {
                if case .tap(let spec)? = conditional.tap { tap = spec } else { tap = nil }
            }
        }
        return tap
    }
}

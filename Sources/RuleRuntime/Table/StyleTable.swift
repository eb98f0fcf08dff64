import Foundation

/// The JSON style table `rulegen` writes (`<Name>.styles.json`) and the runtime reads:
/// merged styles, the rules in resolution (declaration) order, handler signatures.
/// Its schema is documented in `docs/StyleTable.md`.
public struct StyleTable: Codable, Sendable, Hashable {
    /// The table format this runtime reads and writes.
    public static let currentFormatVersion = 1

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
    /// Handler name → argument labels (`nil` for an unlabelled argument), one list per
    /// handler across the spec.
    public var handlers: [String: [String?]]
    /// The rules, in declaration order (imported specs' rules first).
    public var rules: [RuleEntry]

    public init(
        formatVersion: Int = StyleTable.currentFormatVersion, name: String, source: String, base: TextStyle,
        styles: [String: TextStyle], highlight: TextStyle?, handlers: [String: [String?]], rules: [RuleEntry]
    ) {
        self.formatVersion = formatVersion
        self.name = name
        self.source = source
        self.base = base
        self.styles = styles
        self.highlight = highlight
        self.handlers = handlers
        self.rules = rules
    }
}

/// What a rule matches.
public enum MatcherSpec: Sendable, Hashable {
    /// An ICU regular expression, matched as `NSRegularExpression` would. `detector` names
    /// the curated detector (`link`, `email`, `phone`) the pattern came from, if any.
    case regex(pattern: String, flags: RegexFlags, detector: String?)
    /// A whitespace-delimited word that starts with `prefix`.
    case prefix(String)
    /// A tag family: `<h>…</h>`, `<h1>…</h1>`, `<h2>…<h2/>` for family `h`.
    case tagFamily(String)
    /// A generic element `<a href="…">…</a>`, or with `isVoid` a single tag `<img src="…"/>`.
    /// `attributes` are the declared attribute names usable as `${name}`.
    case element(name: String, attributes: [String], isVoid: Bool)
}

/// A tap target: the handler name and its argument templates.
public struct TapSpec: Codable, Sendable, Hashable {
    public struct Argument: Codable, Sendable, Hashable {
        public var label: String?
        public var value: Template
        public init(label: String?, value: Template) {
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

/// An inline image shown instead of the match (one U+FFFC attachment character).
public struct ImageSpec: Codable, Sendable, Hashable {
    public var source: Template
    public var width: Double?
    public var height: Double?
    public init(source: Template, width: Double? = nil, height: Double? = nil) {
        self.source = source
        self.width = width
        self.height = height
    }
}

/// A custom view shown instead of the match (one U+FFFC attachment character). The app
/// registers a view builder under `name`.
public struct WidgetSpec: Codable, Sendable, Hashable {
    public var name: String
    public var width: Double?
    public var height: Double?
    /// `middle`, `baseline`, `aboveBaseline`, `belowBaseline`, `top`, `bottom`.
    public var align: String?
    public init(name: String, width: Double? = nil, height: Double? = nil, align: String? = nil) {
        self.name = name
        self.width = width
        self.height = height
        self.align = align
    }
    public static let alignments = ["middle", "baseline", "aboveBaseline", "belowBaseline", "top", "bottom"]
}

/// What a match shows and does: the part of a rule that a tag family's per-tag block can
/// override.
public struct Presentation: Codable, Sendable, Hashable {
    /// The merged style of the match (base → rule style → per-tag style).
    public var style: TextStyle
    /// The name of the style statement used, for the generated style enum; `nil` for
    /// inline styles.
    public var styleName: String?
    /// The pressed-highlight style; `nil` for no highlight.
    public var highlight: TextStyle?
    public var tap: TapSpec?
    public var replace: Template?
    public var image: ImageSpec?
    public var widget: WidgetSpec?

    public init(
        style: TextStyle, styleName: String? = nil, highlight: TextStyle? = nil, tap: TapSpec? = nil,
        replace: Template? = nil, image: ImageSpec? = nil, widget: WidgetSpec? = nil
    ) {
        self.style = style
        self.styleName = styleName
        self.highlight = highlight
        self.tap = tap
        self.replace = replace
        self.image = image
        self.widget = widget
    }
}

/// One rule of the table.
public struct RuleEntry: Sendable, Hashable {
    public var name: String
    public var matcher: MatcherSpec
    public var priority: Int
    /// Presentation of every match of the rule (for a tag family: of tags without a block
    /// of their own).
    public var presentation: Presentation
    /// Tag family only: per tag name (lower-case, `h1`), the fully merged presentation.
    public var tags: [String: Presentation]
    /// Rules this rule may overlap by design (`allow overlap`).
    public var allowOverlap: [String]
    /// Capture group names → numbers (regex rules).
    public var captureNames: [String: Int]
    /// Where the rule is declared: `file:line:column`.
    public var location: String

    public init(
        name: String, matcher: MatcherSpec, priority: Int = 0, presentation: Presentation,
        tags: [String: Presentation] = [:], allowOverlap: [String] = [], captureNames: [String: Int] = [:],
        location: String = ""
    ) {
        self.name = name
        self.matcher = matcher
        self.priority = priority
        self.presentation = presentation
        self.tags = tags
        self.allowOverlap = allowOverlap
        self.captureNames = captureNames
        self.location = location
    }

    /// The presentation of a match, given its tag name for tag families.
    public func presentation(forTag tag: String?) -> Presentation {
        if let tag, let specific = tags[tag] { return specific }
        return presentation
    }
}

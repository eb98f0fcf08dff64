/// A range of UTF-16 code units, as `NSRange`.
public struct TextRange: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var location: Int
    public var length: Int
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }
    public var upperBound: Int { location + length }
    public func overlaps(_ other: TextRange) -> Bool {
        location < other.upperBound && other.location < upperBound && length > 0 && other.length > 0
    }
    public static func < (a: TextRange, b: TextRange) -> Bool {
        (a.location, a.length) < (b.location, b.length)
    }
    public var description: String { "[\(location), \(length)]" }
}

/// What the seed calls `HTagInfo`: a tag of a tag family, or a generic element.
public struct TagInfo: Sendable, Hashable {
    /// Ordinal of the tag among all tags its rule found in the text (0-based, before
    /// resolution, all tag names counted together).
    public var index: Int
    /// Lower-case tag name: `h`, `h1`, `a`.
    public var name: String
    /// The digits after the family name (`<h3>` → 3), `nil` for `<h>` and elements.
    public var level: Int?
    /// The content between the opening and closing tag (empty for void elements).
    public var text: String
    /// The whole source markup.
    public var raw: String
    /// Attribute values of generic elements (entities decoded), by lower-case name.
    public var attributes: [String: String]

    public init(index: Int, name: String, level: Int?, text: String, raw: String, attributes: [String: String] = [:]) {
        self.index = index
        self.name = name
        self.level = level
        self.text = text
        self.raw = raw
        self.attributes = attributes
    }
}

/// A tap target with its arguments resolved from the match.
public struct TapTarget: Sendable, Hashable {
    public struct Argument: Sendable, Hashable {
        public var label: String?
        public var value: String
        public init(label: String?, value: String) {
            self.label = label
            self.value = value
        }
    }
    public var handler: String
    public var arguments: [Argument]
    public init(handler: String, arguments: [Argument]) {
        self.handler = handler
        self.arguments = arguments
    }
}

/// What a match shows in the display text.
public enum MatchContent: Sendable, Hashable {
    /// Text (the matched text, a tag's content, or a replacement).
    case text(String)
    /// An inline image (one U+FFFC in the display text).
    case image(source: String, width: Double?, height: Double?)
    /// A custom view registered under `name` (one U+FFFC in the display text).
    case widget(name: String, width: Double?, height: Double?, align: String?)
}

/// A match of a rule, kept or discarded.
public struct RuleMatch: Sendable, Hashable {
    /// The rule's name and index in the table.
    public var rule: String
    public var ruleIndex: Int
    public var priority: Int
    /// Source range in the original text (UTF-16).
    public var range: TextRange
    /// Range of what the match shows in `RenderResult.display` (UTF-16); for discarded
    /// matches, length 0 at the display position of their source start (a start inside a
    /// kept match maps to the start of that match's display).
    public var displayRange: TextRange
    /// Matched source text.
    public var text: String
    /// What the match shows.
    public var content: MatchContent
    /// Capture groups by number (`captures[0]` is the whole match); `nil` where a group
    /// did not participate. Prefix rules, tags and elements: `[raw]` only (the tag's
    /// fields are in `named`).
    public var captures: [String?]
    /// Named captures that participated; for tags the fields `text`, `name`, `level`
    /// (empty for `<h>`), `index`, and every attribute of an element (lower-case names; a
    /// declared attribute named like a field wins over the field).
    public var named: [String: String]
    /// Tag information for tag families and elements.
    public var tag: TagInfo?
    /// Merged style (base → rule → tag) and pressed highlight.
    public var style: TextStyle
    public var styleName: String?
    public var highlight: TextStyle?
    public var tap: TapTarget?

    public init(
        rule: String, ruleIndex: Int, priority: Int, range: TextRange, displayRange: TextRange, text: String,
        content: MatchContent, captures: [String?], named: [String: String], tag: TagInfo?, style: TextStyle,
        styleName: String?, highlight: TextStyle?, tap: TapTarget?
    ) {
        self.rule = rule
        self.ruleIndex = ruleIndex
        self.priority = priority
        self.range = range
        self.displayRange = displayRange
        self.text = text
        self.content = content
        self.captures = captures
        self.named = named
        self.tag = tag
        self.style = style
        self.styleName = styleName
        self.highlight = highlight
        self.tap = tap
    }

    /// The display text of the match (U+FFFC for attachments).
    public var display: String {
        if case .text(let text) = content { return text }
        return "\u{FFFC}"
    }
}

/// Why a match was discarded: the kept match it overlaps, and which ranking step decided.
public struct DiscardReason: Sendable, Hashable, CustomStringConvertible {
    public enum Decider: String, Sendable, Hashable {
        case priority, position, length, declarationOrder
    }
    public var keptRule: String
    public var keptRange: TextRange
    public var decider: Decider

    public init(keptRule: String, keptRange: TextRange, decider: Decider) {
        self.keptRule = keptRule
        self.keptRange = keptRange
        self.decider = decider
    }

    public var description: String {
        let why: String
        switch decider {
        case .priority: why = "higher priority"
        case .position: why = "earlier start"
        case .length: why = "longer match"
        case .declarationOrder: why = "declared earlier"
        }
        return "overlaps '\(keptRule)' at \(keptRange), which wins (\(why))"
    }
}

/// A run of the display text: plain text or a kept match.
public enum Segment: Sendable, Hashable {
    case plain(source: TextRange, display: TextRange, text: String)
    /// Index into `RenderResult.matches`.
    case match(Int)
}

/// The outcome of running a rule set on a text.
public struct RenderResult: Sendable, Hashable {
    /// The original text.
    public var text: String
    /// What is shown: plain text, tag contents, replacements, U+FFFC for attachments.
    public var display: String
    /// Kept matches, in text order.
    public var matches: [RuleMatch]
    /// Discarded matches, in text order, each with its reason.
    public var discarded: [DiscardedMatch]
    /// Plain runs and matches, in order, covering the whole text.
    public var segments: [Segment]

    public init(text: String, display: String, matches: [RuleMatch], discarded: [DiscardedMatch], segments: [Segment]) {
        self.text = text
        self.display = display
        self.matches = matches
        self.discarded = discarded
        self.segments = segments
    }
}

/// A match the resolver dropped, with the reason.
public struct DiscardedMatch: Sendable, Hashable {
    public var match: RuleMatch
    public var reason: DiscardReason
    public init(match: RuleMatch, reason: DiscardReason) {
        self.match = match
        self.reason = reason
    }
}

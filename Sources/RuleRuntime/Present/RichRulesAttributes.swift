import Foundation

/// RichRules' attributes on an `AttributedString`: what a renderer needs to draw each
/// run and what a tap on it does. Read them as `run.richRules.style`,
/// `attributed[range].richRules.matchIndex`, …
public struct RichRulesAttributes: AttributeScope {
    /// The merged, typed style of the run (plain text: the table's base style).
    public let style: StyleAttribute
    /// The name of the rule whose match the run shows.
    package let rule: RuleAttribute
    /// The index of that match in `RenderResult.matches`.
    public let matchIndex: MatchIndexAttribute
    /// The tap target of a tappable match.
    public let tap: TapAttribute
    /// The image or widget of the run's attachment character (U+FFFC).
    public let attachment: AttachmentAttribute
    /// The base writing direction of the run's paragraph (UAX #9 P2–P3).
    package let writingDirection: WritingDirectionAttribute
    /// Set on the runs of the pressed match (`RichTextOptions.pressed`).
    package let pressed: PressedAttribute
    /// The paragraph properties of the run's paragraph (`RenderResult.paragraphs`): the same
    /// on every run of a paragraph, taken from the style of its first character; set only
    /// where some property is.
    package let paragraph: ParagraphAttribute
    public let foundation: AttributeScopes.FoundationAttributes

    public enum StyleAttribute: AttributedStringKey {
        public typealias Value = TextStyle
        public static let name = "RichRules.style"
    }
    package enum RuleAttribute: AttributedStringKey {
        package typealias Value = String
        package static let name = "RichRules.rule"
    }
    public enum MatchIndexAttribute: AttributedStringKey {
        public typealias Value = Int
        public static let name = "RichRules.matchIndex"
    }
    public enum TapAttribute: AttributedStringKey {
        public typealias Value = TapTarget
        public static let name = "RichRules.tap"
    }
    public enum AttachmentAttribute: AttributedStringKey {
        public typealias Value = Attachment
        public static let name = "RichRules.attachment"
    }
    package enum WritingDirectionAttribute: AttributedStringKey {
        package typealias Value = WritingDirection
        package static let name = "RichRules.writingDirection"
    }
    package enum PressedAttribute: AttributedStringKey {
        package typealias Value = Bool
        package static let name = "RichRules.pressed"
    }
    package enum ParagraphAttribute: AttributedStringKey {
        package typealias Value = ParagraphStyle
        package static let name = "RichRules.paragraph"
    }
}

extension AttributeScopes {
    /// RichRules' attributes (`RichRulesAttributes`).
    public var richRules: RichRulesAttributes.Type { RichRulesAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<RichRulesAttributes, T>) -> T {
        self[T.self]
    }
}

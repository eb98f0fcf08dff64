import Foundation

/// How `RenderResult.attributedString(options:)` builds the string.
public struct RichTextOptions {
    /// The match shown pressed (an index into `matches`): its highlight is merged over the
    /// style of every character whose tap it is (its display range, attachment included,
    /// without nested matches that have a tap of their own). A match without a tap or with
    /// `highlight none` is unchanged.
    public var pressed: Int?
    /// Adjusts a match's style from the match (its index, tag level, text…), merged over
    /// the rule's: ZLRichLabel's `tagStyleBuilder`. `nil` from the closure: unchanged.
    public var style: ((RuleMatch) -> TextStyle?)?
    /// Adds or changes any attribute of a match's runs (after RichRules' own): the place
    /// for framework attributes (ZLRichLabel's `tagSpanBuilder`, without changing the text).
    public var attributes: ((RuleMatch, inout AttributeContainer) -> Void)?
    /// Put Foundation's `link` on tappable matches (`RenderResult.linkURL(forMatch:)`),
    /// so that SwiftUI `Text` and `UITextView` deliver taps as URLs. Default `true`.
    public var links: Bool
    /// The traits of the view the text is shown in (text size, Bold Text, layout
    /// direction): what fonts a platform string and a layout use. A label core sets them
    /// from its own `traits` in each layout request.
    public var traits: LabelTraits

    public init(
        pressed: Int? = nil, style: ((RuleMatch) -> TextStyle?)? = nil,
        attributes: ((RuleMatch, inout AttributeContainer) -> Void)? = nil, links: Bool = true,
        traits: LabelTraits = LabelTraits()
    ) {
        self.pressed = pressed
        self.style = style
        self.attributes = attributes
        self.links = links
        self.traits = traits
    }
}

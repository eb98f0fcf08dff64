import Foundation

/// What a match shows and does: the part of a rule that a tag family's per-tag block can
/// override.
@_spi(Generated) public struct RulePresentation: Codable, Sendable, Hashable {
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
    /// HTML specs: how the element lays out (`block`, `hide`…); `nil`: as a browser's
    /// default style sheet lays it out.
    @_spi(Generated) public var layout: ElementLayout?
    /// HTML specs: text the element shows before and after its content (`before "…"`,
    /// `after "…"`), generated as a list marker is (not the element's source).
    @_spi(Generated) public var before: String?
    @_spi(Generated) public var after: String?

    @_spi(Generated) public init(
        style: TextStyle, styleName: String? = nil, highlight: TextStyle? = nil, tap: TapSpec? = nil,
        replace: MatchTemplate? = nil, image: ImageSpec? = nil, widget: WidgetSpec? = nil, alt: MatchTemplate? = nil, show: Int? = nil,
        layer: TextStyle? = nil, layout: ElementLayout? = nil, before: String? = nil, after: String? = nil
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
        self.layout = layout
        self.before = before
        self.after = after
    }
}

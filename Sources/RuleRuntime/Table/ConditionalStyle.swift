import Foundation

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
    /// HTML specs: the layout, and the text before and after, of the elements that pass
    /// (`where class has "invisible" { hide }`); `nil`: the element's own.
    public var layout: ElementLayout?
    public var before: String?
    public var after: String?

    public init(
        tag: String?, conditions: [TagCondition], style: TextStyle, tap: TapOverride? = nil, layout: ElementLayout? = nil,
        before: String? = nil, after: String? = nil
    ) {
        self.tag = tag
        self.conditions = conditions
        self.style = style
        self.tap = tap
        self.layout = layout
        self.before = before
        self.after = after
    }

    public func applies(to info: TagInfo) -> Bool {
        (tag == nil || tag == info.name) && conditions.allSatisfy { $0.holds(for: info) }
    }
}

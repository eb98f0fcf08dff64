import Foundation

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

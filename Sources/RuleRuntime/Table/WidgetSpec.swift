import Foundation

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

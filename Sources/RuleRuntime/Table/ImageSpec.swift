import Foundation

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

import Foundation

/// A loaded attachment image.
public struct LoadedAttachmentImage: Sendable, Hashable {
    /// The request's key.
    public var key: Int
    /// The request's source, and the URL it resolved to.
    public var source: String
    public var url: URL
    /// The image's bytes (decode them with `UIImage(data:)` or the like).
    public var data: Data
    /// The size in the image's header; `nil` for a format `ImagePixelSize` does not read
    /// (HEIC, TIFF, SVG…) or a malformed header.
    public var pixelSize: ImagePixelSize?
    /// The size to show the image at: the declared dimensions, intrinsic ones filled from
    /// `pixelSize` (see `TextSize.init(width:height:pixelSize:scale:)`). `nil` when a
    /// dimension is intrinsic and `pixelSize` is `nil`: measure the decoded image.
    public var displaySize: TextSize?
    /// Whether `displaySize` differs from the request's `placeholderSize`, the size the
    /// view laid the attachment out at: true when a dimension was intrinsic. The view
    /// relayouts its text for such an image; for the others, redrawing the attachment is enough.
    public var sizeChanged: Bool

    public init(
        key: Int, source: String, url: URL, data: Data, pixelSize: ImagePixelSize?, displaySize: TextSize?, sizeChanged: Bool
    ) {
        self.key = key
        self.source = source
        self.url = url
        self.data = data
        self.pixelSize = pixelSize
        self.displaySize = displaySize
        self.sizeChanged = sizeChanged
    }
}

import Foundation

/// An attachment's image as a label draws it.
public enum AttachmentImage: Sendable, Hashable {
    /// Bytes from the `AttachmentImageStore` (decode them with `UIImage(data:scale:)`).
    case loaded(LoadedAttachmentImage)
    /// A name the app's resolver knows (an asset catalog image, an SF Symbol), with the
    /// size it shows at, in points.
    case named(String, size: TextSize)
}

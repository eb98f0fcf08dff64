import Foundation

/// An image attachment to load: where from, the size it declares, and the key the app
/// knows it by.
public struct AttachmentImageRequest: Sendable, Hashable {
    /// The app's key for the attachment, returned in its events: by convention the index of
    /// its match in `RenderResult.matches`.
    public var key: Int
    /// An `http`, `https` or `file` URL, an absolute path, or a name relative to the
    /// store's `baseURL` (see `AttachmentImageStore.resolve(_:baseURL:)`).
    public var source: String
    /// The declared width and height in points; `nil` takes the dimension from the image.
    public var width: Double?
    public var height: Double?

    public init(key: Int, source: String, width: Double? = nil, height: Double? = nil) {
        self.key = key
        self.source = source
        self.width = width
        self.height = height
    }

    /// The request for `match` if it shows an image, keyed `key`.
    public init?(key: Int, match: RuleMatch) {
        guard let attachment = match.attachment, case .image(let source) = attachment.kind else { return nil }
        self.init(key: key, source: source, width: attachment.width, height: attachment.height)
    }

    /// A request for every match of `result` that shows an image, keyed by its index in
    /// `result.matches`.
    public static func requests(for result: RenderResult) -> [AttachmentImageRequest] {
        result.matches.enumerated().compactMap { AttachmentImageRequest(key: $0.offset, match: $0.element) }
    }

    /// The size a view lays the attachment out at before its image has loaded: the declared
    /// dimensions, 0 for intrinsic ones. An event's `sizeChanged` compares with this.
    public var placeholderSize: TextSize { TextSize(width: width ?? 0, height: height ?? 0) }
}

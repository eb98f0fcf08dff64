/// How large an image `AttachmentImageStore` accepts: images come from text the app does
/// not control (a URL in a message, an `<img src>` from a server), so a body, a header's
/// declared size and the size an attachment is laid out at are all bounded.
public struct ImageLimits: Sendable, Hashable {
    /// The most bytes a download may have: the loader stops reading past it (a larger
    /// body fails with `ImageLoadingError.tooLarge`, and nothing is cached). Default 20 MB.
    public var maxBytes: Int
    /// The most pixels (width × height, as the header declares them) an image may have:
    /// decoding allocates about four bytes a pixel. A larger image fails with
    /// `ImageLoadingError.tooManyPixels` before the app decodes it. Default 25 million
    /// (a 5000 × 5000 photo, 100 MB decoded).
    public var maxPixels: Int
    /// The longest side, in points, an image is shown at: a larger size (from its header,
    /// or from the match) is scaled down to it, keeping the aspect ratio. Default 10,000.
    public var maxDisplaySide: Double

    public init(maxBytes: Int = 20 << 20, maxPixels: Int = 25_000_000, maxDisplaySide: Double = 10_000) {
        self.maxBytes = max(0, maxBytes)
        self.maxPixels = max(0, maxPixels)
        self.maxDisplaySide = maxDisplaySide > 0 ? maxDisplaySide : 10_000
    }

    /// The defaults.
    public static let standard = ImageLimits()

    /// Whether an image of `size` may be decoded.
    public func allows(_ size: ImagePixelSize) -> Bool {
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return !overflow && pixels <= maxPixels
    }

    /// `width` × `height` scaled down (keeping the aspect ratio) so that neither side
    /// exceeds `maxSide`; a size that fits is returned as is.
    static func clamped(width: Double, height: Double, maxSide: Double) -> (width: Double, height: Double) {
        guard width.isFinite, height.isFinite, width >= 0, height >= 0 else { return (0, 0) }
        let longest = max(width, height)
        guard longest > maxSide else { return (width, height) }
        let scale = maxSide / longest
        return (width * scale, height * scale)
    }
}

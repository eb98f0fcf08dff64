/// What to lay out: a result (its display, styled by `options`), a width, an optional line
/// limit, and what is known of its attachments.
public struct RichTextLayoutRequest {
    /// The result whose display to lay out (a truncated one while fitting lines).
    public var result: RenderResult
    /// How to style it (the pressed match, style and attribute hooks), as
    /// `result.attributedString(options:)` takes them.
    public var options: RichTextOptions
    /// The width to break lines at; `.infinity` for a single line per paragraph (the
    /// label's natural width).
    public var width: Double
    /// The layout may stop after this many lines (`NSTextContainer.maximumNumberOfLines`);
    /// `nil`: lay out everything.
    public var lineLimit: Int?
    /// The intrinsic sizes known of attachments, by match index (images loaded or resolved
    /// by name, widgets' fitting sizes): the `intrinsic` of `Attachment.bounds(intrinsic:font:)`.
    /// Match indices are those of the label's full result; a truncated result keeps them.
    public var attachmentSizes: [Int: TextSize]
    /// The images to draw, by match index (what has loaded so far).
    public var images: [Int: AttachmentImage]

    public init(
        result: RenderResult, options: RichTextOptions = RichTextOptions(), width: Double, lineLimit: Int? = nil,
        attachmentSizes: [Int: TextSize] = [:], images: [Int: AttachmentImage] = [:]
    ) {
        self.result = result
        self.options = options
        self.width = width
        self.lineLimit = lineLimit
        self.attachmentSizes = attachmentSizes
        self.images = images
    }

    /// The frame that the attachment of match `index` takes with a font of `font`, relative
    /// to the baseline with y up as `NSTextAttachment.bounds` takes it (`Attachment.bounds`
    /// with the known intrinsic size), or `nil` when the match shows no attachment.
    public func attachmentBounds(ofMatch index: Int, font: FontMetrics) -> TextRect? {
        guard result.matches.indices.contains(index), let attachment = result.matches[index].attachment else { return nil }
        let intrinsic = attachmentSizes[index].map { (width: $0.width, height: $0.height) }
        let b = attachment.bounds(intrinsic: intrinsic, font: font)
        return TextRect(x: b.x, y: b.y, width: b.width, height: b.height)
    }
}

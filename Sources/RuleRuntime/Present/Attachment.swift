/// An inline image or custom view of a match, resolved from the match: what a renderer
/// needs to place it (ZLRichLabel's `NSTextAttachment` and `HTagWidget`). It is one
/// U+FFFC character in the display text.
public struct Attachment: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// An image: a name, path or URL (`AttachmentImageStore` loads it).
        case image(source: String)
        /// A custom view the app builds for `name`.
        case widget(name: String)
    }

    public var kind: Kind
    /// Points; `nil`: intrinsic (the image's own size, the view's fitting size).
    public var width: Double?
    public var height: Double?
    /// How it sits on the line (`middle` unless the spec says otherwise).
    public var alignment: AttachmentAlignment
    /// Instead of the match's text, or before or after it.
    public var position: AttachmentPosition
    /// Whether a tap on it is the match's tap (images: always; widgets: `tappable`).
    public var isTappable: Bool
    /// Accessibility text: the `alt` statement, an element's `alt` attribute, or `nil`.
    public var alternateText: String?

    public init(
        kind: Kind, width: Double? = nil, height: Double? = nil, alignment: AttachmentAlignment = .middle,
        position: AttachmentPosition = .replace, isTappable: Bool = true, alternateText: String? = nil
    ) {
        self.kind = kind
        self.width = width
        self.height = height
        self.alignment = alignment
        self.position = position
        self.isTappable = isTappable
        self.alternateText = alternateText
    }

    /// The accessibility label: the alternate text, else the widget's name or the image's
    /// source file name.
    public var accessibilityLabel: String {
        if let alternateText, !alternateText.isEmpty { return alternateText }
        switch kind {
        case .widget(let name): return name
        case .image(let source):
            // The last non-empty path component, up to its query (found on the UTF-8: no
            // grapheme breaking over a long source).
            let bytes = source.utf8
            let slash = UInt8(ascii: "/"), question = UInt8(ascii: "?")
            var end = bytes.endIndex
            while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
            guard end > bytes.startIndex else { return source }
            var start = bytes[..<end].lastIndex(of: slash).map { bytes.index(after: $0) } ?? bytes.startIndex
            let component = start
            while start < end, bytes[start] == question { start = bytes.index(after: start) }
            guard start < end else { return String(source[component..<end]) }
            return String(source[start..<(bytes[start..<end].firstIndex(of: question) ?? end)])
        }
    }
}

extension Attachment {
    /// The attachment's frame relative to the baseline, as `NSTextAttachment.bounds`
    /// takes it (y up): the declared size, intrinsic dimensions filled from `intrinsic`
    /// (keeping its aspect ratio when one dimension is declared; no intrinsic size: the
    /// font's point size), and `alignment` placed against the font. A side over
    /// `ImageLimits.standard.maxDisplaySide` points is scaled down to it, keeping the aspect
    /// ratio (an intrinsic size may come from a hostile image header).
    public func bounds(intrinsic: (width: Double, height: Double)?, font: FontMetrics) -> (
        x: Double, y: Double, width: Double, height: Double
    ) {
        let natural: (width: Double, height: Double) =
            intrinsic.flatMap { $0.width > 0 && $0.height > 0 && $0.width.isFinite && $0.height.isFinite ? $0 : nil }
            ?? (font.pointSize, font.pointSize)
        let size: (width: Double, height: Double)
        switch (width, height) {
        case (let width?, let height?): size = (width, height)
        case (let width?, nil): size = (width, width * natural.height / natural.width)
        case (nil, let height?): size = (height * natural.width / natural.height, height)
        case (nil, nil): size = natural
        }
        let (w, h) = ImageLimits.clamped(width: size.width, height: size.height, maxSide: ImageLimits.standard.maxDisplaySide)
        let y: Double
        switch alignment {
        case .middle: y = (font.capHeight - h) / 2
        case .baseline: y = 0
        case .aboveBaseline: y = -font.descender
        case .belowBaseline: y = -h
        case .top: y = font.ascender - h
        case .bottom: y = font.descender
        }
        return (0, y, w, h)
    }
}

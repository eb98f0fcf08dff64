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
            let last = source.split(separator: "/").last.map(String.init) ?? source
            return last.split(separator: "?").first.map(String.init) ?? last
        }
    }
}

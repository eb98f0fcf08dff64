/// The paragraph properties of a style, as a paragraph of the display takes them from its
/// first character: what `NSParagraphStyle` says (the Apple glue maps it without adding
/// values of its own; `nil` is the platform's default).
public struct ParagraphStyle: Codable, Sendable, Hashable {
    public var alignment: ParagraphAlignment?
    /// Points between the lines (`lineSpacing`).
    public var lineSpacing: Double?
    /// Points per line (`minimumLineHeight` and `maximumLineHeight`).
    public var lineHeight: Double?
    /// Points after the paragraph (`paragraphSpacing`).
    public var paragraphSpacing: Double?

    public init(
        alignment: ParagraphAlignment? = nil, lineSpacing: Double? = nil, lineHeight: Double? = nil, paragraphSpacing: Double? = nil
    ) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.lineHeight = lineHeight
        self.paragraphSpacing = paragraphSpacing
    }

    /// True when no property is set.
    public var isEmpty: Bool { self == ParagraphStyle() }
}

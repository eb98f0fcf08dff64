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
    /// Points from the leading edge to every line but the first (`headIndent`).
    public var headIndent: Double?
    /// Points from the leading edge to the first line (`firstLineHeadIndent`).
    public var firstLineHeadIndent: Double?

    public init(
        alignment: ParagraphAlignment? = nil, lineSpacing: Double? = nil, lineHeight: Double? = nil, paragraphSpacing: Double? = nil,
        headIndent: Double? = nil, firstLineHeadIndent: Double? = nil
    ) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.lineHeight = lineHeight
        self.paragraphSpacing = paragraphSpacing
        self.headIndent = headIndent
        self.firstLineHeadIndent = firstLineHeadIndent
    }

    /// The indent of the paragraph's first line (`true`) or of its other lines, in points
    /// from the leading edge (0 when not set, as `NSParagraphStyle.default`).
    package func indent(firstLine: Bool) -> Double {
        (firstLine ? firstLineHeadIndent : headIndent) ?? 0
    }

    /// Whether a line of the paragraph is indented.
    package var isIndented: Bool { indent(firstLine: true) != 0 || indent(firstLine: false) != 0 }

    /// True when no property is set.
    public var isEmpty: Bool { self == ParagraphStyle() }
}

/// A text style as the runtime applies it: every property optional, so that styles can be
/// merged (later wins). In the style table colors are `#RRGGBBAA` (upper-case hex), a
/// system color name such as `systemBlue`, or a light and a dark value; here they are typed
/// (`StyleColor`).
///
/// `alignment`, `lineSpacing`, `lineHeight`, `paragraphSpacing`, `headIndent` and
/// `firstLineHeadIndent` are paragraph properties (`paragraphStyle`): a paragraph of the display takes them from the style of
/// its first character (`RenderResult.paragraphs`), as TextKit takes a paragraph's
/// `NSParagraphStyle` from its first character.
public struct TextStyle: Codable, Sendable, Hashable {
    public var font: FontSpec?
    public var color: StyleColor?
    public var background: StyleColor?
    public var underline: LineStyle?
    public var underlineColor: StyleColor?
    public var strikethrough: LineStyle?
    public var strikethroughColor: StyleColor?
    public var kern: Double?
    public var baselineOffset: Double?
    /// How the paragraph's lines are aligned (a paragraph property).
    public var alignment: ParagraphAlignment?
    /// Points added between the lines of a paragraph (`NSParagraphStyle.lineSpacing`; a
    /// paragraph property).
    public var lineSpacing: Double?
    /// The height of every line of the paragraph, in points (`NSParagraphStyle`'s minimum
    /// and maximum line height; a paragraph property).
    public var lineHeight: Double?
    /// Points added after the paragraph (`NSParagraphStyle.paragraphSpacing`; a paragraph
    /// property).
    public var paragraphSpacing: Double?
    /// Points from the leading edge to every line of the paragraph but the first
    /// (`NSParagraphStyle.headIndent`; a paragraph property).
    public var headIndent: Double?
    /// Points from the leading edge to the paragraph's first line
    /// (`NSParagraphStyle.firstLineHeadIndent`; a paragraph property).
    public var firstLineHeadIndent: Double?

    public init(
        font: FontSpec? = nil, color: StyleColor? = nil, background: StyleColor? = nil,
        underline: LineStyle? = nil, underlineColor: StyleColor? = nil,
        strikethrough: LineStyle? = nil, strikethroughColor: StyleColor? = nil,
        kern: Double? = nil, baselineOffset: Double? = nil, alignment: ParagraphAlignment? = nil, lineSpacing: Double? = nil,
        lineHeight: Double? = nil, paragraphSpacing: Double? = nil, headIndent: Double? = nil, firstLineHeadIndent: Double? = nil
    ) {
        self.font = font
        self.color = color
        self.background = background
        self.underline = underline
        self.underlineColor = underlineColor
        self.strikethrough = strikethrough
        self.strikethroughColor = strikethroughColor
        self.kern = kern
        self.baselineOffset = baselineOffset
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.lineHeight = lineHeight
        self.paragraphSpacing = paragraphSpacing
        self.headIndent = headIndent
        self.firstLineHeadIndent = firstLineHeadIndent
    }

    /// `self` overridden by every property `other` sets (later wins).
    public func merged(with other: TextStyle) -> TextStyle {
        var result = self
        if let font = other.font { result.font = (result.font ?? FontSpec()).merged(with: font) }
        result.color = other.color ?? color
        result.background = other.background ?? background
        result.underline = other.underline ?? underline
        result.underlineColor = other.underlineColor ?? underlineColor
        result.strikethrough = other.strikethrough ?? strikethrough
        result.strikethroughColor = other.strikethroughColor ?? strikethroughColor
        result.kern = other.kern ?? kern
        result.baselineOffset = other.baselineOffset ?? baselineOffset
        result.alignment = other.alignment ?? alignment
        result.lineSpacing = other.lineSpacing ?? lineSpacing
        result.lineHeight = other.lineHeight ?? lineHeight
        result.paragraphSpacing = other.paragraphSpacing ?? paragraphSpacing
        result.headIndent = other.headIndent ?? headIndent
        result.firstLineHeadIndent = other.firstLineHeadIndent ?? firstLineHeadIndent
        return result
    }

    /// True when no property is set.
    public var isEmpty: Bool { self == TextStyle() }

    /// The paragraph properties: `alignment`, `lineSpacing`, `lineHeight`,
    /// `paragraphSpacing`, `headIndent`, `firstLineHeadIndent`.
    public var paragraphStyle: ParagraphStyle {
        ParagraphStyle(
            alignment: alignment, lineSpacing: lineSpacing, lineHeight: lineHeight, paragraphSpacing: paragraphSpacing,
            headIndent: headIndent, firstLineHeadIndent: firstLineHeadIndent)
    }

    /// Whether a paragraph property is set.
    public var hasParagraphProperties: Bool {
        alignment != nil || lineSpacing != nil || lineHeight != nil || paragraphSpacing != nil || headIndent != nil
            || firstLineHeadIndent != nil
    }

    /// The style without its paragraph properties.
    public var withoutParagraphProperties: TextStyle {
        var style = self
        style.alignment = nil
        style.lineSpacing = nil
        style.lineHeight = nil
        style.paragraphSpacing = nil
        style.headIndent = nil
        style.firstLineHeadIndent = nil
        return style
    }
}

/// A text style as the runtime applies it: every property optional, so that styles can be
/// merged (later wins). In the style table colors are `#RRGGBBAA` (upper-case hex), a
/// system color name such as `systemBlue`, or a light and a dark value; here they are typed
/// (`StyleColor`).
///
/// `alignment`, `lineSpacing`, `lineHeight` and `paragraphSpacing` are paragraph
/// properties (`paragraphStyle`): a paragraph of the display takes them from the style of
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

    public init(
        font: FontSpec? = nil, color: StyleColor? = nil, background: StyleColor? = nil,
        underline: LineStyle? = nil, underlineColor: StyleColor? = nil,
        strikethrough: LineStyle? = nil, strikethroughColor: StyleColor? = nil,
        kern: Double? = nil, baselineOffset: Double? = nil, alignment: ParagraphAlignment? = nil, lineSpacing: Double? = nil,
        lineHeight: Double? = nil, paragraphSpacing: Double? = nil
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
        return result
    }

    /// True when no property is set.
    public var isEmpty: Bool { self == TextStyle() }

    /// The paragraph properties: `alignment`, `lineSpacing`, `lineHeight`,
    /// `paragraphSpacing`.
    public var paragraphStyle: ParagraphStyle {
        ParagraphStyle(alignment: alignment, lineSpacing: lineSpacing, lineHeight: lineHeight, paragraphSpacing: paragraphSpacing)
    }

    /// Whether a paragraph property is set.
    public var hasParagraphProperties: Bool {
        alignment != nil || lineSpacing != nil || lineHeight != nil || paragraphSpacing != nil
    }

    /// The style without its paragraph properties.
    public var withoutParagraphProperties: TextStyle {
        var style = self
        style.alignment = nil
        style.lineSpacing = nil
        style.lineHeight = nil
        style.paragraphSpacing = nil
        return style
    }
}

/// How the lines of a paragraph are aligned (`NSTextAlignment`).
public enum ParagraphAlignment: String, Codable, Sendable, Hashable, CaseIterable {
    /// By the paragraph's writing direction: left for left to right, right for right to left.
    case natural
    case left, center, right
    /// Both edges, the paragraph's last line aligned naturally.
    case justified
}

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

/// A font description: a point size, a weight, a family, or a Dynamic Type text style.
/// Each part is optional and merges separately, so `font: bold` on a rule keeps the
/// base size.
public struct FontSpec: Codable, Sendable, Hashable {
    public var size: Double?
    public var weight: FontWeight?
    public var family: String?
    public var italic: Bool?
    /// A Dynamic Type text style: the font scales with the user's text size setting.
    public var textStyle: DynamicTypeStyle?

    public init(
        size: Double? = nil, weight: FontWeight? = nil, family: String? = nil, italic: Bool? = nil,
        textStyle: DynamicTypeStyle? = nil
    ) {
        self.size = size
        self.weight = weight
        self.family = family
        self.italic = italic
        self.textStyle = textStyle
    }

    public func merged(with other: FontSpec) -> FontSpec {
        FontSpec(
            size: other.size ?? size, weight: other.weight ?? weight, family: other.family ?? family,
            italic: other.italic ?? italic, textStyle: other.textStyle ?? textStyle)
    }

}

/// Font weights, as `UIFont.Weight` names them.
public enum FontWeight: String, Codable, Sendable, Hashable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The CSS `font-weight` (100 … 900).
    public var cssWeight: Int {
        switch self {
        case .ultraLight: return 100
        case .thin: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        case .black: return 900
        }
    }
}

/// Dynamic Type text styles, as `UIFont.TextStyle` names them.
public enum DynamicTypeStyle: String, Codable, Sendable, Hashable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2

    /// The point size at the default content size (Large) on iOS, and whether the style
    /// is semibold (`headline`), for renderers without Dynamic Type.
    public var defaultSize: (points: Double, weight: FontWeight) {
        switch self {
        case .largeTitle: return (34, .regular)
        case .title1: return (28, .regular)
        case .title2: return (22, .regular)
        case .title3: return (20, .regular)
        case .headline: return (17, .semibold)
        case .subheadline: return (15, .regular)
        case .body: return (17, .regular)
        case .callout: return (16, .regular)
        case .footnote: return (13, .regular)
        case .caption1: return (12, .regular)
        case .caption2: return (11, .regular)
        }
    }
}

/// Underline and strikethrough patterns.
public enum LineStyle: String, Codable, Sendable, Hashable, CaseIterable {
    case none, single, double, thick, dotted, dashed
}

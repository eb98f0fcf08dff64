/// A text style as the runtime applies it: every property optional, so that styles can be
/// merged (later wins). In the style table colors are `#RRGGBBAA` (upper-case hex) or a
/// system color name such as `systemBlue`; here they are typed (`StyleColor`).
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

    public init(
        font: FontSpec? = nil, color: StyleColor? = nil, background: StyleColor? = nil,
        underline: LineStyle? = nil, underlineColor: StyleColor? = nil,
        strikethrough: LineStyle? = nil, strikethroughColor: StyleColor? = nil,
        kern: Double? = nil, baselineOffset: Double? = nil
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
        return result
    }

    /// True when no property is set.
    public var isEmpty: Bool { self == TextStyle() }
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

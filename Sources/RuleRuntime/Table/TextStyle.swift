/// A text style as the runtime applies it: every property optional, so that styles can be
/// merged (later wins). Colors are `#RRGGBBAA` (upper-case hex) or a system color name
/// such as `systemBlue`.
public struct TextStyle: Codable, Sendable, Hashable {
    public var font: FontSpec?
    public var color: String?
    public var background: String?
    public var underline: LineStyle?
    public var underlineColor: String?
    public var strikethrough: LineStyle?
    public var strikethroughColor: String?
    public var kern: Double?
    public var baselineOffset: Double?

    public init(
        font: FontSpec? = nil, color: String? = nil, background: String? = nil,
        underline: LineStyle? = nil, underlineColor: String? = nil,
        strikethrough: LineStyle? = nil, strikethroughColor: String? = nil,
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
    /// `ultraLight`, `thin`, `light`, `regular`, `medium`, `semibold`, `bold`, `heavy`, `black`.
    public var weight: String?
    public var family: String?
    public var italic: Bool?
    /// A Dynamic Type text style: `largeTitle`, `title1` … `caption2`, `body`, `callout`,
    /// `footnote`, `headline`, `subheadline`.
    public var textStyle: String?

    public init(size: Double? = nil, weight: String? = nil, family: String? = nil, italic: Bool? = nil, textStyle: String? = nil) {
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

    public static let weights = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
    public static let textStyles = [
        "largeTitle", "title1", "title2", "title3", "headline", "subheadline", "body", "callout", "footnote", "caption1",
        "caption2",
    ]
}

/// Underline and strikethrough patterns.
public enum LineStyle: String, Codable, Sendable, Hashable, CaseIterable {
    case none, single, double, thick, dotted, dashed
}

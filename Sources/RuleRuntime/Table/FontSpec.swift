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

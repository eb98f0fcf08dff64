/// The metrics of the font around an attachment, as `UIFont`/`NSFont` report them
/// (`descender` is negative).
public struct FontMetrics: Sendable, Hashable {
    public var pointSize: Double
    public var ascender: Double
    public var descender: Double
    public var capHeight: Double

    public init(pointSize: Double, ascender: Double, descender: Double, capHeight: Double) {
        self.pointSize = pointSize
        self.ascender = ascender
        self.descender = descender
        self.capHeight = capHeight
    }

    /// Typical metrics of the system font at a size (for renderers without a font).
    public static func system(size: Double) -> FontMetrics {
        FontMetrics(pointSize: size, ascender: size * 0.952, descender: -size * 0.238, capHeight: size * 0.705)
    }
}

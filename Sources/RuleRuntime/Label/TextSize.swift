/// A width and height in points.
public struct TextSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = TextSize(width: 0, height: 0)

    public var description: String { "\(width)x\(height)" }
}

/// A point in a label's coordinates (points, y down, as UIKit and TextKit's line fragments
/// use; an AppKit shell with a flipped view uses them as they are).
public struct TextPoint: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = TextPoint(x: 0, y: 0)

    /// The straight-line distance to `other`.
    public func distance(to other: TextPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    public var description: String { "(\(x), \(y))" }
}

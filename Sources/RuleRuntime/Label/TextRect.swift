/// A rectangle in a label's coordinates (origin at the top left, y down).
public struct TextRect: Sendable, Hashable, CustomStringConvertible {
    public var origin: TextPoint
    public var size: TextSize

    public init(origin: TextPoint, size: TextSize) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: TextPoint(x: x, y: y), size: TextSize(width: width, height: height))
    }

    public static let zero = TextRect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: TextPoint { TextPoint(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// Whether `point` lies inside: the left and top edges in, the right and bottom out (so
    /// a point on the edge between two adjacent rects is in exactly one).
    public func contains(_ point: TextPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The smallest rect holding both.
    public func union(_ other: TextRect) -> TextRect {
        let x = min(minX, other.minX), y = min(minY, other.minY)
        return TextRect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
    }

    /// The rect moved by `dx`, `dy` (into a view's coordinates: by the text's origin in it).
    public func offsetBy(dx: Double, dy: Double) -> TextRect {
        TextRect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The union of `rects`, `nil` when there is none.
    public static func union(_ rects: [TextRect]) -> TextRect? {
        guard var union = rects.first else { return nil }
        for rect in rects.dropFirst() { union = union.union(rect) }
        return union
    }

    public var description: String { "(\(minX), \(minY), \(width)x\(height))" }
}

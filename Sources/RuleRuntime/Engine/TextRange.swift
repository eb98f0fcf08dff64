/// A range of UTF-16 code units, as `NSRange`.
public struct TextRange: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var location: Int
    public var length: Int
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }
    public var upperBound: Int { location + length }
    public func overlaps(_ other: TextRange) -> Bool {
        location < other.upperBound && other.location < upperBound && length > 0 && other.length > 0
    }
    public static func < (a: TextRange, b: TextRange) -> Bool {
        (a.location, a.length) < (b.location, b.length)
    }
    public var description: String { "[\(location), \(length)]" }
}

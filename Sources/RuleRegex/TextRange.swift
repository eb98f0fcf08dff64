import Foundation

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

extension TextRange {
    /// The range of `range`, UTF-16 units as well; `nil` for `NSNotFound` or a negative
    /// length (what TextKit returns for "no range").
    public init?(_ range: NSRange) {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0 else { return nil }
        self.init(location: range.location, length: range.length)
    }

    /// The range of `String.Index`es of these UTF-16 units in `string`, or `nil` when they
    /// are not in it (or split a surrogate pair).
    public func range(in string: String) -> Range<String.Index>? { Range(NSRange(self), in: string) }
}

extension NSRange {
    /// The same UTF-16 units, for `NSAttributedString`, TextKit and UIKit APIs.
    public init(_ range: TextRange) { self.init(location: range.location, length: range.length) }
}

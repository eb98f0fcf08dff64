import Foundation

/// A dimension of an attachment: points, or read from the match (a capture or an
/// element attribute such as `<img width="120">`). A value that is not a number between
/// 0 and 10000 (points; a trailing `px` is allowed) leaves the dimension intrinsic.
@_spi(Generated) public enum AttachmentDimension: Sendable, Hashable, Codable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    case points(Double)
    case fromMatch(MatchTemplate)

    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let points = try? container.decode(Double.self) {
            self = .points(points)
        } else {
            self = .fromMatch(try container.decode(MatchTemplate.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .points(let points): try container.encode(points)
        case .fromMatch(let template): try container.encode(template)
        }
    }

    /// Points from a matched value: `120`, `120.5`, `120px`; `nil` when not in (0, 10000].
    public static func points(from text: String) -> Double? {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        if digits.hasSuffix("px") { digits = digits.dropLast(2) }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(digits),
            value > 0, value <= 10_000
        else { return nil }
        return value
    }
}

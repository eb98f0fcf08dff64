/// An sRGB color with 8-bit components.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From `RRGGBB` or `RRGGBBAA` hex digits (an optional leading `#`), case-insensitive.
    public init?(hex: some StringProtocol) {
        var digits = Substring(hex)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16)
        else { return nil }
        let full = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(red: UInt8(full >> 24), green: UInt8(full >> 16 & 0xFF), blue: UInt8(full >> 8 & 0xFF), alpha: UInt8(full & 0xFF))
    }

    /// Components as fractions (0…1), as `UIColor(red:green:blue:alpha:)` takes them.
    public var fractions: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }

    /// `#RRGGBBAA`, upper-case.
    public var hex: String {
        let value = UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
        let digits = String(value, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// CSS: `#RRGGBB`, or `rgba(r, g, b, a)` when not opaque.
    public var css: String {
        if alpha == 255 { return String(hex.dropLast(2)) }
        let a = (Double(alpha) / 255 * 1000).rounded() / 1000
        return "rgba(\(red), \(green), \(blue), \(a))"
    }

    public var description: String { hex }
}

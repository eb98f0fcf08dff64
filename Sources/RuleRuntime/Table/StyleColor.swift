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

/// A style color: a fixed sRGB value, a system color that adapts to light and dark
/// appearance (`UIColor.systemBlue`, `.label`, …), or a pair of fixed values, one for each
/// appearance (`color: #333333 dark #CCCCCC`).
///
/// The style table writes a fixed or system color as a string, `"#RRGGBBAA"` or the system
/// color's name, and a pair as an object: `{"dark": "#CCCCCCFF", "light": "#333333FF"}`.
public enum StyleColor: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    case rgba(RGBA)
    case system(SystemColor)
    /// `light` in light appearance, `dark` in dark appearance.
    case dynamic(light: RGBA, dark: RGBA)

    /// From the style table's string spelling: `#RRGGBB`, `#RRGGBBAA` or a system color name;
    /// also `#RRGGBB[AA] dark #RRGGBB[AA]` (as `description` writes a pair).
    public init?(_ string: String) {
        if string.hasPrefix("#") {
            let parts = string.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count == 3, parts[1] == "dark" {
                guard let light = RGBA(hex: parts[0]), parts[2].hasPrefix("#"), let dark = RGBA(hex: parts[2]) else { return nil }
                self = .dynamic(light: light, dark: dark)
                return
            }
            guard let rgba = RGBA(hex: string) else { return nil }
            self = .rgba(rgba)
        } else if let system = SystemColor(rawValue: string) {
            self = .system(system)
        } else {
            return nil
        }
    }

    /// For literals in code (`"systemBlue"`, `"#FF0000"`, `"#333333 dark #CCCCCC"`); an
    /// invalid literal is a programming error. Data goes through `init?(_:)`.
    public init(stringLiteral value: String) {
        guard let color = StyleColor(value) else { preconditionFailure("not a style color: \(value)") }
        self = color
    }

    /// The language's spelling with the table's values: `#RRGGBBAA`, a system color name,
    /// or `#RRGGBBAA dark #RRGGBBAA`.
    public var description: String {
        switch self {
        case .rgba(let rgba): return rgba.hex
        case .system(let system): return system.rawValue
        case .dynamic(let light, let dark): return "\(light.hex) dark \(dark.hex)"
        }
    }

    /// The sRGB value in light or dark appearance (fixed colors are the same in both).
    public func resolved(dark: Bool = false) -> RGBA {
        switch self {
        case .rgba(let rgba): return rgba
        case .system(let system): return dark ? system.dark : system.light
        case .dynamic(let light, let darkValue): return dark ? darkValue : light
        }
    }

    /// Whether the color has different values in light and dark appearance.
    public var adapts: Bool { resolved(dark: false) != resolved(dark: true) }

    private enum PairKey: String, CodingKey { case light, dark }

    public init(from decoder: any Decoder) throws {
        if let pair = try? decoder.container(keyedBy: PairKey.self) {
            func value(_ key: PairKey) throws -> RGBA {
                let string = try pair.decode(String.self, forKey: key)
                guard string.hasPrefix("#"), let rgba = RGBA(hex: string) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: pair, debugDescription: "not a hex color: '\(string)' (expected #RRGGBBAA)")
                }
                return rgba
            }
            self = .dynamic(light: try value(.light), dark: try value(.dark))
            return
        }
        let string = try decoder.singleValueContainer().decode(String.self)
        guard let color = StyleColor(string), !string.contains(" ") else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a color: '\(string)' (expected #RRGGBBAA, a system color name, or {\"light\", \"dark\"})"
                ))
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        if case .dynamic(let light, let dark) = self {
            var pair = encoder.container(keyedBy: PairKey.self)
            try pair.encode(light.hex, forKey: .light)
            try pair.encode(dark.hex, forKey: .dark)
            return
        }
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// UIKit's system and semantic colors, with the sRGB values Apple's Human Interface
/// Guidelines document for iOS in light and dark appearance (the default-contrast values
/// of iOS 13–18), so that renderers without UIKit (HTML, Linux) can resolve them. The
/// Apple glue (`StyleColor.platformColor`) makes a dynamic `UIColor`/`NSColor` from the
/// same two values, so every platform shows the same colors (an app that wants the OS's
/// own, increased-contrast variants included, maps `SystemColor` to `UIColor` itself).
public enum SystemColor: String, Sendable, Hashable, CaseIterable {
    case systemRed, systemOrange, systemYellow, systemGreen, systemMint, systemTeal, systemCyan, systemBlue
    case systemIndigo, systemPurple, systemPink, systemBrown
    case systemGray, systemGray2, systemGray3, systemGray4, systemGray5, systemGray6
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, link, placeholderText, separator, opaqueSeparator
    case systemBackground, secondarySystemBackground, tertiarySystemBackground
    case systemFill, secondarySystemFill, tertiarySystemFill, quaternarySystemFill
    /// The view's tint; resolved here as the default tint, `systemBlue`.
    case tintColor
    // UIKit's fixed colors (the same in both appearances).
    case black, white, clear, gray, darkGray, lightGray, red, green, blue, cyan, yellow, magenta, orange, purple, brown

    /// Whether this is one of UIKit's fixed colors (`black`, `white`, `clear`, `gray`, …),
    /// the same in both appearances by definition (not a system or semantic color).
    public var isFixed: Bool {
        switch self {
        case .black, .white, .clear, .gray, .darkGray, .lightGray, .red, .green, .blue, .cyan, .yellow, .magenta, .orange, .purple,
            .brown:
            return true
        default: return false
        }
    }

    /// The value in light appearance.
    public var light: RGBA { Self.values[self]!.light }
    /// The value in dark appearance.
    public var dark: RGBA { Self.values[self]!.dark }

    private static func c(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: Double = 1) -> RGBA {
        RGBA(red: r, green: g, blue: b, alpha: UInt8((a * 255).rounded()))
    }

    private static let values: [SystemColor: (light: RGBA, dark: RGBA)] = [
        .systemRed: (c(255, 59, 48), c(255, 69, 58)),
        .systemOrange: (c(255, 149, 0), c(255, 159, 10)),
        .systemYellow: (c(255, 204, 0), c(255, 214, 10)),
        .systemGreen: (c(52, 199, 89), c(48, 209, 88)),
        .systemMint: (c(0, 199, 190), c(99, 230, 226)),
        .systemTeal: (c(48, 176, 199), c(64, 200, 224)),
        .systemCyan: (c(50, 173, 230), c(100, 210, 255)),
        .systemBlue: (c(0, 122, 255), c(10, 132, 255)),
        .systemIndigo: (c(88, 86, 214), c(94, 92, 230)),
        .systemPurple: (c(175, 82, 222), c(191, 90, 242)),
        .systemPink: (c(255, 45, 85), c(255, 55, 95)),
        .systemBrown: (c(162, 132, 94), c(172, 142, 104)),
        .systemGray: (c(142, 142, 147), c(142, 142, 147)),
        .systemGray2: (c(174, 174, 178), c(99, 99, 102)),
        .systemGray3: (c(199, 199, 204), c(72, 72, 74)),
        .systemGray4: (c(209, 209, 214), c(58, 58, 60)),
        .systemGray5: (c(229, 229, 234), c(44, 44, 46)),
        .systemGray6: (c(242, 242, 247), c(28, 28, 30)),
        .label: (c(0, 0, 0), c(255, 255, 255)),
        .secondaryLabel: (c(60, 60, 67, 0.6), c(235, 235, 245, 0.6)),
        .tertiaryLabel: (c(60, 60, 67, 0.3), c(235, 235, 245, 0.3)),
        .quaternaryLabel: (c(60, 60, 67, 0.18), c(235, 235, 245, 0.16)),
        .link: (c(0, 122, 255), c(9, 132, 255)),
        .placeholderText: (c(60, 60, 67, 0.3), c(235, 235, 245, 0.3)),
        .separator: (c(60, 60, 67, 0.29), c(84, 84, 88, 0.6)),
        .opaqueSeparator: (c(198, 198, 200), c(56, 56, 58)),
        .systemBackground: (c(255, 255, 255), c(0, 0, 0)),
        .secondarySystemBackground: (c(242, 242, 247), c(28, 28, 30)),
        .tertiarySystemBackground: (c(255, 255, 255), c(44, 44, 46)),
        .systemFill: (c(120, 120, 128, 0.2), c(120, 120, 128, 0.36)),
        .secondarySystemFill: (c(120, 120, 128, 0.16), c(120, 120, 128, 0.32)),
        .tertiarySystemFill: (c(118, 118, 128, 0.12), c(118, 118, 128, 0.24)),
        .quaternarySystemFill: (c(116, 116, 128, 0.08), c(118, 118, 128, 0.18)),
        .tintColor: (c(0, 122, 255), c(10, 132, 255)),
        .black: (c(0, 0, 0), c(0, 0, 0)),
        .white: (c(255, 255, 255), c(255, 255, 255)),
        .clear: (c(0, 0, 0, 0), c(0, 0, 0, 0)),
        .gray: (c(128, 128, 128), c(128, 128, 128)),
        .darkGray: (c(85, 85, 85), c(85, 85, 85)),
        .lightGray: (c(170, 170, 170), c(170, 170, 170)),
        .red: (c(255, 0, 0), c(255, 0, 0)),
        .green: (c(0, 255, 0), c(0, 255, 0)),
        .blue: (c(0, 0, 255), c(0, 0, 255)),
        .cyan: (c(0, 255, 255), c(0, 255, 255)),
        .yellow: (c(255, 255, 0), c(255, 255, 0)),
        .magenta: (c(255, 0, 255), c(255, 0, 255)),
        .orange: (c(255, 128, 0), c(255, 128, 0)),
        .purple: (c(128, 0, 128), c(128, 0, 128)),
        .brown: (c(153, 102, 51), c(153, 102, 51)),
    ]
}

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

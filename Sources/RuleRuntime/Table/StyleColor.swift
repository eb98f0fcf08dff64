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

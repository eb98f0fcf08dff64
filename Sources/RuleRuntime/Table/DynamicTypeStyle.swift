/// Dynamic Type text styles, as `UIFont.TextStyle` names them.
public enum DynamicTypeStyle: String, Codable, Sendable, Hashable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2

    /// The point size at the default content size (Large) on iOS, and whether the style
    /// is semibold (`headline`), for renderers without Dynamic Type.
    public var defaultSize: (points: Double, weight: FontWeight) {
        switch self {
        case .largeTitle: return (34, .regular)
        case .title1: return (28, .regular)
        case .title2: return (22, .regular)
        case .title3: return (20, .regular)
        case .headline: return (17, .semibold)
        case .subheadline: return (15, .regular)
        case .body: return (17, .regular)
        case .callout: return (16, .regular)
        case .footnote: return (13, .regular)
        case .caption1: return (12, .regular)
        case .caption2: return (11, .regular)
        }
    }
}

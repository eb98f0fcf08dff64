/// Underline and strikethrough patterns.
public enum LineStyle: String, Codable, Sendable, Hashable, CaseIterable {
    case none, single, double, thick, dotted, dashed
}

/// A paragraph's base writing direction.
public enum WritingDirection: String, Sendable, Hashable, Codable {
    /// Left to right (`"ltr"`, as in HTML's `dir` attribute).
    case leftToRight = "ltr"
    /// Right to left (`"rtl"`).
    case rightToLeft = "rtl"
}

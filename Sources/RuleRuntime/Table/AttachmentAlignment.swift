import Foundation

/// How an attachment sits on the line (ZLRichLabel's `HTagWidget.alignment`).
public enum AttachmentAlignment: String, Codable, Sendable, Hashable, CaseIterable {
    /// Centered on the line's text (the default).
    case middle
    /// Bottom on the baseline.
    case baseline
    /// Bottom just above the baseline.
    case aboveBaseline
    /// Top on the baseline: hanging below it.
    case belowBaseline
    /// Top at the line's ascender.
    case top
    /// Bottom at the line's descender.
    case bottom
}

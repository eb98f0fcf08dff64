import Foundation

/// Where an attachment goes relative to the match's text (ZLRichLabel's
/// `HTagWidget.position`): instead of it (the default), before it or after it.
public enum AttachmentPosition: String, Codable, Sendable, Hashable, CaseIterable {
    case replace, before, after
}

import Foundation

/// What happened to one requested attachment image.
public enum AttachmentImageEvent: Sendable {
    /// The image loaded (from the cache or the loader).
    case loaded(LoadedAttachmentImage)
    /// The source did not resolve (`ImageLoadingError`) or the loader threw.
    case failed(key: Int, error: any Error)

    /// The request's key.
    public var key: Int {
        switch self {
        case .loaded(let image): return image.key
        case .failed(let key, _): return key
        }
    }
}

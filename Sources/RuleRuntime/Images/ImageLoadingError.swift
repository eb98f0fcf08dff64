import Foundation

/// Why an image could not be loaded (besides the loader's own errors, such as `URLError`).
public enum ImageLoadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with a status outside 200–299.
    case httpStatus(Int, url: URL)
    /// The loader does not load URLs of this scheme.
    case unsupportedScheme(String, url: URL)
    /// A bare name (`smile`, `emoji/heart.png`) with no base URL to resolve it against: the
    /// app resolves such names itself (for example from an asset catalog) or gives the store
    /// a `baseURL`.
    case unresolvedName(String)
    /// A source that is empty or not a URL, a path or a name.
    case invalidSource(String)
    /// A file the store may not read: text from users must not open the device's files
    /// (`AttachmentImageStore.allowsFileURLs`).
    case fileNotAllowed(URL)
    /// The body has more than `limit` bytes (`ImageLimits.maxBytes`); loading stopped there.
    case tooLarge(url: URL, limit: Int)
    /// The image's header declares more than `limit` pixels (`ImageLimits.maxPixels`): it
    /// is not handed to the app to decode.
    case tooManyPixels(ImagePixelSize, limit: Int, url: URL)

    public var description: String {
        switch self {
        case .httpStatus(let status, let url): return "HTTP status \(status) for \(url.absoluteString)"
        case .unsupportedScheme(let scheme, let url): return "unsupported URL scheme '\(scheme)' in \(url.absoluteString)"
        case .unresolvedName(let name):
            return "image '\(name)' is a name, not a URL or a path, and there is no base URL: resolve it in the app (for example "
                + "from an asset catalog) or give the store a baseURL"
        case .invalidSource(let source): return "image source '\(source)' is not a URL, a path or a name"
        case .fileNotAllowed(let url):
            return "image \(url.absoluteString) is a file outside the store's file base URL (set allowsFileURLs to read any file)"
        case .tooLarge(let url, let limit):
            return "image \(url.absoluteString) is larger than \(limit) bytes (ImageLimits.maxBytes)"
        case .tooManyPixels(let size, let limit, let url):
            return "image \(url.absoluteString) declares \(size) pixels, more than \(limit) (ImageLimits.maxPixels)"
        }
    }
}

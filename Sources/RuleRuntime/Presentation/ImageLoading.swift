import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads the bytes of an image. `AttachmentImageStore` calls it for every image it does not
/// find in its `ImageCache`.
///
/// A loader is cancelled through Swift task cancellation: when the task awaiting
/// `loadImageData(from:)` is cancelled, the loader stops its work and throws
/// (`CancellationError`, or the `URLError.cancelled` of a cancelled URLSession task).
public protocol ImageLoading: Sendable {
    /// The bytes at `url`.
    func loadImageData(from url: URL) async throws -> Data
}

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
        }
    }
}

/// Loads `http`, `https` and `file` URLs: the first two with a `URLSession`, `file` URLs
/// from disk. A status outside 200–299 throws `ImageLoadingError.httpStatus`.
public struct URLSessionImageLoader: ImageLoading {
    public let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func loadImageData(from url: URL) async throws -> Data {
        switch url.scheme?.lowercased() {
        case "file":
            return try await FileImageLoader().loadImageData(from: url)
        case "http", "https":
            try Task.checkCancellation()
            // URLSession's async `data(from:)` cancels its data task when this task is
            // cancelled (on Apple platforms and in swift-corelibs-foundation alike).
            let (data, response) = try await session.data(from: url)
            try Self.validate(response, for: url)
            return data
        default:
            throw ImageLoadingError.unsupportedScheme(url.scheme ?? "", url: url)
        }
    }

    /// Throws `ImageLoadingError.httpStatus` for an HTTP response with a status outside
    /// 200–299; other responses pass.
    public static func validate(_ response: URLResponse, for url: URL) throws {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw ImageLoadingError.httpStatus(http.statusCode, url: url)
        }
    }
}

/// Loads `file` URLs from disk (bundled images, tests); other schemes throw
/// `ImageLoadingError.unsupportedScheme`.
public struct FileImageLoader: ImageLoading {
    public init() {}

    public func loadImageData(from url: URL) async throws -> Data {
        guard url.isFileURL else { throw ImageLoadingError.unsupportedScheme(url.scheme ?? "", url: url) }
        try Task.checkCancellation()
        let data = try Data(contentsOf: url)
        try Task.checkCancellation()
        return data
    }
}

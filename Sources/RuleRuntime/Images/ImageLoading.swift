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
    /// The bytes at `url`, or `ImageLoadingError.tooLarge` as soon as there are more than
    /// `maxBytes` of them (without reading the rest). The default reads them all with
    /// `loadImageData(from:)`, then checks.
    func loadImageData(from url: URL, maxBytes: Int) async throws -> Data
}

extension ImageLoading {
    public func loadImageData(from url: URL, maxBytes: Int) async throws -> Data {
        let data = try await loadImageData(from: url)
        guard data.count <= maxBytes else { throw ImageLoadingError.tooLarge(url: url, limit: maxBytes) }
        return data
    }
}

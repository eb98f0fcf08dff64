import Foundation

/// Loads `file` URLs from disk (bundled images, tests); other schemes throw
/// `ImageLoadingError.unsupportedScheme`.
package struct FileImageLoader: ImageLoading {
    package init() {}

    package func loadImageData(from url: URL) async throws -> Data {
        try await loadImageData(from: url, maxBytes: Int.max)
    }

    /// The file's bytes; `ImageLoadingError.tooLarge` for a file over `maxBytes` (read no
    /// further than that).
    package func loadImageData(from url: URL, maxBytes: Int) async throws -> Data {
        guard url.isFileURL else { throw ImageLoadingError.unsupportedScheme(url.scheme ?? "", url: url) }
        try Task.checkCancellation()
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let data = try (maxBytes >= Int.max - 1 ? handle.readToEnd() : handle.read(upToCount: maxBytes + 1)) ?? Data()
        guard data.count <= maxBytes else { throw ImageLoadingError.tooLarge(url: url, limit: maxBytes) }
        try Task.checkCancellation()
        return data
    }
}

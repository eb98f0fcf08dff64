import Foundation

/// Loads the images of a label's attachments, through an `ImageCache` and an
/// `ImageLoading` loader, and reports each one with the size to show it at.
///
/// ```swift
/// let store = AttachmentImageStore(loader: URLSessionImageLoader(), cache: cache, baseURL: emojiFolder)
/// labelTask = Task {
///     for await event in await store.load(AttachmentImageRequest.requests(for: result)) {
///         if case .loaded(let image) = event { label.setImage(image) }  // relayout if image.sizeChanged
///     }
/// }
/// labelTask.cancel()  // the label went off screen: its pending loads stop
/// ```
///
/// Requests for the same URL share one load, in one call or across calls while it is in
/// flight; a load is cancelled when every call waiting for it is. Images loaded before
/// come from the cache without calling the loader.
public actor AttachmentImageStore {
    public nonisolated let loader: any ImageLoading
    public nonisolated let cache: ImageCache
    /// The folder (or site) bare names are relative to.
    public nonisolated let baseURL: URL?
    /// Image pixels per point for images whose both dimensions are intrinsic.
    public nonisolated let scale: Double
    /// The largest body, image and display size accepted.
    public nonisolated let limits: ImageLimits

    private typealias Events = AsyncStream<AttachmentImageEvent>.Continuation

    /// A running `load(_:)`: its task and its stream.
    private struct Load {
        let task: Task<Void, Never>
        let events: Events
    }

    /// A load of one URL shared by every request waiting for it.
    private struct Flight {
        let id: Int
        let task: Task<Void, Never>
        var waiters: [Int: CheckedContinuation<Data, any Error>]
    }

    private var loads: [Int: Load] = [:]
    private var flights: [URL: Flight] = [:]
    private var nextID = 0

    /// A store loading with `loader` through `cache`; bare names resolve against `baseURL`
    /// (for example a folder of bundled images; `nil`: names fail with
    /// `ImageLoadingError.unresolvedName`); `scale` is the pixels per point of images shown
    /// at their intrinsic size.
    ///
    /// Files: a source that resolves to a `file` URL loads only from inside a file
    /// `baseURL` (bundled images), unless `allowsFileURLs` is true — a message must not make
    /// the app read the device's other files (`file:///…`, `/…`, `../…`, a symbolic link
    /// inside the folder that points out of it).
    ///
    /// Sizes: a body over `limits.maxBytes`, or an image whose header declares more than
    /// `limits.maxPixels`, fails with a typed `ImageLoadingError`; display sizes are scaled
    /// down to `limits.maxDisplaySide` points a side.
    public init(
        loader: any ImageLoading = URLSessionImageLoader(), cache: ImageCache, baseURL: URL? = nil, scale: Double = 1,
        allowsFileURLs: Bool = false, limits: ImageLimits = .standard
    ) {
        self.loader = loader
        self.cache = cache
        self.baseURL = baseURL
        self.scale = scale > 0 ? scale : 1
        self.allowsFileURLs = allowsFileURLs
        self.limits = limits
    }

    /// Whether a source may name any file (else only files inside a file `baseURL`).
    public nonisolated let allowsFileURLs: Bool

    /// Whether `url` may be loaded: not a file, or a file this store may read. Both paths
    /// are resolved first (`.` and `..`, and symbolic links), so a link inside the base
    /// folder cannot lead out of it.
    nonisolated func mayLoad(_ url: URL) -> Bool {
        guard url.isFileURL, !allowsFileURLs else { return true }
        guard let baseURL, baseURL.isFileURL else { return false }
        let folder = baseURL.standardizedFileURL.resolvingSymlinksInPath().path
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        return path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Loads the images of `requests` and reports each one as it arrives: one event per
    /// request (failures of unresolvable sources first), then the stream ends.
    ///
    /// Cancelling the task that iterates the stream (or dropping the stream) stops the
    /// loads no other call is waiting for, and no event follows.
    public func load(_ requests: [AttachmentImageRequest]) -> AsyncStream<AttachmentImageEvent> {
        let (stream, events) = AsyncStream.makeStream(of: AttachmentImageEvent.self)
        let id = makeID()
        let task = Task { await run(requests, id: id, events: events) }
        loads[id] = Load(task: task, events: events)
        events.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Stops every running `load(_:)`: their streams end at once, with no further event,
    /// and their loads are cancelled.
    public func cancel() {
        for load in loads.values {
            load.events.finish()
            load.task.cancel()
        }
        loads = [:]
    }

    /// The number of URLs being loaded (for tests and diagnostics).
    public var loadsInFlight: Int { flights.count }
    /// The number of waits on those loads: one per URL per `load(_:)` call waiting for it.
    public var waiters: Int { flights.values.reduce(0) { $0 + $1.waiters.count } }

    /// The URL of an attachment's `source`:
    /// - an `http`, `https` or `file` URL as is (other schemes throw
    ///   `ImageLoadingError.unsupportedScheme`);
    /// - an absolute path (`/…`) as a file URL, except against an `http(s)` `baseURL`, where
    ///   it resolves as in a web page (`/img/a.png`, `//cdn.example.com/a.png`);
    /// - anything else (`smile`, `emoji/heart.png`, `../a.png`) relative to `baseURL`, a
    ///   folder even without a trailing `/`; with no `baseURL`, it throws
    ///   `ImageLoadingError.unresolvedName`.
    ///
    /// Whitespace around the source is ignored; an empty source throws
    /// `ImageLoadingError.invalidSource`.
    public static func resolve(_ source: String, baseURL: URL?) throws -> URL {
        let text = source.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw ImageLoadingError.invalidSource(source) }
        let folder = baseURL.map { $0.hasDirectoryPath ? $0 : $0.appendingPathComponent("", isDirectory: true) }
        if text.hasPrefix("/"), folder?.isFileURL ?? true {
            return URL(fileURLWithPath: text)
        }
        if let scheme = scheme(of: text) {
            guard let url = parse(text) else { throw ImageLoadingError.invalidSource(source) }
            guard ["http", "https", "file"].contains(scheme.lowercased()) else {
                throw ImageLoadingError.unsupportedScheme(scheme, url: url)
            }
            return url
        }
        guard let folder else { throw ImageLoadingError.unresolvedName(text) }
        guard let url = parse(text, relativeTo: folder) else { throw ImageLoadingError.invalidSource(source) }
        return url
    }

    // MARK: Resolving

    /// The scheme of an absolute URL (RFC 3986: a letter, then letters, digits, `+`, `-` or
    /// `.`, then `:`), `nil` for a path or a name.
    static func scheme(of text: String) -> String? {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
            })
        else { return nil }
        return String(scheme)
    }

    /// `text` as a URL, percent-encoding what `URL(string:)` rejects (spaces, non-ASCII)
    /// where it does not encode them itself.
    private static func parse(_ text: String, relativeTo base: URL? = nil) -> URL? {
        if let url = URL(string: text, relativeTo: base) { return url.absoluteURL }
        var allowed = CharacterSet.urlPathAllowed
        allowed.insert(charactersIn: ":?#%")
        guard let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed) else { return nil }
        return URL(string: encoded, relativeTo: base)?.absoluteURL
    }

    // MARK: Loading

    private func makeID() -> Int {
        nextID += 1
        return nextID
    }

    private func run(_ requests: [AttachmentImageRequest], id: Int, events: Events) async {
        defer {
            events.finish()
            loads[id] = nil
        }
        var requestsByURL: [URL: [AttachmentImageRequest]] = [:]
        var urls: [URL] = []
        for request in requests {
            do {
                let url = try Self.resolve(request.source, baseURL: baseURL)
                guard mayLoad(url) else { throw ImageLoadingError.fileNotAllowed(url) }
                if requestsByURL[url] == nil { urls.append(url) }
                requestsByURL[url, default: []].append(request)
            } catch {
                events.yield(.failed(key: request.key, error: error))
            }
        }
        await withTaskGroup(of: (URL, Result<Data, any Error>).self) { group in
            for url in urls {
                group.addTask { (url, await self.data(for: url)) }
            }
            for await (url, result) in group {
                guard !Task.isCancelled else {
                    group.cancelAll()
                    return
                }
                for request in requestsByURL[url] ?? [] {
                    events.yield(Self.event(for: request, url: url, result: result, scale: scale, limits: limits))
                }
            }
        }
    }

    private static func event(
        for request: AttachmentImageRequest, url: URL, result: Result<Data, any Error>, scale: Double, limits: ImageLimits
    ) -> AttachmentImageEvent {
        switch result {
        case .failure(let error):
            return .failed(key: request.key, error: error)
        case .success(let data):
            let pixelSize = ImagePixelSize(imageData: data)
            if let pixelSize, !limits.allows(pixelSize) {
                return .failed(key: request.key, error: ImageLoadingError.tooManyPixels(pixelSize, limit: limits.maxPixels, url: url))
            }
            var displaySize: TextSize?
            if let pixelSize {
                displaySize = TextSize(
                    width: request.width, height: request.height, pixelSize: pixelSize, scale: scale, maxSide: limits.maxDisplaySide)
            } else if let width = request.width, let height = request.height {
                let clamped = ImageLimits.clamped(width: width, height: height, maxSide: limits.maxDisplaySide)
                displaySize = TextSize(width: clamped.width, height: clamped.height)
            }
            return .loaded(
                LoadedAttachmentImage(
                    key: request.key, source: request.source, url: url, data: data, pixelSize: pixelSize, displaySize: displaySize,
                    sizeChanged: displaySize != request.placeholderSize))
        }
    }

    /// The bytes at `url`: joins the flight loading it, or starts one. Cancelling the
    /// calling task leaves the flight (and cancels it when no one else waits for it).
    private func data(for url: URL) async -> Result<Data, any Error> {
        let waiter = makeID()
        do {
            let data = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    join(url, waiter: waiter, continuation)
                }
            } onCancel: {
                Task { await self.leave(url, waiter: waiter) }
            }
            return .success(data)
        } catch {
            return .failure(error)
        }
    }

    private func join(_ url: URL, waiter: Int, _ continuation: CheckedContinuation<Data, any Error>) {
        // Cancelled before joining: `leave` (sent by the cancellation handler) will find
        // nothing to remove, so answer here.
        guard !Task.isCancelled else {
            continuation.resume(throwing: CancellationError())
            return
        }
        if flights[url] == nil {
            let id = makeID()
            // Detached: the flight belongs to all its waiters, and reads the disk cache
            // off this actor.
            let task = Task.detached(priority: Task.currentPriority) { [loader, cache, limits] in
                let result: Result<Data, any Error>
                if let cached = cache.data(for: url) {
                    result =
                        cached.count <= limits.maxBytes
                        ? .success(cached) : .failure(ImageLoadingError.tooLarge(url: url, limit: limits.maxBytes))
                } else {
                    do {
                        let data = try await loader.loadImageData(from: url, maxBytes: limits.maxBytes)
                        // A loader that does not stop at the limit itself.
                        guard data.count <= limits.maxBytes else { throw ImageLoadingError.tooLarge(url: url, limit: limits.maxBytes) }
                        cache.store(data, for: url)
                        result = .success(data)
                    } catch {
                        result = .failure(error)
                    }
                }
                await self.land(url, flight: id, result)
            }
            flights[url] = Flight(id: id, task: task, waiters: [:])
        }
        flights[url]?.waiters[waiter] = continuation
    }

    private func leave(_ url: URL, waiter: Int) {
        guard let continuation = flights[url]?.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(throwing: CancellationError())
        if let flight = flights[url], flight.waiters.isEmpty {
            flight.task.cancel()
            flights[url] = nil
        }
    }

    private func land(_ url: URL, flight id: Int, _ result: Result<Data, any Error>) {
        // A flight abandoned by all its waiters was removed (and maybe replaced) already.
        guard let flight = flights[url], flight.id == id else { return }
        flights[url] = nil
        for continuation in flight.waiters.values { continuation.resume(with: result) }
    }
}

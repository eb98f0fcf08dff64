import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads `http`, `https` and `file` URLs: the first two with a `URLSession`, `file` URLs
/// from disk. A status outside 200–299 throws `ImageLoadingError.httpStatus`. With a byte
/// limit (`AttachmentImageStore` passes `ImageLimits.maxBytes`), a response whose
/// `Content-Length` exceeds it fails at once and a body is read only up to it: the task is
/// cancelled as soon as more arrives (`ImageLoadingError.tooLarge`).
///
/// `URLSessionImageLoader()` shares one session of the default configuration; make a
/// loader with `init(configuration:)` once and keep it (its session lives as long as the
/// process). A loader on a session of the app's (`init(session:)`) streams through the
/// task's own delegate on Apple platforms; swift-corelibs-foundation ignores task
/// delegates, so there it loads the whole body, then checks its size.
public struct URLSessionImageLoader: ImageLoading {
    public let session: URLSession
    /// The delegate of `session` when this type made it: it routes each task's events to
    /// that task's collector.
    private let router: TaskRouter?

    /// The shared loader's session and router, made when first used.
    private static let shared: (session: URLSession, router: TaskRouter) = {
        let router = TaskRouter()
        return (URLSession(configuration: .default, delegate: router, delegateQueue: nil), router)
    }()

    /// A loader on a session of the default configuration shared by every such loader.
    public init() {
        (session, router) = Self.shared
    }

    /// A loader on a new session of `configuration` (keep the loader: the session lives as
    /// long as the process).
    public init(configuration: URLSessionConfiguration) {
        let router = TaskRouter()
        self.router = router
        self.session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
    }

    /// A loader on the app's `session` (see the type's note on byte limits).
    public init(session: URLSession) {
        self.session = session
        self.router = nil
    }

    public func loadImageData(from url: URL) async throws -> Data {
        try await loadImageData(from: url, maxBytes: ImageLimits.standard.maxBytes)
    }

    public func loadImageData(from url: URL, maxBytes: Int) async throws -> Data {
        switch url.scheme?.lowercased() {
        case "file":
            return try await FileImageLoader().loadImageData(from: url, maxBytes: maxBytes)
        case "http", "https":
            try Task.checkCancellation()
            guard let router else { return try await loadWithoutRouter(url, maxBytes: maxBytes) }
            let task = session.dataTask(with: url)
            let collector = BoundedDataCollector(url: url, maxBytes: maxBytes)
            router.register(collector, for: task)
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    collector.start(task, continuation)
                }
            } onCancel: {
                task.cancel()
            }
        default:
            throw ImageLoadingError.unsupportedScheme(url.scheme ?? "", url: url)
        }
    }

    /// A load on the app's session: the task's own delegate where the platform honours it.
    private func loadWithoutRouter(_ url: URL, maxBytes: Int) async throws -> Data {
        #if canImport(FoundationNetworking)
            // URLSession's async `data(from:)` cancels its data task when this task is
            // cancelled.
            let (data, response) = try await session.data(from: url)
            try Self.validate(response, for: url)
            guard data.count <= maxBytes else { throw ImageLoadingError.tooLarge(url: url, limit: maxBytes) }
            return data
        #else
            let task = session.dataTask(with: url)
            let collector = BoundedDataCollector(url: url, maxBytes: maxBytes)
            task.delegate = collector
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    collector.start(task, continuation)
                }
            } onCancel: {
                task.cancel()
            }
        #endif
    }

    /// Throws `ImageLoadingError.httpStatus` for an HTTP response with a status outside
    /// 200–299; other responses pass.
    public static func validate(_ response: URLResponse, for url: URL) throws {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw ImageLoadingError.httpStatus(http.statusCode, url: url)
        }
    }
}

/// A session's delegate that hands each data task's events to the collector registered
/// for it (and forgets it when the task completes).
private final class TaskRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Unchecked: `collectors` is read and written under `lock`.
    private let lock = NSLock()
    private var collectors: [Int: BoundedDataCollector] = [:]

    func register(_ collector: BoundedDataCollector, for task: URLSessionTask) {
        lock.withLock { collectors[task.taskIdentifier] = collector }
    }

    private func collector(_ task: URLSessionTask, removing: Bool = false) -> BoundedDataCollector? {
        lock.withLock { removing ? collectors.removeValue(forKey: task.taskIdentifier) : collectors[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let collector = collector(dataTask) else { return completionHandler(.cancel) }
        collector.urlSession(session, dataTask: dataTask, didReceive: response, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        collector(dataTask)?.urlSession(session, dataTask: dataTask, didReceive: data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        collector(task, removing: true)?.urlSession(session, task: task, didCompleteWithError: error)
    }
}

/// Collects one data task's body up to a byte limit and answers its continuation once.
private final class BoundedDataCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Unchecked: every mutable property is read and written under `lock`.
    private let url: URL
    private let maxBytes: Int
    private let lock = NSLock()
    private var data = Data()
    private var failure: (any Error)?
    private var continuation: CheckedContinuation<Data, any Error>?

    init(url: URL, maxBytes: Int) {
        self.url = url
        self.maxBytes = maxBytes
    }

    func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<Data, any Error>) {
        lock.withLock { self.continuation = continuation }
        task.resume()
    }

    /// Ends the load with `error` (the task is cancelled: nothing more is read).
    private func fail(_ error: any Error, _ task: URLSessionTask) {
        lock.withLock { if failure == nil { failure = error } }
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        do {
            try URLSessionImageLoader.validate(response, for: url)
            if response.expectedContentLength > Int64(maxBytes) { throw ImageLoadingError.tooLarge(url: url, limit: maxBytes) }
            completionHandler(.allow)
        } catch {
            completionHandler(.cancel)
            fail(error, dataTask)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
        let over: Bool = lock.withLock {
            guard failure == nil else { return false }
            guard data.count + chunk.count <= maxBytes else { return true }
            data.append(chunk)
            return false
        }
        if over { fail(ImageLoadingError.tooLarge(url: url, limit: maxBytes), dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, result): (CheckedContinuation<Data, any Error>?, Result<Data, any Error>) = lock.withLock {
            defer { self.continuation = nil }
            if let failure { return (self.continuation, .failure(failure)) }
            if let error { return (self.continuation, .failure(error)) }
            return (self.continuation, .success(data))
        }
        continuation?.resume(with: result)
    }
}

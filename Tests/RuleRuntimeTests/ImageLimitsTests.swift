import Foundation
import RuleRuntime
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Images from text the app does not control stay bounded: bodies (while they stream),
/// declared pixel counts, display sizes, the disk cache, and files behind symbolic links.
final class ImageLimitsTests: XCTestCase {
    /// A PNG signature and IHDR chunk declaring `width` × `height` (no pixel data).
    private func pngHeader(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }

    func testAHeaderDeclaringTooManyPixelsIsRefused() async throws {
        let url = URL(string: "https://example.com/huge.png")!
        let loader = ServingLoader([url: pngHeader(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF)])
        let events = await collect(
            AttachmentImageStore(loader: loader, cache: ImageCache()).load([AttachmentImageRequest(key: 1, source: url.absoluteString)]))
        guard case .tooManyPixels(let size, let limit, _)? = failures(events)[1] as? ImageLoadingError else {
            return XCTFail("\(events)")
        }
        XCTAssertEqual(size, ImagePixelSize(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF))
        XCTAssertEqual(limit, ImageLimits.standard.maxPixels)
        XCTAssertFalse(ImageLimits.standard.allows(ImagePixelSize(width: Int.max, height: 2)), "overflow is over the limit")
    }

    func testDisplaySizesAreClampedKeepingTheAspectRatio() async throws {
        let url = URL(string: "https://example.com/strip.png")!
        let loader = ServingLoader([url: pngHeader(width: 40_000, height: 20)])
        let events = await collect(
            AttachmentImageStore(loader: loader, cache: ImageCache()).load([AttachmentImageRequest(key: 0, source: url.absoluteString)]))
        XCTAssertEqual(loaded(events)[0]?.displaySize, TextSize(width: 10_000, height: 5))
        let size = TextSize(width: nil, height: nil, pixelSize: ImagePixelSize(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF))
        XCTAssertEqual(size.width, 10_000)
        XCTAssertEqual(size.height, 10_000)
        // Attachment bounds from a hostile intrinsic size.
        let bounds = Attachment(kind: .image(source: "x")).bounds(intrinsic: (1.4e9, 7e8), font: .system(size: 17))
        XCTAssertEqual(bounds.width, 10_000)
        XCTAssertEqual(bounds.height, 5_000)
    }

    func testABodyOverTheLimitFailsAndIsNotCached() async throws {
        let url = URL(string: "https://example.com/big.png")!
        let big = TestImage.png(width: 2, height: 2) + Data(count: 5_000)
        let cache = ImageCache()
        let store = AttachmentImageStore(loader: ServingLoader([url: big]), cache: cache, limits: ImageLimits(maxBytes: 1_000))
        let events = await collect(store.load([AttachmentImageRequest(key: 3, source: url.absoluteString)]))
        XCTAssertEqual(failures(events)[3] as? ImageLoadingError, .tooLarge(url: url, limit: 1_000))
        XCTAssertNil(cache.data(for: url))
    }

    /// Through URLSession (a stub protocol stands in for the network): a declared length
    /// over the limit fails at once, a body that grows over it fails as it streams.
    func testURLSessionLoaderStopsAtTheLimit() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [ChunkedURLProtocol.self]
        let loader = URLSessionImageLoader(configuration: configuration)
        let small = try await loader.loadImageData(from: URL(string: "https://chunks.test/3")!, maxBytes: 10_000)
        XCTAssertEqual(small.count, 3 * ChunkedURLProtocol.chunk)
        for path in ["declared/50", "50"] {
            let url = URL(string: "https://chunks.test/\(path)")!
            do {
                _ = try await loader.loadImageData(from: url, maxBytes: 10_000)
                XCTFail("\(path): over the limit")
            } catch let error as ImageLoadingError {
                XCTAssertEqual(error, .tooLarge(url: url, limit: 10_000), path)
            }
        }
        // The loads stopped early: a declared length over the limit at the response, a body
        // when it grew past the limit (11 chunks), not at the end of the 50.
        XCTAssertLessThan(ChunkedURLProtocol.log.sent(for: "declared/50"), 25, "a declared length over the limit")
        XCTAssertLessThan(ChunkedURLProtocol.log.sent(for: "50"), 40, "a body over the limit")
    }

    func testFilesAreReadUpToTheLimit() async throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("a.png")
        try Data(count: 4_000).write(to: file)
        let data = try await FileImageLoader().loadImageData(from: file, maxBytes: 4_000)
        XCTAssertEqual(data.count, 4_000)
        do {
            _ = try await FileImageLoader().loadImageData(from: file, maxBytes: 3_999)
            XCTFail("over the limit")
        } catch let error as ImageLoadingError {
            XCTAssertEqual(error, .tooLarge(url: file, limit: 3_999))
        }
    }

    /// A symbolic link inside the base folder that points out of it does not open the
    /// files it leads to.
    func testASymbolicLinkOutOfTheBaseFolderIsRefused() async throws {
        let base = try temporaryFolder()
        let outside = try temporaryFolder()
        try TestImage.png(width: 1, height: 1).write(to: outside.appendingPathComponent("secret.png"))
        try TestImage.png(width: 1, height: 1).write(to: base.appendingPathComponent("ok.png"))
        try FileManager.default.createSymbolicLink(at: base.appendingPathComponent("link"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: base.appendingPathComponent("etc"), withDestinationURL: URL(fileURLWithPath: "/etc"))
        let store = AttachmentImageStore(loader: FileImageLoader(), cache: ImageCache(), baseURL: base)
        let events = await collect(
            store.load([
                AttachmentImageRequest(key: 0, source: "link/secret.png"), AttachmentImageRequest(key: 1, source: "etc/passwd"),
                AttachmentImageRequest(key: 2, source: "ok.png"),
            ]))
        for key in [0, 1] {
            guard case .fileNotAllowed? = failures(events)[key] as? ImageLoadingError else { return XCTFail("\(key): \(events)") }
        }
        XCTAssertNotNil(loaded(events)[2])
        // A base folder reached through a link itself still holds its own files.
        let linkedBase = try temporaryFolder().appendingPathComponent("base")
        try FileManager.default.createSymbolicLink(at: linkedBase, withDestinationURL: base)
        let throughLink = await collect(
            AttachmentImageStore(loader: FileImageLoader(), cache: ImageCache(), baseURL: linkedBase).load([
                AttachmentImageRequest(key: 2, source: "ok.png")
            ]))
        XCTAssertNotNil(loaded(throughLink)[2], "\(throughLink)")
    }

    func testTheDiskCacheIsTrimmedLeastRecentlyUsedFirst() throws {
        let folder = try temporaryFolder()
        let cache = ImageCache(memoryCostLimit: 0, directory: folder, diskSizeLimit: 10_000)
        let urls = (0..<6).map { URL(string: "https://example.com/\($0).png")! }
        for (index, url) in urls.enumerated() {
            cache.store(Data(repeating: UInt8(index), count: 3_000), for: url)
            // Modification dates have a second's resolution on some file systems.
            let date = Date(timeIntervalSinceNow: Double(index - 100))
            try FileManager.default.setAttributes(
                [.modificationDate: date], ofItemAtPath: folder.appendingPathComponent(ImageCache.diskName(for: url)).path)
        }
        XCTAssertLessThanOrEqual(cache.diskSize, 10_000)
        XCTAssertNotNil(cache.data(for: urls[5]), "the newest stays")
        XCTAssertNil(cache.data(for: urls[0]), "the oldest goes first")
        // Data larger than the whole disk budget stays in memory only.
        let memory = ImageCache(memoryCostLimit: 1 << 20, directory: folder, diskSizeLimit: 10_000)
        memory.store(Data(count: 20_000), for: URL(string: "https://example.com/huge.png")!)
        XCTAssertLessThanOrEqual(memory.diskSize, 10_000)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ImageLimitsTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}

/// Serves fixed bytes by URL (the default `loadImageData(from:maxBytes:)`, which checks
/// after loading).
private struct ServingLoader: ImageLoading {
    let bodies: [URL: Data]
    init(_ bodies: [URL: Data]) { self.bodies = bodies }
    func loadImageData(from url: URL) async throws -> Data {
        guard let body = bodies[url] else { throw URLError(.fileDoesNotExist) }
        return body
    }
}

/// `https://chunks.test/N`: N chunks of `chunk` bytes; `…/declared/N`: the same with a
/// `Content-Length` header.
private final class ChunkedURLProtocol: URLProtocol {
    static let chunk = 1_000
    static let log = ChunkLog()

    override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "chunks.test" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let count = Int(url.lastPathComponent) else { return }
        let declared = url.path.contains("declared")
        let headers = declared ? ["Content-Length": String(count * Self.chunk)] : [:]
        let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        let key = String(url.path.dropFirst())
        // A chunk a millisecond, as a network delivers them: a cancelled load stops the sender.
        let load = Unchecked(self)  // the sender only reports to the load's client
        DispatchQueue.global().async {
            let this = load.value
            for _ in 0..<count {
                guard !Self.log.isStopped(key) else { return }
                Self.log.send(key)
                this.client?.urlProtocol(this, didLoad: Data(count: Self.chunk))
                Thread.sleep(forTimeInterval: 0.001)
            }
            guard !Self.log.isStopped(key) else { return }
            this.client?.urlProtocolDidFinishLoading(this)
        }
    }

    override func stopLoading() {
        if let url = request.url { Self.log.stop(String(url.path.dropFirst())) }
    }
}

private final class ChunkLog: @unchecked Sendable {
    // Unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var sent: [String: Int] = [:]
    private var stopped: Set<String> = []
    func send(_ key: String) { lock.withLock { sent[key, default: 0] += 1 } }
    func sent(for key: String) -> Int { lock.withLock { sent[key] ?? 0 } }
    func stop(_ key: String) { lock.withLock { _ = stopped.insert(key) } }
    func isStopped(_ key: String) -> Bool { lock.withLock { stopped.contains(key) } }
}

private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

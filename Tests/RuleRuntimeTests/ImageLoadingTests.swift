import Foundation
@_spi(Generated) import RuleRuntime
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Image loading for attachments: header sniffing, the cache, the loaders and the store
/// (coalescing, cancellation, display sizes, source resolution).
final class ImageLoadingTests: XCTestCase {
    // MARK: Header sniffing

    func testPNG() {
        XCTAssertEqual(ImagePixelSize(imageData: TestImage.png(width: 40, height: 20)), ImagePixelSize(width: 40, height: 20))
        XCTAssertEqual(ImagePixelSize(imageData: TestImage.png(width: 1, height: 300)), ImagePixelSize(width: 1, height: 300))
        // An Xcode-crushed PNG puts a CgBI chunk before IHDR.
        var crushed = TestImage.png(width: 7, height: 9)
        crushed.insert(contentsOf: TestImage.chunk("CgBI", [0x50, 0x00, 0x20, 0x06]), at: 8)
        XCTAssertEqual(ImagePixelSize(imageData: crushed), ImagePixelSize(width: 7, height: 9))
        // A slice of a larger Data (its indices do not start at 0).
        let padded = Data([1, 2, 3]) + TestImage.png(width: 5, height: 6)
        XCTAssertEqual(ImagePixelSize(imageData: padded[3...]), ImagePixelSize(width: 5, height: 6))
        XCTAssertEqual(ImagePixelSize(imageData: TestImage.png(width: 0, height: 6)), nil, "a 0 dimension")
    }

    func testGIF() {
        XCTAssertEqual(ImagePixelSize(imageData: TestImage.gif(width: 300, height: 2)), ImagePixelSize(width: 300, height: 2))
        var old = TestImage.gif(width: 3, height: 4)
        old.replaceSubrange(0..<6, with: Array("GIF87a".utf8))
        XCTAssertEqual(ImagePixelSize(imageData: old), ImagePixelSize(width: 3, height: 4))
    }

    func testJPEG() {
        // The decoy APP12 segment holds the bytes of a SOF0 for 1x1: skipping segments by
        // their length never reads it.
        XCTAssertEqual(ImagePixelSize(imageData: TestImage.jpeg(width: 640, height: 480)), ImagePixelSize(width: 640, height: 480))
        XCTAssertEqual(
            ImagePixelSize(imageData: TestImage.jpeg(width: 640, height: 480, sof: 0xC2)), ImagePixelSize(width: 640, height: 480),
            "progressive")
        for orientation in 1...8 {
            for littleEndian in [false, true] {
                let data = TestImage.jpeg(width: 640, height: 480, orientation: orientation, littleEndian: littleEndian)
                let expected = orientation >= 5 ? ImagePixelSize(width: 480, height: 640) : ImagePixelSize(width: 640, height: 480)
                XCTAssertEqual(ImagePixelSize(imageData: data), expected, "orientation \(orientation)")
            }
        }
        // Scan data before any frame header, and an end of image: no size.
        XCTAssertNil(ImagePixelSize(imageData: Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9])))
        XCTAssertNil(ImagePixelSize(imageData: Data([0xFF, 0xD8, 0xFF, 0xD9])))
        // A segment length below 2 would not advance.
        XCTAssertNil(ImagePixelSize(imageData: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xC0])))
    }

    func testWebP() {
        XCTAssertEqual(ImagePixelSize(imageData: TestImage.webPLossy(width: 550, height: 368)), ImagePixelSize(width: 550, height: 368))
        XCTAssertEqual(
            ImagePixelSize(imageData: TestImage.webPLossless(width: 16383, height: 1)), ImagePixelSize(width: 16383, height: 1))
        XCTAssertEqual(
            ImagePixelSize(imageData: TestImage.webPExtended(width: 70_000, height: 3)), ImagePixelSize(width: 70_000, height: 3))
    }

    func testBMP() {
        XCTAssertEqual(ImagePixelSize(imageData: TestImage.bmp(width: 12, height: 34)), ImagePixelSize(width: 12, height: 34))
        XCTAssertEqual(
            ImagePixelSize(imageData: TestImage.bmp(width: 12, height: -34)), ImagePixelSize(width: 12, height: 34), "top-down")
        XCTAssertEqual(ImagePixelSize(imageData: TestImage.bmp(width: 5, height: 6, core: true)), ImagePixelSize(width: 5, height: 6))
        XCTAssertNil(ImagePixelSize(imageData: TestImage.bmp(width: -5, height: 6)))
    }

    func testUnknownAndTruncatedHeaders() {
        XCTAssertNil(ImagePixelSize(imageData: Data()))
        XCTAssertNil(ImagePixelSize(imageData: Data("<svg width='10' height='10'/>".utf8)))
        XCTAssertNil(ImagePixelSize(imageData: Data([0, 0, 0, 0x18]) + Data("ftypheic".utf8) + Data(count: 32)), "HEIC")
        // Every prefix shorter than the header is nil, every longer one gives the size.
        let samples: [(String, Data, Int)] = [
            ("png", TestImage.png(width: 3, height: 4), 24),
            ("gif", TestImage.gif(width: 3, height: 4), 10),
            ("jpeg", TestImage.jpeg(width: 3, height: 4), TestImage.jpegSizeEnd(TestImage.jpeg(width: 3, height: 4))),
            (
                "jpeg exif", TestImage.jpeg(width: 3, height: 4, orientation: 6),
                TestImage.jpegSizeEnd(TestImage.jpeg(width: 3, height: 4, orientation: 6))
            ),
            ("webp lossy", TestImage.webPLossy(width: 3, height: 4), 30),
            ("webp lossless", TestImage.webPLossless(width: 3, height: 4), 25),
            ("webp extended", TestImage.webPExtended(width: 3, height: 4), 30),
            ("bmp", TestImage.bmp(width: 3, height: 4), 26),
            ("bmp core", TestImage.bmp(width: 3, height: 4, core: true), 22),
        ]
        for (name, data, headerEnd) in samples {
            let full = ImagePixelSize(imageData: data)
            XCTAssertNotNil(full, name)
            for length in 0..<data.count {
                XCTAssertEqual(ImagePixelSize(imageData: data.prefix(length)), length < headerEnd ? nil : full, "\(name) cut at \(length)")
            }
        }
    }

    /// Random bytes, valid headers with random bytes changed and cut, and signatures with
    /// random bytes after them: never a crash, and a size found is never 0.
    func testHostileBytes() {
        let seed = testSeed(0x5EED_1A6E)
        var rng = SeededGenerator(seed: seed)
        let samples = [
            TestImage.png(width: 3, height: 4), TestImage.gif(width: 3, height: 4), TestImage.jpeg(width: 3, height: 4, orientation: 6),
            TestImage.jpeg(width: 3, height: 4, orientation: 8, littleEndian: true), TestImage.webPLossy(width: 3, height: 4),
            TestImage.webPLossless(width: 3, height: 4), TestImage.webPExtended(width: 3, height: 4),
            TestImage.bmp(width: 3, height: 4), TestImage.bmp(width: 3, height: 4, core: true),
        ].map { Array($0) }
        for iteration in 0..<4000 {
            var bytes: [UInt8]
            switch rng.below(3) {
            case 0:
                bytes = (0..<rng.below(80)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            case 1:
                bytes = rng.pick(samples)
                for _ in 0...rng.below(6) {
                    let value = rng.below(4) == 0 ? 0xFF : UInt8(truncatingIfNeeded: rng.next())
                    bytes[rng.below(bytes.count)] = value
                }
                bytes = Array(bytes.prefix(rng.below(bytes.count + 1)))
            default:
                bytes = Array(rng.pick(samples).prefix(1 + rng.below(24)))
                bytes += (0..<rng.below(64)).map { _ in rng.below(3) == 0 ? 0xFF : UInt8(truncatingIfNeeded: rng.next()) }
            }
            if let size = ImagePixelSize(imageData: Data(bytes)) {
                XCTAssertTrue(size.width > 0 && size.height > 0, "seed \(seed) iteration \(iteration): \(bytes)")
            }
        }
    }

    // MARK: Cache

    func testMemoryCacheHitsAndLRUEvictionByCost() {
        let cache = ImageCache(memoryCostLimit: 10)
        let a = URL(string: "https://example.com/a.png")!, b = URL(string: "https://example.com/b.png")!
        let c = URL(string: "https://example.com/c.png")!
        XCTAssertNil(cache.data(for: a))
        cache.store(Data(repeating: 1, count: 4), for: a)
        cache.store(Data(repeating: 2, count: 4), for: b)
        XCTAssertEqual(cache.data(for: a), Data(repeating: 1, count: 4))  // a is now the most recently used
        cache.store(Data(repeating: 3, count: 4), for: c)  // 12 > 10: b goes
        XCTAssertEqual(cache.memoryCost, 8)
        XCTAssertNil(cache.data(for: b))
        XCTAssertNotNil(cache.data(for: a))
        XCTAssertNotNil(cache.data(for: c))
        XCTAssertEqual(cache.statistics.evictions, 1)
        XCTAssertEqual(cache.statistics.memoryHits, 3)
        XCTAssertEqual(cache.statistics.misses, 2)
        // Storing again replaces (the cost follows); data over the limit is not kept in memory.
        cache.store(Data(repeating: 4, count: 2), for: a)
        XCTAssertEqual(cache.memoryCost, 6)
        cache.store(Data(repeating: 5, count: 11), for: b)
        XCTAssertNil(cache.data(for: b))
        XCTAssertEqual(cache.memoryCount, 2)
        cache.removeAll()
        XCTAssertEqual(cache.memoryCost, 0)
        XCTAssertNil(cache.data(for: c))
    }

    func testDiskCacheOutlivesTheMemoryCache() throws {
        let folder = try temporaryFolder().appendingPathComponent("cache")
        let url = URL(string: "https://example.com/a.png")!
        let png = TestImage.png(width: 2, height: 2)
        ImageCache(directory: folder).store(png, for: url)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path), [ImageCache.diskName(for: url)], "no temporary file left")

        let fresh = ImageCache(directory: folder)
        XCTAssertEqual(fresh.data(for: url), png)
        XCTAssertEqual(fresh.data(for: url), png)
        XCTAssertEqual(fresh.statistics.diskHits, 1)
        XCTAssertEqual(fresh.statistics.memoryHits, 1)
        XCTAssertNil(fresh.data(for: URL(string: "https://example.com/b.png")!))
        XCTAssertEqual(fresh.statistics.misses, 1)

        fresh.removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
        XCTAssertNil(ImageCache(directory: folder).data(for: url))
    }

    func testCorruptOrForeignDiskFilesAreMisses() throws {
        let folder = try temporaryFolder()
        let url = URL(string: "https://example.com/a.png")!
        let file = folder.appendingPathComponent(ImageCache.diskName(for: url))
        let png = TestImage.png(width: 2, height: 2)
        ImageCache(directory: folder).store(png, for: url)
        let good = try Data(contentsOf: file)

        try good.dropLast().write(to: file)
        XCTAssertNil(ImageCache(directory: folder).data(for: url), "truncated")
        try (good + Data([0])).write(to: file)
        XCTAssertNil(ImageCache(directory: folder).data(for: url), "longer")
        try Data("garbage".utf8).write(to: file)
        XCTAssertNil(ImageCache(directory: folder).data(for: url), "garbage")
        // A file holding another URL's bytes (as a hash collision would) is not served.
        let other = URL(string: "https://example.com/b.png")!
        ImageCache(directory: folder).store(png, for: other)
        try FileManager.default.copyItem(at: folder.appendingPathComponent(ImageCache.diskName(for: other)), to: file)
        XCTAssertNil(ImageCache(directory: folder).data(for: url), "another URL")
        XCTAssertEqual(ImageCache(directory: folder).data(for: other), png)
    }

    func testDiskNameIsFNV1a() {
        // FNV-1a 64 of the URL's UTF-8, 16 hex digits, then the UTF-8 length.
        XCTAssertEqual(ImageCache.diskName(for: URL(string: "https://example.com/a.png")!), "fa378f653a3984b6-25.imagecache")
        XCTAssertEqual(ImageCache.diskName(for: URL(string: "a")!), "af63dc4c8601ec8c-1.imagecache")
    }

    // MARK: Loaders

    func testFileLoaderAndURLSessionLoaderReadFiles() async throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("a.gif")
        let gif = TestImage.gif(width: 1, height: 1)
        try gif.write(to: file)
        let fromFileLoader = try await FileImageLoader().loadImageData(from: file)
        XCTAssertEqual(fromFileLoader, gif)
        let fromSessionLoader = try await URLSessionImageLoader().loadImageData(from: file)
        XCTAssertEqual(fromSessionLoader, gif)
        do {
            _ = try await FileImageLoader().loadImageData(from: URL(string: "https://example.com/a.gif")!)
            XCTFail("a file loader loads files only")
        } catch let error as ImageLoadingError {
            XCTAssertEqual(error, .unsupportedScheme("https", url: URL(string: "https://example.com/a.gif")!))
        }
        do {
            _ = try await URLSessionImageLoader().loadImageData(from: URL(string: "ftp://example.com/a.gif")!)
            XCTFail("ftp")
        } catch let error as ImageLoadingError {
            XCTAssertEqual(error, .unsupportedScheme("ftp", url: URL(string: "ftp://example.com/a.gif")!))
        }
    }

    func testNon2xxStatusIsAnError() async throws {
        let url = URL(string: "https://example.com/a.png")!
        func response(_ status: Int) -> HTTPURLResponse {
            HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
        }
        XCTAssertNoThrow(try URLSessionImageLoader.validate(response(200), for: url))
        XCTAssertNoThrow(try URLSessionImageLoader.validate(response(204), for: url))
        XCTAssertThrowsError(try URLSessionImageLoader.validate(response(404), for: url)) {
            XCTAssertEqual($0 as? ImageLoadingError, .httpStatus(404, url: url))
        }
        XCTAssertThrowsError(try URLSessionImageLoader.validate(response(301), for: url))

        // Through URLSession, with a stub protocol standing in for the network.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        let loader = URLSessionImageLoader(session: URLSession(configuration: configuration))
        let png = try await loader.loadImageData(from: URL(string: "https://stub.test/200")!)
        XCTAssertEqual(ImagePixelSize(imageData: png), ImagePixelSize(width: 2, height: 3))
        do {
            _ = try await loader.loadImageData(from: URL(string: "https://stub.test/404")!)
            XCTFail("404")
        } catch let error as ImageLoadingError {
            XCTAssertEqual(error, .httpStatus(404, url: URL(string: "https://stub.test/404")!))
        }

        // Cancelling the task stops the URLSession task.
        let hanging = Task { try await loader.loadImageData(from: URL(string: "https://stub.test/hang")!) }
        try await waitUntil { StubURLProtocol.hangs.started == 1 }
        hanging.cancel()
        switch await hanging.result {
        case .success: XCTFail("a cancelled load returned")
        case .failure(let error):
            XCTAssertTrue(error is CancellationError || (error as? URLError)?.code == .cancelled, "\(error)")
        }
        try await waitUntil { StubURLProtocol.hangs.stopped == 1 }

        // From the store, a loader's error is the request's failure.
        let loader2 = FakeLoader()
        await loader2.respond(url, with: .failure(ImageLoadingError.httpStatus(503, url: url)))
        let events = await collect(AttachmentImageStore(loader: loader2, cache: ImageCache()).load([request(4, url.absoluteString)]))
        XCTAssertEqual(events.count, 1)
        guard case .failed(4, let error) = events.first else { return XCTFail("\(events)") }
        XCTAssertEqual(error as? ImageLoadingError, .httpStatus(503, url: url))
    }

    // MARK: Store

    func testSecondLoadComesFromTheCache() async throws {
        let url = URL(string: "https://example.com/a.png")!
        let loader = FakeLoader()
        await loader.respond(url, with: .success(TestImage.png(width: 4, height: 2)))
        let cache = ImageCache()
        let store = AttachmentImageStore(loader: loader, cache: cache)

        let first = loaded(await collect(store.load([request(0, url.absoluteString)])))
        XCTAssertEqual(first[0]?.pixelSize, ImagePixelSize(width: 4, height: 2))
        XCTAssertEqual(first[0]?.url, url)
        let second = loaded(await collect(store.load([request(1, url.absoluteString, 8, 8)])))
        XCTAssertEqual(second[1]?.data, TestImage.png(width: 4, height: 2))
        let calls = await loader.calls
        XCTAssertEqual(calls, [url])
        XCTAssertEqual(cache.statistics.memoryHits, 1)

        // Another store on the same cache (another label) does not load it either.
        let third = loaded(await collect(AttachmentImageStore(loader: loader, cache: cache).load([request(2, url.absoluteString)])))
        XCTAssertNotNil(third[2])
        let callsAfter = await loader.calls
        XCTAssertEqual(callsAfter.count, 1)
    }

    func testIdenticalSourcesInOneCallLoadOnce() async throws {
        let url = URL(string: "https://example.com/a.png")!, other = URL(string: "https://example.com/b.png")!
        let loader = FakeLoader()
        await loader.respond(url, with: .success(TestImage.png(width: 4, height: 2)))
        await loader.respond(other, with: .success(TestImage.gif(width: 1, height: 1)))
        let store = AttachmentImageStore(loader: loader, cache: ImageCache(memoryCostLimit: 0))
        let events = await collect(
            store.load([request(0, url.absoluteString), request(1, other.absoluteString), request(2, " \(url.absoluteString) ")]))
        XCTAssertEqual(Set(events.map(\.key)), [0, 1, 2])
        XCTAssertEqual(loaded(events)[2]?.source, " \(url.absoluteString) ")
        let calls = await loader.calls
        XCTAssertEqual(calls.sorted { $0.absoluteString < $1.absoluteString }, [url, other])
    }

    func testConcurrentLoadsOfOneSourceShareTheLoad() async throws {
        let url = URL(string: "https://example.com/a.png")!
        let loader = FakeLoader()
        await loader.respond(url, with: .success(TestImage.png(width: 4, height: 2)))
        await loader.hold(url)
        // A cache that keeps nothing: a second load could only come from the loader.
        let store = AttachmentImageStore(loader: loader, cache: ImageCache(memoryCostLimit: 0))
        let first = await store.load([request(0, url.absoluteString)])
        let second = await store.load([request(1, url.absoluteString)])
        let firstEvents = Task { await collect(first) }
        let secondEvents = Task { await collect(second) }
        await eventually("the load") { await loader.waitForCalls(1) }
        try await waitUntil { await store.waiters == 2 }
        let inFlight = await store.loadsInFlight
        XCTAssertEqual(inFlight, 1)
        await loader.release(url)
        let a = await firstEvents.value, b = await secondEvents.value
        XCTAssertNotNil(loaded(a)[0])
        XCTAssertNotNil(loaded(b)[1])
        let calls = await loader.calls
        XCTAssertEqual(calls.count, 1)
        let inFlightAfter = await store.loadsInFlight
        XCTAssertEqual(inFlightAfter, 0)
    }

    func testCancellingTheConsumerCancelsItsLoads() async throws {
        let url = URL(string: "https://example.com/slow.png")!
        let loader = FakeLoader()
        await loader.respond(url, with: .success(TestImage.png(width: 4, height: 2)))
        await loader.hold(url)
        let store = AttachmentImageStore(loader: loader, cache: ImageCache())
        let stream = await store.load([request(0, url.absoluteString)])
        let consumer = Task { await collect(stream) }
        await eventually("the load") { await loader.waitForCalls(1) }
        consumer.cancel()
        await eventually("the cancellation") { await loader.waitForCancellations(1) }
        let events = await consumer.value
        XCTAssertTrue(events.isEmpty, "\(events)")
        let (inFlight, waiters) = (await store.loadsInFlight, await store.waiters)
        XCTAssertEqual(inFlight, 0)
        XCTAssertEqual(waiters, 0)

        // The next load of it starts afresh.
        await loader.release(url)
        await loader.hold(url, false)
        let again = await collect(store.load([request(1, url.absoluteString)]))
        XCTAssertNotNil(loaded(again)[1])
        let calls = await loader.calls
        XCTAssertEqual(calls.count, 2)
    }

    func testStoreCancelEndsTheStreamsAtOnce() async throws {
        let fast = URL(string: "https://example.com/fast.png")!, slow = URL(string: "https://example.com/slow.png")!
        let loader = FakeLoader()
        await loader.respond(fast, with: .success(TestImage.gif(width: 1, height: 1)))
        await loader.respond(slow, with: .success(TestImage.gif(width: 2, height: 2)))
        await loader.hold(slow)
        let store = AttachmentImageStore(loader: loader, cache: ImageCache())
        var events = await store.load([request(0, fast.absoluteString), request(1, slow.absoluteString)]).makeAsyncIterator()
        let first = await events.next()
        XCTAssertEqual(first?.key, 0)
        await eventually("both loads") { await loader.waitForCalls(2) }
        await store.cancel()
        let next = await events.next()
        XCTAssertNil(next, "no event after cancel()")
        await eventually("the cancellation") { await loader.waitForCancellations(1) }
        let cancelled = await loader.cancelled
        XCTAssertEqual(cancelled, [slow])
    }

    func testCancellingOneOfTwoWaitersKeepsTheSharedLoad() async throws {
        let url = URL(string: "https://example.com/a.png")!
        let loader = FakeLoader()
        await loader.respond(url, with: .success(TestImage.png(width: 4, height: 2)))
        await loader.hold(url)
        let store = AttachmentImageStore(loader: loader, cache: ImageCache())
        let first = await store.load([request(0, url.absoluteString)])
        let second = await store.load([request(1, url.absoluteString)])
        let firstEvents = Task { await collect(first) }
        let secondEvents = Task { await collect(second) }
        try await waitUntil { await store.waiters == 2 }
        firstEvents.cancel()
        try await waitUntil { await store.waiters == 1 }
        await loader.release(url)
        let a = await firstEvents.value, b = await secondEvents.value
        XCTAssertTrue(a.isEmpty)
        XCTAssertNotNil(loaded(b)[1])
        let cancelled = await loader.cancelled
        XCTAssertEqual(cancelled, [])
    }

    func testDisplaySizes() async throws {
        let folder = try temporaryFolder()
        try TestImage.png(width: 40, height: 20).write(to: folder.appendingPathComponent("pic.png"))
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("odd.bin"))
        let cache = ImageCache()
        let store = AttachmentImageStore(loader: FileImageLoader(), cache: cache, baseURL: folder)
        let images = loaded(
            await collect(
                store.load([
                    request(0, "pic.png", 120, 80), request(1, "pic.png"), request(2, "pic.png", 60, nil), request(3, "pic.png", nil, 10),
                    request(4, "odd.bin", 30, 20), request(5, "odd.bin", 30, nil),
                ])))
        XCTAssertEqual(images[0]?.displaySize, TextSize(width: 120, height: 80))
        XCTAssertEqual(images[0]?.sizeChanged, false)
        XCTAssertEqual(images[1]?.displaySize, TextSize(width: 40, height: 20))
        XCTAssertEqual(images[1]?.sizeChanged, true)
        XCTAssertEqual(images[2]?.displaySize, TextSize(width: 60, height: 30))
        XCTAssertEqual(images[2]?.sizeChanged, true)
        XCTAssertEqual(images[3]?.displaySize, TextSize(width: 20, height: 10))
        XCTAssertEqual(images[3]?.pixelSize, ImagePixelSize(width: 40, height: 20))
        // A format whose size is unknown: the declared size, or nil for the app to measure.
        XCTAssertEqual(images[4]?.displaySize, TextSize(width: 30, height: 20))
        XCTAssertEqual(images[4]?.sizeChanged, false)
        XCTAssertNil(images[5]?.pixelSize)
        XCTAssertNil(images[5]?.displaySize)
        XCTAssertEqual(images[5]?.sizeChanged, true)
        XCTAssertEqual(cache.statistics.misses, 2, "each file read once")

        let retina = AttachmentImageStore(loader: FileImageLoader(), cache: cache, baseURL: folder, scale: 2)
        let scaled = loaded(await collect(retina.load([request(0, "pic.png"), request(1, "pic.png", 10, nil)])))
        XCTAssertEqual(scaled[0]?.displaySize, TextSize(width: 20, height: 10))
        XCTAssertEqual(scaled[1]?.displaySize, TextSize(width: 10, height: 5))
        XCTAssertEqual(request(0, "x", 120, nil).placeholderSize, TextSize(width: 120, height: 0))
    }

    func testSourcesRelativeToTheBaseURL() async throws {
        let folder = try temporaryFolder()
        let pic = folder.appendingPathComponent("pic.png")
        try TestImage.png(width: 3, height: 3).write(to: pic)
        let requests = [
            request(0, "pic.png"), request(1, pic.path), request(2, pic.absoluteString), request(3, "sub/../pic.png"),
            request(4, "missing.png"), request(5, "data:image/png;base64,AAAA"), request(6, "  "),
        ]
        let withBase = await collect(AttachmentImageStore(loader: FileImageLoader(), cache: ImageCache(), baseURL: folder).load(requests))
        XCTAssertEqual(withBase.count, requests.count)
        XCTAssertEqual(Set(loaded(withBase).keys), [0, 1, 2, 3])
        XCTAssertEqual(Set(loaded(withBase).values.map(\.url.standardizedFileURL.path)), [pic.standardizedFileURL.path])
        let errors = failures(withBase)
        XCTAssertNotNil(errors[4], "a file that is not there")
        XCTAssertEqual(errors[5] as? ImageLoadingError, .unsupportedScheme("data", url: URL(string: "data:image/png;base64,AAAA")!))
        XCTAssertEqual(errors[6] as? ImageLoadingError, .invalidSource("  "))

        // Files outside a file base URL: refused unless the app allows any file.
        let refused = await collect(AttachmentImageStore(loader: FileImageLoader(), cache: ImageCache()).load(requests))
        XCTAssertEqual(Set(loaded(refused).keys), [])
        XCTAssertEqual(failures(refused)[1] as? ImageLoadingError, .fileNotAllowed(pic))
        let inner = folder.appendingPathComponent("inner", isDirectory: true)
        let escaping = await collect(
            AttachmentImageStore(loader: FileImageLoader(), cache: ImageCache(), baseURL: inner).load([request(7, "../pic.png")]))
        guard case .fileNotAllowed? = failures(escaping)[7] as? ImageLoadingError else {
            return XCTFail("a relative path out of the base folder must be refused: \(escaping)")
        }
        let noBase = await collect(
            AttachmentImageStore(loader: FileImageLoader(), cache: ImageCache(), allowsFileURLs: true).load(requests))
        XCTAssertEqual(Set(loaded(noBase).keys), [1, 2])
        XCTAssertEqual(failures(noBase)[0] as? ImageLoadingError, .unresolvedName("pic.png"))
        XCTAssertEqual(failures(noBase)[3] as? ImageLoadingError, .unresolvedName("sub/../pic.png"))
        XCTAssertTrue("\(ImageLoadingError.unresolvedName("smile"))".contains("asset catalog"))
    }

    func testResolve() throws {
        let web = URL(string: "https://cdn.example.com/emoji")!
        func resolve(_ source: String, _ base: URL?) throws -> String {
            try AttachmentImageStore.resolve(source, baseURL: base).absoluteString
        }
        XCTAssertEqual(try resolve("smile", web), "https://cdn.example.com/emoji/smile")
        XCTAssertEqual(
            try resolve("faces/smile.png", URL(string: "https://cdn.example.com/emoji/")!), "https://cdn.example.com/emoji/faces/smile.png")
        XCTAssertEqual(try resolve("/img/a.png", web), "https://cdn.example.com/img/a.png")
        XCTAssertEqual(try resolve("//other.example.com/a.png", web), "https://other.example.com/a.png")
        XCTAssertEqual(try resolve("/img/a.png", nil), "file:///img/a.png")
        XCTAssertEqual(try resolve("/img/a.png", URL(fileURLWithPath: "/bundle/images", isDirectory: true)), "file:///img/a.png")
        XCTAssertEqual(try resolve("a b.png", URL(fileURLWithPath: "/bundle/images", isDirectory: true)), "file:///bundle/images/a%20b.png")
        XCTAssertEqual(try resolve("HTTP://example.com/a.png", nil), "HTTP://example.com/a.png")
        XCTAssertEqual(try resolve("http://example.com/a.png", web), "http://example.com/a.png")
        XCTAssertThrowsError(try resolve("emoji:smile", web)) {
            XCTAssertEqual($0 as? ImageLoadingError, .unsupportedScheme("emoji", url: URL(string: "emoji:smile")!))
        }
        XCTAssertThrowsError(try resolve("", web)) { XCTAssertEqual($0 as? ImageLoadingError, .invalidSource("")) }
    }

    func testRequestsFromARender() throws {
        let emoji = Fixture.regex(
            "emoji", #"\[(?<name>smile|heart)\]"#, captureNames: ["name": 1],
            presentation: Fixture.presentation(image: ImageSpec(source: Fixture.template(.name("name")), width: 17, height: nil)))
        let mention = Fixture.regex("mention", #"@\w+"#)
        let result = try Fixture.engine([emoji, mention]).render("@a [smile] @b [heart]")
        XCTAssertEqual(
            AttachmentImageRequest.requests(for: result),
            [AttachmentImageRequest(key: 1, source: "smile", width: 17), AttachmentImageRequest(key: 3, source: "heart", width: 17)])
    }

    // MARK: Helpers

    private func request(_ key: Int, _ source: String, _ width: Double? = nil, _ height: Double? = nil) -> AttachmentImageRequest {
        AttachmentImageRequest(key: key, source: source, width: width, height: height)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ImageLoadingTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// Runs `body`, failing the test if it takes over 5 s (then cancels it: the fake
    /// loader's waits end on cancellation), so a regression fails instead of hanging.
    private func eventually(
        _ what: String, file: StaticString = #filePath, line: UInt = #line, _ body: @escaping @Sendable () async -> Void
    ) async {
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await body()
                return true
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: 5_000_000_000)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !finished { XCTFail("timed out waiting for \(what)", file: file, line: line) }
    }

    /// Waits (a millisecond at a time, at most 5 s) until `condition` holds.
    private func waitUntil(_ condition: () async -> Bool, file: StaticString = #filePath, line: UInt = #line) async throws {
        for _ in 0..<5000 {
            if await condition() { return }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        XCTFail("condition never held", file: file, line: line)
    }
}

func collect(_ stream: AsyncStream<AttachmentImageEvent>) async -> [AttachmentImageEvent] {
    var events: [AttachmentImageEvent] = []
    for await event in stream { events.append(event) }
    return events
}

func loaded(_ events: [AttachmentImageEvent]) -> [Int: LoadedAttachmentImage] {
    var images: [Int: LoadedAttachmentImage] = [:]
    for case .loaded(let image) in events { images[image.key] = image }
    return images
}

func failures(_ events: [AttachmentImageEvent]) -> [Int: any Error] {
    var errors: [Int: any Error] = [:]
    for case .failed(let key, let error) in events { errors[key] = error }
    return errors
}

/// A loader answering from a table, that can hold a URL's loads until released, counts its
/// calls and records the loads cancelled.
private actor FakeLoader: ImageLoading {
    private(set) var calls: [URL] = []
    private(set) var cancelled: [URL] = []
    private var responses: [URL: Result<Data, any Error>] = [:]
    private var held: Set<URL> = []
    private var suspended: [Int: (url: URL, continuation: CheckedContinuation<Void, any Error>)] = [:]
    /// Waits for a number of calls or cancellations, by id.
    private var watchers: [Int: (calls: Int, cancellations: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var nextID = 0

    func respond(_ url: URL, with result: Result<Data, any Error>) { responses[url] = result }

    /// Loads of `url` wait for `release(url)` (or their cancellation).
    func hold(_ url: URL, _ holding: Bool = true) {
        if holding { held.insert(url) } else { held.remove(url) }
    }

    func release(_ url: URL) {
        for (id, waiter) in suspended where waiter.url == url {
            suspended[id] = nil
            waiter.continuation.resume()
        }
    }

    func waitForCalls(_ count: Int) async { await wait(calls: count, cancellations: 0) }
    func waitForCancellations(_ count: Int) async { await wait(calls: 0, cancellations: count) }

    func loadImageData(from url: URL) async throws -> Data {
        calls.append(url)
        notify()
        do {
            if held.contains(url) {
                nextID += 1
                let id = nextID
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        if Task.isCancelled {
                            continuation.resume(throwing: CancellationError())
                        } else {
                            suspended[id] = (url, continuation)
                        }
                    }
                } onCancel: {
                    Task { await self.cancelSuspended(id) }
                }
            }
            try Task.checkCancellation()
        } catch {
            cancelled.append(url)
            notify()
            throw error
        }
        guard let response = responses[url] else { throw URLError(.fileDoesNotExist) }
        return try response.get()
    }

    private func cancelSuspended(_ id: Int) {
        suspended.removeValue(forKey: id)?.continuation.resume(throwing: CancellationError())
    }

    /// Returns when there were `calls` calls and `cancellations` cancellations, or when the
    /// calling task is cancelled (see `eventually`).
    private func wait(calls: Int, cancellations: Int) async {
        nextID += 1
        let id = nextID
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if Task.isCancelled || (self.calls.count >= calls && cancelled.count >= cancellations) {
                    continuation.resume()
                } else {
                    watchers[id] = (calls, cancellations, continuation)
                }
            }
        } onCancel: {
            Task { await self.stopWatching(id) }
        }
    }

    private func stopWatching(_ id: Int) { watchers.removeValue(forKey: id)?.continuation.resume() }

    private func notify() {
        for (id, watcher) in watchers where calls.count >= watcher.calls && cancelled.count >= watcher.cancellations {
            watchers[id] = nil
            watcher.continuation.resume()
        }
    }
}

/// Answers `https://stub.test/<status>` with that status and a 2x3 PNG; never answers
/// `https://stub.test/hang` (counting its starts and stops).
private final class StubURLProtocol: URLProtocol {
    /// Starts and stops of `hang` loads.
    static let hangs = StubLog()

    override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "stub.test" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        if request.url?.lastPathComponent == "hang" { return Self.hangs.record(started: true) }
        guard let url = request.url, let status = Int(url.lastPathComponent),
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)
        else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: TestImage.png(width: 2, height: 3))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {
        if request.url?.lastPathComponent == "hang" { Self.hangs.record(started: false) }
    }
}

private final class StubLog: @unchecked Sendable {
    // Unchecked: the counts are guarded by `lock`.
    private let lock = NSLock()
    private var counts = (started: 0, stopped: 0)
    func record(started: Bool) {
        lock.withLock {
            if started { counts.started += 1 } else { counts.stopped += 1 }
        }
    }
    var started: Int { lock.withLock { counts.started } }
    var stopped: Int { lock.withLock { counts.stopped } }
}

/// Images built byte by byte: PNGs that decode (stored deflate blocks, real CRCs), GIFs
/// with a 1x1 frame, and JPEG, WebP and BMP files whose headers are right (their pixel
/// data is not).
enum TestImage {
    static func png(width: Int, height: Int) -> Data {
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: 0x80, count: width * 4) }  // filter 0, RGBA
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, raw.count - start)
            zlib += [start + count == raw.count ? 1 : 0] + le16(count) + le16(~count & 0xFFFF) + raw[start..<start + count]
            start += count
        } while start < raw.count
        zlib += be32(adler32(raw))
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    static func gif(width: Int, height: Int) -> Data {
        var gif = Array("GIF89a".utf8) + le16(width) + le16(height) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        gif += [0x2C] + le16(0) + le16(0) + le16(1) + le16(1) + [0]
        gif += [0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        return Data(gif)
    }

    static func jpeg(width: Int, height: Int, sof: UInt8 = 0xC0, orientation: Int? = nil, littleEndian: Bool = false) -> Data {
        var jpeg: [UInt8] = [0xFF, 0xD8]
        jpeg += segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
        jpeg += segment(0xEC, [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x01, 0x00, 0x01])  // decoy
        if let orientation {
            let u16: (Int) -> [UInt8] = { littleEndian ? le16($0) : be16($0) }
            let u32: (Int) -> [UInt8] = { littleEndian ? le16($0) + [0, 0] : [0, 0] + be16($0) }
            var tiff = Array((littleEndian ? "II" : "MM").utf8) + u16(42) + u32(8)
            tiff += u16(2)  // entries: XResolution (ignored), then Orientation
            tiff += u16(0x011A) + u16(5) + u32(1) + u32(38)
            tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
            tiff += u32(0)
            jpeg += segment(0xE1, Array("Exif\0\0".utf8) + tiff + [0, 0, 0, 72, 0, 0, 0, 1])
        }
        jpeg += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        jpeg += [0xFF]  // a fill byte
        jpeg += segment(sof, [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        jpeg += segment(0xC4, [0] + [0, 1] + [UInt8](repeating: 0, count: 14) + [0])
        jpeg += segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0])
        jpeg += [0x00, 0xFF, 0xD9]
        return Data(jpeg)
    }

    /// The length of the prefix of `jpeg` up to the end of its frame header's width.
    static func jpegSizeEnd(_ jpeg: Data) -> Int {
        let bytes = Array(jpeg)
        var offset = 2
        while offset + 3 < bytes.count {
            if bytes[offset] == 0xFF, bytes[offset + 1] == 0xFF {
                offset += 1
                continue
            }
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if marker == 0xC0 { return offset + 2 + 2 + 5 }
            offset += 2 + length
        }
        return bytes.count
    }

    static func webPLossy(width: Int, height: Int) -> Data {
        riff("VP8 ", [0x50, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height))
    }

    static func webPLossless(width: Int, height: Int) -> Data {
        riff("VP8L", [0x2F] + le16(0) + [0, 0] + [0])
            .withBits((width - 1) | (height - 1) << 14, at: 21)
    }

    static func webPExtended(width: Int, height: Int) -> Data {
        riff("VP8X", [0, 0, 0, 0] + le24(width - 1) + le24(height - 1))
    }

    private static func riff(_ fourCC: String, _ payload: [UInt8]) -> Data {
        let chunk = Array(fourCC.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
        return Data(Array("RIFF".utf8) + le32(4 + chunk.count) + Array("WEBP".utf8) + chunk)
    }

    static func bmp(width: Int, height: Int, core: Bool = false) -> Data {
        let dib: [UInt8] =
            core
            ? le32(12) + le16(width) + le16(height) + le16(1) + le16(24)
            : le32(40) + le32(width) + le32(height) + le16(1) + le16(24) + [UInt8](repeating: 0, count: 24)
        let pixels = [UInt8](repeating: 0, count: 4)
        return Data(Array("BM".utf8) + le32(14 + dib.count + pixels.count) + le32(0) + le32(14 + dib.count) + dib + pixels)
    }

    private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] { [0xFF, marker] + be16(payload.count + 2) + payload }

    private static func le16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
    private static func le24(_ v: Int) -> [UInt8] { le16(v) + [UInt8(truncatingIfNeeded: v >> 16)] }
    private static func le32(_ v: Int) -> [UInt8] { le16(v) + le16(v >> 16) }
    private static func be16(_ v: Int) -> [UInt8] { le16(v).reversed() }
    private static func be32(_ v: Int) -> [UInt8] { le32(v).reversed() }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> Int {
        var a = 1, b = 0
        for byte in bytes {
            a = (a + Int(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}

extension Data {
    /// `self` with the little-endian 32-bit `value` at `offset`.
    fileprivate func withBits(_ value: Int, at offset: Int) -> Data {
        var copy = self
        let start = copy.startIndex + offset
        for i in 0..<4 { copy[start + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
        return copy
    }
}

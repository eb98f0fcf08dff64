import Foundation

/// Image bytes by URL: in memory up to a cost limit (the bytes' count), least recently used
/// evicted first, and optionally in a folder on disk that outlives the process.
///
/// One cache may serve any number of `AttachmentImageStore`s, from any thread.
///
/// The disk copy of a URL is a file named `<FNV-1a>-<length>.imagecache` (see
/// `diskName(for:)`) that holds the URL and the bytes; a file that is missing, truncated,
/// corrupt or holds another URL (a hash collision) is a miss. Files are written to a
/// temporary name and renamed, so a reader never sees half a file. The folder is kept
/// under `diskSizeLimit`: when a write takes it over, the least recently used files
/// (by modification date, which a disk hit renews) are removed until it is back under
/// nine tenths of the limit.
public final class ImageCache: @unchecked Sendable {
    // Unchecked: every stored property is either immutable or guarded by `lock`.

    /// Hits and misses since the cache was made (or `resetStatistics()`).
    package struct Statistics: Sendable, Hashable {
        /// Found in memory.
        package var memoryHits = 0
        /// Not in memory, found on disk (then kept in memory too).
        package var diskHits = 0
        /// Found nowhere.
        package var misses = 0
        /// Entries dropped from memory to stay under the cost limit.
        package var evictions = 0
        package init() {}
    }

    /// The most bytes kept in memory; data larger than this alone is kept on disk only.
    public let memoryCostLimit: Int
    /// The disk folder, `nil` for a memory-only cache.
    public let directory: URL?
    /// The most bytes of cache files kept in `directory` (default 100 MB).
    public let diskSizeLimit: Int

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    /// Least recently used end of the list, and most recently used end.
    private var oldest: String?
    private var newest: String?
    private var cost = 0
    private var stats = Statistics()
    /// The bytes of this cache's files on disk as last counted (`nil`: not counted yet).
    private var diskUsage: Int?

    private struct Entry {
        var data: Data
        var older: String?
        var newer: String?
    }

    /// A cache holding up to `memoryCostLimit` bytes in memory (default 32 MB) and, when
    /// `directory` is given, up to `diskSizeLimit` bytes of images on disk there (default
    /// 100 MB; the folder is created when first written to).
    public init(memoryCostLimit: Int = 32 << 20, directory: URL? = nil, diskSizeLimit: Int = 100 << 20) {
        self.memoryCostLimit = max(0, memoryCostLimit)
        self.directory = directory
        self.diskSizeLimit = max(0, diskSizeLimit)
    }

    /// The bytes stored for `url`, from memory or else from disk; `nil` when neither has them.
    public func data(for url: URL) -> Data? {
        let key = url.absoluteString
        let inMemory: Data? = lock.withLock {
            guard let data = entries[key]?.data else { return nil }
            stats.memoryHits += 1
            touch(key)
            return data
        }
        if let inMemory { return inMemory }
        guard let data = readDisk(key) else {
            lock.withLock { stats.misses += 1 }
            return nil
        }
        lock.withLock {
            stats.diskHits += 1
            insert(data, for: key)
        }
        return data
    }

    /// Keeps `data` for `url` in memory (evicting the least recently used entries past the
    /// cost limit) and on disk. A failed disk write leaves the memory copy.
    public func store(_ data: Data, for url: URL) {
        let key = url.absoluteString
        lock.withLock { insert(data, for: key) }
        writeDisk(data, key: key)
    }

    /// Empties memory and deletes this cache's files from the disk folder.
    public func removeAll() {
        removeAllFromMemory()
        lock.withLock { diskUsage = nil }
        guard let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasSuffix(Self.fileExtension) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// The bytes of this cache's files in its folder (0 without one).
    public var diskSize: Int { diskFiles().reduce(0) { $0 + $1.size } }

    /// Empties memory only (what an app does on a memory warning).
    public func removeAllFromMemory() {
        lock.withLock {
            entries = [:]
            oldest = nil
            newest = nil
            cost = 0
        }
    }

    package var statistics: Statistics { lock.withLock { stats } }
    package func resetStatistics() { lock.withLock { stats = Statistics() } }
    /// The bytes held in memory.
    public var memoryCost: Int { lock.withLock { cost } }
    /// The number of entries held in memory.
    public var memoryCount: Int { lock.withLock { entries.count } }

    // MARK: Memory (call with `lock` held)

    private func insert(_ data: Data, for key: String) {
        if entries[key] != nil { unlink(key) }
        guard data.count <= memoryCostLimit else { return }
        entries[key] = Entry(data: data, older: newest, newer: nil)
        if let newest { entries[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
        cost += data.count
        while cost > memoryCostLimit, let victim = oldest {
            unlink(victim)
            stats.evictions += 1
        }
    }

    /// Makes `key` the most recently used.
    private func touch(_ key: String) {
        guard newest != key, let data = entries[key]?.data else { return }
        unlink(key)
        insert(data, for: key)
    }

    /// Removes `key` from the list and the table.
    private func unlink(_ key: String) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        if let older = entry.older { entries[older]?.newer = entry.newer } else { oldest = entry.newer }
        if let newer = entry.newer { entries[newer]?.older = entry.older } else { newest = entry.older }
        cost -= entry.data.count
    }

    // MARK: Disk

    static let fileExtension = ".imagecache"
    private static let magic = Array("RRIMG\u{1}\n\0".utf8)

    /// The disk file name for `url`: the FNV-1a 64-bit hash of the URL's UTF-8
    /// (`absoluteString`) as 16 lower-case hex digits, `-`, the UTF-8 length in decimal, and
    /// `.imagecache`. Stable across processes and platforms (unlike `hashValue`).
    public static func diskName(for url: URL) -> String { diskName(key: url.absoluteString) }

    static func diskName(key: String) -> String {
        let utf8 = Array(key.utf8)
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a 64 offset basis
        for byte in utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3  // FNV-1a 64 prime
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-\(utf8.count)" + fileExtension
    }

    private func fileURL(_ key: String) -> URL? {
        directory?.appendingPathComponent(Self.diskName(key: key))
    }

    /// File layout: magic (8 bytes), URL length (UInt32 little-endian), URL (UTF-8), data
    /// length (UInt64 little-endian), data.
    private func writeDisk(_ data: Data, key: String) {
        guard let directory, let file = fileURL(key) else { return }
        let url = Array(key.utf8)
        var contents = Data(Self.magic)
        contents.reserveCapacity(Self.magic.count + 12 + url.count + data.count)
        withUnsafeBytes(of: UInt32(url.count).littleEndian) { contents.append(contentsOf: $0) }
        contents.append(contentsOf: url)
        withUnsafeBytes(of: UInt64(data.count).littleEndian) { contents.append(contentsOf: $0) }
        contents.append(data)
        // Larger than the whole disk budget: not kept on disk.
        guard contents.count <= diskSizeLimit else { return }
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let replaced = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
            try contents.write(to: temporary)
            // rename(2) replaces an existing file atomically.
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            let over: Bool = lock.withLock {
                guard let usage = diskUsage else { return true }  // not counted yet: count now
                diskUsage = usage - replaced + contents.count
                return diskUsage! > diskSizeLimit
            }
            if over { trimDisk() }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// This cache's files in its folder: name, size and modification date.
    private func diskFiles() -> [(url: URL, size: Int, date: Date)] {
        guard let directory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter { $0.hasSuffix(Self.fileExtension) }.compactMap { name in
            let url = directory.appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
            return (url, (attributes[.size] as? Int) ?? 0, (attributes[.modificationDate] as? Date) ?? .distantPast)
        }
    }

    /// Counts the folder's files and, when they exceed the limit, removes the least
    /// recently used until they take at most nine tenths of it.
    private func trimDisk() {
        var files = diskFiles()
        var usage = files.reduce(0) { $0 + $1.size }
        if usage > diskSizeLimit {
            files.sort { $0.date < $1.date }
            let target = diskSizeLimit / 10 * 9
            for file in files where usage > target {
                if (try? FileManager.default.removeItem(at: file.url)) != nil { usage -= file.size }
            }
        }
        lock.withLock { diskUsage = usage }
    }

    private func readDisk(_ key: String) -> Data? {
        guard let file = fileURL(key), let contents = try? Data(contentsOf: file) else { return nil }
        // Recently used: trimming removes the oldest files first.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        let url = Array(key.utf8)
        let data: Data? = contents.withUnsafeBytes { raw in
            let b = HeaderBytes(raw)
            let m = Self.magic.count
            guard b.starts(with: Self.magic), let urlLength = b.le32(m), Int(urlLength) == url.count,
                raw[(m + 4)...].starts(with: url), let low = b.le32(m + 4 + url.count), let high = b.le32(m + 8 + url.count)
            else { return nil }
            let start = m + 12 + url.count
            guard UInt64(high) << 32 | UInt64(low) == UInt64(raw.count - start) else { return nil }
            return Data(raw[start...])
        }
        if data == nil { try? FileManager.default.removeItem(at: file) }
        return data
    }
}

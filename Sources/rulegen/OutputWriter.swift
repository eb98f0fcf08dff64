import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a run's output files all or nothing, as far as a file system allows.
///
/// Note: every changed file is first written to a temporary file beside it; only when all
/// of them are written are they renamed over their targets, one rename each (atomic per
/// file), so a failed write changes nothing and a killed run leaves at most a half-renamed
/// set, which the next run completes (it compares contents, not dates). The output folder
/// is locked (`flock`) for the whole write, so concurrent runs into one folder take turns
/// instead of interleaving their renames. Temporary files are named
/// `.<file>.rulegen-tmp-<pid>`: a run holding the lock removes any it finds (they can only
/// be left by killed runs). Files whose content is unchanged are not touched.
enum OutputWriter {
    static let temporaryMarker = ".rulegen-tmp-"

    /// Writes each file whose content differs; `wrote` is called with each path written.
    /// Relative paths are written from `workingDirectory`; messages keep them as given.
    static func writeAll(
        _ files: [(path: String, data: Data)], into directory: String, workingDirectory: WorkingDirectory,
        wrote: (String) -> Void
    ) throws {
        let at = workingDirectory.resolve
        try makeDirectory(directory, at: at(directory))
        let lock = open(at(directory), O_RDONLY)
        guard lock >= 0 else { throw IOError(message: "\(directory): cannot open output folder: \(errnoText())") }
        defer { close(lock) }
        guard flock(lock, LOCK_EX) == 0 else { throw IOError(message: "\(directory): cannot lock output folder: \(errnoText())") }
        defer { flock(lock, LOCK_UN) }
        removeStaleTemporaries(in: at(directory))

        var pending: [(temporary: String, path: String)] = []
        do {
            for file in files where FileManager.default.contents(atPath: at(file.path)) != file.data {
                let temporary = at(temporaryPath(for: file.path))
                pending.append((temporary, file.path))
                try write(file.data, to: temporary, reportedAs: file.path)
            }
            // The one failure a rename in the folder can still meet: a folder in the way.
            for move in pending {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: at(move.path), isDirectory: &isDirectory), isDirectory.boolValue {
                    throw IOError(message: "\(move.path): cannot write: \(String(cString: strerror(EISDIR)))")
                }
            }
            for (index, move) in pending.enumerated() where rename(move.temporary, at(move.path)) != 0 {
                let reason = errnoText()
                for rest in pending[index...] { unlink(rest.temporary) }
                throw IOError(message: "\(move.path): cannot write: \(reason)")
            }
        } catch {
            for move in pending { unlink(move.temporary) }
            throw error
        }
        for move in pending { wrote(move.path) }
    }

    static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let directory = (path as NSString).deletingLastPathComponent
        let name = "." + url.lastPathComponent + temporaryMarker + String(getpid())
        return directory.isEmpty ? name : directory + "/" + name
    }

    /// `directory` (as given, for messages) at `located`.
    private static func makeDirectory(_ directory: String, at located: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: located, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw IOError(message: "\(directory): output path exists and is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: located, withIntermediateDirectories: true)
        } catch {
            throw IOError(message: "\(directory): cannot create output folder: \(underlyingReason(error))")
        }
    }

    private static func write(_ data: Data, to temporary: String, reportedAs path: String) throws {
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o666)
        guard fd >= 0 else { throw IOError(message: "\(path): cannot write: \(errnoText())") }
        defer { close(fd) }
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                Glibc_write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw IOError(message: "\(path): cannot write: \(errnoText())")
            }
            offset += written
        }
    }

    /// Temporary files of earlier runs that were killed before renaming them.
    private static func removeStaleTemporaries(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".") && name.contains(temporaryMarker) {
            unlink(directory + "/" + name)
        }
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    /// The POSIX reason behind a Foundation error ("Permission denied", not "The operation
    /// could not be completed").
    static func underlyingReason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }
}

/// `write(2)` (a plain `write` here would mean the enclosing type's method).
private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

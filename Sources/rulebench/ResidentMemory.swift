import Foundation

/// The process's resident memory, for the memory measures run in child processes.
enum ResidentMemory {
    /// Linux: restarts the peak (`VmHWM`) at the current resident size (`clear_refs` 5).
    static func resetPeak() {
        #if os(Linux)
            try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        #endif
    }

    /// Peak resident set size since `resetPeak()` (Linux `VmHWM`), else `ru_maxrss`.
    static func peakResidentBytes() -> Int {
        #if os(Linux)
            if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
            {
                return kilobytes * 1024
            }
        #endif
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        #if canImport(Darwin)
            return Int(usage.ru_maxrss)
        #else
            return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// Current resident set size (`/proc/self/statm` on Linux; the peak elsewhere).
    static func residentBytes() -> Int {
        #if os(Linux)
            if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) {
                let fields = statm.split(separator: " ")
                if fields.count > 1, let pages = Int(fields[1]) { return pages * Int(sysconf(Int32(_SC_PAGESIZE))) }
            }
        #endif
        return peakResidentBytes()
    }
}

import Foundation
import RuleCompiler
@_spi(Generated) import RuleRuntime

/// `lazycaches`: 16 rules whose lazy DFAs thrash (`[ab]*a[ab]{N}c`, N from 12 to 27: a state
/// per position of random `a`/`b` text, 2 MB a cache within a few thousand units), each of
/// 8 threads rendering its own 12 KB text at once on one engine: the peak resident growth
/// (< 64 MB; the engine's lazy caches share 16 MB, `LazyMemory`) and what stays resident
/// once the threads are done (< 32 MB). Each cache at 2 MB per rule and thread, never freed,
/// took 355 MB, and kept 243 MB.
extension Hostile {
    static let lazyThreads = 8

    static func thrashingTable() -> StyleTable {
        StyleTable(
            name: "Thrash", source: "thrash", base: TextStyle(), styles: [:], highlight: nil, handlers: [:],
            rules: (12..<28).map { n in
                RuleEntry(
                    name: "t\(n)", matcher: .regex(pattern: "[ab]*a[ab]{\(n)}c", flags: [], detector: nil),
                    presentation: RulePresentation(style: TextStyle()))
            })
    }

    /// Random `a`/`b` text with a `c` every 4,096 units (so that no search skips to the end).
    static func thrashingText(seed: UInt64, units: Int) -> String {
        var generator = SplitMix64(seed: seed)
        var scalars = String.UnicodeScalarView()
        for i in 0..<units { scalars.append(i % 4_096 == 4_095 ? "c" : (generator.next() & 1 == 0 ? "a" : "b")) }
        return String(scalars)
    }

    static func lazyCaches() -> [(String, JSON)]? {
        guard let engine = try? RuleEngine(compiling: thrashingTable()) else { return nil }
        let texts = (0..<lazyThreads).map { thrashingText(seed: UInt64($0) &+ 33, units: 12_288) }
        let lazyRules = engine.ruleMatcher?.lazyDFAs.count ?? 0
        _ = engine.render("ab").matches.count  // the engine's own first allocations
        let before = ResidentMemory.residentBytes()
        ResidentMemory.resetPeak()
        // One thread per text, all rendering at once (not a pool of one thread per core).
        let done = DispatchGroup()
        let kept = Kept()
        for text in texts {
            done.enter()
            Thread {
                kept.add(engine.render(text).matches.count)
                done.leave()
            }.start()
        }
        done.wait()
        let peak = ResidentMemory.peakResidentBytes()
        let after = ResidentMemory.residentBytes()
        let megabyte = 1_048_576.0
        return [
            ("hostile_lazy_peak_mb", .number(Double(max(0, peak - before)) / megabyte)),
            ("hostile_lazy_after_mb", .number(Double(max(0, after - before)) / megabyte)),
            ("lazy_rules", .int(lazyRules)), ("threads", .int(lazyThreads)), ("kept", .int(kept.total)),
            ("lazy_budget_peak_mb", .number(engine.lazyMemory.map { Double($0.peakBytes) / megabyte })),
        ]
    }
}

/// The matches the threads kept, added up.
private final class Kept: @unchecked Sendable {
    // Unchecked: `count` is read and written under `lock`.
    private let lock = NSLock()
    private var count = 0
    func add(_ matches: Int) { lock.withLock { count += matches } }
    var total: Int { lock.withLock { count } }
}

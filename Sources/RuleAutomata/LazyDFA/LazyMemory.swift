import Foundation
import RuleRegex

/// The bytes of states the lazy DFAs of one engine hold together, whatever the number of
/// threads searching (see `LazyDFA`'s note on memory): each cache reserves what a state
/// costs before making it and gives it back when it clears or is freed.
package final class LazyMemory: @unchecked Sendable {
    // Unchecked: `used` and `peak` are read and written under `lock`.
    /// The most bytes the caches may hold together.
    package let limit: Int
    /// 16 MB: eight caches at their own limit (`LazyDFA.defaultMemoryLimit`).
    package static let defaultLimit = 16 << 20
    private let lock = NSLock()
    private var used = 0
    private var peak = 0

    package init(limit: Int = LazyMemory.defaultLimit) {
        self.limit = limit
    }

    /// Takes `bytes` when they fit the limit.
    func reserve(_ bytes: Int) -> Bool {
        lock.withLock {
            guard used + bytes <= limit else { return false }
            used += bytes
            peak = max(peak, used)
            return true
        }
    }

    /// Takes `bytes` whether they fit or not (a state a search needs to give up from).
    func charge(_ bytes: Int) {
        lock.withLock {
            used += bytes
            peak = max(peak, used)
        }
    }

    func release(_ bytes: Int) {
        lock.withLock { used -= bytes }
    }

    /// The bytes the caches hold now.
    package var usedBytes: Int { lock.withLock { used } }
    /// The most they held at once.
    package var peakBytes: Int { lock.withLock { peak } }
}

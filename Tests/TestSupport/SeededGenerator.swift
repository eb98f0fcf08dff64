import Foundation

/// SplitMix64: small, fast, reproducible across platforms. Every seeded random test uses
/// it and prints its seed on failure.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n`.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// A random element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// The seed of a random test: `RICHRULES_SEED` when set, otherwise `fallback`.
public func testSeed(_ fallback: UInt64) -> UInt64 {
    if let text = ProcessInfo.processInfo.environment["RICHRULES_SEED"], let seed = UInt64(text) { return seed }
    return fallback
}

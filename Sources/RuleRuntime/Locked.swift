import Foundation

/// A value read and written under a lock.
final class Locked<Value>: @unchecked Sendable {
    // Unchecked: `value` is only touched under `lock`.
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

import Foundation

/// Locks for values that results make when first read: a fixed set shared by address, so
/// that a render allocates no lock of its own. A lock is held only to read or store a
/// value, never while one is made (two objects may share a lock).
enum StripedLocks {
    private static let locks: [NSLock] = (0..<64).map { _ in NSLock() }

    static func lock(for object: AnyObject) -> NSLock {
        // Objects are 16-byte aligned: the bits above those pick the lock.
        let address = UInt(bitPattern: ObjectIdentifier(object))
        return locks[Int((address >> 4 ^ address >> 10) & 63)]
    }

    /// `object`'s value: `get()` once it has one; else made by `make` outside the lock,
    /// and the first value stored with `set` wins (both under `object`'s lock).
    static func once<Value>(for object: AnyObject, get: () -> Value?, set: (Value) -> Void, make: () -> Value) -> Value {
        let lock = lock(for: object)
        lock.lock()
        if let value = get() {
            lock.unlock()
            return value
        }
        lock.unlock()
        let made = make()
        lock.lock()
        defer { lock.unlock() }
        if let value = get() { return value }
        set(made)
        return made
    }
}

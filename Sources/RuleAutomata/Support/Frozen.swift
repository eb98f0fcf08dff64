import RuleRegex

/// An immutable copy of an array in memory its owner frees: reading it in a hot loop
/// costs no reference counting (an array property of a class is retained around each use).
struct Frozen<Element: BitwiseCopyable> {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(_ array: [Element]) {
        buffer = .allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
    }

    @inline(__always) subscript(index: Int) -> Element { buffer[index] }

    /// Frees the memory; the owner's `deinit` calls it once.
    func free() {
        buffer.deallocate()  // trivial elements: nothing to deinitialize
    }
}

import Dispatch

/// Runs `body(worker)` for `workers` workers at once (`DispatchQueue.concurrentPerform`: one
/// thread each) and returns their results in worker order. The long random differentials
/// split their pairs into workers with seeds derived from the run's seed, so a debug
/// `swift test` keeps every core busy instead of one. `body` must not call `XCTFail` (collect
/// the messages and fail after) and must touch no shared mutable state.
public func concurrently<Result: Sendable>(workers: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    precondition(workers > 0)
    // Each worker initializes its own slot; all are read after `concurrentPerform` returns.
    let slots = UnsafeMutableBufferPointer<Result>.allocate(capacity: workers)
    defer { slots.deallocate() }
    let shared = UncheckedSendable(slots)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
        (shared.value.baseAddress! + worker).initialize(to: body(worker))
    }
    let results = Array(slots)
    _ = slots.deinitialize()
    return results
}

private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The workers of a random differential: two (the CI machine's cores), enough to halve the
/// wall time of the slowest tests without changing the pairs each worker's seed makes.
public let differentialWorkers = 2

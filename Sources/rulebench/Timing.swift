import Foundation

/// Wall-clock timing: warm up, then the median of several samples. Fast bodies run in
/// batches so that one sample lasts long enough for the clock; a sample is the time of
/// one call (batch time / batch size).
struct Timing {
    /// Seconds per call, one value per sample.
    var samples: [Double]
    /// Calls per sample.
    var batch: Int
    /// What the last call returned (a match count, to check and to keep the work alive).
    var result: Int

    var median: Double {
        let sorted = samples.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}

/// Where results go so the optimizer cannot drop the work that produced them.
nonisolated(unsafe) var benchmarkSink = 0

struct TimingPolicy {
    /// Samples after the warm-up.
    var samples: Int
    /// A sample lasts at least this long (fast bodies are batched).
    var minSampleSeconds: Double
    /// A body whose warm-up took longer than this gets only `slowSamples` samples (with 0,
    /// the warm-up run itself is the one sample).
    var slowSeconds: Double
    var slowSamples: Int
    /// At most this many seconds for the samples after the warm-up (fewer samples when
    /// needed; none, and the warm-up is the sample, when even one would not fit).
    var budgetSeconds = Double.infinity

    static let full = TimingPolicy(samples: 5, minSampleSeconds: 0.02, slowSeconds: 1.5, slowSamples: 3)
    static let quick = TimingPolicy(samples: 3, minSampleSeconds: 0.002, slowSeconds: 0.1, slowSamples: 0)
    /// Swift Regex on large inputs takes tens of seconds: a run slower than 2 s is timed
    /// once (after a warm-up on a short text), to keep a full run near 3 minutes.
    static let fullSwiftRegex = TimingPolicy(samples: 5, minSampleSeconds: 0.02, slowSeconds: 2, slowSamples: 0)
    /// Adversarial runs in a child process: a slow (super-linear) run is not repeated, and
    /// the repetitions of a fast one fit well within the child's time limit.
    static func child(limit: Double) -> TimingPolicy {
        TimingPolicy(samples: 15, minSampleSeconds: 0.03, slowSeconds: 0.1, slowSamples: 0, budgetSeconds: limit * 0.4)
    }

    /// Runs `body` once to warm up (first-use compilation, caches), then measures it.
    func measure(_ body: () -> Int) -> Timing {
        measure(fresh: {}, { _ in body() })
    }

    /// `measure` where every call gets a fresh input from `prepare`, made outside the clock
    /// (a sample's inputs are all made before it starts): results rendered for the call, so
    /// that what a result builds once and keeps is built in every timed call.
    func measure<Input>(fresh prepare: () -> Input, _ body: (Input) -> Int) -> Timing {
        let first = prepare()
        let start = ContinuousClock.now
        var result = body(first)
        let warmUp = (ContinuousClock.now - start).seconds
        benchmarkSink &+= result
        let sampleSeconds = max(warmUp, minSampleSeconds)
        let fitting = budgetSeconds.isFinite ? Int(budgetSeconds / sampleSeconds) : Int.max
        let count = min(warmUp > slowSeconds ? slowSamples : samples, fitting)
        // A body too slow to repeat is not run again: the warm-up is the sample.
        if count <= 0 { return Timing(samples: [warmUp], batch: 1, result: result) }
        let batch = warmUp >= minSampleSeconds ? 1 : min(10_000, Int((minSampleSeconds / max(warmUp, 1e-7)).rounded(.up)))
        var samples: [Double] = []
        for _ in 0..<count {
            // One input per call of the batch; `()` (plain `measure`) costs nothing to keep.
            let inputs = (0..<batch).map { _ in prepare() }
            let start = ContinuousClock.now
            for index in 0..<batch {
                result = body(inputs[index])
                benchmarkSink &+= result
            }
            samples.append((ContinuousClock.now - start).seconds / Double(batch))
        }
        return Timing(samples: samples, batch: batch, result: result)
    }
}

extension Duration {
    var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) * 1e-18
    }
}

/// `0.000012` → `12.0 µs`, `1.5` → `1.50 s`.
func formatSeconds(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-3: return String(format: "%.1f µs", seconds * 1e6)
    case ..<1: return String(format: "%.1f ms", seconds * 1e3)
    default: return String(format: "%.2f s", seconds)
    }
}

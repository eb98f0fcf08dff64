import RuleRuntime

/// The input alphabet of a DFA: code points partitioned into classes that every set of the
/// program (and every set an assertion looks at) treats alike.
struct Alphabet {
    /// Interval starts (from 0) and the class of each interval.
    var starts: [UInt32] = []
    var intervalClasses: [Int] = []
    /// Per base class: one code point in it.
    var representatives: [UInt32] = []
    var baseCount: Int { representatives.count }

    /// ICU's line terminators (`UTF16Text.isLineTerminator`).
    static let lineTerminators = ScalarSet(ranges: [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029])

    init(sets: [ScalarSet]) {
        var cuts: Set<UInt32> = [0, 0x80]
        for set in sets + [Self.lineTerminators, ScalarSet(0x0A), ScalarSet(0x0D)] {
            for range in set.ranges {
                cuts.insert(range.lowerBound)
                if range.upperBound < ScalarSet.maxScalar { cuts.insert(range.upperBound + 1) }
            }
        }
        let sorted = cuts.sorted()
        var classOfSignature: [[UInt64]: Int] = [:]
        let all = sets + [Self.lineTerminators, ScalarSet(0x0A), ScalarSet(0x0D)]
        for start in sorted {
            var signature = [UInt64](repeating: 0, count: (all.count + 63) / 64)
            for (i, set) in all.enumerated() where set.contains(start) { signature[i / 64] |= 1 << UInt64(i % 64) }
            let id: Int
            if let known = classOfSignature[signature] {
                id = known
            } else {
                id = representatives.count
                classOfSignature[signature] = id
                representatives.append(start)
            }
            if intervalClasses.last == id, start != 0x80 { continue }
            starts.append(start)
            intervalClasses.append(id)
        }
    }

    /// The base class of a code point.
    func baseClass(of scalar: UInt32) -> Int {
        var low = 0
        var high = starts.count
        while low + 1 < high {
            let mid = (low + high) / 2
            if starts[mid] <= scalar { low = mid } else { high = mid }
        }
        return intervalClasses[low]
    }
}

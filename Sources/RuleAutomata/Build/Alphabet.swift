import RuleRegex

/// The input alphabet of a DFA: code points partitioned into classes that every set of the
/// program (and every set an assertion looks at) treats alike.
package struct Alphabet {
    /// Interval starts (from 0) and the class of each interval.
    package var starts: [UInt32] = []
    package var intervalClasses: [Int] = []
    /// Per base class: one code point in it (its first), in increasing order.
    package var representatives: [UInt32] = []
    package var baseCount: Int { representatives.count }

    /// ICU's line terminators (`UTF16Text.isLineTerminator`).
    package static let lineTerminators = ScalarSet(ranges: [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029])

    /// Note: one sweep over the sets' range boundaries, in order, toggling each set's bit
    /// where it starts or stops; the bits at a boundary are the signature of the interval
    /// it starts. (Testing every set at every boundary was quadratic: a case-insensitive
    /// literal of 2,000 letters has 2,000 sets and 5,000 boundaries.)
    package init(sets: [ScalarSet]) {
        let all = sets + [Self.lineTerminators, ScalarSet(0x0A), ScalarSet(0x0D)]
        var toggles: [(at: UInt32, set: Int)] = [(0, -1), (0x80, -1)]
        for (i, set) in all.enumerated() {
            for range in set.ranges {
                toggles.append((range.lowerBound, i))
                if range.upperBound < ScalarSet.maxScalar { toggles.append((range.upperBound + 1, i)) }
            }
        }
        toggles.sort { $0.at < $1.at }
        var classOfSignature: [[UInt64]: Int] = [:]
        var signature = [UInt64](repeating: 0, count: (all.count + 63) / 64)
        var next = 0
        while next < toggles.count {
            let start = toggles[next].at
            while next < toggles.count, toggles[next].at == start {
                let i = toggles[next].set
                if i >= 0 { signature[i / 64] ^= 1 << UInt64(i % 64) }
                next += 1
            }
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
    package func baseClass(of scalar: UInt32) -> Int {
        var low = 0
        var high = starts.count
        while low + 1 < high {
            let mid = (low + high) / 2
            if starts[mid] <= scalar { low = mid } else { high = mid }
        }
        return intervalClasses[low]
    }
}

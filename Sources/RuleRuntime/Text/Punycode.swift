/// RFC 3492 Punycode, the encoding of IDN labels (`bücher` → `bcher-kva`).
///
/// Note: time. RFC 3492's encoder makes one pass over the label per distinct code point
/// (each pass counts the code points below the current one before each occurrence of it):
/// quadratic, 30 s for a 40,000-character label of distinct Han characters. Here the
/// occurrences are taken in the order the passes reach them (by code point, then
/// position), and the counts come from a Fenwick tree over the positions of the code
/// points handled so far: O(n log n), the same digits.
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700

    /// The Punycode of `label` (without `xn--`); `nil` when a delta would overflow.
    static func encode(_ label: String) -> String? {
        let input = label.unicodeScalars.map { Int($0.value) }
        var output: [UInt8] = input.compactMap { $0 < 0x80 ? UInt8($0) : nil }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        // The non-basic occurrences in the order the RFC's passes reach them: by code point,
        // then position (sorted as one key each).
        let pending = input.indices.compactMap { input[$0] >= 0x80 ? UInt64(input[$0]) << 32 | UInt64($0) : nil }.sorted().map {
            Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF)
        }
        var handled = HandledPositions(count: input.count)
        for (position, c) in input.enumerated() where c < 0x80 { handled.insert(position) }
        var n = 0x80, delta = 0, bias = 72
        var h = basicCount
        var next = 0
        while next < pending.count {
            let m = input[pending[next]]
            // Every state from n to m for each of the h + 1 insertion points.
            guard let skipped = checked((m - n).multipliedReportingOverflow(by: h + 1)),
                let d = checked(delta.addingReportingOverflow(skipped))
            else { return nil }
            delta = d
            var previous = 0  // the handled positions before `previous` are counted
            let first = next
            while next < pending.count, input[pending[next]] == m {
                let position = pending[next]
                guard let d = checked(delta.addingReportingOverflow(handled.count(before: position) - handled.count(before: previous)))
                else { return nil }
                delta = d
                appendNumber(delta, bias: bias, to: &output)
                bias = adapt(delta, h + 1, first: h == basicCount)
                delta = 0
                h += 1
                previous = position + 1
                next += 1
            }
            // The handled code points after the last occurrence, then the step to m + 1.
            delta += handled.total - handled.count(before: previous) + 1
            for k in first..<next { handled.insert(pending[k]) }
            n = m + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func checked(_ result: (partialValue: Int, overflow: Bool)) -> Int? {
        result.overflow || result.partialValue > Int.max / 2 ? nil : result.partialValue
    }

    /// `q` as a generalized variable-length integer (RFC 3492, 3.3).
    private static func appendNumber(_ value: Int, bias: Int, to output: inout [UInt8]) {
        func digit(_ d: Int) -> UInt8 { UInt8(d < 26 ? 97 + d : 22 + d) }
        var q = value
        var k = base
        while true {
            let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
            if q < t { break }
            output.append(digit(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
        }
        output.append(digit(q))
    }

    private static func adapt(_ delta: Int, _ count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// The positions of the code points handled so far: a Fenwick tree of counts.
    private struct HandledPositions {
        private var tree: [Int]
        private(set) var total = 0

        init(count: Int) { tree = [Int](repeating: 0, count: count + 1) }

        mutating func insert(_ position: Int) {
            total += 1
            var i = position + 1
            while i < tree.count {
                tree[i] += 1
                i += i & -i
            }
        }

        /// How many handled positions are below `position`.
        func count(before position: Int) -> Int {
            var sum = 0
            var i = position
            while i > 0 {
                sum += tree[i]
                i -= i & -i
            }
            return sum
        }
    }
}

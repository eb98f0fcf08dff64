// Compiled matcher, runtime side: the set type every consuming instruction tests against.
//
// Pipeline (see `RegexProgram.swift`): RuleCompiler parses a pattern into a `RegexAST`,
// lowers it to a span-free IR whose character tests are `ScalarSet`s, and compiles the IR
// into a `RegexProgram`; `CompiledRegex` runs that program with a Pike VM.

import Foundation

/// A set of Unicode code points (0…0x10FFFF), kept as sorted, disjoint, non-adjacent
/// closed ranges. Membership is a binary search, with a bitmap for ASCII.
package struct ScalarSet: Hashable, Sendable, CustomStringConvertible {
    /// The largest code point.
    package static let maxScalar: UInt32 = 0x10FFFF

    /// Sorted, disjoint, non-adjacent ranges.
    package private(set) var ranges: [ClosedRange<UInt32>]
    /// Membership of U+0000…U+003F and U+0040…U+007F, derived from `ranges` (read by
    /// searches in other modules that test ASCII without a call).
    package private(set) var asciiLow: UInt64 = 0
    package private(set) var asciiHigh: UInt64 = 0

    /// The empty set.
    package init() { ranges = [] }

    /// The union of `ranges`, in any order, overlapping or not; bounds above 0x10FFFF are
    /// clamped.
    package init<S: Sequence>(ranges: S) where S.Element == ClosedRange<UInt32> {
        self.init(ranges: Array(ranges))
    }

    /// `init(ranges:)` on an array. Not generic, so callers in other modules (the automata's
    /// decoder reads every set of a rule set through it at launch) run its optimized code
    /// instead of an unspecialized generic one; ranges already sorted, disjoint and
    /// non-adjacent (what an encoded set holds) are taken as they are.
    package init(ranges: [ClosedRange<UInt32>]) {
        var normalized = true
        var previous: UInt32? = nil
        for range in ranges {
            if range.upperBound > Self.maxScalar || previous.map({ range.lowerBound <= $0 &+ 1 }) == true {
                normalized = false
                break
            }
            previous = range.upperBound
        }
        if normalized {
            self.init(normalized: ranges)
            return
        }
        var sorted = ranges.filter { $0.lowerBound <= Self.maxScalar }
            .map { $0.lowerBound...min($0.upperBound, Self.maxScalar) }
        sorted.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(sorted.count)
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.init(normalized: merged)
    }

    /// `{scalar}`.
    package init(_ scalar: UInt32) { self.init(ranges: [scalar...scalar]) }

    /// The code points of `range`.
    package init(_ range: ClosedRange<UInt32>) { self.init(ranges: [range]) }

    /// Every code point.
    package static let all = ScalarSet(0...maxScalar)

    /// `ranges` must already be sorted, disjoint and non-adjacent.
    private init(normalized: [ClosedRange<UInt32>]) {
        ranges = normalized
        // Whole runs of bits at once: sets are built often while compiling patterns, and a
        // bit per code point is slow in the debug build the build plugin runs.
        for range in normalized {
            if range.lowerBound >= 128 { break }
            let high = min(range.upperBound, 127)
            if range.lowerBound < 64 { asciiLow |= Self.bits(range.lowerBound, min(high, 63)) }
            if high >= 64 { asciiHigh |= Self.bits(max(range.lowerBound, 64) - 64, high - 64) }
        }
    }

    /// Bits `low...high` of a word (0 ≤ low ≤ high ≤ 63).
    private static func bits(_ low: UInt32, _ high: UInt32) -> UInt64 {
        let width = high - low + 1
        let ones: UInt64 = width == 64 ? ~0 : (1 << UInt64(width)) - 1
        return ones << UInt64(low)
    }

    /// Whether both sets have the same members.
    ///
    /// Note: written out rather than synthesized, which compares the ranges one by one
    /// through generic calls (slow in the debug build the build plugin runs); the program
    /// builder and lookaround tables compare large sets often. `ClosedRange<UInt32>` is two
    /// `UInt32`s without padding, so equal ranges are equal bytes.
    package static func == (lhs: ScalarSet, rhs: ScalarSet) -> Bool {
        guard lhs.asciiLow == rhs.asciiLow, lhs.asciiHigh == rhs.asciiHigh, lhs.ranges.count == rhs.ranges.count else {
            return false
        }
        if lhs.ranges.isEmpty { return true }
        return lhs.ranges.withUnsafeBytes { left in
            rhs.ranges.withUnsafeBytes { right in
                left.baseAddress == right.baseAddress || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }

    /// Whether the set has no member.
    package var isEmpty: Bool { ranges.isEmpty }

    /// The number of code points in the set.
    package var count: Int { ranges.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound) + 1 } }

    /// The only member, when the set has exactly one.
    package var singleScalar: UInt32? {
        guard ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound else { return nil }
        return ranges[0].lowerBound
    }

    /// Whether `scalar` is a member.
    @inline(__always)
    package func contains(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return asciiLow & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return asciiHigh & (1 << UInt64(scalar - 64)) != 0 }
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) >> 1
            let range = ranges[middle]
            if scalar < range.lowerBound {
                high = middle
            } else if scalar > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Members of either set.
    package func union(_ other: ScalarSet) -> ScalarSet {
        if other.isEmpty { return self }
        if isEmpty { return other }
        // Note: a merge that keeps the pending range in locals and reads each range once;
        // classes and first sets union large sets (`\w`, properties) often while patterns
        // compile, and every array access is a call in the debug build the plugin runs.
        let lhs = ranges
        let rhs = other.ranges
        let lhsCount = lhs.count
        let rhsCount = rhs.count
        var result: [ClosedRange<UInt32>] = []
        result.reserveCapacity(lhsCount + rhsCount)
        var i = 0
        var j = 0
        var pending: ClosedRange<UInt32>?
        while i < lhsCount || j < rhsCount {
            let next: ClosedRange<UInt32>
            if j == rhsCount {
                next = lhs[i]
                i += 1
            } else if i == lhsCount {
                next = rhs[j]
                j += 1
            } else {
                let left = lhs[i]
                let right = rhs[j]
                if left.lowerBound <= right.lowerBound {
                    next = left
                    i += 1
                } else {
                    next = right
                    j += 1
                }
            }
            guard let current = pending else {
                pending = next
                continue
            }
            if next.lowerBound <= current.upperBound &+ 1 {
                if next.upperBound > current.upperBound { pending = current.lowerBound...next.upperBound }
            } else {
                result.append(current)
                pending = next
            }
        }
        if let pending { result.append(pending) }
        return ScalarSet(normalized: result)
    }

    /// Members of both sets.
    package func intersection(_ other: ScalarSet) -> ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var i = 0
        var j = 0
        while i < ranges.count, j < other.ranges.count {
            let a = ranges[i]
            let b = other.ranges[j]
            let low = max(a.lowerBound, b.lowerBound)
            let high = min(a.upperBound, b.upperBound)
            if low <= high { result.append(low...high) }
            if a.upperBound < b.upperBound { i += 1 } else { j += 1 }
        }
        return ScalarSet(normalized: result)
    }

    /// Members of `self` that are not in `other`.
    package func subtracting(_ other: ScalarSet) -> ScalarSet {
        if isEmpty || other.isEmpty { return self }
        var result: [ClosedRange<UInt32>] = []
        var j = 0
        for range in ranges {
            var low = range.lowerBound
            let high = range.upperBound
            while j < other.ranges.count, other.ranges[j].upperBound < low { j += 1 }
            var k = j
            var consumed = false
            while k < other.ranges.count, other.ranges[k].lowerBound <= high {
                let cut = other.ranges[k]
                if cut.lowerBound > low { result.append(low...(cut.lowerBound - 1)) }
                if cut.upperBound >= high {
                    consumed = true
                    break
                }
                low = cut.upperBound + 1
                k += 1
            }
            if !consumed { result.append(low...high) }
        }
        return ScalarSet(normalized: result)
    }

    /// The complement within 0…0x10FFFF.
    package func inverted() -> ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
        }
        if !ranges.isEmpty, ranges[ranges.count - 1].upperBound == Self.maxScalar { return ScalarSet(normalized: result) }
        result.append(next...Self.maxScalar)
        return ScalarSet(normalized: result)
    }

    /// Whether the sets have no member in common.
    package func isDisjoint(with other: ScalarSet) -> Bool { intersection(other).isEmpty }

    /// The ranges in hexadecimal, e.g. `[41-5A 61-7A]`.
    package var description: String {
        let parts = ranges.map { range -> String in
            let low = String(range.lowerBound, radix: 16, uppercase: true)
            if range.lowerBound == range.upperBound { return low }
            return low + "-" + String(range.upperBound, radix: 16, uppercase: true)
        }
        return "[" + parts.joined(separator: " ") + "]"
    }
}

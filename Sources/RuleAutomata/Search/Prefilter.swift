// Compiled matcher: one pass over the text for all rules.
//
// Note: the prefilter. Every code unit falls in one of 256 buckets (ASCII exactly, other
// BMP units folded modulo 127, surrogates together). For each rule, the anchored DFA says
// which first code points can begin a match and, after each, which second ones can
// continue it (anything, when a match may end after one code point); folded into
// buckets, that is a sound over-approximation. One table indexed by the buckets of the
// units at p and p + 1 lists the rules that may match at p, so the text is read once
// whatever the number of rules, and a rule's anchored DFA runs only where its list says.
// The table is kept three times, by what precedes p: an ASCII word character
// (`[A-Za-z0-9_]`), another ASCII character that is not a line terminator, or anything
// else (the start of the text included). For the first two the look-behind context of
// the anchored DFA is known, so a rule starting with `\b` and a word character is not
// listed inside words. A rule whose DFA can match the empty string is not prefiltered
// (its matches would not need a first code point): it keeps its own search.

import RuleRegex

/// The shared prefilter of several rules (numbered by their position in `init`'s list).
package final class Prefilter: @unchecked Sendable {
    // Unchecked: the frozen buffers are written in `init` only and freed in `deinit`.
    /// `rows[kind << 8 | b0]`: offset of b0's row in `pairs` after a unit of `kind`
    /// (`PrecedingKind`), or -1 when no rule starts with b0 there.
    let rows: Frozen<Int32>
    /// `pairs[row + b1]`: the list of rules that may match at p (0: none).
    let pairs: Frozen<UInt16>
    /// `lastUnit[kind << 8 | b0]`: the list for a unit that ends the text.
    let lastUnit: Frozen<UInt16>
    /// List `k` is `members[offsets[k]..<offsets[k + 1]]`; list 0 is empty.
    let offsets: Frozen<Int32>
    let members: Frozen<Int32>
    /// Bit per UTF-16 unit (or, on UTF-8, per byte value): some rule may start with it
    /// (exactly, not by bucket).
    let startUnits: Frozen<UInt64>
    /// UTF-16: the starting units when they are at most eight ASCII units (padded by repeating).
    package let asciiTargets: SIMD8<UInt16>?
    /// UTF-8: the starting byte values when they are at most eight (padded by repeating).
    let byteTargets: SIMD8<UInt8>?
    /// UTF-8, more than eight starting byte values: their runs (`low`, `high - low`) when
    /// there are at most eight (padded by repeating), for a vector skip by range.
    let byteRanges: (low: SIMD8<UInt8>, span: SIMD8<UInt8>)?
    /// UTF-8: bit per block of 64 code points above the BMP where some rule may start.
    let supplementaryStarts: Frozen<UInt64>?

    /// The prefilter of rules' start buckets: all of UTF-16 units (`StartBuckets.init(_:)`)
    /// or all of UTF-8 bytes (`StartBuckets.init(utf8:)`).
    init(_ rules: [StartBuckets]) {
        var ids: [[Int32]: UInt16] = [[]: 0]
        var offsets: [Int32] = [0, 0]
        var members: [Int32] = []
        func list(_ rules: [Int32]) -> UInt16 {
            if let id = ids[rules] { return id }
            let id = UInt16(ids.count)
            ids[rules] = id
            members += rules
            offsets.append(Int32(members.count))
            return id
        }
        var rows = [Int32](repeating: -1, count: PrecedingKind.count << 8)
        var pairs: [UInt16] = []
        var lastUnit = [UInt16](repeating: 0, count: PrecedingKind.count << 8)
        for kind in 0..<PrecedingKind.count {
            let buckets = rules.map { $0.byKind[kind] }
            for b0 in 0..<256 {
                let starting = buckets.indices.filter { buckets[$0].first.contains(b0) }
                guard !starting.isEmpty else { continue }
                lastUnit[kind << 8 | b0] = list(starting.map(Int32.init))
                rows[kind << 8 | b0] = Int32(pairs.count)
                // The rules listed for each next bucket, in rule order (each rule's set
                // read once).
                var listed = [[Int32]](repeating: [], count: 256)
                for rule in starting {
                    for b1 in buckets[rule].second[b0].members { listed[b1].append(Int32(rule)) }
                }
                var previous: (set: [Int32], id: UInt16)? = nil
                for b1 in 0..<256 {
                    if let previous, previous.set == listed[b1] {
                        pairs.append(previous.id)
                        continue
                    }
                    let id = list(listed[b1])
                    previous = (listed[b1], id)
                    pairs.append(id)
                }
            }
        }
        precondition(ids.count <= Int(UInt16.max), "too many prefilter lists")
        let utf8 = rules.first?.units.count == 4
        var startUnits = [UInt64](repeating: 0, count: utf8 ? 4 : 0x10000 / 64)
        for rule in rules {
            for word in startUnits.indices { startUnits[word] |= rule.units[word] }
        }
        self.startUnits = Frozen(startUnits)
        var targets: [Int] = []
        for word in startUnits.indices where startUnits[word] != 0 && targets.count <= 8 {
            for bit in 0..<64 where startUnits[word] & (1 << UInt64(bit)) != 0 { targets.append(word << 6 | bit) }
        }
        let few = !targets.isEmpty && targets.count <= 8
        if !utf8, few, targets.allSatisfy({ $0 < 0x80 }) {
            self.asciiTargets = SIMD8<UInt16>((0..<8).map { UInt16(targets[$0 % targets.count]) })
        } else {
            self.asciiTargets = nil
        }
        self.byteTargets = utf8 && few ? SIMD8<UInt8>((0..<8).map { UInt8(targets[$0 % targets.count]) }) : nil
        var runs: [(low: Int, high: Int)] = []
        if utf8, !few {
            for byte in 0..<256 where startUnits[byte >> 6] & (1 << UInt64(byte & 63)) != 0 {
                if let last = runs.last, last.high == byte - 1 { runs[runs.count - 1].high = byte } else { runs.append((byte, byte)) }
            }
        }
        if !runs.isEmpty, runs.count <= 8 {
            byteRanges = (
                SIMD8<UInt8>((0..<8).map { UInt8(runs[$0 % runs.count].low) }),
                SIMD8<UInt8>((0..<8).map { UInt8(runs[$0 % runs.count].high - runs[$0 % runs.count].low) })
            )
        } else {
            byteRanges = nil
        }
        if utf8 {
            var blocks = [UInt64](repeating: 0, count: 0x100000 / 64 / 64)
            for rule in rules {
                for word in blocks.indices { blocks[word] |= rule.supplementary[word] }
            }
            supplementaryStarts = Frozen(blocks)
        } else {
            supplementaryStarts = nil
        }
        self.rows = Frozen(rows)
        self.pairs = Frozen(pairs)
        self.lastUnit = Frozen(lastUnit)
        self.offsets = Frozen(offsets)
        self.members = Frozen(members)
    }

    deinit {
        rows.free()
        pairs.free()
        lastUnit.free()
        offsets.free()
        members.free()
        startUnits.free()
        supplementaryStarts?.free()
    }

    /// Calls `body(p, rules)` for every position `p` of `text` where some rule may match,
    /// with those rules (in rule order), in position order; after each such position,
    /// scanning resumes at `resume()` when that is further on (no rule can use the
    /// positions before it).
    ///
    /// Note: skipping. Most units start nothing: when at most eight ASCII units can start
    /// a match, sixteen units are compared at once (SIMD); otherwise an exact bitmap of the
    /// starting units is read unit by unit. The bucket tables then filter what is left.
    ///
    /// `marks`, when given, has bit `k` set exactly where unit `k` is one of `asciiTargets`
    /// (`TextUnits` finds them while transcoding): the skip then reads the bits.
    @inline(__always)
    func forEachCandidate(
        _ text: UnsafeBufferPointer<UInt16>, marks: UnsafePointer<UInt64>? = nil, resume: () -> Int,
        _ body: (Int, UnsafeBufferPointer<Int32>) -> Void
    ) {
        let count = text.count
        guard count > 0, let base = text.baseAddress else { return }
        let bucket = PrefilterBucket.units, preceding = PrecedingKind.units
        let rows = rows.buffer, pairs = pairs.buffer, startUnits = startUnits.buffer
        var p = 0
        while true {
            if let targets = asciiTargets {
                p = marks.map { Self.nextMark($0, count, from: p) } ?? Self.skip(base, count, from: p, targets)
            } else {
                while p < count, startUnits[Int(text[p] >> 6)] & (1 << UInt64(text[p] & 63)) == 0 { p += 1 }
            }
            if p >= count { break }
            let previous = p > 0 ? text[p - 1] : 0xFFFF
            let kind = previous < 0x80 ? Int(preceding[Int(previous)]) : PrecedingKind.any
            let key = kind << 8 | Int(bucket[Int(text[p])])
            let row = Int(rows[key])
            if row >= 0 {
                let id = p + 1 < count ? Int(pairs[row + Int(bucket[Int(text[p + 1])])]) : Int(lastUnit[key])
                if id != 0 {
                    let first = Int(offsets[id])
                    body(p, UnsafeBufferPointer(start: members.buffer.baseAddress! + first, count: Int(offsets[id + 1]) - first))
                }
            }
            let next = resume()
            if next >= count { break }
            p = max(p + 1, next)
        }
    }

    /// The first position at or after `from` whose bit is set in `marks`, or `count`.
    @inline(__always)
    package static func nextMark(_ marks: UnsafePointer<UInt64>, _ count: Int, from: Int) -> Int {
        guard from < count else { return count }
        var word = from >> 6
        var bits = marks[word] & (~0 << UInt64(from & 63))
        let last = (count - 1) >> 6
        while bits == 0 {
            word += 1
            if word > last { return count }
            bits = marks[word]
        }
        return min(word << 6 + bits.trailingZeroBitCount, count)
    }

    /// The first position at or after `from` whose unit is one of `targets`, or `count`.
    /// Sixteen units at a time; the first hit of a block is read off a bit mask, and the
    /// last partial block is the text's last sixteen units with the ones before `from`
    /// masked out.
    @inline(__always)
    package static func skip(_ base: UnsafePointer<UInt16>, _ count: Int, from: Int, _ targets: SIMD8<UInt16>) -> Int {
        var p = from
        let t0 = SIMD16<UInt16>(repeating: targets[0]), t1 = SIMD16<UInt16>(repeating: targets[1])
        let t2 = SIMD16<UInt16>(repeating: targets[2]), t3 = SIMD16<UInt16>(repeating: targets[3])
        let t4 = SIMD16<UInt16>(repeating: targets[4]), t5 = SIMD16<UInt16>(repeating: targets[5])
        let t6 = SIMD16<UInt16>(repeating: targets[6]), t7 = SIMD16<UInt16>(repeating: targets[7])
        let raw = UnsafeRawPointer(base)
        // Byte i of the result is 0xFF where lane i hits (the first hit is the lowest set byte).
        @inline(__always) func hits(at q: Int) -> SIMD2<UInt64> {
            let v = raw.loadUnaligned(fromByteOffset: 2 * q, as: SIMD16<UInt16>.self)
            let hit = (v .== t0) .| (v .== t1) .| (v .== t2) .| (v .== t3) .| (v .== t4) .| (v .== t5) .| (v .== t6) .| (v .== t7)
            let lanes = SIMD16<UInt8>(truncatingIfNeeded: SIMD16<UInt16>(repeating: 0).replacing(with: 0xFFFF, where: hit))
            return unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        }
        @inline(__always) func first(_ words: SIMD2<UInt64>) -> Int {
            words[0] != 0 ? words[0].trailingZeroBitCount >> 3 : (words[1] != 0 ? 8 + words[1].trailingZeroBitCount >> 3 : 16)
        }
        while p + 16 <= count {
            let words = hits(at: p)
            if words != .zero { return p + first(words) }
            p += 16
        }
        guard p < count else { return count }
        if count >= 16 {
            // The last sixteen units, of which the first `seen` were scanned already.
            let seen = p - (count - 16)
            let unseen = SIMD2<UInt64>(seen >= 8 ? 0 : ~0 << UInt64(8 * seen), seen <= 8 ? ~0 : ~0 << UInt64(8 * (seen - 8)))
            let lane = first(hits(at: count - 16) & unseen)
            return lane < 16 ? count - 16 + lane : count
        }
        while p < count {
            let unit = base[p]
            if unit == targets[0] || unit == targets[1] || unit == targets[2] || unit == targets[3] || unit == targets[4]
                || unit == targets[5] || unit == targets[6] || unit == targets[7]
            {
                return p
            }
            p += 1
        }
        return count
    }
}

/// A copy of `array` that lives as long as the process (for tables built once).
func immortal<T: BitwiseCopyable>(_ array: [T]) -> UnsafePointer<T> {
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: array.count)
    pointer.initialize(from: array, count: array.count)
    return UnsafePointer(pointer)
}

import RuleRegex

/// The prefilter on a string's own UTF-8 (a prefilter of `StartBuckets.init(utf8:)`): its
/// buckets are byte values, so the pair table is read with the byte at p and the byte after
/// it, and the skip compares bytes.
extension Prefilter {
    /// `forEachCandidate` on UTF-8: byte positions of code points' first bytes.
    @inline(__always)
    func forEachCandidate(
        utf8 text: UnsafeBufferPointer<UInt8>, resume: () -> Int, _ body: (Int, UnsafeBufferPointer<Int32>) -> Void
    ) {
        let count = text.count
        guard count > 0, let base = text.baseAddress else { return }
        let preceding = PrecedingKind.units
        let rows = rows.buffer, pairs = pairs.buffer, startBytes = startUnits.buffer
        var p = 0
        while true {
            if let targets = byteTargets {
                p = Self.skip(base, count, from: p, targets)
            } else if let ranges = byteRanges {
                p = Self.skip(base, count, from: p, ranges: ranges)
            } else {
                while p < count, startBytes[Int(text[p] >> 6)] & (1 << UInt64(text[p] & 63)) == 0 { p += 1 }
            }
            if p >= count { break }
            // A four-byte code point: its block of 64 must hold a start.
            if text[p] >= 0xF0, !mayStartSupplementary(text, at: p) {
                p += 4
                continue
            }
            let previous = p > 0 ? text[p - 1] : 0xFF
            let kind = previous < 0x80 ? Int(preceding[Int(previous)]) : PrecedingKind.any
            let key = kind << 8 | Int(text[p])
            let row = Int(rows[key])
            if row >= 0 {
                let id = p + 1 < count ? Int(pairs[row + Int(text[p + 1])]) : Int(lastUnit[key])
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

    /// The first position at or after `from` whose byte is one of `targets`, or `count`:
    /// sixteen bytes at a time, as the UTF-16 `skip` does with units.
    ///
    /// Note: a twin on purpose. One `skip<Unit: SIMDScalar & FixedWidthInteger>` for both
    /// encodings was built and measured (rulebench, three alternating runs): its SIMD
    /// operations on `SIMD16<Unit>` were not specialized, and the social spec's no-match
    /// scan fell from 0.56 to 0.010 GB/s, the feed corpus from 20× to 2.2×.
    @inline(__always)
    static func skip(_ base: UnsafePointer<UInt8>, _ count: Int, from: Int, _ targets: SIMD8<UInt8>) -> Int {
        var p = from
        let t0 = SIMD16<UInt8>(repeating: targets[0]), t1 = SIMD16<UInt8>(repeating: targets[1])
        let t2 = SIMD16<UInt8>(repeating: targets[2]), t3 = SIMD16<UInt8>(repeating: targets[3])
        let t4 = SIMD16<UInt8>(repeating: targets[4]), t5 = SIMD16<UInt8>(repeating: targets[5])
        let t6 = SIMD16<UInt8>(repeating: targets[6]), t7 = SIMD16<UInt8>(repeating: targets[7])
        let raw = UnsafeRawPointer(base)
        // Byte i of the result is 0xFF where lane i hits (the first hit is the lowest set byte).
        @inline(__always) func hits(at q: Int) -> SIMD2<UInt64> {
            let v = raw.loadUnaligned(fromByteOffset: q, as: SIMD16<UInt8>.self)
            let hit = (v .== t0) .| (v .== t1) .| (v .== t2) .| (v .== t3) .| (v .== t4) .| (v .== t5) .| (v .== t6) .| (v .== t7)
            return unsafeBitCast(SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: hit), to: SIMD2<UInt64>.self)
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
            // The last sixteen bytes, of which the first `seen` were scanned already.
            let seen = p - (count - 16)
            let unseen = SIMD2<UInt64>(seen >= 8 ? 0 : ~0 << UInt64(8 * seen), seen <= 8 ? ~0 : ~0 << UInt64(8 * (seen - 8)))
            let lane = first(hits(at: count - 16) & unseen)
            return lane < 16 ? count - 16 + lane : count
        }
        while p < count {
            if any(SIMD8<UInt8>(repeating: base[p]) .== targets) { return p }
            p += 1
        }
        return count
    }

    /// The first position at or after `from` whose byte is `first` or `second`, or `count`:
    /// the required-literal search's (two compares per sixteen bytes, where the eight-target
    /// `skip` makes eight: 4.8 instructions per byte of linkify-it's no-match scan).
    @inline(__always)
    static func skip(_ base: UnsafePointer<UInt8>, _ count: Int, from: Int, _ first: UInt8, or second: UInt8) -> Int {
        var p = from
        let a = SIMD16<UInt8>(repeating: first), b = SIMD16<UInt8>(repeating: second)
        let raw = UnsafeRawPointer(base)
        while p + 16 <= count {
            let v = raw.loadUnaligned(fromByteOffset: p, as: SIMD16<UInt8>.self)
            let hit = (v .== a) .| (v .== b)
            if any(hit) {
                let words = unsafeBitCast(SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: hit), to: SIMD2<UInt64>.self)
                return p + (words[0] != 0 ? words[0].trailingZeroBitCount >> 3 : 8 + words[1].trailingZeroBitCount >> 3)
            }
            p += 16
        }
        while p < count {
            if base[p] == first || base[p] == second { return p }
            p += 1
        }
        return count
    }

    /// `skip(_:_:from:_:or:)` past occurrences followed by `notBefore`'s bytes: the bytes
    /// at p and p + 1 compared sixteen at a time (an occurrence that ends the text stops).
    @inline(__always)
    static func skip(
        _ base: UnsafePointer<UInt8>, _ count: Int, from: Int, _ first: UInt8, or second: UInt8, notBefore: (UInt8, UInt8)
    ) -> Int {
        var p = from
        let a = SIMD16<UInt8>(repeating: first), b = SIMD16<UInt8>(repeating: second)
        let x = SIMD16<UInt8>(repeating: notBefore.0), y = SIMD16<UInt8>(repeating: notBefore.1)
        let raw = UnsafeRawPointer(base)
        while p + 17 <= count {
            let v = raw.loadUnaligned(fromByteOffset: p, as: SIMD16<UInt8>.self)
            let w = raw.loadUnaligned(fromByteOffset: p + 1, as: SIMD16<UInt8>.self)
            let hit = ((v .== a) .| (v .== b)) .& .!((w .== x) .| (w .== y))
            if any(hit) {
                let words = unsafeBitCast(SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: hit), to: SIMD2<UInt64>.self)
                return p + (words[0] != 0 ? words[0].trailingZeroBitCount >> 3 : 8 + words[1].trailingZeroBitCount >> 3)
            }
            p += 16
        }
        while p < count {
            if base[p] == first || base[p] == second, p + 1 == count || (base[p + 1] != notBefore.0 && base[p + 1] != notBefore.1) {
                return p
            }
            p += 1
        }
        return count
    }

    /// The first position at or after `from` whose byte lies in one of `ranges` (`low`,
    /// `span`: the bytes `low...low + span`), or `count`: sixteen bytes at a time.
    @inline(__always)
    static func skip(_ base: UnsafePointer<UInt8>, _ count: Int, from: Int, ranges: (low: SIMD8<UInt8>, span: SIMD8<UInt8>)) -> Int {
        var p = from
        let raw = UnsafeRawPointer(base)
        let l0 = SIMD16<UInt8>(repeating: ranges.low[0]), s0 = SIMD16<UInt8>(repeating: ranges.span[0])
        let l1 = SIMD16<UInt8>(repeating: ranges.low[1]), s1 = SIMD16<UInt8>(repeating: ranges.span[1])
        let l2 = SIMD16<UInt8>(repeating: ranges.low[2]), s2 = SIMD16<UInt8>(repeating: ranges.span[2])
        let l3 = SIMD16<UInt8>(repeating: ranges.low[3]), s3 = SIMD16<UInt8>(repeating: ranges.span[3])
        let l4 = SIMD16<UInt8>(repeating: ranges.low[4]), s4 = SIMD16<UInt8>(repeating: ranges.span[4])
        let l5 = SIMD16<UInt8>(repeating: ranges.low[5]), s5 = SIMD16<UInt8>(repeating: ranges.span[5])
        let l6 = SIMD16<UInt8>(repeating: ranges.low[6]), s6 = SIMD16<UInt8>(repeating: ranges.span[6])
        let l7 = SIMD16<UInt8>(repeating: ranges.low[7]), s7 = SIMD16<UInt8>(repeating: ranges.span[7])
        while p + 16 <= count {
            let v = raw.loadUnaligned(fromByteOffset: p, as: SIMD16<UInt8>.self)
            let hit =
                ((v &- l0) .<= s0) .| ((v &- l1) .<= s1) .| ((v &- l2) .<= s2) .| ((v &- l3) .<= s3) .| ((v &- l4) .<= s4)
                .| ((v &- l5) .<= s5) .| ((v &- l6) .<= s6) .| ((v &- l7) .<= s7)
            if any(hit) {
                for lane in 0..<16 where hit[lane] { return p + lane }
            }
            p += 16
        }
        while p < count {
            let b = SIMD8<UInt8>(repeating: base[p])
            if any((b &- ranges.low) .<= ranges.span) { return p }
            p += 1
        }
        return count
    }

    /// Whether the four-byte code point at `p` is in a block of 64 where some rule may start.
    @inline(never)
    func mayStartSupplementary(_ text: UnsafeBufferPointer<UInt8>, at p: Int) -> Bool {
        guard let blocks = supplementaryStarts?.buffer else { return true }
        let block = Int(UTF8Text.decode(text, at: p).0 - 0x10000) >> 6
        return blocks[block >> 6] & (1 << UInt64(block & 63)) != 0
    }
}

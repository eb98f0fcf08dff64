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

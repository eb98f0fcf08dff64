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

/// 256 bits: a set of prefilter buckets.
struct BucketSet: Hashable, Sendable {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    static let all = BucketSet(words: (~0, ~0, ~0, ~0))

    static func == (a: BucketSet, b: BucketSet) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }
    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    func contains(_ bucket: Int) -> Bool {
        let bit = UInt64(1) << UInt64(bucket & 63)
        switch bucket >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    mutating func insert(_ bucket: Int) {
        let bit = UInt64(1) << UInt64(bucket & 63)
        switch bucket >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func formUnion(_ other: BucketSet) {
        words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
    }

    var members: [Int] { (0..<256).filter(contains) }
}

/// The prefilter bucket of every UTF-16 code unit.
enum PrefilterBucket {
    /// Surrogates (a supplementary code point's first unit, or an unpaired one, which
    /// reads as U+FFFD).
    static let surrogate = 255

    /// The bucket of each unit, in memory that is never freed (read without reference
    /// counting; read-only once built).
    nonisolated(unsafe) static let units: UnsafePointer<UInt8> = immortal(
        (0..<0x10000).map { unit in
            if unit < 0x80 { return UInt8(unit) }
            if unit & 0xF800 == 0xD800 { return UInt8(surrogate) }
            return UInt8(128 + unit % 127)
        })

    /// The buckets of each input class of `table` (a final variant has its base's).
    static func classBuckets(_ table: DFATable) -> [BucketSet] {
        var sets = [BucketSet](repeating: BucketSet(), count: table.classCount)
        for unit in 0..<0x80 { sets[Int(table.asciiClasses[unit])].insert(unit) }
        for (i, start) in table.rangeStarts.enumerated() {
            let end = (i + 1 < table.rangeStarts.count ? table.rangeStarts[i + 1] : 0x110000) - 1
            var set = sets[Int(table.rangeClasses[i])]
            for (low, high) in [(max(start, 0x80), min(end, 0xD7FF)), (max(start, 0xE000), min(end, 0xFFFF))] where low <= high {
                if high - low >= 126 {
                    for bucket in 128..<255 { set.insert(bucket) }
                } else {
                    for unit in low...high { set.insert(128 + Int(unit % 127)) }
                }
            }
            if (start <= 0xFFFD && 0xFFFD <= end) || end >= 0x10000 { set.insert(surrogate) }
            sets[Int(table.rangeClasses[i])] = set
        }
        for base in 0..<table.classCount where Int(table.finalClasses[base]) != base {
            sets[Int(table.finalClasses[base])] = sets[base]
        }
        return sets
    }
}

/// What precedes a position, for the prefilter: 0 an ASCII word character, 1 another
/// ASCII character but a line terminator, 2 anything else.
enum PrecedingKind {
    static let word = 0, otherASCII = 1, any = 2
    static let count = 3

    /// The kind of each ASCII unit, in memory that is never freed (read-only once built).
    nonisolated(unsafe) static let units: UnsafePointer<UInt8> = immortal(
        (0..<0x80).map { unit in
            switch unit {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: return UInt8(word)
            case 0x0A...0x0D: return UInt8(any)
            default: return UInt8(otherASCII)
            }
        })

    /// The look-behind contexts of `table` a position preceded by `kind` can have; `nil`
    /// when not known from that unit alone (`any`, or a unit ignorable for `\b`).
    static func contexts(_ kind: Int, of table: DFATable) -> [Int]? {
        guard kind != any else { return nil }
        var contexts: Set<Int> = []
        for unit in 0..<0x80 where Int(units[unit]) == kind {
            let flags = table.classFlags[Int(table.asciiClasses[unit])]
            var bits = 0
            for k in 0..<table.boundaryPairCount {
                if flags & DFATable.ClassFlag.ignorable(k) != 0 { return nil }
                if flags & DFATable.ClassFlag.word(k) != 0 { bits |= 1 << k }
            }
            contexts.insert(DFATable.context(atStart: false, previous: .other, wordBits: bits))
        }
        return contexts.sorted()
    }
}

/// Where one rule's matches can start, per kind of preceding unit: the buckets of a
/// first code unit, and per first bucket those of the next unit.
struct StartBuckets: Sendable {
    var byKind: [Buckets] = []
    /// Bit per UTF-16 unit that can begin a match, exactly (`Prefilter.startUnits`).
    var units = [UInt64](repeating: 0, count: 0x10000 / 64)

    struct Buckets: Sendable {
        var first = BucketSet()
        var second = [BucketSet](repeating: BucketSet(), count: 256)
    }

    /// `nil` when the DFA can match the empty string (no first code point is needed).
    init?(_ table: DFATable) {
        let buckets = PrefilterBucket.classBuckets(table)
        var firstClasses = Set<Int>()
        for kind in 0..<PrecedingKind.count {
            let contexts = PrecedingKind.contexts(kind, of: table) ?? Array(table.anchoredStarts.indices)
            let starts = Set(contexts.map { Int(table.anchoredStarts[$0]) })
            guard let kindBuckets = Self.buckets(table, starts, buckets, &firstClasses) else { return nil }
            byKind.append(kindBuckets)
        }
        markUnits(of: firstClasses, table)
    }

    /// Sets the bits of every unit that starts a code point of one of `classes`.
    private mutating func markUnits(of classes: Set<Int>, _ table: DFATable) {
        var bases = Set<Int>()
        for inputClass in classes {
            // A final variant covers its base class's code points.
            bases.insert(table.finalClasses.firstIndex(of: UInt16(inputClass)) ?? inputClass)
        }
        func mark(_ low: Int, _ high: Int) {
            var unit = low
            while unit <= high {
                if unit & 63 == 0, unit + 63 <= high {
                    units[unit >> 6] = ~0
                    unit += 64
                } else {
                    units[unit >> 6] |= 1 << UInt64(unit & 63)
                    unit += 1
                }
            }
        }
        for unit in 0..<0x80 where bases.contains(Int(table.asciiClasses[unit])) { mark(unit, unit) }
        for (i, start) in table.rangeStarts.enumerated() where bases.contains(Int(table.rangeClasses[i])) {
            let end = Int(i + 1 < table.rangeStarts.count ? table.rangeStarts[i + 1] : 0x110000) - 1
            let low = Int(start)
            if low <= 0xD7FF { mark(low, min(end, 0xD7FF)) }
            if end >= 0xE000, low <= 0xFFFF { mark(max(low, 0xE000), min(end, 0xFFFF)) }
            if end >= 0x10000 {  // the first units (high surrogates) of these supplementary code points
                mark(0xD800 + (max(low, 0x10000) - 0x10000) >> 10, 0xD800 + (end - 0x10000) >> 10)
            }
            if low <= 0xFFFD, 0xFFFD <= end { mark(0xD800, 0xDFFF) }  // an unpaired surrogate reads as U+FFFD
        }
    }

    private static func buckets(_ table: DFATable, _ starts: Set<Int>, _ buckets: [BucketSet], _ firstClasses: inout Set<Int>)
        -> Buckets?
    {
        var result = Buckets()
        let columns = table.classCount
        for start in starts {
            if table.stateFlags[start] & 1 != 0 { return nil }
            for first in 0..<columns {
                let entry = Int(table.transitions[start * columns + first])
                if entry & 1 != 0 { return nil }
                let next = entry >> 2
                guard next != 0 else { continue }
                firstClasses.insert(first)
                var second = BucketSet()
                if table.stateFlags[next] & 1 != 0 {
                    second = .all
                } else {
                    for inputClass in 0..<columns {
                        let step = Int(table.transitions[next * columns + inputClass])
                        if step & 1 != 0 {
                            second = .all
                            break
                        }
                        if step >> 2 != 0 { second.formUnion(buckets[inputClass]) }
                    }
                }
                let firstBuckets = buckets[first]
                result.first.formUnion(firstBuckets)
                for bucket in firstBuckets.members { result.second[bucket].formUnion(second) }
            }
        }
        // After a surrogate comes the rest of the same code point (or anything, unpaired).
        if result.first.contains(PrefilterBucket.surrogate) { result.second[PrefilterBucket.surrogate] = .all }
        return result
    }
}

/// The shared prefilter of several rules (numbered by their position in `init`'s list).
final class Prefilter: @unchecked Sendable {
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
    /// Bit per UTF-16 unit: some rule may start with it (exactly, not by bucket).
    let startUnits: Frozen<UInt64>
    /// The starting units when they are at most eight ASCII units (padded by repeating).
    let asciiTargets: SIMD8<UInt16>?

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
                var previous: (set: [Int], id: UInt16)? = nil
                for b1 in 0..<256 {
                    let set = starting.filter { buckets[$0].second[b0].contains(b1) }
                    if let previous, previous.set == set {
                        pairs.append(previous.id)
                        continue
                    }
                    let id = list(set.map(Int32.init))
                    previous = (set, id)
                    pairs.append(id)
                }
            }
        }
        precondition(ids.count <= Int(UInt16.max), "too many prefilter lists")
        var startUnits = [UInt64](repeating: 0, count: 0x10000 / 64)
        for rule in rules {
            for word in startUnits.indices { startUnits[word] |= rule.units[word] }
        }
        self.startUnits = Frozen(startUnits)
        var targets: [Int] = []
        for word in startUnits.indices where startUnits[word] != 0 && targets.count <= 8 {
            for bit in 0..<64 where startUnits[word] & (1 << UInt64(bit)) != 0 { targets.append(word << 6 | bit) }
        }
        if !targets.isEmpty, targets.count <= 8, targets.allSatisfy({ $0 < 0x80 }) {
            self.asciiTargets = SIMD8<UInt16>((0..<8).map { UInt16(targets[$0 % targets.count]) })
        } else {
            self.asciiTargets = nil
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
    static func nextMark(_ marks: UnsafePointer<UInt64>, _ count: Int, from: Int) -> Int {
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
    static func skip(_ base: UnsafePointer<UInt16>, _ count: Int, from: Int, _ targets: SIMD8<UInt16>) -> Int {
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
private func immortal<T: BitwiseCopyable>(_ array: [T]) -> UnsafePointer<T> {
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: array.count)
    pointer.initialize(from: array, count: array.count)
    return UnsafePointer(pointer)
}

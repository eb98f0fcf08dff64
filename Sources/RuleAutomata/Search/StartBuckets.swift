// Compiled matcher: where each rule's matches can start, for the shared prefilter
// (`Prefilter.swift`), on UTF-16 code units and on UTF-8 bytes.

import RuleRegex

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
    /// UTF-8 only: bit per block of 64 code points above the BMP holding one that can begin
    /// a match (the pair table sees a four-byte code point by its first two bytes only).
    var supplementary: [UInt64] = []

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

extension StartBuckets {
    /// Where the rule's matches can start in UTF-8 text, with byte values for buckets: a
    /// code point's first byte, then the byte after it — the next code point's first byte
    /// after an ASCII byte, any continuation byte after a lead byte. `units` has a bit per
    /// byte value that can begin a match (256 bits). `nil` when the DFA can match the empty
    /// string.
    init?(utf8 table: DFATable) {
        let bytes = Self.classBytes(table)
        var firstClasses = Set<Int>()
        for kind in 0..<PrecedingKind.count {
            let contexts = PrecedingKind.contexts(kind, of: table) ?? Array(table.anchoredStarts.indices)
            let starts = Set(contexts.map { Int(table.anchoredStarts[$0]) })
            var kindClasses = Set<Int>()
            guard var kindBuckets = Self.buckets(table, starts, bytes, &kindClasses) else { return nil }
            // After a lead byte comes the rest of the same code point: its first
            // continuation byte, among those of the code points that can start a match.
            for lead in 0xC2...0xF4 { kindBuckets.second[lead] = BucketSet() }
            Self.forEachLeadPair(of: kindClasses, table) { lead, continuation in kindBuckets.second[lead].insert(continuation) }
            firstClasses.formUnion(kindClasses)
            byKind.append(kindBuckets)
        }
        units = [0, 0, 0, 0]
        for c in firstClasses {
            for byte in bytes[c].members { units[byte >> 6] |= 1 << UInt64(byte & 63) }
        }
        supplementary = [UInt64](repeating: 0, count: 0x100000 / 64 / 64)
        var bases = Set<Int>()
        for c in firstClasses { bases.insert(table.finalClasses.firstIndex(of: UInt16(c)) ?? c) }
        for (i, start) in table.rangeStarts.enumerated() where bases.contains(Int(table.rangeClasses[i])) {
            let end = (i + 1 < table.rangeStarts.count ? table.rangeStarts[i + 1] : 0x110000) - 1
            guard end >= 0x10000 else { continue }
            for block in Int(max(start, 0x10000) - 0x10000) >> 6...Int(end - 0x10000) >> 6 {
                supplementary[block >> 6] |= 1 << UInt64(block & 63)
            }
        }
    }

    /// Calls `body(lead, continuation)` for the first two bytes of every multi-byte code
    /// point of `classes` (final variants read as their bases), a pair at a time.
    static func forEachLeadPair(of classes: Set<Int>, _ table: DFATable, _ body: (Int, Int) -> Void) {
        // Bitmaps, not sets: a rule with `\w` has thousands of ranges (engine init).
        var bases = [Bool](repeating: false, count: table.classCount)
        for c in classes { bases[table.finalClasses.firstIndex(of: UInt16(c)).map { Int($0) } ?? c] = true }
        var seen = [UInt64](repeating: 0, count: 0x10000 / 64)
        for (i, start) in table.rangeStarts.enumerated() where bases[Int(table.rangeClasses[i])] {
            let end = (i + 1 < table.rangeStarts.count ? table.rangeStarts[i + 1] : 0x110000) - 1
            // Two-byte code points: one pair each; three-byte ones a pair per block of 64,
            // four-byte ones a pair per block of 4,096.
            for (low, high, shift, leadMark) in [
                (max(start, 0x80), min(end, 0x7FF), UInt32(0), 0xC0), (max(start, 0x800), min(end, 0xD7FF), 6, 0xE0),
                (max(start, 0xE000), min(end, 0xFFFF), 6, 0xE0), (max(start, 0x10000), min(end, 0x10FFFF), 12, 0xF0),
            ] where low <= high {
                for block in (low >> shift)...(high >> shift) {
                    let scalar = block << shift
                    let lead =
                        leadMark == 0xC0 ? 0xC0 | Int(scalar >> 6) : leadMark == 0xE0 ? 0xE0 | Int(scalar >> 12) : 0xF0 | Int(scalar >> 18)
                    let continuation = 0x80 | Int((scalar >> (leadMark == 0xC0 ? 0 : leadMark == 0xE0 ? 6 : 12)) & 0x3F)
                    let pair = lead << 8 | continuation
                    let bit = UInt64(1) << UInt64(pair & 63)
                    if seen[pair >> 6] & bit == 0 {
                        seen[pair >> 6] |= bit
                        body(lead, continuation)
                    }
                }
            }
        }
    }

    /// The first bytes of the code points of each input class of `table` (a final variant
    /// has its base's).
    static func classBytes(_ table: DFATable) -> [BucketSet] {
        var sets = [BucketSet](repeating: BucketSet(), count: table.classCount)
        for byte in 0..<0x80 { sets[Int(table.asciiClasses[byte])].insert(byte) }
        func lead(_ scalar: UInt32) -> Int {
            scalar < 0x800 ? 0xC0 | Int(scalar >> 6) : scalar < 0x10000 ? 0xE0 | Int(scalar >> 12) : 0xF0 | Int(scalar >> 18)
        }
        for (i, start) in table.rangeStarts.enumerated() {
            let end = (i + 1 < table.rangeStarts.count ? table.rangeStarts[i + 1] : 0x110000) - 1
            // The valid code points of the run (no surrogates), in pieces of one length.
            for (low, high) in [
                (max(start, 0x80), min(end, 0x7FF)), (max(start, 0x800), min(end, 0xD7FF)), (max(start, 0xE000), min(end, 0xFFFF)),
                (max(start, 0x10000), min(end, 0x10FFFF)),
            ] where low <= high {
                for byte in lead(low)...lead(high) { sets[Int(table.rangeClasses[i])].insert(byte) }
            }
        }
        for base in 0..<table.classCount where Int(table.finalClasses[base]) != base {
            sets[Int(table.finalClasses[base])] = sets[base]
        }
        return sets
    }
}

import RuleRegex

/// A literal every match of a rule contains, for rules whose matches can start almost
/// anywhere (a URL without a scheme starts at any letter; an email at any word character):
/// the search jumps from one occurrence of the literal to the next instead of reading every
/// code point (regex-automata's "reverse inner" literal strategy, Hyperscan's literal-first
/// decomposition).
///
/// Note: why the jump is exact. Say the search is from `from`, and `L` is the first
/// occurrence of `literal` at or after it. The leftmost match `M` from `from` contains an
/// occurrence at or after its start, so at or after `L`. If `M` starts at or before `L`, it
/// holds `L` and that is its first occurrence, so every code point of `M` before `L` is one
/// a match can read before its first `literal` (`before`): `M` starts at or after `r`, the
/// start of the run of such code points that ends at `L`. So the DFA's search from `r` finds
/// `M`. If the search goes idle (no attempt alive, none matched) at some `q` past `L`, no
/// match starts before `q`, and the same holds again from `q`. Each code point is read by
/// at most one backward walk and one search.
///
/// When no one code point is in every match, two may be: every match of a URL detector holds
/// a `:` (after its scheme) or a `.` (in a host without one). The search then jumps to the
/// next occurrence of either, and the argument above holds with "the first occurrence of
/// either" for "the first occurrence".
package struct RequiredLiteral: Sendable {
    /// The ASCII code point every match contains (or this or `second`).
    package let literal: UInt8
    /// With two literals: the other one (every match holds at least one of the two).
    package let second: UInt8?
    /// The code points a match can read before its first literal.
    let before: ScalarSet
    /// The code points that can follow a match's first literal (`nil`: any, or the end of
    /// the match): an occurrence followed by none of them is not a match's first, and the
    /// search goes on past it without a walk back (`.` in prose is mostly followed by a
    /// space; in a host, by a letter).
    let follow: StartUnits?
    /// Bytes none of the follow set's code points begin with, of a space and a line feed
    /// (the one twice when only it is): an occurrence before one is not a match's first, and
    /// the UTF-8 search skips it without stopping (`.` then a space, in prose).
    let notBefore: (UInt8, UInt8)?

    private static func notBefore(_ follow: StartUnits?) -> (UInt8, UInt8)? {
        guard let follow else { return nil }
        let bytes = [UInt8(0x20), 0x0A].filter { !follow.holds(byte: $0) }
        guard let first = bytes.first else { return nil }
        return (first, bytes.last!)
    }

    /// Pair checks tried at most, each a walk over the program.
    static let maxPairChecks = 96

    /// ASCII code points tried, rarest in text first: the first one every match must
    /// contain is taken.
    static let candidates: [UInt8] = Array("@#$%&*+<=>[]^_{|}~\\:/();?!'\"-,.".utf8)

    /// The literal of `program`'s matches, or `nil` when no candidate is in every match, or
    /// when the matches can start at few code points anyway (`start`, the first code points
    /// of a match: the start-set skip serves those).
    init?(_ program: RegexProgram, start: ScalarSet?) {
        guard let start, Self.isWide(start) else { return nil }
        // Per consuming instruction: the candidate whose set is exactly that code point
        // (a path through it must read the candidate), as a bit.
        var only = [UInt64](repeating: 0, count: program.instructions.count)
        for (pc, instruction) in program.instructions.enumerated() {
            guard case .consume(let set, _) = instruction, let single = program.sets[set].singleScalar,
                let bit = Self.candidates.firstIndex(of: UInt8(truncatingIfNeeded: single)), single < 0x80
            else { continue }
            only[pc] = 1 << UInt64(bit)
        }
        let forced = only.reduce(0, |)
        // One literal, the rarest first; remember a path that avoids each.
        var escapes: [(bit: Int, path: UInt64)] = []
        for (bit, candidate) in Self.candidates.enumerated() where forced & (1 << UInt64(bit)) != 0 {
            switch Self.walk(program, avoiding: 1 << UInt64(bit), only: only) {
            case .blocked(let sets):
                literal = candidate
                second = nil
                before = Self.union(sets, of: program).subtracting(ScalarSet(UInt32(candidate)))
                follow = Self.follow(program, literals: ScalarSet(UInt32(candidate)))
                notBefore = Self.notBefore(follow)
                return
            case .escaped(let path):
                escapes.append((bit, path))
            }
        }
        // Two literals: a pair must block every path, so the second is one that the path
        // avoiding the first passes.
        var checks = 0
        for (bit, path) in escapes {
            for other in Self.candidates.indices where other > bit && path & (1 << UInt64(other)) != 0 {
                guard checks < Self.maxPairChecks else { return nil }
                checks += 1
                guard case .blocked(let sets) = Self.walk(program, avoiding: 1 << UInt64(bit) | 1 << UInt64(other), only: only) else {
                    continue
                }
                literal = Self.candidates[bit]
                second = Self.candidates[other]
                let literals = ScalarSet(UInt32(Self.candidates[bit])).union(ScalarSet(UInt32(Self.candidates[other])))
                before = Self.union(sets, of: program).subtracting(literals)
                follow = Self.follow(program, literals: literals)
                notBefore = Self.notBefore(follow)
                return
            }
        }
        return nil
    }

    /// Whether a match can read `scalar` before its first literal (`before`): ASCII from the
    /// set's bitmaps, here (`ScalarSet.contains` is in another module, and calling it per
    /// code point cost the social spec's no-match scan 5 %).
    @inline(__always)
    func mayPrecede(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return before.asciiLow & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return before.asciiHigh & (1 << UInt64(scalar - 64)) != 0 }
        return before.contains(scalar)
    }

    private static func union(_ sets: Set<Int>, of program: RegexProgram) -> ScalarSet {
        sets.reduce(ScalarSet()) { $0.union(program.sets[$1]) }
    }

    /// What can follow a match's first literal: the consumes that can read it as the first
    /// (reached from the start through consumes that can read another code point; every
    /// test taken as passable), and the code points their successors can read next. `nil`
    /// when a successor can end the match, or when the set is not narrower than "anything".
    static func follow(_ program: RegexProgram, literals: ScalarSet) -> StartUnits? {
        let instructions = program.instructions
        var seen = [Bool](repeating: false, count: instructions.count)
        var stack = [0]
        var readers: [Int] = []
        while let pc = stack.popLast() {
            guard pc < instructions.count, !seen[pc] else { continue }
            seen[pc] = true
            switch instructions[pc] {
            case .consume(let set, let next):
                if !program.sets[set].isDisjoint(with: literals) { readers.append(next) }
                if !program.sets[set].subtracting(literals).isEmpty { stack.append(next) }
            case .split(let preferred, let alternative): stack += [alternative, preferred]
            case .save(_, let next), .assert(_, let next): stack.append(next)
            case .match: continue
            }
        }
        var after = ScalarSet()
        var visited = [Bool](repeating: false, count: instructions.count)
        stack = readers
        while let pc = stack.popLast() {
            guard pc < instructions.count, !visited[pc] else { continue }
            visited[pc] = true
            switch instructions[pc] {
            case .consume(let set, _): after = after.union(program.sets[set])
            case .split(let preferred, let alternative): stack += [alternative, preferred]
            case .save(_, let next), .assert(_, let next): stack.append(next)
            case .match: return nil
            }
        }
        return after == .all ? nil : StartUnits(covering: after)
    }

    /// Whether a start set holds so many code points that skipping to them reads nearly
    /// every one: more than a few dozen ASCII code points (letters, digits).
    static func isWide(_ start: ScalarSet) -> Bool {
        (0..<0x80).reduce(0) { $0 + (start.contains(UInt32($1)) ? 1 : 0) } > 40
    }

    /// What a walk from the start that passes no consuming instruction whose set is one of
    /// the `avoiding` literals alone finds: it cannot reach `match` (`blocked`, with the sets
    /// it can read on the way: a match reads only those before its first literal), or it
    /// reaches it along a path that reads the literals in `path` (bits: candidates) alone.
    /// (A set holding a literal and more can be passed with another code point.) Assertions
    /// and lookarounds are taken as passable, which only adds paths.
    enum Walk {
        case blocked(sets: Set<Int>)
        case escaped(path: UInt64)
    }

    static func walk(_ program: RegexProgram, avoiding bits: UInt64, only: [UInt64]) -> Walk {
        var seen = [Bool](repeating: false, count: program.instructions.count)
        // Depth first, with the literal bits read on the way to each instruction.
        var stack: [(pc: Int, path: UInt64)] = [(0, 0)]
        var sets = Set<Int>()
        while let (pc, path) = stack.popLast() {
            guard pc < program.instructions.count, !seen[pc] else { continue }
            seen[pc] = true
            switch program.instructions[pc] {
            case .consume(let set, let next):
                guard only[pc] & bits == 0 else { continue }
                sets.insert(set)
                stack.append((next, path | only[pc]))
            case .split(let preferred, let alternative):
                stack.append((alternative, path))
                stack.append((preferred, path))
            case .save(_, let next), .assert(_, let next): stack.append((next, path))
            case .match: return .escaped(path: path)
            }
        }
        return .blocked(sets: sets)
    }
}

extension LazyDFACache {
    /// The first `unit` or `second` at or after `from` (pass `unit` twice for one).
    @inline(__always)
    static func next(_ unit: UInt16, or second: UInt16, in text: UnsafeBufferPointer<UInt16>, from: Int) -> Int? {
        guard from < text.count, let base = text.baseAddress else { return nil }
        var i = from
        let count = text.count
        let target = SIMD8<UInt16>(repeating: unit), other = SIMD8<UInt16>(repeating: second)
        let raw = UnsafeRawPointer(base)
        while i + 8 <= count {
            let block = raw.loadUnaligned(fromByteOffset: i * 2, as: SIMD8<UInt16>.self)
            let hits = (block .== target) .| (block .== other)
            if hits != SIMDMask<SIMD8<Int16>>(repeating: false) {
                for lane in 0..<8 where hits[lane] { return i + lane }
            }
            i += 8
        }
        while i < count {
            if text[i] == unit || text[i] == second { return i }
            i += 1
        }
        return nil
    }
}

/// The UTF-16 units that can begin a match of a rule (its program's first code points, a
/// supplementary code point by its high surrogate, U+FFFD by every surrogate, which reads
/// as it unpaired): an idle search skips every other unit without a table step, comparing
/// with up to four units at once when the set is that small.
struct StartUnits: Sendable {
    /// Bit per unit.
    let bits: [UInt64]
    /// The units when there are at most four, for the vector compare.
    let few: [UInt16]
    /// UTF-8: bit per first byte of a code point that can begin a match, and those bytes
    /// when there are at most eight (padded by repeating).
    let firstBytes: [UInt64]
    let fewBytes: SIMD8<UInt8>?

    init?(_ start: ScalarSet?) {
        guard let start, !RequiredLiteral.isWide(start) else { return nil }
        self.init(covering: start)
    }

    /// The units and first bytes of `start`, however many (a membership test, not a skip).
    init(covering start: ScalarSet) {
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        var units: [UInt16] = []
        func mark(_ unit: Int) {
            if bits[unit >> 6] & (1 << UInt64(unit & 63)) == 0, units.count <= 4 { units.append(UInt16(unit)) }
            bits[unit >> 6] |= 1 << UInt64(unit & 63)
        }
        for range in start.ranges {
            let low = Int(range.lowerBound), high = Int(range.upperBound)
            if low <= 0xFFFF {
                for unit in low...min(high, 0xFFFF) where unit & 0xF800 != 0xD800 { mark(unit) }
            }
            if high > 0xFFFF {
                for lead in (0xD800 + (max(low, 0x10000) - 0x10000) >> 10)...(0xD800 + (high - 0x10000) >> 10) { mark(lead) }
            }
            if low <= 0xFFFD, 0xFFFD <= high { for unit in 0xD800...0xDFFF { mark(unit) } }
        }
        self.bits = bits
        few = units.count <= 4 ? units : []
        var firstBytes: [UInt64] = [0, 0, 0, 0]
        var distinct: [UInt8] = []
        func byte(_ b: Int) {
            if firstBytes[b >> 6] & (1 << UInt64(b & 63)) == 0 { distinct.append(UInt8(b)) }
            firstBytes[b >> 6] |= 1 << UInt64(b & 63)
        }
        for range in start.ranges {
            let low = Int(range.lowerBound), high = Int(range.upperBound)
            for (a, b) in [
                (low, min(high, 0x7F)), (max(low, 0x80), min(high, 0x7FF)), (max(low, 0x800), min(high, 0xFFFF)), (max(low, 0x10000), high),
            ]
            where a <= b {
                let lead = { (c: Int) in c < 0x80 ? c : c < 0x800 ? 0xC0 | c >> 6 : c < 0x10000 ? 0xE0 | c >> 12 : 0xF0 | c >> 18 }
                for b0 in lead(a)...lead(b) { byte(b0) }
            }
        }
        self.firstBytes = firstBytes
        fewBytes = distinct.count <= 8 ? SIMD8(distinct + Array(repeating: distinct.first ?? 0, count: 8 - distinct.count)) : nil
    }

    /// Whether a code point of the set can begin with `byte` in UTF-8.
    func holds(byte: UInt8) -> Bool { firstBytes[Int(byte >> 6)] & (1 << UInt64(byte & 63)) != 0 }

    /// On UTF-8: whether the code point at `position` may be in the set (its first byte is
    /// one of the set's); `false` at the end.
    @inline(__always)
    func mayStart(utf8 text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard position < text.count else { return false }
        let byte = text[position]
        return firstBytes[Int(byte >> 6)] & (1 << UInt64(byte & 63)) != 0
    }

    /// On UTF-16: whether the unit at `position` may begin a code point of the set.
    @inline(__always)
    func mayStart(utf16 text: UnsafeBufferPointer<UInt16>, at position: Int) -> Bool {
        guard position < text.count else { return false }
        let unit = Int(text[position])
        return bits[unit >> 6] & (1 << UInt64(unit & 63)) != 0
    }

    /// On UTF-8: the farthest code point boundary at most `units` UTF-16 units before
    /// `position` whose first byte a start code point has (`nil` when none): where a
    /// lookbehind's body may start (a superset; the body's DFA decides).
    func farthest(utf8 text: UnsafeBufferPointer<UInt8>, back units: Int, from position: Int) -> Int? {
        var at = position, read = 0, found: Int? = nil
        while at > 0, read < units {
            var lead = at - 1
            while lead > 0, text[lead] & 0xC0 == 0x80, at - lead < 4 { lead -= 1 }
            let byte = text[lead]
            let width = byte >= 0xF0 ? 2 : 1
            guard read + width <= units else { break }
            read += width
            at = lead
            if firstBytes[Int(byte >> 6)] & (1 << UInt64(byte & 63)) != 0 { found = at }
        }
        return found
    }

    /// On UTF-16: as `farthest(utf8:back:from:)`, by the units' bits.
    func farthest(in text: UnsafeBufferPointer<UInt16>, back units: Int, from position: Int) -> Int? {
        var at = position, found: Int? = nil
        let floor = max(0, position - units)
        while at > floor {
            at -= 1
            // A low surrogate whose pair starts before the floor is out of reach.
            if text[at] & 0xFC00 == 0xDC00, at > 0, text[at - 1] & 0xFC00 == 0xD800 {
                guard at - 1 >= floor else { break }
                at -= 1
            }
            let unit = Int(text[at])
            if bits[unit >> 6] & (1 << UInt64(unit & 63)) != 0 { found = at }
        }
        return found
    }

    /// On UTF-8: the first byte position at or after `from` whose code point may begin a
    /// match (`text.count` when none): its first byte is one a start code point has, and
    /// (above ASCII) the code point's unit bit is set.
    @inline(__always)
    func next(utf8 text: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        let count = text.count
        guard let base = text.baseAddress else { return count }
        var p = from
        while p < count {
            if let fewBytes {
                p = Prefilter.skip(base, count, from: p, fewBytes)
            } else {
                while p < count, firstBytes[Int(text[p] >> 6)] & (1 << UInt64(text[p] & 63)) == 0 { p += 1 }
            }
            guard p < count else { return count }
            if text[p] < 0x80 { return p }
            let (scalar, length) = UTF8Text.decode(text, at: p)
            let unit = scalar < 0x10000 ? Int(scalar) : 0xD800 + Int(scalar - 0x10000) >> 10
            if bits[unit >> 6] & (1 << UInt64(unit & 63)) != 0 { return p }
            p += length
        }
        return count
    }

    /// The first unit at or after `from` that can begin a match (`text.count` if none).
    @inline(__always)
    func next(in text: UnsafeBufferPointer<UInt16>, from: Int) -> Int {
        let count = text.count
        var i = from
        if !few.isEmpty, let base = text.baseAddress {
            let raw = UnsafeRawPointer(base)
            let a = SIMD8<UInt16>(repeating: few[0])
            let b = SIMD8<UInt16>(repeating: few.count > 1 ? few[1] : few[0])
            let c = SIMD8<UInt16>(repeating: few.count > 2 ? few[2] : few[0])
            let d = SIMD8<UInt16>(repeating: few.count > 3 ? few[3] : few[0])
            while i + 8 <= count {
                let block = raw.loadUnaligned(fromByteOffset: i * 2, as: SIMD8<UInt16>.self)
                let hits = (block .== a) .| (block .== b) .| (block .== c) .| (block .== d)
                if hits != SIMDMask<SIMD8<Int16>>(repeating: false) {
                    for lane in 0..<8 where hits[lane] { return i + lane }
                }
                i += 8
            }
        }
        return bits.withUnsafeBufferPointer { bits in
            while i < count {
                let unit = Int(text[i])
                if bits[unit >> 6] & (1 << UInt64(unit & 63)) != 0 { return i }
                i += 1
            }
            return count
        }
    }
}

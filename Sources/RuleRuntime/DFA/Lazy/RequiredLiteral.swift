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
struct RequiredLiteral: Sendable {
    /// The ASCII code point every match contains.
    let literal: UInt16
    /// The code points a match can read before its first `literal`.
    let before: ScalarSet

    /// ASCII code points tried, rarest in text first: the first one every match must
    /// contain is taken.
    static let candidates: [UInt8] = Array("@#$%&*+<=>[]^_{|}~\\:/();?!'\"-,.".utf8)

    /// The literal of `program`'s matches, or `nil` when no candidate is in every match, or
    /// when the matches can start at few code points anyway (`start`, the first code points
    /// of a match: the start-set skip serves those).
    init?(_ program: RegexProgram, start: ScalarSet?) {
        guard let start, Self.isWide(start) else { return nil }
        for candidate in Self.candidates {
            let c = UInt32(candidate)
            guard let before = Self.before(program, avoiding: c) else { continue }
            literal = UInt16(candidate)
            self.before = before
            return
        }
        return nil
    }

    /// Whether a start set holds so many code points that skipping to them reads nearly
    /// every one: more than a few dozen ASCII code points (letters, digits).
    static func isWide(_ start: ScalarSet) -> Bool {
        (0..<0x80).reduce(0) { $0 + (start.contains(UInt32($1)) ? 1 : 0) } > 40
    }

    /// The code points a match of `program` can read before its first `c`, or `nil` when
    /// some match need not contain `c` (`match` is reachable without consuming it).
    /// Assertions and lookarounds are taken as passable (which only adds paths).
    static func before(_ program: RegexProgram, avoiding c: UInt32) -> ScalarSet? {
        let literal = ScalarSet(c)
        var seen = Set<Int>()
        var stack = [0]
        var before = ScalarSet()
        while let pc = stack.popLast() {
            guard pc < program.instructions.count, seen.insert(pc).inserted else { continue }
            switch program.instructions[pc] {
            case .consume(let set, let next):
                let other = program.sets[set].subtracting(literal)
                guard !other.isEmpty else { continue }
                before = before.union(other)
                stack.append(next)
            case .split(let preferred, let alternative): stack += [preferred, alternative]
            case .save(_, let next), .assert(_, let next): stack.append(next)
            case .match: return nil
            }
        }
        return before
    }
}

extension LazyDFACache {
    /// The search from `from` that jumps between occurrences of `required.literal` (see
    /// `RequiredLiteral`): the leftmost-first match, as `findEnd` finds it from `from`.
    func findEnd(
        _ text: UnsafeBufferPointer<UInt16>, from: Int, required: RequiredLiteral, classes: ClassMap,
        answers: (UInt64, Int) -> UInt64
    ) -> LazySearch {
        var from = from
        while true {
            guard let literal = Self.next(required.literal, in: text, from: from) else { return .none }
            var runStart = literal
            while runStart > from {
                let (scalar, length) = UTF16Text.decode(text, before: runStart)
                guard required.before.contains(scalar) else { break }
                runStart -= length
            }
            switch findEnd(text, from: runStart, classes: classes, idlePast: literal, answers: answers) {
            case .idle(let at): from = at
            case .found(let result): return result
            }
        }
    }

    /// The first `unit` at or after `from`.
    @inline(__always)
    static func next(_ unit: UInt16, in text: UnsafeBufferPointer<UInt16>, from: Int) -> Int? {
        guard from < text.count, let base = text.baseAddress else { return nil }
        var i = from
        let count = text.count
        let target = SIMD8<UInt16>(repeating: unit)
        let raw = UnsafeRawPointer(base)
        while i + 8 <= count {
            let block = raw.loadUnaligned(fromByteOffset: i * 2, as: SIMD8<UInt16>.self)
            let hits = block .== target
            if hits != SIMDMask<SIMD8<Int16>>(repeating: false) {
                for lane in 0..<8 where hits[lane] { return i + lane }
            }
            i += 8
        }
        while i < count {
            if text[i] == unit { return i }
            i += 1
        }
        return nil
    }
}

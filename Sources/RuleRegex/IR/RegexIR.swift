// Regex automata, compiler side: the intermediate representation between the syntax tree
// and the program.
//
// Pipeline (module overview):
//
//   RegexAST ──lower (Lowering/*.swift)──▶ RegexIR ──resolveAtomicGroups (RegexIR+Atomic.swift)
//            ──compile (RuleAutomata ProgramBuilder)──▶ RegexProgram ──▶ CompiledRegex / PikeVM
//
// Lowering is where ICU's semantics are decided: every class, property, shorthand and
// case-insensitive literal becomes a `ScalarSet` whose members come from ICU itself
// (`ICUSets`), anchors become the exact ICU assertion, and ICU's loop rules are kept in
// `Repetition`. The IR has no spans; it is small enough that the compiler only has to
// turn it into states. `RegexCompiler.compile` chains the phases.

/// A pattern as sets of code points, sequences, ordered alternatives, loops, groups and
/// assertions, with ICU's matching semantics.
package indirect enum RegexIR: Hashable, Sendable {
    /// Matches the empty string.
    case empty
    /// One code point in the set (an empty set never matches).
    case set(ScalarSet)
    /// CR LF as one unit, atomically: where the text has CR LF, exactly those two code
    /// units; elsewhere one code point in the set. ICU's `.` in `s` mode and `\R`.
    case lineUnit(ScalarSet)
    /// ICU's case-insensitive literal string (see `FoldedLiteral`).
    case foldedLiteral(FoldedLiteral)
    /// Items one after the other.
    case sequence([RegexIR])
    /// Alternatives, tried in order (leftmost-first).
    case alternation([RegexIR])
    case repetition(Repetition)
    /// A capturing group (1-based index).
    case capture(index: Int, RegexIR)
    case assertion(IRAssertion)
    /// An atomic group or possessive quantifier, kept until `resolveAtomicGroups` proves
    /// it equivalent to its body (or reports the pattern for fallback). `site` indexes the
    /// lowering's table of construct names and offsets.
    case atomic(RegexIR, site: Int)
}

/// A quantifier with ICU's loop semantics.
///
/// Note: ICU (rematch.cpp) checks loop progress only where a loop could run forever:
/// - bounded loops (`?`, `{n,m}`) never check: an iteration may match the empty string and
///   still counts;
/// - unbounded loops (`*`, `+`, `{n,}`, greedy or lazy) check at the end of every iteration
///   from iteration max(n, 1) on: if the input position has not moved since the previous
///   check (the loop start, for the first check), the loop stops right there, keeping that
///   iteration's captures, and the pattern continues after the loop. `*` and `+` (via
///   JMP_SAV_X) behave exactly like `{0,}` and `{1,}` (via CTR_LOOP).
/// - lazy `*?` and `+?` have no check at all; with a body that can match empty, ICU loops
///   until a resource limit, so the lowering refuses them (fallback).
package struct Repetition: Hashable, Sendable {
    package var min: Int
    /// `nil` for unbounded.
    package var max: Int?
    package var greedy: Bool
    package var body: RegexIR
}

/// ICU's case-insensitive literal string (URX_STRING_I): the text matches when the full
/// case folding of its code points, concatenated, equals the folded pattern string and
/// ends on a code point boundary of the text.
///
/// Positions 0…n of the folded string are states; from position i a text code point whose
/// folding is the single code point at i moves to i+1 (`positions[i]`), and one whose
/// folding is a longer string equal to the pattern at i moves past it (`jumps`). At most
/// one path reaches n, so the literal is deterministic.
package struct FoldedLiteral: Hashable, Sendable {
    package struct Jump: Hashable, Sendable {
        package var from: Int
        package var to: Int
        package var set: ScalarSet
    }

    /// `positions[i]`: the code points whose folding is exactly the folded code point i.
    package var positions: [ScalarSet]
    package var jumps: [Jump]

    package var length: Int { positions.count }
}

/// A zero-width assertion of the IR.
package enum IRAssertion: Hashable, Sendable {
    /// Anything that needs no code point set.
    case simple(RegexAssertion)
    /// ICU's `\b` (or `\B` when `negated`) with its word and ignorable sets.
    case wordBoundary(negated: Bool, word: ScalarSet, ignorable: ScalarSet)
    /// A lookaround over one code point of `set`, without groups: `(?<=…)`/`(?<!…)` when
    /// `behind`, else `(?=…)`/`(?!…)`. A DFA decides it from the look-behind context or
    /// the next code point, as it does `\b`.
    case codePoint(behind: Bool, negated: Bool, set: ScalarSet)
    /// Any other lookaround: its body runs as a program of its own.
    case lookaround(IRLookaround)
}

/// A lookahead or lookbehind with a body (see `RegexProgram.Lookaround`).
package struct IRLookaround: Hashable, Sendable {
    package var behind: Bool
    package var negated: Bool
    package var body: RegexIR
    /// The body's longest match in UTF-16 units (`nil`: unbounded).
    package var maxLength: Int?

    package init(behind: Bool, negated: Bool, body: RegexIR, maxLength: Int?) {
        self.behind = behind
        self.negated = negated
        self.body = body
        self.maxLength = maxLength
    }
}

// MARK: - Analyses

extension RegexIR {
    /// An upper bound of the UTF-16 length of a match (`nil`: unbounded).
    package var maxLength: Int? {
        func add(_ a: Int?, _ b: Int?) -> Int? {
            guard let a, let b else { return nil }
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? nil : sum
        }
        switch self {
        case .empty, .assertion: return 0
        case .set(let set): return set.ranges.last.map { $0.upperBound > 0xFFFF ? 2 : 1 } ?? 0
        case .lineUnit: return 2
        case .foldedLiteral(let literal): return 2 * literal.length
        case .sequence(let items): return items.reduce(0) { add($0, $1.maxLength) }
        case .alternation(let items):
            var longest = 0
            for item in items {
                guard let length = item.maxLength else { return nil }
                longest = Swift.max(longest, length)
            }
            return longest
        case .repetition(let loop):
            guard let body = loop.body.maxLength else { return nil }
            guard let max = loop.max else { return body == 0 ? 0 : nil }
            let (product, overflow) = body.multipliedReportingOverflow(by: max)
            return overflow ? nil : product
        case .capture(_, let body), .atomic(let body, _): return body.maxLength
        }
    }

    /// The longest match of a lookbehind body as ICU computes it (regexcmp.cpp
    /// `maxMatchLength`), which is where ICU stops trying start positions: `maxLength`,
    /// except that ICU undercounts a counted loop (`URX_CTR_INIT`: a bounded repetition of
    /// more than one instruction, or of more than ten) whose body ends with an alternation.
    /// It measures the loop body as its own block, and the jumps of every alternative but
    /// the last land on the block's end, outside it, where their lengths are dropped: only
    /// the path that falls through counts. So `(?<=(?:bb|a){2})` tries starts two units back
    /// at most, and `bbbb` does not end a match of it there (measured against
    /// NSRegularExpression; see `LookaroundTests`). `nil`: unbounded.
    package var icuLookbehindLength: Int? { icuLength(fallingThrough: false) }

    /// `icuLookbehindLength` of this construct; `fallingThrough`: it ends its loop's body,
    /// so only the path that reaches its end without a jump counts.
    private func icuLength(fallingThrough: Bool) -> Int? {
        func add(_ a: Int?, _ b: Int?) -> Int? {
            guard let a, let b else { return nil }
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? nil : sum
        }
        switch self {
        case .empty, .assertion, .set, .lineUnit, .foldedLiteral: return maxLength
        case .sequence(let items):
            guard let last = items.last else { return 0 }
            return add(
                items.dropLast().reduce(0) { add($0, $1.icuLength(fallingThrough: false)) }, last.icuLength(fallingThrough: fallingThrough))
        case .alternation(let items):
            if fallingThrough, let last = items.last {
                // The other alternatives jump to the end of the loop body: dropped.
                return items.allSatisfy({ $0.maxLength != nil }) ? last.icuLength(fallingThrough: true) : nil
            }
            var longest = 0
            for item in items {
                guard let length = item.icuLength(fallingThrough: false) else { return nil }
                longest = Swift.max(longest, length)
            }
            return longest
        case .repetition(let loop):
            guard let max = loop.max else { return loop.body.maxLength == 0 ? 0 : nil }
            let single: Bool
            switch loop.body {
            case .set, .lineUnit, .empty, .assertion: single = true
            case .foldedLiteral(let literal): single = literal.length == 1
            default: single = false
            }
            // Inline copies (ICU's compileInlineInterval: one instruction, at most ten copies;
            // or at most one copy of anything): an optional copy jumps to its own end.
            let body: Int?
            if (single && max <= 10) || max <= 1 {
                body = loop.body.icuLength(fallingThrough: fallingThrough && max <= 1)
            } else {
                body = loop.body.icuLength(fallingThrough: true)
            }
            guard let body else { return nil }
            let (product, overflow) = body.multipliedReportingOverflow(by: max)
            return overflow ? nil : product
        case .capture(_, let body), .atomic(let body, _):
            // Their closing instruction stays inside the block: every path counts.
            return body.icuLength(fallingThrough: false)
        }
    }

    /// Whether a capturing group is inside (lookaround bodies included).
    package var hasCaptures: Bool {
        switch self {
        case .empty, .set, .lineUnit, .foldedLiteral: return false
        case .assertion(.lookaround(let look)): return look.body.hasCaptures
        case .assertion: return false
        case .sequence(let items), .alternation(let items): return items.contains(where: \.hasCaptures)
        case .repetition(let loop): return loop.body.hasCaptures
        case .capture: return true
        case .atomic(let body, _): return body.hasCaptures
        }
    }

    /// Whether some path matches the empty string, taking every assertion as satisfiable.
    package var canBeEmpty: Bool {
        switch self {
        case .empty, .assertion: return true
        case .set, .lineUnit, .foldedLiteral: return false
        case .sequence(let items): return items.allSatisfy(\.canBeEmpty)
        case .alternation(let items): return items.contains(where: \.canBeEmpty)
        case .repetition(let loop): return loop.min == 0 || loop.body.canBeEmpty
        case .capture(_, let body), .atomic(let body, _): return body.canBeEmpty
        }
    }

    /// Whether some path matches the empty string without passing an assertion (so it
    /// matches empty everywhere).
    package var canBeEmptyAnywhere: Bool {
        switch self {
        case .empty: return true
        case .assertion, .set, .lineUnit, .foldedLiteral: return false
        case .sequence(let items): return items.allSatisfy(\.canBeEmptyAnywhere)
        case .alternation(let items): return items.contains(where: \.canBeEmptyAnywhere)
        case .repetition(let loop): return loop.min == 0 || loop.body.canBeEmptyAnywhere
        case .capture(_, let body), .atomic(let body, _): return body.canBeEmptyAnywhere
        }
    }

    /// A superset of the code points a match can end with (the last code point it reads).
    package var lastSet: ScalarSet {
        switch self {
        case .empty, .assertion: return ScalarSet()
        case .set(let set): return set
        case .lineUnit(let set): return set.union(ScalarSet(0x0A...0x0D))
        case .foldedLiteral(let literal):
            guard literal.length > 0 else { return ScalarSet() }
            return literal.jumps.filter { $0.to == literal.length }.reduce(literal.positions[literal.length - 1]) { $0.union($1.set) }
        case .sequence(let items):
            var result = ScalarSet()
            for item in items.reversed() {
                result = result.union(item.lastSet)
                if !item.canBeEmpty { break }
            }
            return result
        case .alternation(let items): return items.reduce(ScalarSet()) { $0.union($1.lastSet) }
        case .repetition(let loop): return loop.max == 0 ? ScalarSet() : loop.body.lastSet
        case .capture(_, let body), .atomic(let body, _): return body.lastSet
        }
    }

    /// A superset of the code points a match can start with.
    package var firstSet: ScalarSet {
        switch self {
        case .empty, .assertion: return ScalarSet()
        case .set(let set): return set
        case .lineUnit(let set): return set.union(ScalarSet(0x0D))
        case .foldedLiteral(let literal):
            return literal.jumps.filter { $0.from == 0 }.reduce(literal.positions[0]) { $0.union($1.set) }
        case .sequence(let items):
            var result = ScalarSet()
            for item in items {
                result = result.union(item.firstSet)
                if !item.canBeEmpty { break }
            }
            return result
        case .alternation(let items): return items.reduce(ScalarSet()) { $0.union($1.firstSet) }
        case .repetition(let loop): return loop.max == 0 ? ScalarSet() : loop.body.firstSet
        case .capture(_, let body), .atomic(let body, _): return body.firstSet
        }
    }
}

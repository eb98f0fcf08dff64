// Lowering: RegexAST → RegexIR, with ICU's semantics.
//
// Every node carries the options (i m s x d w) in effect where it was written, so each
// node lowers on its own; only literal runs need their neighbours (see `pieces(of:)`).

/// A construct the automaton cannot express exactly, and where it starts (Unicode scalars
/// into the pattern).
package struct LoweringFailure: Error, Equatable {
    package var construct: String
    package var offset: Int
}

/// The state of one lowering: the pattern text (for probing classes as written) and the
/// table of atomic sites.
package struct Lowering {
    /// Lowered programs may have at most this many states (estimated while lowering).
    package static let stateLimit = 200_000

    /// Distinct Unicode properties one pattern may name: each costs an ICU probe over every
    /// code point (`ICUSets.members`, ~30 ms the first time in a process), so a pattern
    /// naming hundreds would take seconds to compile; past the budget it falls back. The
    /// count ignores the process's cache, so whether a rule compiles never depends on what
    /// was compiled before it.
    package static let probeBudget = 16

    package let pattern: [Unicode.Scalar]
    package let sets = ICUSets.shared
    package let folding = CaseFolding.shared
    /// The properties named so far (a class: the set lookups are non-mutating).
    package let probes = ProbeCounter(budget: Lowering.probeBudget)
    /// Construct name and offset of every `RegexIR.atomic` site.
    package private(set) var atomicSites: [(construct: String, offset: Int)] = []

    package init(pattern: String) {
        self.pattern = Array(pattern.unicodeScalars)
    }

    /// The pattern text of `span`.
    package func text(_ span: RegexSpan) -> String {
        String(String.UnicodeScalarView(pattern[span.offset..<min(span.end, pattern.count)]))
    }

    package mutating func lower(_ node: RegexNode) throws(LoweringFailure) -> RegexIR {
        switch node.kind {
        case .empty, .flagChange: return .empty
        case .scalar, .characterClass, .property: return try lowerItems([node])
        case .concatenation(let items): return try lowerItems(items)
        case .alternation(let alternatives):
            var lowered: [RegexIR] = []
            for alternative in alternatives { lowered.append(try lower(alternative)) }
            return .alternation(lowered)
        case .dot: return dot(node.options)
        case .shorthand(let shorthand): return .set(try shorthandSet(shorthand, at: node.span))
        case .lineBreak: return .lineUnit(Self.lineTerminators)
        case .anchor(let anchor): return try assertion(anchor, node)
        case .group(let group): return try lowerGroup(group, node)
        case .quantified(let quantifier): return try lowerQuantified(quantifier, node)
        case .graphemeCluster:
            // One code point, then more while no grapheme boundary comes, up to the next one:
            // exactly one way through, as ICU's "up to the following boundary".
            let more = RegexIR.sequence([.assertion(.simple(.notGraphemeBoundary)), .set(Self.anyScalar)])
            return .sequence([
                .set(Self.anyScalar), .repetition(Repetition(min: 0, max: nil, greedy: true, body: more)),
                .assertion(.simple(.graphemeBoundary)),
            ])
        case .backreference: throw LoweringFailure(construct: "backreference", offset: node.span.offset)
        }
    }

    /// A concatenation: literal runs as ICU forms them, everything else node by node.
    package mutating func lowerItems(_ items: [RegexNode]) throws(LoweringFailure) -> RegexIR {
        var lowered: [RegexIR] = []
        for piece in try pieces(of: items) {
            switch piece {
            case .run(let scalars, let caseInsensitive, let span):
                lowered.append(contentsOf: try literalRun(scalars, caseInsensitive: caseInsensitive, at: span))
            case .set(let set): lowered.append(.set(set))
            case .node(let node): lowered.append(try lower(node))
            }
        }
        lowered.removeAll { $0 == .empty }
        lowered = Self.narrowingSets(lowered)
        return lowered.count == 1 ? lowered[0] : lowered.isEmpty ? .empty : .sequence(lowered)
    }

    /// A one-code-point test beside a set in a concatenation tests the code point the set
    /// reads: `(?![.,])[\u0000-\U0010FFFF]` is the set without `.` and `,`, and
    /// `[a-z](?<=[^x])` the set without `x` (linkify-it's host characters: as a test and
    /// "anything", no literal search could tell what follows a `.` in a host).
    static func narrowingSets(_ items: [RegexIR]) -> [RegexIR] {
        // A lookahead narrows the set after it (read right to left), a lookbehind the one before.
        merging(merging(items.reversed(), behind: false).reversed(), behind: true)
    }

    /// `items` with each one-code-point test looking `behind` (or ahead) folded into the set
    /// just before it in `items`' order.
    private static func merging(_ items: some Sequence<RegexIR>, behind: Bool) -> [RegexIR] {
        var result: [RegexIR] = []
        for item in items {
            if case .assertion(.codePoint(behind, let negated, let tested)) = item, case .set(let set)? = result.last {
                result[result.count - 1] = .set(negated ? set.subtracting(tested) : set.intersection(tested))
                continue
            }
            result.append(item)
        }
        return result
    }

    private mutating func lowerGroup(_ group: RegexGroup, _ node: RegexNode) throws(LoweringFailure) -> RegexIR {
        switch group.kind {
        case .capturing(let index, _): return .capture(index: index, try lower(group.child))
        case .nonCapturing, .scopedFlags: return try lower(group.child)
        case .atomic:
            let body = try lower(group.child)
            return .atomic(body, site: addSite("atomic group", node.span.offset))
        case .lookahead(let negative): return try lookaround(group.child, behind: false, negated: negative, node)
        case .lookbehind(let negative): return try lookaround(group.child, behind: true, negated: negative, node)
        }
    }

    /// A lookaround: one code point without groups as a `codePoint` assertion, anything
    /// else with its body as a program of its own.
    private mutating func lookaround(
        _ child: RegexNode, behind: Bool, negated: Bool, _ node: RegexNode
    ) throws(LoweringFailure) -> RegexIR {
        let body = try lower(child)
        // A zero-width body is tested where the lookaround stands, whichever way it looks.
        if !negated, case .assertion = body { return body }
        // One code point (or edge tests) beside the position: `(?<![…])`, `(?!\z|[…])`.
        if let tests = Self.oneCodePointTests(body, behind: behind, negated: negated) { return tests }
        // The other direction's edge: `(?<!\z)` is "a code point follows", `(?!\A)` "one
        // precedes" (a zero-width body is tested at the position).
        if negated, case .assertion(.simple(let assertion)) = body {
            if assertion == .textEnd { return .assertion(.codePoint(behind: false, negated: false, set: .all)) }
            if assertion == .textStart { return .assertion(.codePoint(behind: true, negated: false, set: .all)) }
        }
        // A lookbehind tries starts as far back as ICU's own bound (see `icuLookbehindLength`).
        let maxLength = behind ? body.icuLookbehindLength : body.maxLength
        if behind, maxLength == nil {
            throw LoweringFailure(construct: "lookbehind of unbounded length", offset: node.span.offset)
        }
        // A positive lookahead that keeps groups needs its body's leftmost-first match, which
        // may read to the end of the text at every position tried: not linear.
        if !behind, !negated, maxLength == nil, body.hasCaptures {
            throw LoweringFailure(construct: "lookahead with a group and no length bound", offset: node.span.offset)
        }
        return .assertion(.lookaround(IRLookaround(behind: behind, negated: negated, body: body, maxLength: maxLength)))
    }

    /// A lookaround whose body is an alternation of one-code-point items (a set, or sets,
    /// narrowed by one-code-point lookaheads in front) and of edge tests (a lookbehind's
    /// start of text or line, a lookahead's end of text), as the tests a DFA decides from
    /// its look-behind context or the next code point: `(?<=^|[\s(])` holds at the start
    /// of a line or after one code point of the union, `(?<!^|[\s(])` after one outside
    /// it (never at the start); `(?!\z|[\s.])` before one outside it. ICU tries such a
    /// body from the position (the edge tests) and one code point away (the others); the
    /// tests in it see the whole text. `nil` for any other body.
    static func oneCodePointTests(_ body: RegexIR, behind: Bool, negated: Bool) -> RegexIR? {
        let edges: [RegexAssertion] = behind ? [.textStart, .lineStart, .lineStartAfterLineFeed] : [.textEnd]
        let items: [RegexIR]
        if case .alternation(let alternatives) = body { items = alternatives } else { items = [body] }
        var union = ScalarSet()
        var found: [RegexAssertion] = []
        for item in items {
            if case .assertion(.simple(let assertion)) = item {
                guard edges.contains(assertion) else { return nil }
                if !found.contains(assertion) { found.append(assertion) }
                continue
            }
            let parts: [RegexIR]
            if case .sequence(let sequence) = item { parts = sequence } else { parts = [item] }
            guard let last = parts.last, var set = Self.oneCodePoint(last) else { return nil }
            for part in parts.dropLast() {
                guard case .assertion(.codePoint(behind: false, let negative, let tested)) = part else { return nil }
                set = negative ? set.subtracting(tested) : set.intersection(tested)
            }
            union = union.union(set)
        }
        let edge: RegexAssertion = behind ? .textStart : .textEnd
        if negated {
            // Neither at the edge nor beside a code point of the union: beside one outside it.
            // Start-of-line tests have no such complement.
            guard found.allSatisfy({ $0 == edge }) else { return nil }
            return .assertion(.codePoint(behind: behind, negated: found.isEmpty, set: found.isEmpty ? union : union.inverted()))
        }
        let beside = RegexIR.assertion(.codePoint(behind: behind, negated: false, set: union))
        return found.isEmpty ? beside : .alternation(found.map { .assertion(.simple($0)) } + [beside])
    }

    /// The set of an item that consumes exactly one code point of it: a set, or an
    /// alternation of such items.
    private static func oneCodePoint(_ item: RegexIR) -> ScalarSet? {
        switch item {
        case .set(let set): return set
        case .alternation(let items):
            var union = ScalarSet()
            for item in items {
                guard let set = oneCodePoint(item) else { return nil }
                union = union.union(set)
            }
            return union
        default: return nil
        }
    }

    private mutating func lowerQuantified(_ quantifier: RegexQuantifier, _ node: RegexNode) throws(LoweringFailure) -> RegexIR {
        // Note: `x{0}` (any kind) never runs its body: ICU drops its code (greedy) or skips
        // it (lazy, possessive), so groups inside never participate.
        if quantifier.max == 0 { return .empty }
        let body = try lower(quantifier.child)
        if quantifier.kind == .lazy, quantifier.notation == .star || quantifier.notation == .plus, body.canBeEmpty {
            throw LoweringFailure(construct: "lazy loop whose body can match empty", offset: node.span.offset)
        }
        let loop = RegexIR.repetition(
            Repetition(min: quantifier.min, max: quantifier.max, greedy: quantifier.kind != .lazy, body: body))
        if loop.estimatedStates > Self.stateLimit {
            throw LoweringFailure(construct: "repetition too large for an automaton", offset: node.span.offset)
        }
        guard quantifier.kind == .possessive else { return loop }
        return .atomic(loop, site: addSite("possessive quantifier", node.span.offset))
    }

    private mutating func addSite(_ construct: String, _ offset: Int) -> Int {
        atomicSites.append((construct, offset))
        return atomicSites.count - 1
    }

    // MARK: - Dot and anchors

    /// ICU's line terminators: `\n \v \f \r`, U+0085, U+2028, U+2029.
    package static let lineTerminators = ScalarSet(ranges: [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029])
    /// Every code point a text can contain.
    package static let anyScalar = ScalarSet.all.subtracting(ICUSets.surrogates)

    /// Note: ICU's `.`: without `s`, any code point but a line terminator (only `\n` in `d`
    /// mode); with `s` (whatever `d` says), any code point, except that CR LF is consumed
    /// as one unit, atomically: `(?s).\n` does not match "\r\n", and `(?s).*` never stops
    /// between CR and LF.
    private func dot(_ options: RegexOptions) -> RegexIR {
        if options.contains(.dotAll) { return .lineUnit(Self.anyScalar) }
        if options.contains(.unixLines) { return .set(Self.anyScalar.subtracting(ScalarSet(0x0A))) }
        return .set(Self.anyScalar.subtracting(Self.lineTerminators))
    }

    /// Note: ICU's anchors (regexcmp.cpp doCaret/doDollar, rematch.cpp):
    /// `^`: start of text; with `m`, also after any line terminator unless at the end of the
    /// text (so between CR and LF too); with `m` and `d`, after `\n`, also at the end.
    /// `$`: end of text, or before a final terminator (CR LF counts as one, the LF of a
    /// final CR LF does not); with `d`, only a final `\n`; with `m`, before any terminator
    /// except the LF of CR LF; with `m` and `d`, before any `\n`.
    /// `\A` is `^` and `\Z` is `$`, both without `m` and ignoring `d`; `\z` is the end.
    private func assertion(_ anchor: RegexAnchor, _ node: RegexNode) throws(LoweringFailure) -> RegexIR {
        let multiline = node.options.contains(.multiline)
        let unix = node.options.contains(.unixLines)
        let simple: RegexAssertion
        switch anchor {
        case .caret: simple = multiline ? (unix ? .lineStartAfterLineFeed : .lineStart) : .textStart
        case .dollar:
            if multiline {
                simple = unix ? .lineEndBeforeLineFeed : .lineEnd
            } else {
                simple = unix ? .textEndOrFinalLineFeed : .textEndOrFinalTerminator
            }
        case .startOfInput: simple = .textStart
        case .endOfInput: simple = .textEnd
        case .endOfInputBeforeFinalTerminator: simple = .textEndOrFinalTerminator
        case .previousMatchEnd: throw LoweringFailure(construct: "\\G", offset: node.span.offset)
        case .wordBoundary, .nonWordBoundary:
            if node.options.contains(.unicodeWord) {
                return .assertion(.simple(anchor == .nonWordBoundary ? .notUnicodeWordBoundary : .unicodeWordBoundary))
            }
            let (word, ignorable) = try boundarySets(at: node.span)
            return .assertion(.wordBoundary(negated: anchor == .nonWordBoundary, word: word, ignorable: ignorable))
        }
        return .assertion(.simple(simple))
    }
}

extension RegexIR {
    /// An upper bound on the number of program states the node compiles to (saturating).
    package var estimatedStates: Int {
        func add(_ a: Int, _ b: Int) -> Int { a.addingReportingOverflow(b).overflow ? .max : a + b }
        func multiply(_ a: Int, _ b: Int) -> Int { a.multipliedReportingOverflow(by: b).overflow ? .max : a * b }
        switch self {
        case .empty: return 0
        case .assertion(.lookaround(let look)): return add(look.body.estimatedStates, 1)
        case .set, .assertion: return 1
        case .lineUnit: return 5
        case .foldedLiteral(let literal): return 2 * (literal.length + literal.jumps.count)
        case .sequence(let items): return items.reduce(0) { add($0, $1.estimatedStates) }
        case .alternation(let items): return items.reduce(items.count) { add($0, $1.estimatedStates) }
        case .capture(_, let body), .atomic(let body, _): return add(body.estimatedStates, 2)
        case .repetition(let loop):
            let body = add(loop.body.estimatedStates, 1)
            guard let max = loop.max else { return multiply(multiply(loop.body.canBeEmpty ? 2 : 1, body), add(loop.min, 1)) }
            return multiply(body, max)
        }
    }
}

/// The distinct properties one lowering names, up to a budget.
package final class ProbeCounter {
    package let budget: Int
    private var named: Set<String> = []
    package init(budget: Int) { self.budget = budget }

    /// Records `property`; `false` when it is new and the budget is spent.
    package func admit(_ property: String) -> Bool {
        if named.contains(property) { return true }
        guard named.count < budget else { return false }
        named.insert(property)
        return true
    }
}

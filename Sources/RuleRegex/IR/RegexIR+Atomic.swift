// Atomic groups and possessive quantifiers: kept only where they change nothing.
//
// Note: an atomic group commits to the first way its body matches; a possessive quantifier
// `x*+` is `(?>x*)`. Neither exists in a Thompson NFA, but many uses are provably equal to
// the plain group:
// - a deterministic body (at most one way to match at a position: literals, sets, CR LF
//   units, case-insensitive strings, fixed counts, groups of those) has nothing to commit;
// - a greedy loop over one set S, possibly after a deterministic prefix, differs from its
//   atomic form only if, after the loop gave back some iterations, the rest of the pattern
//   could succeed where it failed after the longest run. At such a position the next code
//   point is in S, so the two are equal when the rest of the pattern either always
//   succeeds right away (it can match empty without any assertion), or can neither start
//   with a code point of S nor match empty before one (`a++$` is fine: `$` fails before
//   an `a`).
// - any body, when the rest of the pattern matches empty at any position without an
//   assertion (`(/(?:P)*+)?(\?…)?` at the end of twitter-text's URL): the first way the body
//   matches is followed by a match of the rest, so the plain group takes it too;
// - a body whose matches from a position all end at the same place (`hasOneEnd`);
// Everything else falls back. The check runs on the IR with the continuation of every
// atomic site: a superset of the code points that may come first, and of the code points
// before which the rest may match empty.

/// An atomic site the resolution could not prove equivalent to its plain form.
package struct AtomicFailure: Error {
    package var site: Int
}

/// What may follow a point of the pattern.
package struct Continuation {
    /// A superset of the code points the rest of the pattern can start with.
    package var first: ScalarSet
    /// A superset of the code points before which the rest may match without consuming.
    package var emptyBefore: ScalarSet
    /// Whether the rest certainly can match empty at any position (no assertion on that
    /// path).
    package var canBeEmptyAnywhere: Bool

    /// The end of the pattern.
    package static let end = Continuation(first: ScalarSet(), emptyBefore: .all, canBeEmptyAnywhere: true)
}

extension RegexIR {
    /// The IR with every atomic site replaced by its body, or the first site that cannot be.
    /// `guards`: possessive loops may become lookaheads (`possessiveLoopWithGuard`); not in
    /// a lookbehind's body, where ICU's loop stops at the lookbehind's position while a
    /// lookahead would read past it.
    package func resolvingAtomicGroups(followedBy continuation: Continuation = .end, guards: Bool = true) throws(AtomicFailure) -> RegexIR {
        switch self {
        case .assertion(.lookaround(var look)):
            // A lookahead's body only has to match: its rest is the end. A lookbehind's must
            // end where the lookbehind stands, where ICU's region ends: nothing follows.
            let rest = look.behind ? Continuation(first: ScalarSet(), emptyBefore: ScalarSet(), canBeEmptyAnywhere: false) : .end
            look.body = try look.body.resolvingAtomicGroups(followedBy: rest, guards: !look.behind)
            return .assertion(.lookaround(look))
        case .empty, .set, .lineUnit, .foldedLiteral, .assertion:
            return self
        case .sequence(let items):
            var resolved: [RegexIR] = []
            var rest = continuation
            for item in items.reversed() {
                let lowered = try item.resolvingAtomicGroups(followedBy: rest, guards: guards)
                resolved.append(lowered)
                rest = lowered.followed(by: rest)
            }
            return .sequence(resolved.reversed())
        case .alternation(let items):
            var resolved: [RegexIR] = []
            for item in items { resolved.append(try item.resolvingAtomicGroups(followedBy: continuation, guards: guards)) }
            return .alternation(resolved)
        case .capture(let index, let body):
            return .capture(index: index, try body.resolvingAtomicGroups(followedBy: continuation, guards: guards))
        case .repetition(var loop):
            // After an iteration: another one, or what follows the loop. The loop can only
            // be left after an iteration when at least its minimum is behind it.
            let afterBody = Continuation(
                first: loop.body.firstSet.union(continuation.first),
                emptyBefore: continuation.emptyBefore.union(loop.body.emptyBefore(continuation)),
                canBeEmptyAnywhere: loop.min <= 1 && continuation.canBeEmptyAnywhere)
            loop.body = try loop.body.resolvingAtomicGroups(followedBy: afterBody, guards: guards)
            return .repetition(loop)
        case .atomic(let body, let site):
            let resolved = try body.resolvingAtomicGroups(followedBy: continuation, guards: guards)
            // When the rest matches right away whatever the body matched, the first way the
            // body matches is the one taken, with or without the commitment.
            if (continuation.canBeEmptyAnywhere && !resolved.loopsOverEmpty) || resolved.isDeterministic || resolved.hasOneEnd
                || resolved.possessiveLoopIsSafe(before: continuation)
            {
                return resolved
            }
            if guards, let guarded = resolved.possessiveLoopWithGuard { return guarded }
            throw AtomicFailure(site: site)
        }
    }

    /// What may follow `self` when `continuation` follows it.
    package func followed(by continuation: Continuation) -> Continuation {
        Continuation(
            first: canBeEmpty ? firstSet.union(continuation.first) : firstSet,
            emptyBefore: emptyBefore(continuation),
            canBeEmptyAnywhere: canBeEmptyAnywhere && continuation.canBeEmptyAnywhere)
    }

    /// A superset of the code points before which `self` followed by `continuation` may
    /// match without consuming.
    package func emptyBefore(_ continuation: Continuation) -> ScalarSet {
        switch self {
        case .empty: return continuation.emptyBefore
        case .set, .lineUnit, .foldedLiteral: return ScalarSet()
        case .assertion(let assertion): return assertion.possibleBefore.intersection(continuation.emptyBefore)
        case .sequence(let items):
            var result = continuation.emptyBefore
            for item in items.reversed() {
                result = item.emptyBefore(Continuation(first: ScalarSet(), emptyBefore: result, canBeEmptyAnywhere: false))
            }
            return result
        case .alternation(let items): return items.reduce(ScalarSet()) { $0.union($1.emptyBefore(continuation)) }
        case .repetition(let loop):
            let iterations = loop.body.emptyBefore(continuation)
            return loop.min == 0 ? iterations.union(continuation.emptyBefore) : iterations
        case .capture(_, let body), .atomic(let body, _): return body.emptyBefore(continuation)
        }
    }

    /// At most one way to match at any position: literals, sets, CR LF units, fixed counts
    /// of such bodies; alternatives that cannot match empty and start with disjoint code
    /// points; a loop over one set S followed by an item that cannot match empty and
    /// never starts with a code point of S (`a*b`: where the loop may stop is forced); and
    /// the guard forms of possessive loops (`possessiveLoopWithGuard`), which take the one
    /// chain of iterations of a deterministic body exactly as far as it goes.
    package var isDeterministic: Bool {
        switch self {
        case .empty, .set, .lineUnit, .foldedLiteral, .assertion: return true
        case .sequence(let items):
            for (index, item) in items.enumerated() where !item.isDeterministic {
                // `B{n,}` then `(?!B)`: the loop must take every iteration there is.
                if case .repetition(let loop) = item, loop.greedy, index + 1 < items.count, loop.body.isDeterministic,
                    !loop.body.canBeEmpty, items[index + 1] == Self.notAnother(loop.body)
                {
                    continue
                }
                guard case .repetition(let loop) = item.withoutCaptures, case .set(let set) = loop.body, index + 1 < items.count,
                    !items[index + 1].canBeEmpty, items[index + 1].firstSet.isDisjoint(with: set)
                else { return false }
            }
            return true
        case .alternation(let items):
            // `B{m}|B{n,m-1}(?!B)`: the first when the chain of iterations reaches m, else
            // the second with the whole chain.
            if items.count == 2, case .repetition(let most) = items[0], most.min == most.max, let max = most.max, most.greedy,
                most.body.isDeterministic, !most.body.canBeEmpty,
                case .sequence(let fewer) = items[1], fewer.count == 2, case .repetition(let loop) = fewer[0],
                loop.body == most.body, loop.max == max - 1, loop.greedy, fewer[1] == Self.notAnother(most.body)
            {
                return true
            }
            guard items.count > 1 else { return items.allSatisfy(\.isDeterministic) }
            var seen = ScalarSet()
            for item in items {
                guard item.isDeterministic, !item.canBeEmpty, item.firstSet.isDisjoint(with: seen) else { return false }
                seen = seen.union(item.firstSet)
            }
            return true
        case .repetition(let loop): return loop.min == loop.max && loop.body.isDeterministic
        case .capture(_, let body), .atomic(let body, _): return body.isDeterministic
        }
    }

    /// Every match from a position ends at the same place: a sequence ending with one code
    /// point of a set S that nothing before it can read (twitter-text's subdomain
    /// `(?>(?:[a-z…][a-z…\-_]*)?[a-z…]\.)`: it ends after the first `.`). Paths that reach
    /// the same end leave the same rest to match, so committing to the first one changes
    /// nothing.
    private var hasOneEnd: Bool {
        guard case .sequence(let items) = withoutCaptures, let last = items.last, case .set(let set) = last.withoutCaptures
        else { return false }
        return items.dropLast().allSatisfy { $0.consumable.isDisjoint(with: set) }
    }

    /// Whether a loop inside may repeat a body that can match empty. ICU's possessive and
    /// atomic forms of those do not stop (`(?:a|)*+`, `(?:b*)++` run until ICU gives up),
    /// so they stay on NSRegularExpression, which is what a rule written so gets.
    private var loopsOverEmpty: Bool {
        switch self {
        case .empty, .assertion, .set, .lineUnit, .foldedLiteral: return false
        case .sequence(let items), .alternation(let items): return items.contains(where: \.loopsOverEmpty)
        case .repetition(let loop): return (loop.max ?? 2) > 1 && loop.body.canBeEmpty || loop.body.loopsOverEmpty
        case .capture(_, let body), .atomic(let body, _): return body.loopsOverEmpty
        }
    }

    /// A superset of the code points the node can read.
    private var consumable: ScalarSet {
        switch self {
        case .empty, .assertion: return ScalarSet()
        case .set(let set): return set
        case .lineUnit(let set): return set.union(ScalarSet(0x0A...0x0D))
        case .foldedLiteral(let literal):
            return literal.jumps.reduce(literal.positions.reduce(ScalarSet()) { $0.union($1) }) { $0.union($1.set) }
        case .sequence(let items), .alternation(let items): return items.reduce(ScalarSet()) { $0.union($1.consumable) }
        case .repetition(let loop): return loop.max == 0 ? ScalarSet() : loop.body.consumable
        case .capture(_, let body), .atomic(let body, _): return body.consumable
        }
    }

    /// A deterministic prefix and a greedy loop over one set, where the loop cannot be
    /// made to give back code points by `continuation` (see the note above).
    private func possessiveLoopIsSafe(before continuation: Continuation) -> Bool {
        var items: [RegexIR]
        if case .sequence(let sequence) = self { items = sequence } else { items = [self] }
        guard let last = items.popLast(), items.allSatisfy(\.isDeterministic),
            case .repetition(let loop) = last.withoutCaptures, loop.greedy,
            case .set(let set) = loop.body.withoutCaptures
        else { return false }
        return continuation.canBeEmptyAnywhere
            || (continuation.first.isDisjoint(with: set) && continuation.emptyBefore.isDisjoint(with: set))
    }

    /// A greedy loop over a deterministic body B that cannot match empty, in its possessive
    /// form: B matches at most one way at a position, so the iterations the loop can make
    /// from a position are one chain; the possessive form takes the longest and never gives
    /// one back, which is "the most iterations, and then B does not match" (unless the
    /// maximum is reached): `B{n,m}+` is `B{m}|B{n,m-1}(?!B)`, `B{n,}+` is `B{n,}(?!B)`.
    package var possessiveLoopWithGuard: RegexIR? {
        guard case .repetition(let loop) = self, loop.greedy, loop.max != 0, loop.body.isDeterministic, !loop.body.canBeEmpty
        else { return nil }
        let notAnother = Self.notAnother(loop.body)
        guard let max = loop.max else { return .sequence([self, notAnother]) }
        if max == loop.min { return self }
        let most = RegexIR.repetition(Repetition(min: max, max: max, greedy: true, body: loop.body))
        let fewer = RegexIR.repetition(Repetition(min: loop.min, max: max - 1, greedy: true, body: loop.body))
        return .alternation([most, .sequence([fewer, notAnother])])
    }

    /// `(?!B)` for a loop body B (its groups left out): what ends a possessive loop.
    static func notAnother(_ body: RegexIR) -> RegexIR {
        let plain = body.withoutAnyCaptures
        if case .set(let set) = plain { return .assertion(.codePoint(behind: false, negated: true, set: set)) }
        return .assertion(.lookaround(IRLookaround(behind: false, negated: true, body: plain, maxLength: plain.maxLength)))
    }

    /// The node with every capturing group replaced by its body.
    private var withoutAnyCaptures: RegexIR {
        switch self {
        case .capture(_, let body): return body.withoutAnyCaptures
        case .sequence(let items): return .sequence(items.map(\.withoutAnyCaptures))
        case .alternation(let items): return .alternation(items.map(\.withoutAnyCaptures))
        case .repetition(var loop):
            loop.body = loop.body.withoutAnyCaptures
            return .repetition(loop)
        case .atomic(let body, let site): return .atomic(body.withoutAnyCaptures, site: site)
        default: return self
        }
    }

    /// The node inside any capturing groups.
    private var withoutCaptures: RegexIR {
        if case .capture(_, let body) = self { return body.withoutCaptures }
        return self
    }
}

extension IRAssertion {
    /// A superset of the code points before which the assertion can hold.
    package var possibleBefore: ScalarSet {
        switch self {
        case .wordBoundary, .lookaround: return .all
        case .codePoint(let behind, let negated, let set): return behind || negated ? .all : set
        case .simple(let assertion):
            switch assertion {
            case .textEnd: return ScalarSet()
            case .textEndOrFinalTerminator, .lineEnd: return Lowering.lineTerminators
            case .textEndOrFinalLineFeed, .lineEndBeforeLineFeed: return ScalarSet(0x0A)
            case .notBeforeLineFeed: return ScalarSet.all.subtracting(ScalarSet(0x0A))
            case .textStart, .lineStart, .lineStartAfterLineFeed, .wordBoundary, .notWordBoundary, .previousIn, .previousNotIn,
                .nextIn, .nextNotIn, .lookaround, .graphemeBoundary, .notGraphemeBoundary, .unicodeWordBoundary,
                .notUnicodeWordBoundary:
                return .all
            }
        }
    }
}

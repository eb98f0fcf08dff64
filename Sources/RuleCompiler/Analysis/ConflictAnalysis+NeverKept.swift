import RuleAutomata
@_spi(Generated) import RuleRuntime
import RuleSpec

/// Rules that can never be kept (`shadowed`, `never-kept`): every match of the rule is
/// discarded by a match of a higher-priority rule that nothing can discard.
///
/// Note: the proofs, tried in this order for each rule `b`, against the rules `a` that can
/// discard it (strongest first: higher priority, then declaration order):
/// 1. `never-kept`, a copy: `a` has the same matcher (pattern and flags, or prefix), so
///    its enumeration is `b`'s, match for match.
/// 2. `shadowed`: `a` is a regex rule whose anchored run matches wherever `b`'s match
///    starts (`OverlapSearch.firstCoversSecond`).
/// 3. `never-kept`: `a` is a regex rule whose anchored run matches on some code point of
///    every match of `b` (`OverlapSearch.firstCoversSomeCodePointOfSecond`): `\w+` over
///    `@\w+`.
/// In each case a match of `a`'s enumeration overlaps every match of `b`; `a` has a higher
/// priority and is always kept (no rule of its priority or higher can conflict with it),
/// and neither is a container in which the other could nest (a tag's or element's
/// container may be `shadowed`: its first code point is markup). So `b` loses every time.
/// A rule gets one diagnostic, of the first proof that holds.
///
/// Templates (`RuleEngine.render(template:)`) are texts too, with two more conditions:
/// if `b` says `in arguments`, `a` must too (else `b`'s matches inside an argument would
/// face no match of `a`); and for proofs 2 and 3 no match of `a` may hold U+FFFC, the
/// character that stands for the arguments in the masked text (else `a`'s match could
/// touch an argument and be dropped while `b`'s is not).
extension ConflictAnalysis {
    /// Why rule `b` is never kept: the rule `by` whose matches take its, and how it is known.
    struct NeverKept: Equatable {
        enum Proof: Equatable {
            /// The same matcher: every match of `b` is one of `by`'s.
            case copy
            /// `by`'s match always holds the first code point of `b`'s (`shadowed`).
            case start
            /// `by`'s match always holds some code point of `b`'s.
            case codePoint
        }
        var by: Int
        var proof: Proof
    }

    /// The rules never kept (by index), and the rules for which a search ran over its
    /// budget with nothing proved (`undecided[b] = a`).
    func neverKept(
        _ matchable: [RuleLanguage.Automaton?], _ overlapOf: (Int, Int) -> Overlap?
    ) -> (found: [Int: NeverKept], undecided: [Int: Int]) {
        let rules = table.rules
        let alwaysKept = rules.indices.map { a in
            matchable[a] != nil
                && rules.indices.allSatisfy { c in
                    c == a || rules[c].priority < rules[a].priority
                        || (languages[c].isAutomaton && (matchable[c] == nil || overlapOf(a, c) == nil))
                }
        }
        // The rules that can discard others by search: their own DFA, never holding U+FFFC.
        let searchable = rules.indices.map { a in
            alwaysKept[a] && matchable[a]!.exact && !Self.holdsObjectReplacement(matchable[a]!.dfa)
        }
        var found: [Int: NeverKept] = [:]
        var undecided: [Int: Int] = [:]
        for b in rules.indices {
            guard let second = matchable[b] else { continue }
            // The strongest candidates first: higher priority, then declaration order.
            let candidates = rules.indices.filter { a in
                a != b && alwaysKept[a] && rules[a].priority > rules[b].priority && overlapOf(a, b) != nil && !rules[a].nest
                    && (rules[a].inArguments || !rules[b].inArguments)
            }.sorted { (-rules[$0].priority, $0) < (-rules[$1].priority, $1) }
            if !rules[b].nest, let a = candidates.first(where: { Self.sameMatcher(rules[$0].matcher, rules[b].matcher) }) {
                found[b] = NeverKept(by: a, proof: .copy)
                continue
            }
            let searches = candidates.filter { searchable[$0] }
            if !rules[b].nest || isMarkupContainer(b),
                let a = searches.first(where: { OverlapSearch(matchable[$0]!, second).firstCoversSecond() == true })
            {
                found[b] = NeverKept(by: a, proof: .start)
                continue
            }
            guard !rules[b].nest else { continue }
            for a in searches {
                guard let covers = OverlapSearch(matchable[a]!, second, budget: neverKeptBudget).firstCoversSomeCodePointOfSecond()
                else {
                    undecided[b] = undecided[b] ?? a
                    continue
                }
                if covers {
                    found[b] = NeverKept(by: a, proof: .codePoint)
                    undecided[b] = nil
                    break
                }
            }
        }
        return (found, undecided)
    }

    /// Two matchers whose enumerations are the same on every text: equal patterns and
    /// flags (a detector's pattern is its expansion), or equal word prefixes.
    static func sameMatcher(_ a: MatcherSpec, _ b: MatcherSpec) -> Bool {
        switch (a, b) {
        case (.regex(let p, let f, _), .regex(let q, let g, _)): return p == q && f == g
        case (.prefix(let p), .prefix(let q)): return p == q
        default: return false
        }
    }

    /// Whether some match of the DFA can hold U+FFFC: a state of its anchored runs consumes it.
    static func holdsObjectReplacement(_ dfa: DFATable) -> Bool {
        let c = dfa.inputClass(0xFFFC)
        let classes = Set([c, Int(dfa.finalClasses[c])])
        var reached = Set(dfa.anchoredStarts.map(Int.init))
        var stack = Array(reached)
        while let state = stack.popLast() {
            for k in 0..<dfa.classCount {
                let next = Int(dfa.transitions[state * dfa.classCount + k] >> 2)
                if next == 0 { continue }
                if classes.contains(k) { return true }
                if reached.insert(next).inserted { stack.append(next) }
            }
        }
        return false
    }

    /// The diagnostic of a rule never kept: `shadowed` or `never-kept`, with an example
    /// text on which the real matchers and resolver discard its match for the other's.
    func neverKeptDiagnostic(_ b: Int, _ reason: NeverKept, _ overlap: Overlap?) -> Diagnostic {
        let loser = table.rules[b], winner = table.rules[reason.by]
        var message = "rule '\(loser.name)' can never be kept: "
        switch reason.proof {
        case .copy:
            message += "it matches exactly what '\(winner.name)' matches (\(Self.sameness(loser.matcher))), "
            message += "which has a higher priority and is always kept"
        case .start:
            message += "each of its matches overlaps a match of '\(winner.name)', which has a higher priority and is always kept"
        case .codePoint:
            message += "'\(winner.name)' matches on a character of each of its matches, and has a higher priority and is always kept"
        }
        let witness = overlap?.witness ?? example(b, discardedBy: reason.by)
        if let witness { message += " (as on \(Quoting.displayed(witness)))" }
        let kind = reason.proof == .start ? DiagnosticKind.shadowed : DiagnosticKind.neverKept
        var d = kind(message, at: declarations[loser.name], notes: [.init("'\(winner.name)' declared here", at: declarations[winner.name])])
        d.rules = [loser.name, winner.name]
        d.witness = witness
        d.winner = winner.name
        return d
    }

    /// The note of a rule whose searches ran over their budget.
    func undecidedNote(_ b: Int, _ a: Int) -> Diagnostic {
        let rule = table.rules[b].name, other = table.rules[a].name
        return DiagnosticKind.notAnalyzable(
            "whether rule '\(rule)' is ever kept is not decided: the search for a match of it that '\(other)' leaves alone "
                + "ran over its budget",
            at: declarations[rule])
    }

    /// `the same pattern`, `the same detector(link)`, `the same prefix "#"`.
    static func sameness(_ matcher: MatcherSpec) -> String {
        switch matcher {
        case .regex(_, _, let detector?): return "the same detector(\(detector))"
        case .prefix(let prefix): return "the same prefix \(Quoting.displayed(prefix))"
        default: return "the same pattern"
        }
    }

    /// A text on which the resolver discards a match of rule `b` for one of rule `a`: one of
    /// `b`'s own shortest example matches (`nil` when none is confirmed).
    func example(_ b: Int, discardedBy a: Int) -> String? {
        guard case .automaton(var language) = languages[b] else { return nil }
        language.dfa = language.example ?? language.dfa
        guard case .witnesses(let texts) = OverlapSearch(language).run(limit: 12) else { return nil }
        return confirmed(texts, a, b).first { $0.winner == a }?.witness
    }
}

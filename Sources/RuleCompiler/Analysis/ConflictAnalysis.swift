import RuleAutomata
@_spi(Generated) import RuleRuntime
import RuleSpec

/// Finds, before the app runs, the rules that fight over the same text (see
/// `docs/Lint.md`). Kinds, by their `-W` names:
/// - `overlap`: two rules' matches can conflict: share text without one lying inside the
///   other's content (a container's, `nest`); shown with the shortest example text
///   confirmed on the real matchers and what the resolver keeps there. A note when
///   priority settles it, a warning when the rules have the same priority (position and
///   length decide, which moves with the text), except between two tag or element
///   containers (they cross only on mismatched markup, where the tag opened first wins).
/// - `shadowed`, `never-kept`: a rule never kept, because a higher-priority rule that nothing
///   can discard matches wherever its match starts (`shadowed`), on some code point of each
///   of its matches, or is a copy of it (`never-kept`; `ConflictAnalysis+NeverKept`).
/// - `never-matches`: no text holds a match of the rule.
/// - `not-analyzable`: a rule without an automaton (its conflicts are not checked), pairs
///   left unchecked when the time budget ran out, or a rule whose `never-kept` search ran
///   over its budget.
/// - `unneeded-allow`: an `allow overlap` between rules that cannot conflict.
struct ConflictAnalysis {
    /// What the analysis phase produces (`Compiler.compile`): its diagnostics, in the order
    /// found (the compiler sorts all diagnostics at the end).
    struct Result: Equatable, Sendable {
        var diagnostics: [Diagnostic] = []
    }

    /// The analysis phase: the diagnostics of `spec` (its `table`, `automata` and the
    /// compiler's `engine` of them), the pair searches taking at most `timeBudget` in all.
    static func analyze(
        _ spec: CheckedSpec, table: StyleTable, automata: AutomataBuilder.Result, engine: RuleEngine, timeBudget: Duration
    ) -> Result {
        var analysis = ConflictAnalysis(spec: spec, table: table, automata: automata, engine: engine)
        analysis.timeBudget = timeBudget
        return Result(diagnostics: analysis.run())
    }

    let table: StyleTable
    let languages: [RuleLanguage]
    /// The table on its compiled automata: example texts are confirmed with `resolve`.
    let engine: RuleEngine
    /// Where each rule is declared, and its `allow overlap` statements.
    let declarations: [String: SourceRef]
    let patterns: [String: SourceRef]
    let allows: [(rule: String, other: Identifier, file: SourceFile)]

    /// The analysis of `spec`, whose style table is `table`, automata `automata`, and
    /// `engine` the engine of both.
    init(spec: CheckedSpec, table: StyleTable, automata: AutomataBuilder.Result, engine: RuleEngine) {
        self.table = table
        self.engine = engine
        languages = RuleLanguage.all(
            table, automata: automata.automata, issues: automata.issues,
            patterns: spec.rules.map { rule in
                if case .regex(let pattern) = rule.matcher { return pattern.ast }
                return nil
            })
        var declarations: [String: SourceRef] = [:]
        var patterns: [String: SourceRef] = [:]
        var allows: [(rule: String, other: Identifier, file: SourceFile)] = []
        for rule in spec.rules {
            declarations[rule.name] = rule.declaration
            if case .regex(let pattern) = rule.matcher { patterns[rule.name] = pattern.site }
            for other in rule.allows { allows.append((rule.name, other, rule.declaration.file)) }
        }
        self.declarations = declarations
        self.patterns = patterns
        self.allows = allows
    }

    /// Whether rule `index` matches tags or elements.
    func isElementRule(_ index: Int) -> Bool {
        switch table.rules[index].matcher {
        case .element, .tagFamily: return true
        default: return false
        }
    }

    /// Two rules that can overlap: the confirmed example text, and the rule the resolver
    /// keeps there and why (all `nil` when no example was confirmed).
    struct Overlap {
        var witness: String?
        var winner: Int?
        var decider: DiscardReason.Decider?
        /// Not searched: the time budget ran out first.
        var unchecked = false
    }

    /// How long the pair searches may take in all.
    var timeBudget = Duration.seconds(30)
    /// The most states one `never-kept` search explores before it leaves the rule undecided.
    var neverKeptBudget = 100_000

    func run() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var matchable: [RuleLanguage.Automaton?] = []
        for (index, language) in languages.enumerated() {
            let rule = table.rules[index]
            switch language {
            case .notAnalyzable(let reason):
                diagnostics.append(
                    DiagnosticKind.notAnalyzable(
                        "rule '\(rule.name)' is not analyzable (\(reason)): its conflicts with other rules are not checked",
                        at: patterns[rule.name] ?? declarations[rule.name]))
                matchable.append(nil)
            case .automaton(let automaton):
                if automaton.exact, OverlapSearch(automaton).run(limit: 1) == .impossible {
                    diagnostics.append(
                        DiagnosticKind.neverMatches(
                            "rule '\(rule.name)' can never match: no text satisfies its pattern",
                            at: patterns[rule.name] ?? declarations[rule.name]))
                    matchable.append(nil)
                } else {
                    matchable.append(automaton)
                }
            }
        }
        // Every pair that can overlap, with its example.
        var overlaps: [Int: Overlap] = [:]  // key: i * count + j, i < j
        let count = table.rules.count
        // A time budget keeps `rulegen` (and so a build) bounded on huge specs: pairs left
        // unchecked count as overlapping (no claim that they cannot), with one note.
        let deadline = ContinuousClock.now + timeBudget
        var unchecked = 0
        for j in table.rules.indices {
            guard let second = matchable[j] else { continue }
            for i in 0..<j {
                guard let first = matchable[i] else { continue }
                // An HTML spec's elements are the nodes of one tree: they nest or lie apart,
                // and text rules match inside their text.
                if table.html == true, isElementRule(i) || isElementRule(j) { continue }
                if ContinuousClock.now > deadline {
                    overlaps[i * count + j] = Overlap(unchecked: true)
                    unchecked += 1
                    continue
                }
                guard let overlap = overlap(i, j, first, second) else { continue }
                overlaps[i * count + j] = overlap
            }
        }
        func overlapOf(_ a: Int, _ b: Int) -> Overlap? { overlaps[min(a, b) * count + max(a, b)] }
        let (neverKept, undecided) = neverKept(matchable, overlapOf)
        var overlapping = Set<[String]>()
        for key in overlaps.keys.sorted() {
            let i = key / count, j = key % count
            overlapping.insert([table.rules[i].name, table.rules[j].name].sorted())
            if neverKept[i]?.by == j || neverKept[j]?.by == i || overlaps[key]!.unchecked { continue }
            if allowed(i, j) { continue }
            diagnostics.append(diagnostic(i, j, overlaps[key]!))
        }
        for (loser, reason) in neverKept.sorted(by: { $0.key < $1.key }) {
            diagnostics.append(neverKeptDiagnostic(loser, reason, overlapOf(loser, reason.by)))
        }
        for (rule, other) in undecided.sorted(by: { $0.key < $1.key }) { diagnostics.append(undecidedNote(rule, other)) }
        if unchecked > 0 {
            var note = DiagnosticKind.notAnalyzable(
                "the conflict analysis stopped after \(timeBudget): \(unchecked) pairs of rules were not checked"
                    + (timeBudget < Compiler.analysisBudget ? " ('rulegen lint' runs it for up to \(Compiler.analysisBudget))" : ""),
                at: nil)
            note.path = table.rules.first.flatMap { declarations[$0.name]?.file.path }
            diagnostics.append(note)
        }
        for site in allows {
            guard let other = table.rules.firstIndex(where: { $0.name == site.other.name }),
                let own = table.rules.firstIndex(where: { $0.name == site.rule }),
                matchable[other] != nil, matchable[own] != nil,
                !overlapping.contains([site.rule, site.other.name].sorted())
            else { continue }
            let nesting = table.rules[own].nest || table.rules[other].nest ? " other than by nesting" : ""
            diagnostics.append(
                DiagnosticKind.unneededAllow(
                    "'allow overlap \(site.other.name)' is not needed: no text makes '\(site.rule)' and '\(site.other.name)' overlap"
                        + nesting,
                    at: SourceRef(file: site.file, span: site.other.span)))
        }
        return diagnostics
    }

    /// Whether either rule says `allow overlap` of the other.
    private func allowed(_ i: Int, _ j: Int) -> Bool {
        let a = table.rules[i].name, b = table.rules[j].name
        return allows.contains { ($0.rule == a && $0.other.name == b) || ($0.rule == b && $0.other.name == a) }
    }

    /// A tag family or element that is a container: its markup is tags, its content what
    /// lies between them.
    func isMarkupContainer(_ index: Int) -> Bool {
        let rule = table.rules[index]
        switch rule.matcher {
        case .tagFamily, .element: return rule.nest
        default: return false
        }
    }

    /// Whether rules `i` and `j` can conflict (overlap without nesting), with the first
    /// example text the real matchers confirm (`nil` when they cannot). A pair with a
    /// container searches with `ConflictSearch`, any other pair with `OverlapSearch`.
    func overlap(_ i: Int, _ j: Int, _ first: RuleLanguage.Automaton, _ second: RuleLanguage.Automaton) -> Overlap? {
        let nesting = first.phases != nil || second.phases != nil
        // Tags spelled plainly first: their examples are real tags.
        var searches: [() -> OverlapSearch.Outcome] = []
        if nesting {
            // Each plain spelling of one side with each of the other (`nil`: none).
            func spellings(_ a: RuleLanguage.Automaton) -> [Int?] { a.examplePhases.isEmpty ? [nil] : Array(a.examplePhases.indices) }
            for x in spellings(first) {
                for y in spellings(second) {
                    guard x != nil || y != nil || first.example != nil || second.example != nil else { continue }
                    searches.append { ConflictSearch(first, second, examples: (x, y)).run(limit: 200) }
                }
            }
        } else if first.example != nil || second.example != nil {
            var a = first, b = second
            a.dfa = first.example ?? first.dfa
            b.dfa = second.example ?? second.dfa
            searches.append { OverlapSearch(a, b).run(limit: 200) }
        }
        // The confirmed examples of the first search that has some, the most readable kept.
        var confirmed: [Overlap] = []
        for search in searches {
            guard case .witnesses(let texts) = search() else { continue }
            confirmed += self.confirmed(texts, i, j)
            if let best = Self.mostReadable(confirmed) { return best }
        }
        var outcome = nesting ? ConflictSearch(first, second).run(limit: 200) : OverlapSearch(first, second).run(limit: 200)
        // Too large a product with the conflict bits: matches that cannot overlap cannot
        // conflict either, and an overlap witness still counts only if it conflicts.
        if nesting, outcome == .unknown { outcome = OverlapSearch(first, second).run(limit: 200) }
        switch outcome {
        case .impossible:
            return nil
        case .unknown:
            break
        case .witnesses(let texts):
            confirmed += self.confirmed(texts, i, j)
        }
        // The automata's witnesses may all be texts the real matchers read otherwise (a tag
        // the scanner rejects): before giving up, one rule's example matches placed where
        // the other's can hold them (an attribute value, the content, around, inside).
        if confirmed.isEmpty {
            confirmed += self.confirmed(composedWitnesses(i, j, first, second), i, j)
        }
        return Self.mostReadable(confirmed) ?? Overlap()
    }

    /// The overlaps `texts` confirm (`confirm`), at most `limit` of them, in order.
    func confirmed(_ texts: [String], _ i: Int, _ j: Int, limit: Int = 8) -> [Overlap] {
        var found: [Overlap] = []
        for text in texts {
            guard found.count < limit else { break }
            if let overlap = confirm(text, i, j) { found.append(overlap) }
        }
        return found
    }

    /// Of confirmed overlaps, the one whose example reads most like text
    /// (`Readability.score`); the first of equals (the searches list shortest first).
    static func mostReadable(_ overlaps: [Overlap]) -> Overlap? {
        var best: (overlap: Overlap, score: Int)?
        for overlap in overlaps {
            let score = Readability.score(overlap.witness ?? "")
            if best == nil || score > best!.score { best = (overlap, score) }
        }
        return best?.overlap
    }

    /// Candidate example texts for rules `i` and `j` built from each rule's own example
    /// matches (the shortest few texts its automaton matches, most readable first): for a
    /// tag or element rule, the other's match as an attribute value and as content of a
    /// plainly spelled tag; for any two, the matches one after the other and one inside the
    /// other. Few and short (at most a few dozen texts): they are only tried when the
    /// searches confirmed nothing.
    func composedWitnesses(_ i: Int, _ j: Int, _ first: RuleLanguage.Automaton, _ second: RuleLanguage.Automaton) -> [String] {
        func samples(_ automaton: RuleLanguage.Automaton) -> [String] {
            var language = automaton
            language.dfa = automaton.example ?? automaton.dfa
            guard case .witnesses(let texts) = OverlapSearch(language).run(limit: 12) else { return [] }
            return Array(texts.sorted { Readability.score($0) > Readability.score($1) }.prefix(3))
        }
        let ofFirst = samples(first), ofSecond = samples(second)
        var texts: [String] = []
        for (markup, other) in [(i, ofSecond), (j, ofFirst)] {
            for sample in other { texts += Self.markupHolding(sample, table.rules[markup].matcher) }
        }
        for x in ofFirst {
            for y in ofSecond {
                texts += [x + y, y + x, x + " " + y, y + " " + x]
                for (outer, inner) in [(x, y), (y, x)] where outer.count + inner.count <= 40 {
                    for k in 1..<max(outer.count, 1) {
                        let cut = outer.index(outer.startIndex, offsetBy: k)
                        texts.append(String(outer[..<cut]) + inner + String(outer[cut...]))
                    }
                }
            }
        }
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }

    /// Plain spellings of a tag or element rule's match holding `text`: as the value of an
    /// attribute (the rule's first, else `title`) and as the content (none for other rules).
    static func markupHolding(_ text: String, _ matcher: MatcherSpec) -> [String] {
        let name: String, attribute: String, isVoid: Bool
        switch matcher {
        case .tagFamily(let family): (name, attribute, isVoid) = (family + "1", "title", false)
        case .element("*", _, _): (name, attribute, isVoid) = ("span", "title", false)
        case .element(let element, let attributes, let void): (name, attribute, isVoid) = (element, attributes.first ?? "title", void)
        default: return []
        }
        guard !text.contains("\"") else { return [] }
        let close = isVoid ? "" : "</\(name)>"
        var texts = ["<\(name) \(attribute)=\"\(text)\">" + close]
        if !isVoid { texts.append("<\(name)>\(text)</\(name)>") }
        return texts
    }

    /// Runs both rules on `text` (the engine's resolution, with only these two rules): when
    /// a match of one discards a match of the other (they conflict), what the resolver
    /// keeps.
    func confirm(_ text: String, _ i: Int, _ j: Int) -> Overlap? {
        let resolved = engine.resolve(text, rules: [i, j])
        let candidates = resolved.candidates
        for d in resolved.resolution.discarded where candidates[d.index].ruleIndex != candidates[d.by].ruleIndex {
            return Overlap(witness: text, winner: candidates[d.by].ruleIndex, decider: d.decider)
        }
        return nil
    }

    private func diagnostic(_ i: Int, _ j: Int, _ overlap: Overlap) -> Diagnostic {
        let a = table.rules[i], b = table.rules[j]
        let samePriority = a.priority == b.priority
        // Two markup containers cross only where tags are mismatched (or sit in each
        // other's attribute values); then the tag opened first wins.
        let markup = isMarkupContainer(i) && isMarkupContainer(j)
        var message = "'\(b.name)' overlaps '\(a.name)'"
        if let witness = overlap.witness, let winner = overlap.winner, let decider = overlap.decider {
            let kept = table.rules[winner], lost = winner == i ? b : a
            message += " on \(Quoting.displayed(witness))"
            switch (a.nest, b.nest) {
            case (true, true): message += ", and neither is inside the other's content"
            case (true, false): message += ", and '\(b.name)' is not inside the content of '\(a.name)'"
            case (false, true): message += ", and '\(a.name)' is not inside the content of '\(b.name)'"
            case (false, false): break
            }
            message += "; '\(kept.name)' wins (\(Self.phrase(decider)))"
            switch lost.matcher {
            case .tagFamily, .element: message += "; the tag is dropped and its markup shown as text"
            default: break
            }
        } else {
            message += " on some texts (no example was confirmed)"
            if !samePriority { message += "; '\(a.priority > b.priority ? a.name : b.name)' wins (higher priority)" }
        }
        if markup, samePriority { message += "; such tags cross only in mismatched markup, where the tag opened first wins" }
        var d = DiagnosticKind.overlap(
            message, at: declarations[b.name], notes: [.init("'\(a.name)' declared here", at: declarations[a.name])])
        // Priority does not settle a same-priority overlap: where and how long the matches
        // are does, which moves with the text. Two markup containers are the exception:
        // position (the tag opened first) decides, and only on mismatched markup.
        if samePriority, !markup { d.severity = .warning }
        d.rules = [b.name, a.name]
        d.witness = overlap.witness
        d.winner = overlap.winner.map { table.rules[$0].name }
        return d
    }

    static func phrase(_ decider: DiscardReason.Decider) -> String {
        switch decider {
        case .priority: return "higher priority"
        case .position: return "earlier start"
        case .length: return "longer match"
        case .declarationOrder: return "declared first"
        }
    }
}

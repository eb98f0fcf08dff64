/// Stage 3 of the engine, and its entry point: runs a style table's rules on a text and
/// presents the result.
///
/// `render` finds the candidates of every rule (`CandidateMatcher`), resolves overlaps
/// (`Resolver`), then builds the kept matches (source and display ranges, merged style,
/// pressed highlight, tap target with its arguments, captures, tag info), the discarded
/// ones with their reasons, the display text and the plain/match segments.
///
/// ```swift
/// let engine = try RuleEngine(table: StyleTable(jsonData: data))
/// let result = engine.render("I agree to the <h1>User Agreement</h1>")
/// result.display            // "I agree to the User Agreement"
/// result.matches[0].tap     // TapTarget(handler: "openAgreement", …)
/// ```
public struct RuleEngine: Sendable {
    public let table: StyleTable
    package let matcher: any CandidateMatcher
    /// How much work each rule on NSRegularExpression may do in one render (`.unlimited`
    /// unless set; engines compiled at run time start with `.standard`). Rules stopped
    /// early are listed in `RenderResult.interrupted`. Rules on automata need no budget.
    public var fallbackBudget = FallbackBudget.unlimited
    /// `matcher` when it is the built-in one: render then leaves compiled rules' groups to
    /// be solved when read.
    let reference: ReferenceMatcher?
    /// What each rule's matches show (per tag name for tag families), precomputed so that
    /// rendering never copies a rule entry.
    let displayKinds: [DisplayKind]
    let priorities: [Int]
    let ruleNames: [String]
    let tagDisplayKinds: [[String: DisplayKind]]
    let tablePresentation: TablePresentation
    /// Per rule, how its matches hold others (`nil` when no rule is a container).
    let containers: [Container]?

    /// What a rule's matches hold: nothing (not a container), or their content, the `show`
    /// group's for regex rules; `leafTags`: tags of a family that show something else
    /// (a hand-made table's `replace` or attachment) and hold nothing.
    struct Container: Sendable {
        var nests: Bool
        var show: Int?
        var leafTags: Set<String> = []

        init(_ rule: RuleEntry) {
            func shows(_ p: Presentation) -> Bool { p.replace != nil || p.image != nil || p.widget != nil }
            nests = rule.nest && !shows(rule.presentation)
            show = rule.presentation.show
            leafTags = Set(rule.tags.filter { shows($0.value) }.keys)
        }

        /// Whether a match (with tag name `tag`, for families) holds other matches.
        func holds(forTag tag: String?) -> Bool {
            guard nests else { return false }
            guard !leafTags.isEmpty, let tag else { return true }
            return !leafTags.contains(tag)
        }
    }

    enum DisplayKind: Sendable {
        /// `replacement(n)`: a literal replacement of n UTF-16 units (-1: it has holes).
        /// `besideSource`, `besideTagContent`: that text plus one attachment character.
        /// `entity`: the character an HTML character reference stands for.
        case source, tagContent, replacement(Int), attachment, besideSource, besideTagContent, entity

        init(_ p: Presentation, isTag: Bool, isEntity: Bool = false) {
            if isEntity, p.replace == nil, p.image == nil, p.widget == nil {
                self = .entity
            } else if p.show != nil {
                // The length of a group: known once the match's groups are.
                self = .replacement(-1)
            } else if let position = p.image?.position ?? p.widget?.position, position != .replace {
                self = isTag ? .besideTagContent : .besideSource
            } else if p.image != nil || p.widget != nil {
                self = .attachment
            } else if let replace = p.replace {
                var length = 0
                for part in replace.parts {
                    guard case .text(let text) = part else {
                        length = -1
                        break
                    }
                    length += text.utf16.count
                }
                self = .replacement(length)
            } else {
                self = isTag ? .tagContent : .source
            }
        }
    }

    /// An engine on the reference matcher (`NSRegularExpression` per regex rule). Throws
    /// `ReferenceMatcherError` when a rule's pattern is rejected.
    public init(table: StyleTable) throws {
        self.init(table: table, matcher: try ReferenceMatcher(table: table))
    }

    /// An engine on the compiled matcher: the automata `rulegen` built for the table's
    /// regex rules (rules without one run on NSRegularExpression).
    public init(table: StyleTable, automata: CompiledRuleSet) throws {
        self.init(table: table, matcher: try ReferenceMatcher(table: table, automata: automata))
    }

    /// An engine on any matcher for `table`'s rules (such as a generated automaton).
    package init(table: StyleTable, matcher: any CandidateMatcher) {
        self.table = table
        self.matcher = matcher
        self.reference = matcher as? ReferenceMatcher
        self.displayKinds = table.rules.map { rule in
            switch rule.matcher {
            case .tagFamily, .element: return DisplayKind(rule.presentation, isTag: true)
            case .regex, .prefix: return DisplayKind(rule.presentation, isTag: false)
            case .entity: return DisplayKind(rule.presentation, isTag: false, isEntity: true)
            }
        }
        self.containers = table.rules.contains(where: \.nest) ? table.rules.map(Container.init) : nil
        self.tagDisplayKinds = table.rules.map { rule in rule.tags.mapValues { DisplayKind($0, isTag: true) } }
        self.priorities = table.rules.map(\.priority)
        self.ruleNames = table.rules.map(\.name)
        self.tablePresentation = TablePresentation(base: table.base, truncation: table.truncation)
    }

    /// Runs the rules on `text`. Candidates that are empty, out of the text's bounds, or
    /// name a rule the table does not have are ignored.
    ///
    /// Note: match records and the result are lazy views (ranges + indices); no string is
    /// built here, so the cost after matching is resolution and one record per match.
    public func render(_ text: String) -> RenderResult {
        // A native string's own UTF-8, when every compiled rule can scan it.
        if let reference, reference.scansUTF8,
            let result = text.utf8.withContiguousStorageIfAvailable({ render(text, utf8: $0, reference: reference) })
        {
            return result
        }
        let storage = TextUnits.make(text, marking: reference?.markTargets)
        let units = storage.buffer  // valid while `storage` lives: the context below keeps it
        var candidates: [Candidate]
        var interrupted: [InterruptedRule] = []
        if let reference {
            // Well-formed by construction.
            candidates = reference.candidates(
                in: text, units: units, marks: storage.marks, solvingGroups: false, budget: fallbackBudget, interrupted: &interrupted)
            for index in interrupted.indices { interrupted[index].rule = ruleNames[interrupted[index].ruleIndex] }
        } else {
            candidates = matcher.candidates(in: text, units: Array(units))
            let ruleCount = priorities.count
            candidates.removeAll { c in
                c.range.length <= 0 || c.range.location < 0 || c.range.upperBound > units.count
                    || c.ruleIndex < 0 || c.ruleIndex >= ruleCount
            }
        }
        let contents = containers.map { contentRanges(of: &candidates, containers: $0, units: { units }) }
        let context = MatchContext(
            units: storage, rules: table.rules, candidates: candidates, solver: reference, presentation: tablePresentation)
        return result(text, candidates, contents: contents, interrupted: interrupted, context: context)
    }

    /// `render` on `text`'s own UTF-8: the shared scan reads the bytes, and the text's
    /// UTF-16 units are made only when a rule outside the scan reads them (or, later, a
    /// string of the result is read).
    private func render(_ text: String, utf8 bytes: UnsafeBufferPointer<UInt8>, reference: ReferenceMatcher) -> RenderResult {
        var made: TextUnits?
        func units() -> UnsafeBufferPointer<UInt16> {
            if made == nil { made = TextUnits.make(text) }
            return made!.buffer
        }
        var interrupted: [InterruptedRule] = []
        var candidates = reference.candidates(utf8: bytes, text: text, units: units, budget: fallbackBudget, interrupted: &interrupted)
        for index in interrupted.indices { interrupted[index].rule = ruleNames[interrupted[index].ruleIndex] }
        let contents = containers.map { contentRanges(of: &candidates, containers: $0, units: units) }
        let context = MatchContext(
            text: text, made: made, rules: table.rules, candidates: candidates, solver: reference, presentation: tablePresentation)
        return result(text, candidates, contents: contents, interrupted: interrupted, context: context)
    }

    /// Resolution, records and the result of a render's candidates.
    private func result(
        _ text: String, _ candidates: [Candidate], contents: [TextRange?]?, interrupted: [InterruptedRule], context: MatchContext
    ) -> RenderResult {
        let resolution = Resolver.resolve(candidates, priorities: priorities, contents: contents)
        let (matches, discarded) = candidates.withUnsafeBufferPointer { candidates in
            // A kept container shows its content in place (and maps positions in it as plain text).
            if let contents, resolution.kept.contains(where: { contents[$0] != nil }) {
                return nestedRecords(candidates, resolution, contents: contents, context: context)
            }
            return records(candidates, (resolution.kept, resolution.discarded), context: context)
        }
        return RenderResult(text: text, matches: matches, discarded: discarded, interrupted: interrupted, context: context)
    }

    /// The records of a render, reading the candidates in place (a match refers to its
    /// candidate by index): kept matches in text order (they are disjoint), and discarded
    /// matches in the resolver's order (by range, rule, index), placed where their source
    /// starts. (A function of its own: variables captured by a closure would pay a
    /// run-time exclusivity check per access.)
    private func records(
        _ candidates: UnsafeBufferPointer<Candidate>, _ resolution: (kept: [Int], discarded: [Resolver.Discard]),
        context: MatchContext
    ) -> ([RuleMatch], [DiscardedMatch]) {
        var matches: [RuleMatch] = []
        matches.reserveCapacity(resolution.kept.count)
        var displayOffset = 0
        var cursor = 0
        for index in resolution.kept {
            let range = candidates[index].range
            displayOffset += range.location - cursor  // the plain run before the match
            let length = displayLength(of: index, in: candidates, context: context)
            matches.append(
                RuleMatch(
                    candidateIndex: index, range: range, ruleIndex: candidates[index].ruleIndex,
                    displayRange: TextRange(location: displayOffset, length: length), context: context))
            displayOffset += length
            cursor = range.upperBound
        }
        guard !resolution.discarded.isEmpty else { return (matches, []) }
        var discarded: [DiscardedMatch] = []
        discarded.reserveCapacity(resolution.discarded.count)
        for discard in resolution.discarded {
            let range = candidates[discard.index].range
            let position = TextRange(location: displayPosition(of: range.location, matches), length: 0)
            let reason = DiscardReason(
                keptRule: ruleNames[candidates[discard.by].ruleIndex], keptRange: candidates[discard.by].range, decider: discard.decider)
            let match = RuleMatch(
                candidateIndex: discard.index, range: range, ruleIndex: candidates[discard.index].ruleIndex, displayRange: position,
                context: context)
            discarded.append(DiscardedMatch(match: match, reason: reason))
        }
        return (matches, discarded)
    }

    /// The UTF-16 length of what a kept match shows: one U+FFFC for attachments, a
    /// rendered replacement, a tag's content, or the matched source itself.
    func displayLength(of index: Int, in candidates: UnsafeBufferPointer<Candidate>, context: MatchContext) -> Int {
        let ruleIndex = candidates[index].ruleIndex
        var kind = displayKinds[ruleIndex]
        if let box = candidates[index].tagBox, let specific = tagDisplayKinds[ruleIndex][box.info.name] { kind = specific }
        switch kind {
        case .attachment: return 1
        case .replacement(let length) where length >= 0:
            return length
        case .replacement, .entity:
            let match = RuleMatch(
                candidateIndex: index, range: candidates[index].range, ruleIndex: ruleIndex,
                displayRange: TextRange(location: 0, length: 0),
                context: context)
            return match.display.utf16.count
        case .tagContent: return candidates[index].tagBox?.info.text.utf16.count ?? 0
        case .source: return candidates[index].range.length
        case .besideTagContent: return 1 + (candidates[index].tagBox?.info.text.utf16.count ?? 0)
        case .besideSource: return 1 + candidates[index].range.length
        }
    }

    /// The display offset of source offset `source`: inside plain text, the same character;
    /// at or inside a kept match, the start of its display.
    private func displayPosition(of source: Int, _ kept: [RuleMatch]) -> Int {
        // The last kept match starting at or before `source`.
        var low = 0
        var high = kept.count
        while low < high {
            let mid = (low + high) / 2
            if kept[mid].range.location <= source { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return source }
        let before = kept[low - 1]
        if source < before.range.upperBound { return before.displayRange.location }
        return before.displayRange.upperBound + (source - before.range.upperBound)
    }
}

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
    public let matcher: any CandidateMatcher
    /// `matcher` when it is the built-in one: render then leaves compiled rules' groups to
    /// be solved when read.
    let reference: ReferenceMatcher?
    /// What each rule's matches show (per tag name for tag families), precomputed so that
    /// rendering never copies a rule entry.
    let displayKinds: [DisplayKind]
    let priorities: [Int]
    let ruleNames: [String]
    let tagDisplayKinds: [[String: DisplayKind]]

    enum DisplayKind: Sendable {
        /// `replacement(n)`: a literal replacement of n UTF-16 units (-1: it has holes).
        case source, tagContent, replacement(Int), attachment

        init(_ p: Presentation, isTag: Bool) {
            if p.image != nil || p.widget != nil {
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
    public init(table: StyleTable, matcher: any CandidateMatcher) {
        self.table = table
        self.matcher = matcher
        self.reference = matcher as? ReferenceMatcher
        self.displayKinds = table.rules.map { rule in
            switch rule.matcher {
            case .tagFamily, .element: return DisplayKind(rule.presentation, isTag: true)
            case .regex, .prefix: return DisplayKind(rule.presentation, isTag: false)
            }
        }
        self.tagDisplayKinds = table.rules.map { rule in rule.tags.mapValues { DisplayKind($0, isTag: true) } }
        self.priorities = table.rules.map(\.priority)
        self.ruleNames = table.rules.map(\.name)
    }

    /// Runs the rules on `text`. Candidates that are empty, out of the text's bounds, or
    /// name a rule the table does not have are ignored.
    ///
    /// Note: match records and the result are lazy views (ranges + indices); no string is
    /// built here, so the cost after matching is resolution and one record per match.
    public func render(_ text: String) -> RenderResult {
        let units = utf16Units(text)
        var candidates =
            reference.map { $0.candidates(in: text, units: units, solvingGroups: false) } ?? matcher.candidates(in: text, units: units)
        let ruleCount = priorities.count
        candidates.removeAll { c in
            c.range.length <= 0 || c.range.location < 0 || c.range.upperBound > units.count
                || c.ruleIndex < 0 || c.ruleIndex >= ruleCount
        }
        let resolution = Resolver.resolve(candidates, priorities: priorities)
        let context = MatchContext(units: units, rules: table.rules, solver: reference)

        // Kept matches in text order (they are disjoint), with the plain runs between them.
        var matches: [RuleMatch] = []
        var segments: [Segment] = []
        var displayOffset = 0
        var cursor = 0
        func plain(upTo end: Int) {
            guard cursor < end else { return }
            let length = end - cursor
            segments.append(
                .plain(source: TextRange(location: cursor, length: length), display: TextRange(location: displayOffset, length: length)))
            displayOffset += length
        }
        let kept = resolution.kept  // in text order
        matches.reserveCapacity(kept.count)
        segments.reserveCapacity(2 * kept.count + 1)
        for index in kept {
            let candidate = candidates[index]
            plain(upTo: candidate.range.location)
            let length = displayLength(of: candidate, context: context)
            let match = RuleMatch(candidate: candidate, displayRange: TextRange(location: displayOffset, length: length), context: context)
            displayOffset += length
            segments.append(.match(matches.count))
            matches.append(match)
            cursor = candidate.range.upperBound
        }
        plain(upTo: units.count)

        // Discarded matches in text order (by range, rule, index: the resolver's order),
        // placed where their source starts.
        let discarded = resolution.discarded.map { discard -> DiscardedMatch in
            let candidate = candidates[discard.index], winner = candidates[discard.by]
            let position = TextRange(location: displayPosition(of: candidate.range.location, matches), length: 0)
            let reason = DiscardReason(keptRule: ruleNames[winner.ruleIndex], keptRange: winner.range, decider: discard.decider)
            return DiscardedMatch(match: RuleMatch(candidate: candidate, displayRange: position, context: context), reason: reason)
        }
        return RenderResult(text: text, matches: matches, discarded: discarded, segments: segments, context: context)
    }

    /// The UTF-16 length of what a kept match shows: one U+FFFC for attachments, a
    /// rendered replacement, a tag's content, or the matched source itself.
    private func displayLength(of candidate: Candidate, context: MatchContext) -> Int {
        var kind = displayKinds[candidate.ruleIndex]
        if let tag = candidate.tagBox?.info, let specific = tagDisplayKinds[candidate.ruleIndex][tag.name] { kind = specific }
        switch kind {
        case .attachment: return 1
        case .replacement(let length) where length >= 0:
            return length
        case .replacement:
            return RuleMatch(candidate: candidate, displayRange: TextRange(location: 0, length: 0), context: context).display.utf16.count
        case .tagContent: return candidate.tagBox?.info.text.utf16.count ?? 0
        case .source: return candidate.range.length
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

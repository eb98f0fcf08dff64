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

    /// An engine on the reference matcher (`NSRegularExpression` per regex rule). Throws
    /// `ReferenceMatcherError` when a rule's pattern is rejected.
    public init(table: StyleTable) throws {
        self.init(table: table, matcher: try ReferenceMatcher(table: table))
    }

    /// An engine on any matcher for `table`'s rules (such as a generated automaton).
    public init(table: StyleTable, matcher: any CandidateMatcher) {
        self.table = table
        self.matcher = matcher
    }

    /// Runs the rules on `text`. Candidates that are empty, out of the text's bounds, or
    /// name a rule the table does not have are ignored.
    public func render(_ text: String) -> RenderResult {
        let units = Array(text.utf16)
        let rules = table.rules
        var candidates = matcher.candidates(in: text)
        candidates.removeAll { c in
            c.range.length <= 0 || c.range.location < 0 || c.range.upperBound > units.count
                || c.ruleIndex < 0 || c.ruleIndex >= rules.count
        }
        let resolution = Resolver.resolve(candidates, priorities: rules.map(\.priority))

        // Kept matches in text order (they are disjoint), with the plain runs between them.
        var matches: [RuleMatch] = []
        var segments: [Segment] = []
        var display = ""
        var displayOffset = 0
        var cursor = 0
        func plain(upTo end: Int) {
            guard cursor < end else { return }
            let piece = utf16String(units[cursor..<end])
            let length = end - cursor
            segments.append(
                .plain(
                    source: TextRange(location: cursor, length: length),
                    display: TextRange(location: displayOffset, length: length), text: piece))
            display += piece
            displayOffset += length
        }
        for index in resolution.kept.sorted(by: { candidates[$0].range < candidates[$1].range }) {
            let candidate = candidates[index]
            plain(upTo: candidate.range.location)
            var match = makeMatch(candidate, units)
            let shown = match.display
            let length = shown.utf16.count
            match.displayRange = TextRange(location: displayOffset, length: length)
            display += shown
            displayOffset += length
            segments.append(.match(matches.count))
            matches.append(match)
            cursor = candidate.range.upperBound
        }
        plain(upTo: units.count)

        // Discarded matches in text order, placed where their source starts.
        let discards = resolution.discarded.sorted { a, b in
            let x = candidates[a.index], y = candidates[b.index]
            if x.range != y.range { return x.range < y.range }
            if x.ruleIndex != y.ruleIndex { return x.ruleIndex < y.ruleIndex }
            return a.index < b.index
        }
        let discarded = discards.map { discard -> DiscardedMatch in
            let candidate = candidates[discard.index], winner = candidates[discard.by]
            var match = makeMatch(candidate, units)
            match.displayRange = TextRange(location: displayPosition(of: candidate.range.location, matches), length: 0)
            let reason = DiscardReason(keptRule: rules[winner.ruleIndex].name, keptRange: winner.range, decider: discard.decider)
            return DiscardedMatch(match: match, reason: reason)
        }
        return RenderResult(text: text, display: display, matches: matches, discarded: discarded, segments: segments)
    }

    /// The display offset of source offset `source`: inside plain text, the same character;
    /// at or inside a kept match, the start of its display.
    private func displayPosition(of source: Int, _ kept: [RuleMatch]) -> Int {
        // The last kept match starting at or before `source`.
        var low = 0, high = kept.count
        while low < high {
            let mid = (low + high) / 2
            if kept[mid].range.location <= source { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return source }
        let before = kept[low - 1]
        if source < before.range.upperBound { return before.displayRange.location }
        return before.displayRange.upperBound + (source - before.range.upperBound)
    }

    /// The match record of a candidate; `displayRange` is filled in by the caller.
    private func makeMatch(_ candidate: Candidate, _ units: [UInt16]) -> RuleMatch {
        let rule = table.rules[candidate.ruleIndex]
        let tag = candidate.tag
        let presentation = rule.presentation(forTag: tag?.name)
        let text = utf16String(units[candidate.range.location..<candidate.range.upperBound])

        let captures: [String?] = candidate.groups.map { group in
            guard let group, group.location >= 0, group.length >= 0, group.upperBound <= units.count else { return nil }
            return utf16String(units[group.location..<group.upperBound])
        }
        var named: [String: String] = [:]
        if let tag {
            var declared: Set<String> = []
            if case .element(_, let attributes, _) = rule.matcher { declared = Set(attributes.map { $0.lowercased() }) }
            named = ["text": tag.text, "name": tag.name, "level": tag.level.map(String.init) ?? "", "index": String(tag.index)]
            for (key, value) in tag.attributes where declared.contains(key) || named[key] == nil {
                named[key] = value
            }
        } else {
            for (name, number) in rule.captureNames where number >= 0 && number < captures.count {
                if let value = captures[number] { named[name] = value }
            }
        }
        func render(_ template: Template) -> String {
            template.render(group: { $0 >= 0 && $0 < captures.count ? captures[$0] : nil }, name: { named[$0] })
        }

        let content: MatchContent
        if let image = presentation.image {
            content = .image(source: render(image.source), width: image.width, height: image.height)
        } else if let widget = presentation.widget {
            content = .widget(name: widget.name, width: widget.width, height: widget.height, align: widget.align)
        } else if let replacement = presentation.replace {
            content = .text(render(replacement))
        } else {
            content = .text(tag?.text ?? text)
        }
        let tap = presentation.tap.map { spec in
            TapTarget(handler: spec.handler, arguments: spec.arguments.map { .init(label: $0.label, value: render($0.value)) })
        }
        return RuleMatch(
            rule: rule.name, ruleIndex: candidate.ruleIndex, priority: rule.priority, range: candidate.range,
            displayRange: TextRange(location: 0, length: 0), text: text, content: content, captures: captures,
            named: named, tag: tag, style: presentation.style, styleName: presentation.styleName,
            highlight: presentation.highlight, tap: tap)
    }
}

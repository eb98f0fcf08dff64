/// Stage 3 of the engine: the records of a resolved text, the matches of a `RenderResult`.
///
/// One walk over the kept candidates in text order gives each kept match its display
/// range: plain text advances the display as is, a leaf match by its display length, a
/// container's markup not at all (it shows its content in place, its display range
/// covering its children's). When some matches nest, the walk keeps the open containers on
/// a stack and records the tree (`Nesting`). A match whose display is known only from its
/// text (a replacement with holes, a `show` group, a character reference) is rendered
/// here, once, and its text kept for the display.
extension RuleEngine {
    /// The result of `resolved`, a resolution of `text`.
    /// `unitCount`: how many of `resolved.units` are the text's (a stream's storage holds
    /// more later).
    func records(of resolved: ResolvedText, text: String, unitCount: Int? = nil) -> RenderResult {
        let context = MatchContext(
            text: text, units: resolved.units, rules: table.rules, candidates: resolved.candidates, solver: ruleMatcher,
            presentation: tablePresentation, unitCount: unitCount)
        let (matches, discarded) = resolved.candidates.withUnsafeBufferPointer { candidates in
            if let html = resolved.html {
                return htmlRecords(candidates, resolved.resolution, contents: resolved.contents, html: html, context: context)
            }
            // A kept container shows its content in place (and maps positions in it as plain text).
            if let contents = resolved.contents, resolved.resolution.kept.contains(where: { contents[$0] != nil }) {
                return nestedRecords(candidates, resolved.resolution, contents: contents, context: context)
            }
            return flatRecords(candidates, resolved.resolution, context: context)
        }
        return RenderResult(text: text, matches: matches, discarded: discarded, interrupted: resolved.interrupted, context: context)
    }

    /// The records when nothing nests, reading the candidates in place (a match refers to its
    /// candidate by index): kept matches in text order (they are disjoint), and discarded
    /// matches in the resolver's order, placed where their source starts. (A function of
    /// its own: variables captured by a closure would pay a run-time exclusivity check per
    /// access.)
    private func flatRecords(
        _ candidates: UnsafeBufferPointer<Candidate>, _ resolution: Resolution, context: MatchContext
    ) -> ([RuleMatch], [DiscardedMatch]) {
        var matches: [RuleMatch] = []
        var displayOffset = 0
        var cursor = 0
        func keep(_ index: Int) {
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
        if resolution.keepsEveryCandidate {
            matches.reserveCapacity(candidates.count)
            for index in candidates.indices { keep(index) }
        } else {
            let kept = resolution.kept
            matches.reserveCapacity(kept.count)
            for index in kept { keep(index) }
        }
        guard !resolution.discarded.isEmpty else { return (matches, []) }
        return (matches, discardedRecords(candidates, resolution, context: context) { RenderResult.flatDisplayPosition(of: $0, matches) })
    }

    /// The records when some kept matches nest.
    private func nestedRecords(
        _ candidates: UnsafeBufferPointer<Candidate>, _ resolution: Resolution, contents: [TextRange?], context: MatchContext
    ) -> ([RuleMatch], [DiscardedMatch]) {
        let kept = resolution.kept
        var matches: [RuleMatch] = []
        matches.reserveCapacity(kept.count)
        var isContainer: [Bool] = []
        isContainer.reserveCapacity(kept.count)
        var contentOf: [TextRange] = []
        contentOf.reserveCapacity(kept.count)
        var open: [Int] = []  // positions of the containers around the walk
        var cursor = 0
        var displayOffset = 0
        func close(_ position: Int) {
            displayOffset += contentOf[position].upperBound - cursor
            matches[position].displayRange.length = displayOffset - matches[position].displayRange.location
            cursor = matches[position].range.upperBound
        }
        for (position, index) in kept.enumerated() {
            let parent = resolution.parent(of: position)
            while let top = open.last, top != parent {
                close(top)
                open.removeLast()
            }
            let range = candidates[index].range
            displayOffset += range.location - cursor
            let container = contents[index] != nil
            let length = container ? 0 : displayLength(of: index, in: candidates, context: context)
            matches.append(
                RuleMatch(
                    candidateIndex: index, range: range, ruleIndex: candidates[index].ruleIndex,
                    displayRange: TextRange(location: displayOffset, length: length), context: context, position: position,
                    parent: parent))
            isContainer.append(container)
            contentOf.append(contents[index] ?? range)
            if container {
                open.append(position)
                cursor = contentOf[position].location
            } else {
                displayOffset += length
                cursor = range.upperBound
            }
        }
        while let top = open.popLast() { close(top) }
        let nesting = Nesting(
            kept: kept, parents: matches.map { $0.parent ?? -1 }, isContainer: isContainer, contents: contentOf,
            displayRanges: matches.map(\.displayRange))
        context.nesting = nesting
        guard !resolution.discarded.isEmpty else { return (matches, []) }
        return (matches, discardedRecords(candidates, resolution, context: context) { nesting.displayPosition(of: $0, matches) })
    }

    /// The discarded matches, each placed (an empty display range) where `position` puts
    /// its source start.
    func discardedRecords(
        _ candidates: UnsafeBufferPointer<Candidate>, _ resolution: Resolution, context: MatchContext, position: (Int) -> Int
    ) -> [DiscardedMatch] {
        var discarded: [DiscardedMatch] = []
        discarded.reserveCapacity(resolution.discarded.count)
        for discard in resolution.discarded {
            let range = candidates[discard.index].range
            let reason = DiscardReason(
                keptRule: ruleNames[candidates[discard.by].ruleIndex], keptRange: candidates[discard.by].range, decider: discard.decider)
            let match = RuleMatch(
                candidateIndex: discard.index, range: range, ruleIndex: candidates[discard.index].ruleIndex,
                displayRange: TextRange(location: position(range.location), length: 0), context: context)
            discarded.append(DiscardedMatch(match: match, reason: reason))
        }
        return discarded
    }

    /// The UTF-16 length of what a kept leaf match shows: one U+FFFC for attachments, a
    /// replacement, a tag's content, or the matched source itself. A display known only
    /// from the match is rendered and kept (`MatchContext.measured`).
    private func displayLength(of index: Int, in candidates: UnsafeBufferPointer<Candidate>, context: MatchContext) -> Int {
        // Fields read in place: a copy of the candidate would retain its groups and tag.
        switch tablePresentation.displayKind(candidates[index]) {
        case .source: return candidates[index].range.length
        case .tagContent: return candidates[index].tagBox?.info.textLength ?? 0
        case .literal(let length): return length
        case .attachment: return 1
        case .besideSource: return 1 + candidates[index].range.length
        case .besideTagContent: return 1 + (candidates[index].tagBox?.info.textLength ?? 0)
        case .besideLiteral(let length, _): return 1 + length
        case .measured:
            let match = RuleMatch(
                candidateIndex: index, range: candidates[index].range, ruleIndex: candidates[index].ruleIndex,
                displayRange: TextRange(location: 0, length: 0), context: context)
            let display = match.display
            context.measure(index, display)
            return display.utf16.count
        }
    }
}

extension RenderResult {
    /// The display offset of source offset `source` (a render's, not cut): in plain text,
    /// the same character; at or inside a leaf match or a container's markup, the start of
    /// its display (`Nesting.displayPosition`, or the flat records' rule).
    func displayPosition(ofSource source: Int) -> Int {
        if let nesting = context?.nesting { return nesting.displayPosition(of: source, matches) }
        return Self.flatDisplayPosition(of: source, matches)
    }

    /// The display offset of source offset `source`: inside plain text, the same character;
    /// at or inside a kept match, the start of its display.
    static func flatDisplayPosition(of source: Int, _ kept: [RuleMatch]) -> Int {
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

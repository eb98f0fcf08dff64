/// Rendering with containers: content ranges before resolution, then the records of a
/// resolution whose kept matches nest (see `Resolver+Nesting`).
///
/// A kept container shows its content with the kept matches inside it shown in place, so
/// its display range covers its children's. Records are made in text order (by start,
/// outer before inner) with one walk that keeps the open containers on a stack: plain
/// text advances the display as is, a container's markup not at all, a leaf match by its
/// display length.
extension RuleEngine {
    /// The content range of every candidate of a container rule (`nil` for the others): a
    /// tag's content, the `show` group (its groups are solved here when pending; a group
    /// that did not take part gives an empty range at the match's start), else the whole
    /// match. A container that shows a replacement or an attachment (a table made by hand)
    /// holds nothing.
    func contentRanges(of candidates: inout [Candidate], containers: [Container], units: () -> UnsafeBufferPointer<UInt16>)
        -> [TextRange?]
    {
        var contents = [TextRange?](repeating: nil, count: candidates.count)
        for index in candidates.indices {
            let rule = candidates[index].ruleIndex
            guard rule >= 0, rule < containers.count, containers[rule].holds(forTag: candidates[index].tagBox?.info.name) else {
                continue
            }
            let show = containers[rule].show
            if show != nil, candidates[index].pendingGroups, let reference {
                candidates[index].storedGroups = reference.groups(ruleIndex: rule, range: candidates[index].range, units: units())
                candidates[index].pendingGroups = false
            }
            contents[index] = candidates[index].contentRange(show: show)
        }
        return contents
    }

    /// The records of a resolution in which some kept matches nest.
    func nestedRecords(
        _ candidates: UnsafeBufferPointer<Candidate>, _ resolution: Resolver.Resolution, contents: [TextRange?], context: MatchContext
    ) -> ([RuleMatch], [DiscardedMatch]) {
        let kept = resolution.kept
        var matches: [RuleMatch] = []
        matches.reserveCapacity(kept.count)
        var isContainer: [Bool] = []
        var contentOf: [TextRange] = []
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
        context.nesting = Nesting(
            kept: kept, parents: matches.map { $0.parent ?? -1 }, isContainer: isContainer, contents: contentOf,
            displayRanges: matches.map(\.displayRange))
        var discarded: [DiscardedMatch] = []
        discarded.reserveCapacity(resolution.discarded.count)
        for discard in resolution.discarded {
            let range = candidates[discard.index].range
            let position = TextRange(location: context.nesting!.displayPosition(of: range.location, matches), length: 0)
            let reason = DiscardReason(
                keptRule: ruleNames[candidates[discard.by].ruleIndex], keptRange: candidates[discard.by].range, decider: discard.decider)
            let match = RuleMatch(
                candidateIndex: discard.index, range: range, ruleIndex: candidates[discard.index].ruleIndex, displayRange: position,
                context: context)
            discarded.append(DiscardedMatch(match: match, reason: reason))
        }
        return (matches, discarded)
    }
}

extension StyleTable {
    /// The content range of each candidate that is a match of a container (`nil` for the
    /// others), as `RuleEngine.render` resolves them; the whole result is `nil` when no
    /// rule is a container. The candidates' groups must be solved, as
    /// `ReferenceMatcher.candidates(in:)` gives them.
    package func contentRanges(of candidates: [Candidate]) -> [TextRange?]? {
        guard rules.contains(where: \.nest) else { return nil }
        let containers = rules.map(RuleEngine.Container.init)
        return candidates.map { candidate in
            guard containers.indices.contains(candidate.ruleIndex),
                containers[candidate.ruleIndex].holds(forTag: candidate.tagBox?.info.name)
            else { return nil }
            return candidate.contentRange(show: containers[candidate.ruleIndex].show)
        }
    }
}

extension Candidate {
    /// What the candidate shows of the source: a tag's content, group `show`, else its range.
    func contentRange(show: Int?) -> TextRange {
        if let content = tagBox?.info.contentRange { return content }
        guard let show else { return range }
        let groups = self.groups
        return show < groups.count ? groups[show] ?? TextRange(location: range.location, length: 0) : range
    }
}

/// The kept matches of a render in which some nest, by their index in `matches`: the
/// candidate each was made from, its parent, whether it is a container and its content,
/// and the display text (built on first read).
final class Nesting: @unchecked Sendable {
    // Unchecked: immutable but for `cache`, which guards itself.
    let kept: [Int]
    let parents: [Int]
    let isContainer: [Bool]
    let contents: [TextRange]
    let displayRanges: [TextRange]
    /// Where the shown source ends and what follows (a truncated result's token); `nil`:
    /// the whole text.
    let cut: (source: Int, token: String)?
    private let cache = DisplayCache()

    init(
        kept: [Int], parents: [Int], isContainer: [Bool], contents: [TextRange], displayRanges: [TextRange],
        cut: (source: Int, token: String)? = nil
    ) {
        self.kept = kept
        self.parents = parents
        self.isContainer = isContainer
        self.contents = contents
        self.displayRanges = displayRanges
        self.cut = cut
    }

    /// The whole display: plain text, containers' contents with their children in place.
    func display(_ context: MatchContext) -> String {
        cache.value {
            var units: [UInt16] = []
            units.reserveCapacity(context.units.count)
            let limit = cut?.source ?? context.units.count
            var cursor = 0
            var open: [Int] = []
            func copy(to end: Int) {
                let end = min(end, limit)
                if cursor < end { units.append(contentsOf: UnsafeBufferPointer(rebasing: context.units[cursor..<end])) }
            }
            for position in kept.indices {
                while let top = open.last, top != parents[position] {
                    copy(to: contents[top].upperBound)
                    cursor = context.candidates[kept[top]].range.upperBound
                    open.removeLast()
                }
                let range = context.candidates[kept[position]].range
                copy(to: range.location)
                if isContainer[position] {
                    open.append(position)
                    cursor = contents[position].location
                } else {
                    units.append(contentsOf: match(position, context).display.utf16)
                    cursor = range.upperBound
                }
            }
            while let top = open.popLast() {
                copy(to: contents[top].upperBound)
                cursor = context.candidates[kept[top]].range.upperBound
            }
            copy(to: limit)
            if let cut { units.append(contentsOf: cut.token.utf16) }
            return units.withUnsafeBufferPointer(utf16String)
        }
    }

    /// The display text of a range of the display (a match's: whole scalars).
    func text(_ range: TextRange, _ context: MatchContext) -> String {
        let display = self.display(context)
        let start = String.Index(utf16Offset: range.location, in: display)
        let end = String.Index(utf16Offset: range.upperBound, in: display)
        return String(display[start..<end])
    }

    /// The kept match at `position`, rebuilt from its candidate.
    func match(_ position: Int, _ context: MatchContext) -> RuleMatch {
        let index = kept[position]
        return RuleMatch(
            candidateIndex: index, range: context.candidates[index].range, ruleIndex: context.candidates[index].ruleIndex,
            displayRange: displayRanges[position], context: context, position: position,
            parent: parents[position] < 0 ? nil : parents[position])
    }

    /// The style of a match nested in `parent`: base, each container's layer from the
    /// outermost in, then `layer`.
    func style(over parent: Int, layer: TextStyle, _ context: MatchContext) -> TextStyle {
        var chain: [Int] = []
        var k = parent
        while k >= 0 {
            chain.append(k)
            k = parents[k]
        }
        var style = context.presentation.base
        for position in chain.reversed() {
            let candidate = context.candidates[kept[position]]
            let p = context.rules[candidate.ruleIndex].presentation(for: candidate.tagBox?.info)
            style = style.merged(with: p.layer ?? p.style)
        }
        return style.merged(with: layer)
    }

    /// The display offset of source offset `source`: in plain text (at the top or in a
    /// container's content), the same character; in a container's markup or in a leaf
    /// match, the start of its display.
    func displayPosition(of source: Int, _ matches: [RuleMatch]) -> Int {
        // The last kept match starting at or before `source` (text order is by start).
        var low = 0
        var high = matches.count
        while low < high {
            let mid = (low + high) / 2
            if matches[mid].range.location <= source { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return source }
        // Up to the innermost match holding `source`; `before`: the last one left behind.
        var before = low - 1
        var around: Int? = nil
        var k = low - 1
        while k >= 0 {
            if source < matches[k].range.upperBound {
                around = k
                break
            }
            before = k
            k = parents[k]
        }
        guard let around else {
            let m = matches[before]
            return m.displayRange.upperBound + (source - m.range.upperBound)
        }
        let content = contents[around]
        guard isContainer[around], content.location <= source, source < content.upperBound else {
            return matches[around].displayRange.location
        }
        if before != around, parents[before] == around {
            let m = matches[before]
            return m.displayRange.upperBound + (source - m.range.upperBound)
        }
        return matches[around].displayRange.location + (source - content.location)
    }
}

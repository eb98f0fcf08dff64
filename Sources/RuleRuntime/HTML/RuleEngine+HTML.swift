/// An HTML render (`RuleEngine.rendersHTML`): the text is parsed once as a browser parses
/// it (`HTMLTree`), tag rules claim its elements instead of scanning for tags, and the
/// display is the tree's rendered text (`HTMLTree.renderedText`) with the kept matches
/// laid over it.
///
/// - *Candidates*: each element (not inside a hidden one) is a candidate of every tag rule
///   that claims its name — the element rule of that name, the family whose name and digits
///   it is, else the catch-all — with the element's source range and content. Matches of
///   the other rules count only where they start and end in text a browser shows (not in
///   markup, comments, `script` or `style`).
/// - *Records*: a kept element shows as its kind lays it out (its display range is its
///   element's); a kept match that shows its source (a mention, a link, a character
///   reference) is a span of the rendered text; any other leaf (an image, a replacement)
///   shows its own display as one box in the line, in place of its element when it is one
///   (`<br>` replaced by `"\n"`, `<img>` by U+FFFC). Each match's display range is its part
///   of the rendered text; `Nesting.html` maps display offsets to source offsets.
struct HTMLSource {
    let tree: HTMLTree
    /// Each candidate's element node, -1 for a candidate found in the source.
    var nodes: [Int] = []
    /// The kind each element lays out as: its rule's layout, else the browser's default.
    var kinds: [HTMLElementKind]
    /// The text elements add before and after their content (`before`, `after`), by node.
    var generated: [Int: (before: [UInt16]?, after: [UInt16]?)] = [:]

    init(tree: HTMLTree) {
        self.tree = tree
        kinds = tree.defaultKinds()
    }
}

extension RuleEngine {
    /// The candidates of an HTML render: the tree's elements as the tag rules (of `only`, if
    /// given) claim them, and those of `found` that are not tag rules' and lie in shown text.
    /// An element's layout and added text are those of the claim that ranks first (highest
    /// priority, then the first rule: the claim resolution keeps unless a crossing match of
    /// a higher priority discards it); nothing inside a hidden element is a candidate.
    func htmlCandidates(_ found: [Candidate], source: TextUnits, only: Set<Int>?) -> ([Candidate], HTMLSource) {
        htmlCandidates(found, tree: HTMLTree(units: Array(source.buffer)), source: source, only: only)
    }

    /// `htmlCandidates(_:source:only:)` on a tree parsed before (a template's: parsed from
    /// its masked text), its tags reading `source`.
    func htmlCandidates(_ found: [Candidate], tree: HTMLTree, source: TextUnits, only: Set<Int>?) -> ([Candidate], HTMLSource) {
        var html = HTMLSource(tree: tree)
        let tree = html.tree
        let rules = table.rules
        // The tag rules, and which names claim which.
        var elementRules: [String: [Int]] = [:]
        var familyRules: [(family: String, rule: Int)] = []
        var catchAll: [Int] = []
        for (index, rule) in rules.enumerated() where only?.contains(index) ?? true {
            switch rule.matcher {
            case .element("*", _, _): catchAll.append(index)
            case .element(let name, _, _): elementRules[name, default: []].append(index)
            case .tagFamily(let family): familyRules.append((family, index))
            default: break
            }
        }
        // Names of every element rule and family, also those left out by `only`: the catch-all takes the others.
        var named: Set<String> = []
        var families: [String] = []
        for rule in rules {
            if case .element(let name, _, _) = rule.matcher, name != "*" { named.insert(name) }
            if case .tagFamily(let family) = rule.matcher { families.append(family) }
        }
        let claims = !elementRules.isEmpty || !familyRules.isEmpty || !catchAll.isEmpty
        // Each element's claims: its candidates, and the winner's layout and added text.
        var claimed: [Candidate] = []
        var claimedNodes: [Int] = []
        var ordinals = [Int](repeating: 0, count: rules.count)
        for (index, node) in tree.nodes.enumerated() where claims && node.kind == .element && node.range.length > 0 {
            var winner: (priority: Int, rule: Int, tag: TagInfo)?
            let firstClaim = claimed.count
            func claim(_ rule: Int, level: Int?) {
                let tag = TagInfo(
                    index: ordinals[rule], name: node.name, level: level, range: node.range, contentRange: node.content,
                    attributes: node.attributes.map { TagInfo.AttributeSpan(name: $0.name, value: $0.value) }, source: source)
                ordinals[rule] += 1
                claimed.append(Candidate(ruleIndex: rule, range: node.range, tag: tag))
                claimedNodes.append(index)
                let priority = rules[rule].priority
                if winner == nil || priority > winner!.priority || (priority == winner!.priority && rule < winner!.rule) {
                    winner = (priority, rule, tag)
                }
            }
            for rule in elementRules[node.name] ?? [] { claim(rule, level: nil) }
            var inFamily = named.contains(node.name)
            for family in families where node.name.hasPrefix(family) {
                let digits = node.name.utf8.dropFirst(family.utf8.count)
                guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { continue }
                inFamily = true
                for (name, rule) in familyRules where name == family { claim(rule, level: Int(String(decoding: digits, as: UTF8.self))) }
            }
            if !inFamily { for rule in catchAll { claim(rule, level: nil) } }
            guard let winner else { continue }
            let p = rules[winner.rule].presentation(for: winner.tag)
            if let layout = p.layout { html.kinds[index] = layout.kind }
            if html.kinds[index] == .hidden, p.replace != nil || p.image != nil || p.widget != nil {
                // A hidden element that would show an image or a replacement is no match: it
                // shows nothing.
                claimed.removeLast(claimed.count - firstClaim)
                claimedNodes.removeLast(claimedNodes.count - firstClaim)
                continue
            }
            if p.before != nil || p.after != nil {
                html.generated[index] = (p.before.map { Array($0.utf16) }, p.after.map { Array($0.utf16) })
            }
        }
        // Elements inside a hidden one, and the shown text's source runs (in order). Content
        // a browser moves before its table is shown out of source order: no match is made
        // there (elements there, and the table parts holding them, are no candidates).
        let foster = tree.fosterParenting()
        var inHidden = [Bool](repeating: false, count: tree.nodes.count)
        var shown: [TextRange] = []
        for (index, node) in tree.nodes.enumerated() where index > 0 {
            let parent = node.parent
            // What an atomic element or a line break holds is not shown either (a canvas's
            // fallback, a `<br>` in SVG).
            let holdsNothing = [HTMLElementKind.hidden, .atomic, .lineBreak].contains(html.kinds[parent])
            inHidden[index] = inHidden[parent] || (parent > 0 && holdsNothing)
            guard node.kind == .text, !inHidden[index], node.text == .normal, foster.isEmpty || !foster.moved[index] else { continue }
            shown.append(node.firstPiece)
            shown.append(contentsOf: node.morePieces)
        }
        func isShown(_ offset: Int) -> Bool {
            var low = 0
            var high = shown.count
            while low < high {
                let mid = (low + high) / 2
                if shown[mid].location <= offset { low = mid + 1 } else { high = mid }
            }
            return low > 0 && offset < shown[low - 1].upperBound
        }
        var candidates: [Candidate] = []
        candidates.reserveCapacity(found.count + claimed.count)
        for candidate in found where !isTagRule(candidate.ruleIndex) {
            if isShown(candidate.range.location), isShown(candidate.range.upperBound - 1) { candidates.append(candidate) }
        }
        html.nodes = [Int](repeating: -1, count: candidates.count)
        for (candidate, node) in zip(claimed, claimedNodes) where !inHidden[node] {
            if !foster.isEmpty, foster.moved[node] || foster.holders[node] { continue }
            candidates.append(candidate)
            html.nodes.append(node)
        }
        return (candidates, html)
    }

    private func isTagRule(_ rule: Int) -> Bool {
        guard rule >= 0, rule < table.rules.count else { return false }
        switch table.rules[rule].matcher {
        case .element, .tagFamily: return true
        default: return false
        }
    }

    /// The records of an HTML render (see `HTMLSource`).
    func htmlRecords(
        _ candidates: UnsafeBufferPointer<Candidate>, _ resolution: Resolution, contents: [TextRange?]?, html: HTMLSource,
        context: MatchContext
    ) -> ([RuleMatch], [DiscardedMatch]) {
        let kept = resolution.kept
        let tree = html.tree
        // What each kept match is in the tree: an element (node ≥ 0), or a piece.
        var roles = [Int](repeating: -1, count: kept.count)  // node, or -2 - piece number
        var pieces: [HTMLPiece] = []
        for (position, index) in kept.enumerated() {
            let node = index < html.nodes.count ? html.nodes[index] : -1
            let container = contents?[index] != nil
            let kind = tablePresentation.displayKind(candidates[index])
            if node >= 0 {
                if container || kind.isTagContent {
                    roles[position] = node
                    continue
                }
            }
            var piece = HTMLPiece(range: candidates[index].range, node: node >= 0 ? node : nil)
            if container {
                piece.content = contents?[index]
            } else if node >= 0 || !(kind.isSource || isEntityRule(candidates[index].ruleIndex)) {
                var units: [UInt16] = []
                context.appendDisplay(of: index, into: &units)
                piece.display = units
            }
            roles[position] = -2 - pieces.count
            pieces.append(piece)
        }
        // Pieces in reading order; `order[k]` is the piece number of the k-th in it.
        let order = pieces.indices.sorted { a, b in
            HTMLPiece.sort(pieces[a], pieces[b]) || !HTMLPiece.sort(pieces[b], pieces[a]) && a < b
        }
        var sortedNumber = [Int](repeating: 0, count: pieces.count)
        for (k, number) in order.enumerated() { sortedNumber[number] = k }
        let rendered = tree.renderedText(
            kind: { html.kinds[$0] }, whiteSpace: tree.defaultWhiteSpace, listMarkers: true, pieces: order.map { pieces[$0] },
            generated: html.generated)
        let map = HTMLDisplayMap(units: rendered.units, sources: rendered.sources, source: tree.units, atomicEnds: rendered.atomicEnds)

        var matches: [RuleMatch] = []
        matches.reserveCapacity(kept.count)
        var isContainer: [Bool] = []
        var contentOf: [TextRange] = []
        var sliced: [Bool] = []
        for (position, index) in kept.enumerated() {
            let role = roles[position]
            let nodeRange = role >= 0 ? rendered.nodeRanges[role] : rendered.nodeRanges[tree.nodes.count + sortedNumber[-2 - role]]
            let range = candidates[index].range
            let parent = resolution.parent(of: position)
            var displayRange = nodeRange ?? TextRange(location: map.displayPosition(of: range.location), length: 0)
            let isSliced = role >= 0 || contents?[index] != nil || pieces[-2 - role].display == nil
            if let parent, nodeRange == nil || isSliced {
                // Not laid out (nothing of it shows): empty, inside its parent. An element is
                // inside its parent's range too: elements with the same source range (a
                // formatting element reopened with another, or around one child) nest in
                // resolution order, which may be the tree's other way round.
                let around = matches[parent].displayRange
                let start = min(max(displayRange.location, around.location), around.upperBound)
                let end = min(max(displayRange.upperBound, start), around.upperBound)
                displayRange = TextRange(location: start, length: end - start)
            }
            matches.append(
                RuleMatch(
                    candidateIndex: index, range: range, ruleIndex: candidates[index].ruleIndex, displayRange: displayRange,
                    context: context, position: position, parent: parent))
            isContainer.append(contents?[index] != nil)
            contentOf.append(contents?[index] ?? range)
            sliced.append(isSliced)
        }
        let nesting = Nesting(
            kept: kept, parents: matches.map { $0.parent ?? -1 }, isContainer: isContainer, contents: contentOf,
            displayRanges: matches.map(\.displayRange))
        nesting.html = map
        nesting.sliced = sliced
        context.nesting = nesting
        guard !resolution.discarded.isEmpty else { return (matches, []) }
        return (matches, discardedRecords(candidates, resolution, context: context) { map.displayPosition(of: $0) })
    }

    private func isEntityRule(_ rule: Int) -> Bool {
        guard rule >= 0, rule < table.rules.count, case .entity = table.rules[rule].matcher else { return false }
        return true
    }
}

/// The rendered text of an HTML render and where each of its characters came from.
struct HTMLDisplayMap: Sendable {
    let units: [UInt16]
    /// By display offset: the source offset, or `HTMLRenderedText.layout` /
    /// `HTMLRenderedText.generated`.
    let sources: [Int]
    /// The source (as parsed: the tree's units, shared).
    let source: [UInt16]
    /// The display offsets of characters from the source, in order (their sources are
    /// non-decreasing).
    private let sourced: [Int]

    /// Where each atomic piece's source ends, by its start (`HTMLRenderedText.atomicEnds`).
    let atomicEnds: [Int: Int]

    init(units: [UInt16], sources: [Int], source: [UInt16], atomicEnds: [Int: Int] = [:]) {
        self.units = units
        self.sources = sources
        self.source = source
        self.atomicEnds = atomicEnds
        let sourced = sources.indices.filter { sources[$0] >= 0 }
        self.sourced = sourced
        let inOrder = zip(sourced, sourced.dropFirst()).allSatisfy { sources[$0] <= sources[$1] }
        bySource = inOrder ? sourced : sourced.sorted { sources[$0] != sources[$1] ? sources[$0] < sources[$1] : $0 < $1 }
    }

    /// `sourced` ordered by source: the same unless content moved before a table is shown
    /// out of source order.
    private let bySource: [Int]

    /// The position in `sourced` of the first display offset at or after `display`.
    private func firstSourced(atOrAfter display: Int) -> Int {
        var low = 0
        var high = sourced.count
        while low < high {
            let mid = (low + high) / 2
            if sourced[mid] < display { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The display offset of source offset `source`: the first character shown from at or
    /// after it (the end of the display when none is).
    func displayPosition(of source: Int) -> Int {
        let order = bySource
        var low = 0
        var high = order.count
        while low < high {
            let mid = (low + high) / 2
            if sources[order[mid]] < source { low = mid + 1 } else { high = mid }
        }
        return low < order.count ? order[low] : units.count
    }

    /// The source offset of display offset `display` as the start of a range: the
    /// source of the character there, or for a character the layout made (a line break,
    /// a marker) just after the source of the one before it; 0 at the start.
    func sourceStart(ofDisplay display: Int) -> Int {
        guard display > 0 else { return 0 }
        if display < sources.count, sources[display] >= 0 { return sources[display] }
        let next = firstSourced(atOrAfter: display)
        return next > 0 ? sourceEnd(ofCharacterAt: sourced[next - 1]) : 0
    }

    /// The source offset of display offset `display` as the end of a range: just after the
    /// source of the character before it, or for a character the layout made, the source of
    /// the next one from the source; the source's end at the display's end.
    func sourceEnd(ofDisplay display: Int, sourceLength: Int) -> Int {
        guard display < units.count else { return sourceLength }
        if display > 0, sources[display - 1] >= 0 { return sourceEnd(ofCharacterAt: display - 1) }
        let next = firstSourced(atOrAfter: display)
        return next < sourced.count ? sources[sourced[next]] : sourceLength
    }

    /// Where the source of the character at display offset `display` (from the source)
    /// ends: after a character reference, a CR LF, or the unit.
    private func sourceEnd(ofCharacterAt display: Int) -> Int {
        let start = sources[display]
        if let end = atomicEnds[start] { return end }
        guard start < source.count else { return start }
        if source[start] == 38, let reference = source.withUnsafeBufferPointer({ HTMLEntity.match($0, at: start) }) {
            return start + reference.length
        }
        if source[start] == 13, start + 1 < source.count, source[start + 1] == 10 { return start + 2 }
        // A surrogate pair's two units share the first's source.
        if (0xD800...0xDBFF).contains(source[start]) { return min(start + 2, source.count) }
        return start + 1
    }

    /// The source offset of display offset `display` (a cut): `sourceStart(ofDisplay:)`,
    /// the source's end at the display's end.
    func sourceOffset(ofDisplay display: Int, sourceLength: Int) -> Int {
        display >= units.count ? sourceLength : sourceStart(ofDisplay: display)
    }

    /// Whether the character at `display` is generated content (a list marker).
    func isGenerated(_ display: Int) -> Bool { sources[display] == HTMLRenderedText.generated }
}

extension RenderResult {
    /// The display without generated content (an HTML render's list markers): what a
    /// browser's `innerText` holds.
    package var displayWithoutGenerated: String {
        guard let html = context?.nesting?.html else { return display }
        let units = Array(display.utf16)
        // Past a cut: the truncation token.
        let end = context?.cut?.display ?? html.sources.count
        let shown = units.indices.filter { $0 >= end || !html.isGenerated($0) }.map { units[$0] }
        return String(decoding: shown, as: UTF16.self)
    }
}

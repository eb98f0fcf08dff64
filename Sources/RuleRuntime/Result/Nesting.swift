/// The kept matches of a render in which some nest, by their index in `matches`: the
/// candidate each was made from, its parent, whether it is a container, its content and
/// its display range; and, made once when first read, what each match inherits from the
/// containers around it (its merged style; its tap owner).
///
/// Reads cost O(1) per match after one linear pass, whatever the depth: the pass walks
/// the matches in order, where every parent comes before its children.
final class Nesting: @unchecked Sendable {
    // Unchecked: immutable but for `styles` and `tapOwners`, each made once under this object's
    // `StripedLocks` lock.
    let kept: [Int]
    let parents: [Int]
    let isContainer: [Bool]
    let contents: [TextRange]
    let displayRanges: [TextRange]
    /// An HTML render's rendered text and its source map (`RuleEngine.rendersHTML`): the
    /// display, instead of the source with matches' displays in place.
    var html: HTMLDisplayMap?
    /// HTML render: by position, whether the match shows its part of the rendered text (an
    /// element, a span) rather than a display of its own.
    var sliced: [Bool] = []
    private var styles: [TextStyle]?
    private var tapOwners: [Int32]?

    init(kept: [Int], parents: [Int], isContainer: [Bool], contents: [TextRange], displayRanges: [TextRange]) {
        self.kept = kept
        self.parents = parents
        self.isContainer = isContainer
        self.contents = contents
        self.displayRanges = displayRanges
    }

    /// The merged style of the match at `position` (nested in a container): base, each
    /// container's layer from the outermost in, then the match's own layer. Made for every
    /// match at once, when first asked.
    func style(of position: Int, _ context: MatchContext) -> TextStyle {
        StripedLocks.once(for: self, get: { styles }, set: { styles = $0 }) {
            var styles: [TextStyle] = []
            styles.reserveCapacity(kept.count)
            for position in kept.indices {
                let candidate = context.candidates[kept[position]]
                let p = context.rules[candidate.ruleIndex].presentation(for: candidate.tagBox?.info)
                let parent = parents[position]
                styles.append((parent >= 0 ? styles[parent] : context.presentation.base).merged(with: p.layer ?? p.style))
            }
            return styles
        }[position]
    }

    /// The match whose tap a character of the match at `position` triggers: itself when it
    /// has a tap, else the innermost container around it that has one; `nil`: none. Made
    /// for every match at once, when first asked.
    func tapOwner(of position: Int, _ context: MatchContext) -> Int? {
        let owner = StripedLocks.once(for: self, get: { tapOwners }, set: { tapOwners = $0 }) {
            var owners: [Int32] = []
            owners.reserveCapacity(kept.count)
            for position in kept.indices {
                let candidate = context.candidates[kept[position]]
                let hasTap = context.rules[candidate.ruleIndex].tap(for: candidate.tagBox?.info) != nil
                let parent = parents[position]
                owners.append(hasTap ? Int32(position) : parent >= 0 ? owners[parent] : -1)
            }
            return owners
        }[position]
        return owner < 0 ? nil : Int(owner)
    }

    /// The whole display: plain text, containers' contents with their children in place,
    /// up to the context's cut (then the truncation token).
    func display(_ context: MatchContext) -> String {
        if let html {
            let end = context.cut?.display ?? html.units.count
            var units = Array(html.units[0..<min(end, html.units.count)])
            if context.cut != nil { units.append(contentsOf: context.presentation.tokenText.utf16) }
            return units.withUnsafeBufferPointer(utf16String)
        }
        var units: [UInt16] = []
        units.reserveCapacity(context.units.count)
        let limit = context.cut?.source ?? context.units.count
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
                context.appendDisplay(of: kept[position], into: &units)
                cursor = range.upperBound
            }
        }
        while let top = open.popLast() {
            copy(to: contents[top].upperBound)
            cursor = context.candidates[kept[top]].range.upperBound
        }
        copy(to: limit)
        if context.cut != nil { units.append(contentsOf: context.presentation.tokenText.utf16) }
        return units.withUnsafeBufferPointer(utf16String)
    }

    /// The display offset of source offset `source`: in plain text (at the top or in a
    /// container's content), the same character; in a container's markup or in a leaf
    /// match, the start of its display.
    func displayPosition(of source: Int, _ matches: [RuleMatch]) -> Int {
        if let html { return html.displayPosition(of: source) }
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

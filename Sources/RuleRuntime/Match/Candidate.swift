/// One match of one rule, before resolution: what the matchers find and the resolver
/// ranks. Offsets are UTF-16 code units into the original text, as `NSRange`.
///
/// Pipeline: `CandidateMatcher` (`RuleMatcher`, `TagScanner`) → `Resolver` → the records
/// of a `RenderResult` (`RuleEngine+Records.swift`); `RuleEngine.resolve` runs the first
/// two for `render`, the compiler's conflict analysis and the tests.
package struct Candidate: Sendable, Hashable {
    /// Index of the rule in `StyleTable.rules` (its declaration order).
    package var ruleIndex: Int
    /// The whole match.
    package var range: TextRange
    /// Capture groups by number: `groups[0]` is `range`; `nil` where a group did not
    /// participate. Prefix rules and tags have only `groups[0]`.
    package var groups: [TextRange?] {
        get { storedGroups ?? [range] }
        set { storedGroups = newValue }
    }
    /// `nil` for `[range]` (no array for the many matches without groups).
    var storedGroups: [TextRange?]?
    /// The rule has groups the compiled matcher has not solved yet: they are solved when a
    /// match's groups are read (`RuleMatch.groupRanges`).
    var pendingGroups = false
    /// For tag families and generic elements: the tag's name, level, content, markup and
    /// attributes.
    package var tag: TagInfo? {
        get { tagBox?.info }
        set { tagBox = newValue.map(TagBox.init) }
    }
    /// Boxed, so that a candidate stays small and copying one without a tag costs nothing.
    var tagBox: TagBox?

    package init(ruleIndex: Int, range: TextRange, groups: [TextRange?]? = nil, tag: TagInfo? = nil) {
        self.ruleIndex = ruleIndex
        self.range = range
        self.storedGroups = groups
        self.tagBox = tag.map(TagBox.init)
    }

    /// What the candidate shows of the source when `groups` are its groups: a tag's
    /// content, group `show` (an empty range at the start when it did not take part), else
    /// its whole range. The one definition of a match's content range.
    func contentRange(show: Int?, groups: () -> [TextRange?]) -> TextRange {
        if let content = tagBox?.info.contentRange { return content }
        guard let show else { return range }
        let groups = groups()
        // A table built in code may name a group the pattern lacks (`validate()` refuses it).
        return groups.indices.contains(show) ? groups[show] ?? TextRange(location: range.location, length: 0) : range
    }

    package static func == (a: Candidate, b: Candidate) -> Bool {
        a.ruleIndex == b.ruleIndex && a.range == b.range && a.groups == b.groups && a.tag == b.tag
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ruleIndex)
        hasher.combine(range)
        hasher.combine(groups)
        hasher.combine(tag)
    }
}

extension Candidate {
    /// The candidate of a text that starts `offset` units later (a stream's window): its
    /// range and stored groups moved. (Tags keep their own text: no stream shifts them.)
    func shifted(by offset: Int) -> Candidate {
        var moved = self
        moved.range.location += offset
        if let groups = storedGroups {
            moved.storedGroups = groups.map { $0.map { TextRange(location: $0.location + offset, length: $0.length) } }
        }
        return moved
    }
}

/// Which matches hold others (`nest`), and the part of the source each container shows:
/// the one place content ranges are decided, for resolution, records and reads.
///
/// A container's content is a tag's content, its `show` group, else the whole match
/// (`Candidate.contentRange(show:groups:)`). A rule that shows a replacement or an
/// attachment holds nothing (a table made by hand), nor do the tags of a family that do.
struct Containment: Sendable {
    struct Rule: Sendable {
        var nests: Bool
        var show: Int?
        /// Tags of the family that show something else and hold nothing.
        var leafTags: Set<String>

        /// `html`: in an HTML table every element holds its content, as in a browser
        /// (`nest` is implied).
        init(_ rule: RuleEntry, html: Bool = false) {
            func shows(_ p: RulePresentation) -> Bool { p.replace != nil || p.image != nil || p.widget != nil }
            var isElement = false
            switch rule.matcher {
            case .element, .tagFamily: isElement = true
            default: break
            }
            nests = (rule.nest || html && isElement) && !shows(rule.presentation)
            show = rule.presentation.show
            leafTags = Set(rule.tags.filter { shows($0.value) }.keys)
        }
    }

    let rules: [Rule]

    /// `nil` when no rule of `table` is a container.
    init?(_ table: StyleTable) {
        let html = table.html == true
        let rules = table.rules.map { Rule($0, html: html) }
        guard rules.contains(where: \.nests) else { return nil }
        self.rules = rules
    }

    /// Whether `candidate` is a match of a container (it holds the kept matches inside its
    /// content range).
    func holds(_ candidate: Candidate) -> Bool {
        guard candidate.ruleIndex >= 0, candidate.ruleIndex < rules.count else { return false }
        let rule = rules[candidate.ruleIndex]
        guard rule.nests else { return false }
        guard !rule.leafTags.isEmpty, let name = candidate.tagBox?.info.name else { return true }
        return !rule.leafTags.contains(name)
    }

    /// The content range of every candidate of a container (`nil` for the others). The
    /// groups of a `show` rule left pending are solved with `solve` and kept.
    func contents(of candidates: inout [Candidate], solve: (Candidate) -> [TextRange?]) -> [TextRange?] {
        var contents = [TextRange?](repeating: nil, count: candidates.count)
        for index in candidates.indices where holds(candidates[index]) {
            let show = rules[candidates[index].ruleIndex].show
            if show != nil, candidates[index].pendingGroups {
                candidates[index].storedGroups = solve(candidates[index])
                candidates[index].pendingGroups = false
            }
            let candidate = candidates[index]
            contents[index] = candidate.contentRange(show: show, groups: { candidate.groups })
        }
        return contents
    }
}

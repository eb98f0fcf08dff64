@_spi(Generated) @_spi(Testing) import RuleRuntime

/// The resolver checked against the resolution contract written out plainly: every match
/// found (kept and discarded) ranked by priority (higher first), location, length (longer
/// first) and declaration order, then kept unless it conflicts with one already kept (it
/// overlaps it, and neither lies inside the other's content as a container's). The kept
/// ranges must be exactly the render's.
enum ResolutionCheck {
    /// Beyond this many matches the quadratic walk would slow the fuzzer down.
    static let maxMatches = 2_000

    static func check(_ result: RenderResult, table: StyleTable) {
        let priorities = table.rules.map(\.priority)
        let all = result.matches + result.discarded.map(\.match)
        guard all.count <= maxMatches else { return }
        let ranked = all.sorted { a, b in
            let pa = priorities[a.ruleIndex], pb = priorities[b.ruleIndex]
            if pa != pb { return pa > pb }
            if a.range.location != b.range.location { return a.range.location < b.range.location }
            if a.range.length != b.range.length { return a.range.length > b.range.length }
            return a.ruleIndex < b.ruleIndex
        }
        /// `a` lies inside `b`'s content, `b` being a container.
        func inside(_ a: RuleMatch, _ b: RuleMatch) -> Bool {
            let p = b.presentation
            guard table.rules[b.ruleIndex].nest, p.replace == nil, p.image == nil, p.widget == nil else { return false }
            let content = b.contentRange
            return content.location <= a.range.location && a.range.upperBound <= content.upperBound
        }
        var kept: [RuleMatch] = []
        for match in ranked where !kept.contains(where: { $0.range.overlaps(match.range) && !inside(match, $0) && !inside($0, match) }) {
            kept.append(match)
        }
        let expected = kept.map { [$0.range.location, -$0.range.length, $0.ruleIndex] }.sorted { $0.lexicographicallyPrecedes($1) }
        let actual = result.matches.map { [$0.range.location, -$0.range.length, $0.ruleIndex] }.sorted {
            $0.lexicographicallyPrecedes($1)
        }
        require(actual == expected, "kept \(actual) but the ranking keeps \(expected)")
    }
}

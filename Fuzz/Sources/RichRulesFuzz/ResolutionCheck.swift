import RuleRuntime

/// The resolver checked against the resolution contract written out plainly: every match
/// found (kept and discarded) ranked by priority (higher first), location, length (longer
/// first) and declaration order, then kept unless it overlaps one already kept. The kept
/// ranges must be exactly the render's.
enum ResolutionCheck {
    /// Beyond this many matches the quadratic walk would slow the fuzzer down.
    static let maxMatches = 2_000

    static func check(_ result: RenderResult, priorities: [Int]) {
        let all = result.matches + result.discarded.map(\.match)
        guard all.count <= maxMatches else { return }
        let ranked = all.sorted { a, b in
            let pa = priorities[a.ruleIndex], pb = priorities[b.ruleIndex]
            if pa != pb { return pa > pb }
            if a.range.location != b.range.location { return a.range.location < b.range.location }
            if a.range.length != b.range.length { return a.range.length > b.range.length }
            return a.ruleIndex < b.ruleIndex
        }
        var kept: [RuleMatch] = []
        for match in ranked where !kept.contains(where: { $0.range.overlaps(match.range) }) { kept.append(match) }
        let expected = kept.map { [$0.range.location, $0.range.length, $0.ruleIndex] }.sorted { $0.lexicographicallyPrecedes($1) }
        let actual = result.matches.map { [$0.range.location, $0.range.length, $0.ruleIndex] }
        require(actual == expected, "kept \(actual) but the ranking keeps \(expected)")
    }
}

/// The rules of an engine on one text, resolved: every candidate, the content range of
/// each container's, and what the resolver kept and discarded.
///
/// `RuleEngine.resolve` makes it: the one computation from a text to its resolution that
/// `render`, the compiler's conflict analysis (confirming its example texts) and the tests
/// share.
package struct ResolvedText {
    /// Every candidate found (of the rules asked for), in the matchers' order. Groups of
    /// compiled rules may be pending (`RuleMatch.groupRanges` solves them when read).
    package var candidates: [Candidate]
    /// The content range of each candidate of a container (`nil` for the others); `nil`
    /// when no rule of the table is a container.
    package var contents: [TextRange?]?
    package var resolution: Resolution
    /// Rules on NSRegularExpression that stopped before the end of the text, named.
    package var interrupted: [InterruptedRule]
    /// The text's UTF-16 units, when matching made them (a scan of the text's own UTF-8
    /// may not need them).
    var units: TextUnits?
    /// An HTML render's tree and which element each candidate is (`RuleEngine.rendersHTML`).
    var html: HTMLSource?
}

extension RuleEngine {
    /// Rules on a text → their resolution (see `ResolvedText`). With `only`, the candidates
    /// of the other rules are dropped before resolution (as if the table had only those
    /// rules, with their indices and priorities).
    package func resolve(_ text: String, rules only: Set<Int>? = nil) -> ResolvedText {
        var (candidates, interrupted, units) = match(text)
        if let only {
            candidates.removeAll { !only.contains($0.ruleIndex) }
            interrupted.removeAll { !only.contains($0.ruleIndex) }
        }
        var html: HTMLSource?
        if rendersHTML {
            if units == nil { units = TextUnits.make(text) }
            let source = units!
            (candidates, html) = htmlCandidates(candidates, source: source, only: only)
        }
        var contents: [TextRange?]?
        if let containment {
            contents = containment.contents(of: &candidates) { candidate in
                if units == nil { units = TextUnits.make(text) }
                return ruleMatcher?.groups(ruleIndex: candidate.ruleIndex, range: candidate.range, units: units!.buffer) ?? candidate.groups
            }
        }
        let resolution = Resolver.resolve(candidates, priorities: priorities, contents: contents)
        return ResolvedText(
            candidates: candidates, contents: contents, resolution: resolution, interrupted: interrupted, units: units, html: html)
    }

    /// Stage 1: every rule's candidates in `text`, the rules NSRegularExpression stopped
    /// early, and the text's UTF-16 units if they were made.
    func match(_ text: String) -> ([Candidate], [InterruptedRule], TextUnits?) {
        var interrupted: [InterruptedRule] = []
        var candidates: [Candidate]
        var units: TextUnits?
        if let ruleMatcher, ruleMatcher.scansUTF8,
            let found = text.utf8.withContiguousStorageIfAvailable({ bytes in
                // A native string's own UTF-8: the shared scan reads the bytes, and the
                // UTF-16 units are made only when a rule outside the scan reads them.
                ruleMatcher.candidates(
                    utf8: bytes, text: text,
                    source: {
                        if units == nil { units = TextUnits.make(text) }
                        return units!
                    }, budget: fallbackBudget, interrupted: &interrupted)
            })
        {
            candidates = found
        } else if let ruleMatcher {
            let source = TextUnits.make(text, marking: ruleMatcher.markTargets)
            units = source
            // Well-formed by construction.
            candidates = ruleMatcher.candidates(
                in: text, source: source, solvingGroups: false, budget: fallbackBudget, interrupted: &interrupted)
        } else {
            if matcher.readsUnits {
                let source = TextUnits.make(text)
                units = source
                candidates = matcher.candidates(in: text, units: Array(source.buffer))
            } else {
                candidates = matcher.candidates(in: text, units: [])
            }
            let ruleCount = priorities.count
            let length = units?.buffer.count ?? text.utf16.count
            let invalid = { (c: Candidate) in
                c.range.length <= 0 || c.range.location < 0 || c.range.upperBound > length || c.ruleIndex < 0 || c.ruleIndex >= ruleCount
            }
            // (Checked first: the matcher's array may be shared, and removing copies it.)
            if candidates.contains(where: invalid) { candidates.removeAll(where: invalid) }
        }
        for index in interrupted.indices { interrupted[index].rule = ruleNames[interrupted[index].ruleIndex] }
        return (candidates, interrupted, units)
    }
}

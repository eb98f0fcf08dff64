/// The candidates of a string's own UTF-8: the shared scan runs on the bytes and its
/// matches get UTF-16 offsets at their boundaries only (`UTF16Counter`); the rules it does
/// not run (tags, word prefixes, entities, NSRegularExpression, Pike VM only) read the
/// text's UTF-16 units, which `source()` transcodes when first asked.
extension RuleMatcher {
    /// Whether the UTF-8 path is available (the rules of the shared scan have their UTF-8
    /// prefilter).
    var scansUTF8: Bool { storage.scan == nil || storage.scan?.utf8Prefilter != nil }

    /// `candidates(in:units:…)` on `bytes`, `text`'s UTF-8, with groups of compiled rules
    /// left pending.
    func candidates(
        utf8 bytes: UnsafeBufferPointer<UInt8>, text: String, source: () -> TextUnits, budget: FallbackBudget,
        interrupted: inout [InterruptedRule]
    ) -> [Candidate] {
        var result: [Candidate] = []
        // About one match a hundred bytes in prose; growing past it copies candidates.
        result.reserveCapacity(16 + bytes.count / 64)
        let storage = self.storage
        // Rules on a lazy DFA read the bytes too; the other unscanned rules the UTF-16 units.
        if storage.unscannedOnUnits {
            result = candidates(
                in: text, source: source(), solvingGroups: false, budget: budget, interrupted: &interrupted, scanning: false,
                lazyOnUnits: false)
        }
        for (ruleIndex, lazy) in storage.lazyRules {
            lazy.matches(utf8: bytes, units: { source().buffer }) { range, pending in
                var candidate = Candidate(ruleIndex: ruleIndex, range: range)
                candidate.pendingGroups = pending
                result.append(candidate)
            }
        }
        guard let scan = storage.scan else { return result }
        let scanRules = storage.scanRules
        scan.run(utf8: bytes, units: { source().buffer }) { index, range, pending in
            var candidate = Candidate(ruleIndex: scanRules[index], range: range)
            candidate.pendingGroups = pending
            result.append(candidate)
        }
        return result
    }
}

import RuleRegex

extension Determinizer {
    /// The first two steps of the program's anchored DFA, every path kept and every
    /// evaluated test taken as satisfiable (an all-matches determinizer): what `StartBuckets`
    /// reads to put a lazy DFA's rule in the shared prefilter. Its rows are those of the
    /// anchored start states and of the states one code point after them; the rows after
    /// that are left dead (the prefilter never reads them). Over-approximating is sound
    /// there: the prefilter only lists where a rule may start, and the rule's own DFA
    /// decides. `nil` over `maxStates`.
    package mutating func startTable() -> DFATable? {
        precondition(allMatches, "a start table keeps every path")
        ids[Key(kernel: [], context: 0)] = 0
        keys.append(Key(kernel: [], context: 0))
        stateFlags.append(0)
        transitions.append(contentsOf: repeatElement(0, count: classCount))
        let contexts = 8 << pairs.count
        var anchoredStarts: [Int32] = []
        for context in 0..<contexts {
            guard let id = state(for: Key(kernel: [Self.anchor], context: context)) else { return nil }
            anchoredStarts.append(id)
        }
        // Two levels: the starts' rows, then the rows of the states they reach.
        var level = Array(Set(anchoredStarts)).sorted()
        for _ in 0..<2 {
            var next: Set<Int32> = []
            for id in level {
                let key = keys[Int(id)]
                for inputClass in 0..<classCount {
                    let (kernel, match) = step(key, inputClass: inputClass)
                    let context = contextAfter(key.context, inputClass: inputClass)
                    guard let target = state(for: Key(kernel: kernel, context: kernel.isEmpty ? 0 : context)) else { return nil }
                    transitions[Int(id) * classCount + inputClass] = target << 2 | match.bits
                    if target != 0 { next.insert(target) }
                }
                closure(key, inputClass: nil)
                if scratch.threads[0..<scratch.threadCount].contains(where: { isMatch($0) }) { stateFlags[Int(id)] |= 1 }
            }
            level = next.sorted()
        }
        return classTable(
            transitions: transitions, stateFlags: stateFlags, starts: anchoredStarts, anchoredStarts: anchoredStarts)
    }
}

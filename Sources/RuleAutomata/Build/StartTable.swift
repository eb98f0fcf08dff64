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
        // Only the contexts a text can produce get a start: of the 8 × 2^pairs indices most
        // are combinations no code point gives (each pair's bit is "the code point before is
        // in its set"), and their starts' rows cost as much as the real ones' (the feed
        // spec's engine init grew by half when its lookarounds' tests took spare pairs).
        let contexts = 8 << pairs.count
        let reachable = reachableContexts()
        var anchoredStarts: [Int32] = []
        for context in 0..<contexts {
            guard reachable.contains(context) else {
                anchoredStarts.append(0)  // never read: no text has this context
                continue
            }
            guard let id = state(for: Key(kernel: [Self.anchor], context: context)) else { return nil }
            anchoredStarts.append(id)
        }
        // Two levels: the starts' rows, then the rows of the states they reach.
        var level = Array(Set(anchoredStarts).subtracting([0])).sorted()
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

    /// The look-behind contexts some position of some text has: the start of the text's, and
    /// from each, the one after a code point of every class, to a fixpoint (a class ignored
    /// by a `\b` keeps the bits before it, as `ClassMap.context` reads them).
    func reachableContexts() -> Set<Int> {
        let start = DFATable.context(atStart: true, previous: .other, wordBits: 0)
        var seen: Set<Int> = [start]
        var stack = [start]
        while let context = stack.popLast() {
            for inputClass in 0..<classCount {
                let next = contextAfter(context, inputClass: inputClass)
                if seen.insert(next).inserted { stack.append(next) }
            }
        }
        return seen
    }
}

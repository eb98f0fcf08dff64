import RuleRuntime

extension Determinizer {
    /// Builds the table; `nil` when the state or cell budget is exceeded.
    mutating func build() -> DFATable? {
        // State 0: dead.
        ids[Key(kernel: [], context: 0)] = 0
        keys.append(Key(kernel: [], context: 0))
        stateFlags.append(0)
        transitions.append(contentsOf: repeatElement(0, count: classCount))

        var starts: [Int32] = []
        let contexts = 8 << pairs.count
        for context in 0..<contexts {
            guard let id = state(for: Key(kernel: [Self.restart], context: context)) else { return nil }
            starts.append(id)
        }
        var anchoredStarts: [Int32] = []
        for context in 0..<contexts {
            guard let id = state(for: Key(kernel: [Self.anchor], context: context)) else { return nil }
            anchoredStarts.append(id)
        }
        var next = 1
        while next < keys.count {
            let key = keys[next]
            for inputClass in 0..<classCount {
                let (kernel, match) = step(key, inputClass: inputClass)
                let context = contextAfter(key.context, inputClass: inputClass)
                guard let target = state(for: Key(kernel: kernel, context: kernel.isEmpty ? 0 : context)) else { return nil }
                transitions[next * classCount + inputClass] = target << 2 | match.bits
            }
            if let first = closure(key, inputClass: nil).first(where: { isMatch($0) }) {
                stateFlags[next] |= 1 | (first & 1 == 0 ? 4 : 0)
            }
            if key.kernel == [Self.restart] { stateFlags[next] |= 2 }
            next += 1
        }
        var asciiClasses: [UInt16] = []
        for c in UInt32(0)..<0x80 { asciiClasses.append(UInt16(alphabet.baseClass(of: c))) }
        var rangeStarts: [UInt32] = []
        var rangeClasses: [UInt16] = []
        for (start, id) in zip(alphabet.starts, alphabet.intervalClasses) where start >= 0x80 {
            rangeStarts.append(start)
            rangeClasses.append(UInt16(id))
        }
        var finalClasses: [UInt16] = Array(0..<UInt16(classCount))
        for inputClass in alphabet.baseCount..<classCount { finalClasses[baseOf[inputClass]] = UInt16(inputClass) }
        return DFATable(
            asciiClasses: asciiClasses, rangeStarts: rangeStarts, rangeClasses: rangeClasses, classFlags: classFlags,
            finalClasses: finalClasses, classCount: classCount, transitions: transitions, stateFlags: stateFlags, starts: starts,
            anchoredStarts: anchoredStarts,
            boundaryPairCount: pairs.count)
    }

    /// The id of a state, adding it (and its row) when new; `nil` over budget.
    mutating func state(for key: Key) -> Int32? {
        if let id = ids[key] { return id }
        guard keys.count < maxStates, (keys.count + 1) * classCount <= maxCells else { return nil }
        let id = Int32(keys.count)
        ids[key] = id
        keys.append(key)
        stateFlags.append(0)
        transitions.append(contentsOf: repeatElement(0, count: classCount))
        return id
    }

    /// Whether a kernel entry (`pc << 1 | later`) is a `match` instruction.
    func isMatch(_ entry: Int32) -> Bool {
        if case .match = program.instructions[Int(entry >> 1)] { return true }
        return false
    }

    /// A match found on a transition: none, or one whose thread started at the last idle
    /// position ("first"), or a later one (its start is left to the Pike VM).
    enum Match {
        case none, first, later
        var bits: Int32 {
            switch self {
            case .none: return 0
            case .first: return 3
            case .later: return 1
            }
        }
    }

    /// The next kernel on `inputClass`, and whether (and how) a match ends before it.
    func step(_ key: Key, inputClass: Int) -> ([Int32], Match) {
        var kernel: [Int32] = []
        var seen = Set<Int32>()
        let base = baseOf[inputClass]
        for entry in closure(key, inputClass: inputClass) {
            switch program.instructions[Int(entry >> 1)] {
            case .consume(let set, let next):
                if accepts[set][base], seen.insert(Int32(next)).inserted { kernel.append(Int32(next) << 1 | entry & 1) }
            case .match:
                return (kernel, entry & 1 == 0 ? .first : .later)
            default:
                continue
            }
        }
        if key.kernel.last == Self.restart { kernel.append(Self.restart) }
        return (kernel, .none)
    }

    /// The consuming and matching threads of a kernel before `inputClass` (`nil`: the end
    /// of the text), in priority order, exactly as the Pike VM's closure visits them. Each
    /// entry is `pc << 1 | later`: threads started by `restart` while no other thread is
    /// alive are "first" (they start at the idle position), all others "later".
    func closure(_ key: Key, inputClass: Int?) -> [Int32] {
        var visited = Set<Int>()
        var threads: [Int32] = []
        let others = key.kernel.contains { $0 != Self.restart }
        for entry in key.kernel {
            if entry == Self.restart {
                if startAllowed(key.context, inputClass) { explore(0, others ? 1 : 0, key.context, inputClass, &visited, &threads) }
            } else if entry == Self.anchor {
                if startAllowed(key.context, inputClass) { explore(0, 0, key.context, inputClass, &visited, &threads) }
            } else {
                explore(Int(entry >> 1), entry & 1, key.context, inputClass, &visited, &threads)
            }
        }
        return threads
    }

    private func explore(
        _ start: Int, _ tag: Int32, _ context: Int, _ inputClass: Int?, _ visited: inout Set<Int>, _ threads: inout [Int32]
    ) {
        var stack = [start]
        while let top = stack.popLast() {
            var pc = top
            chain: while visited.insert(pc).inserted {
                switch program.instructions[pc] {
                case .split(let preferred, let alternative):
                    stack.append(alternative)
                    pc = preferred
                case .save(_, let next):
                    pc = next
                case .assert(let assertion, let next):
                    guard holds(assertion, context, inputClass) else { break chain }
                    pc = next
                case .consume, .match:
                    threads.append(Int32(pc) << 1 | tag)
                    break chain
                }
            }
        }
    }
}

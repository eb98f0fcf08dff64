import RuleRegex

extension Determinizer {
    /// Builds the table; `nil` when the state or cell budget is exceeded.
    package mutating func build() -> DFATable? {
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
            closure(key, inputClass: nil)
            if let first = scratch.threads[0..<scratch.threadCount].first(where: { isMatch($0) }) {
                stateFlags[next] |= 1 | (first & 1 == 0 ? 4 : 0)
            }
            if key.kernel == [Self.restart] { stateFlags[next] |= 2 }
            next += 1
        }
        return classTable(transitions: transitions, stateFlags: stateFlags, starts: starts, anchoredStarts: anchoredStarts)
    }

    /// The table of `transitions` and states over this determinizer's classes (with none:
    /// the class tables alone, which the lazy DFA reads text with).
    package func classTable(
        transitions: [Int32] = [], stateFlags: [UInt8] = [], starts: [Int32] = [], anchoredStarts: [Int32] = []
    ) -> DFATable {
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
    package mutating func state(for key: Key) -> Int32? {
        scratch.work += key.kernel.count + 1
        guard scratch.work <= maxWork else {
            exceeded = .work
            return nil
        }
        if let id = ids[key] { return id }
        guard keys.count < maxStates else {
            exceeded = .states
            return nil
        }
        guard (keys.count + 1) * classCount <= maxCells else {
            exceeded = .cells
            return nil
        }
        let id = Int32(keys.count)
        ids[key] = id
        keys.append(key)
        stateFlags.append(0)
        transitions.append(contentsOf: repeatElement(0, count: classCount))
        return id
    }

    /// Whether a kernel entry (`pc << 1 | later`) is a `match` instruction.
    package func isMatch(_ entry: Int32) -> Bool {
        flat[Int(entry >> 1) * 3] == FlatInstruction.match
    }

    /// A match found on a transition: none, or one whose thread started at the last idle
    /// position ("first"), or a later one (its start is left to the Pike VM).
    package enum Match {
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
    package mutating func step(_ key: Key, inputClass: Int) -> ([Int32], Match) {
        closure(key, inputClass: inputClass)
        scratch.nextGeneration()
        var kernel: [Int32] = []
        var found = Match.none
        let base = baseOf[inputClass]
        for i in 0..<scratch.threadCount {
            let entry = scratch.threads[i]
            let pc = Int(entry >> 1) * 3
            if flat[pc] == FlatInstruction.consume {
                let next = Int(flat[pc + 2])
                if accepts[Int(flat[pc + 1])][base], scratch.seen[next] != scratch.generation {
                    scratch.seen[next] = scratch.generation
                    kernel.append(Int32(next) << 1 | entry & 1)
                }
            } else if flat[pc] == FlatInstruction.match {
                let match: Match = entry & 1 == 0 ? .first : .later
                guard allMatches else { return (kernel, match) }
                if found == .none { found = match }
            }
        }
        if allMatches { kernel.sort() }
        if key.kernel.last == Self.restart { kernel.append(Self.restart) }
        return (kernel, found)
    }

    /// Puts in `scratch.threads` the consuming and matching threads of a kernel before
    /// `inputClass` (`nil`: the end of the text), in priority order, exactly as the Pike
    /// VM's closure visits them. Each entry is `pc << 1 | later`: threads started by
    /// `restart` while no other thread is alive are "first" (they start at the idle
    /// position), all others "later".
    ///
    /// The loop runs on buffers moved out of `scratch` (no copy, no overlapping access to
    /// `self`) through unsafe pointers: this is the determinizer's inner loop, and the
    /// build plugin runs a debug build of `rulegen`.
    package mutating func closure(_ key: Key, inputClass: Int?) {
        scratch.nextGeneration()
        let generation = scratch.generation
        let others = key.kernel.contains { $0 != Self.restart }
        let startAllowed = startAllowed(key.context, inputClass)
        let context = key.context
        let look = key.look
        var visited: [UInt32] = []
        var stack: [Int32] = []
        var threads: [Int32] = []
        swap(&visited, &scratch.visited)
        swap(&stack, &scratch.stack)
        swap(&threads, &scratch.threads)
        var work = 0
        var count = 0
        visited.withUnsafeMutableBufferPointer { visited in
            stack.withUnsafeMutableBufferPointer { stack in
                threads.withUnsafeMutableBufferPointer { threads in
                    flat.withUnsafeBufferPointer { flat in
                        key.kernel.withUnsafeBufferPointer { kernel in
                            for entry in kernel {
                                var tag = entry & 1
                                if entry == Self.restart || entry == Self.anchor {
                                    guard startAllowed else { continue }
                                    stack[0] = 0
                                    tag = entry == Self.restart && others ? 1 : 0
                                } else {
                                    stack[0] = entry >> 1
                                }
                                var top = 1
                                while top > 0 {
                                    top -= 1
                                    var pc = Int(stack[top])
                                    chain: while visited[pc] != generation {
                                        visited[pc] = generation
                                        work += 1
                                        let kind = flat[pc * 3]
                                        if kind == FlatInstruction.split {
                                            stack[top] = flat[pc * 3 + 2]
                                            top += 1
                                            pc = Int(flat[pc * 3 + 1])
                                        } else if kind == FlatInstruction.save {
                                            pc = Int(flat[pc * 3 + 2])
                                        } else if kind == FlatInstruction.assert {
                                            guard holds(assertions[Int(flat[pc * 3 + 1])], context, inputClass, look) else { break chain }
                                            pc = Int(flat[pc * 3 + 2])
                                        } else {
                                            threads[count] = Int32(pc) << 1 | tag
                                            count += 1
                                            break chain
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        swap(&visited, &scratch.visited)
        swap(&stack, &scratch.stack)
        swap(&threads, &scratch.threads)
        scratch.threadCount = count
        scratch.work += work
    }
}

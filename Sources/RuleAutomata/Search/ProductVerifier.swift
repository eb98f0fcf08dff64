import RuleRegex

/// One anchored run for all the rules of a shared scan at once: the product of their
/// anchored DFAs over ASCII input, built when the scan is made.
///
/// Where the prefilter lists several rules at a position (seventeen quantity rules at
/// every number, sixteen link rules at every `http`), running each rule's anchored DFA
/// reads the same units again and again. The product reads them once: its state is the
/// list of components (rule, DFA row) still alive, and each transition says which
/// components had a match before the unit read (the leftmost-first end so far). The
/// product covers ASCII units that are no line terminator for any rule; at any other unit,
/// at the end of the text or at the step limit, the components still alive continue on
/// their own DFAs from their rows (`DFARunner.continueAnchored`), so the results are
/// exactly those of one anchored run per rule.
///
/// The product is built breadth-first from its start states (one per ASCII unit before
/// the position, and one for the text's start) and given up — the scan then runs rule by
/// rule — past `maxStates` states.
package final class ProductVerifier: @unchecked Sendable {
    // Unchecked: the frozen buffers are written in `init` only and freed in `deinit`.
    /// Product class of each ASCII unit; -1 for a unit the product leaves to the rules.
    let classes: Frozen<Int32>
    let classCount: Int
    /// `next[state * classCount + class]`: the next state (0: every component dead).
    let next: Frozen<Int32>
    /// `outputs[state * classCount + class]`: the list of rules whose component had a
    /// match before the unit (0: none).
    let outputs: Frozen<Int32>
    /// List `k` is `listMembers[listOffsets[k]..<listOffsets[k + 1]]`.
    let listOffsets: Frozen<Int32>
    let listMembers: Frozen<Int32>
    /// The components of state `s`: `componentRules[i]`, `componentRows[i]` for `i` in
    /// `stateOffsets[s]..<stateOffsets[s + 1]`, in rule order.
    let stateOffsets: Frozen<Int32>
    let componentRules: Frozen<Int32>
    let componentRows: Frozen<Int>
    /// The start state by the unit before the position (0..<128; 128 at the text's start);
    /// -1 where some rule's look-behind context needs more than that unit.
    let starts: Frozen<Int32>

    static let maxStates = 4096
    /// The rules' DFAs, for the components the product leaves to them.
    let runners: [DFARunner]

    /// `nil` for fewer than two rules, or when the product grows past `maxStates`.
    init?(_ runners: [DFARunner]) {
        guard runners.count >= 2 else { return nil }
        // Product classes: ASCII units that give every rule the same class tuple.
        var classes = [Int32](repeating: -1, count: 0x80)
        var representatives: [Int] = []
        var tuples: [[UInt16]: Int32] = [:]
        for unit in 0..<0x80 {
            var tuple: [UInt16] = []
            tuple.reserveCapacity(runners.count)
            for runner in runners {
                let inputClass = runner.classes.subtables[unit]
                if inputClass & DFARunner.terminator != 0 { break }
                tuple.append(inputClass)
            }
            guard tuple.count == runners.count else { continue }
            if let known = tuples[tuple] {
                classes[unit] = known
            } else {
                classes[unit] = Int32(representatives.count)
                tuples[tuple] = Int32(representatives.count)
                representatives.append(unit)
            }
        }
        let classCount = representatives.count
        guard classCount > 0 else { return nil }
        let ruleClasses = runners.map { runner in representatives.map { Int(runner.classes.subtables[$0]) } }

        // States: the flattened (rule, row) pairs of the alive components; state 0 has none.
        var ids: [[Int]: Int32] = [[]: 0]
        var states: [[Int]] = [[]]
        func state(_ components: [Int]) -> Int32? {
            if let id = ids[components] { return id }
            guard states.count < Self.maxStates else { return nil }
            let id = Int32(states.count)
            ids[components] = id
            states.append(components)
            return id
        }
        var starts = [Int32](repeating: -1, count: 0x81)
        for previous in 0...0x80 {
            var components: [Int] = []
            var known = true
            for (rule, runner) in runners.enumerated() {
                let context =
                    previous == 0x80
                    ? DFATable.context(atStart: true, previous: .other, wordBits: 0) : runner.classes.asciiContexts[previous]
                guard context >= 0 else {
                    known = false
                    break
                }
                let row = runner.anchoredRows[context]
                if row != 0 { components += [rule, row] }
            }
            guard known else { continue }
            guard let id = state(components) else { return nil }
            starts[previous] = id
        }

        var lists: [[Int32]: Int32] = [[]: 0]
        var listOffsets: [Int32] = [0, 0]
        var listMembers: [Int32] = []
        var next: [Int32] = []
        var outputs: [Int32] = []
        var index = 0
        while index < states.count {
            let components = states[index]
            for inputClass in 0..<classCount {
                var alive: [Int] = []
                var matched: [Int32] = []
                var k = 0
                while k < components.count {
                    let rule = components[k], row = components[k + 1]
                    let entry = runners[rule].entries[row + ruleClasses[rule][inputClass]]
                    if entry & 1 != 0 { matched.append(Int32(rule)) }
                    if entry >> 3 != 0 { alive += [rule, entry >> 3] }
                    k += 2
                }
                guard let target = state(alive) else { return nil }
                next.append(target)
                if let list = lists[matched] {
                    outputs.append(list)
                } else {
                    let list = Int32(lists.count)
                    lists[matched] = list
                    listMembers += matched
                    listOffsets.append(Int32(listMembers.count))
                    outputs.append(list)
                }
            }
            index += 1
        }

        var stateOffsets: [Int32] = [0]
        var componentRules: [Int32] = []
        var componentRows: [Int] = []
        for components in states {
            for k in stride(from: 0, to: components.count, by: 2) {
                componentRules.append(Int32(components[k]))
                componentRows.append(components[k + 1])
            }
            stateOffsets.append(Int32(componentRules.count))
        }
        self.runners = runners
        self.classes = Frozen(classes)
        self.classCount = classCount
        self.next = Frozen(next)
        self.outputs = Frozen(outputs)
        self.listOffsets = Frozen(listOffsets)
        self.listMembers = Frozen(listMembers)
        self.stateOffsets = Frozen(stateOffsets)
        self.componentRules = Frozen(componentRules)
        self.componentRows = Frozen(componentRows)
        self.starts = Frozen(starts)
    }

    deinit {
        classes.free()
        next.free()
        outputs.free()
        listOffsets.free()
        listMembers.free()
        stateOffsets.free()
        componentRules.free()
        componentRows.free()
        starts.free()
    }

    /// The anchored attempts at `p` of the `listed` rules due there (`nextStart[rule] <= p`),
    /// each as `DFARunner.matchAnchored` would give it, written to `ends[rule]`; `false`
    /// (nothing written) when fewer than two are due or the product cannot start at `p`.
    /// Step limits are `CompiledScan.limit`'s; the product's run is charged to the rule
    /// with the tightest one (whose limit bounds the run, so that every rule's charges
    /// still bound the work it causes), the rest of a rule's own run to itself.
    @inline(never)
    func attempt(
        _ text: UnsafeBufferPointer<UInt16>, at p: Int, listed: UnsafeBufferPointer<Int32>, nextStart: UnsafeMutablePointer<Int>,
        spent: UnsafeMutablePointer<Int>, ends: UnsafeMutablePointer<Int>
    ) -> Bool {
        attempt(text, at: p, listed: listed, nextStart: nextStart, spent: spent, ends: ends) { runner, row, position, end, limit, steps in
            runner.continueAnchored(text, from: p, row: row, at: position, end: end, limit: limit, steps: &steps)
        }
    }

    /// `attempt` on UTF-8 (byte offsets; the product reads ASCII, one byte a code point).
    @inline(never)
    func attempt(
        utf8 text: UnsafeBufferPointer<UInt8>, at p: Int, listed: UnsafeBufferPointer<Int32>, nextStart: UnsafeMutablePointer<Int>,
        spent: UnsafeMutablePointer<Int>, ends: UnsafeMutablePointer<Int>
    ) -> Bool {
        attempt(text, at: p, listed: listed, nextStart: nextStart, spent: spent, ends: ends) { runner, row, position, end, limit, steps in
            runner.continueAnchored(text, from: p, row: row, at: position, end: end, limit: limit, steps: &steps)
        }
    }

    /// `attempt` on code units of either encoding; `continuing(runner, row, position, end,
    /// limit, steps)` is the rule's own `continueAnchored` on the same text.
    @inline(__always)
    private func attempt<Unit: UnsignedInteger & FixedWidthInteger>(
        _ text: UnsafeBufferPointer<Unit>, at p: Int, listed: UnsafeBufferPointer<Int32>, nextStart: UnsafeMutablePointer<Int>,
        spent: UnsafeMutablePointer<Int>, ends: UnsafeMutablePointer<Int>,
        continuing: (DFARunner, Int, Int, Int, Int, inout Int) -> Int
    ) -> Bool {
        let start = start(text, at: p)
        guard start >= 0 else { return false }
        @inline(__always) func limit(_ rule: Int) -> Int { CompiledScan.limit(at: p, nextStart: nextStart[rule], spent: spent[rule]) }
        var due = 0
        var shortest = Int.max
        var bottleneck = 0
        for member in listed where p >= nextStart[Int(member)] {
            let rule = Int(member)
            due += 1
            let limit = limit(rule)
            if limit < shortest { (shortest, bottleneck) = (limit, rule) }
            ends[rule] = -1
        }
        guard due >= 2 else { return false }
        let stop = text.count - p > shortest ? p + shortest : text.count
        let (state, position) = run(text, from: start, at: p, stop: stop) { rule, at in ends[rule] = at }
        if state == 0 || row(of: bottleneck, in: state) == 0 { spent[bottleneck] += position - p + 1 }
        guard state != 0 else { return true }
        for member in listed where p >= nextStart[Int(member)] {
            let rule = Int(member)
            let row = row(of: rule, in: state)
            guard row != 0 else { continue }
            // Alive where the product stopped: on to its own DFA (charged the whole run).
            ends[rule] = continuing(runners[rule], row, position, ends[rule], limit(rule), &spent[rule])
        }
        return true
    }

    /// The start state at `position`, or -1 when the product cannot start there.
    @inline(__always)
    func start<Unit: UnsignedInteger & FixedWidthInteger>(_ text: UnsafeBufferPointer<Unit>, at position: Int) -> Int {
        if position == 0 { return Int(starts[0x80]) }
        let previous = text[position - 1]
        return previous < 0x80 ? Int(starts[Int(previous)]) : -1
    }

    /// Runs the product from `state` at `start` up to `stop` (exclusive), calling
    /// `matched(rule, position)` for every component with a match before the unit at
    /// `position`. Returns the state reached (0 when every component died) and where it
    /// stopped: the end of its run, or the first unit it leaves to the rules.
    @inline(__always)
    func run<Unit: UnsignedInteger & FixedWidthInteger>(
        _ text: UnsafeBufferPointer<Unit>, from state: Int, at start: Int, stop: Int, matched: (Int, Int) -> Void
    ) -> (state: Int, position: Int) {
        var state = state
        var position = start
        while position < stop {
            let unit = text[position]
            guard unit < 0x80 else { break }
            let inputClass = Int(classes[Int(unit)])
            guard inputClass >= 0 else { break }
            let transition = state * classCount + inputClass
            let list = Int(outputs[transition])
            if list != 0 {
                for k in Int(listOffsets[list])..<Int(listOffsets[list + 1]) { matched(Int(listMembers[k]), position) }
            }
            state = Int(next[transition])
            position += 1
            if state == 0 { break }
        }
        return (state, position)
    }

    /// The DFA row of `rule`'s component in `state`, or 0 when it is dead there.
    @inline(__always)
    func row(of rule: Int, in state: Int) -> Int {
        for k in Int(stateOffsets[state])..<Int(stateOffsets[state + 1]) where Int(componentRules[k]) == rule {
            return componentRows[k]
        }
        return 0
    }
}

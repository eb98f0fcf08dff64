// What a program can read around a match and how far a match can run: what a stream of
// text (`RichStream`) and lint's `stream-unbounded` ask of a rule.

import RuleRegex

extension RegexProgram {
    /// How far the program's lookarounds read behind and ahead of the position they are
    /// tried at, in UTF-16 units (`nil`: without bound), nested lookarounds included. One
    /// code point assertions (`\b`, `$`, a grapheme boundary) are not counted: a reader
    /// adds a few units for them.
    package var lookaroundReach: (behind: Int?, ahead: Int?) {
        func add(_ a: Int?, _ b: Int?) -> Int? {
            guard let a, let b else { return nil }
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? nil : sum
        }
        func most(_ a: Int?, _ b: Int?) -> Int? {
            guard let a, let b else { return nil }
            return max(a, b)
        }
        var behind: Int? = 0
        var ahead: Int? = 0
        for look in lookarounds {
            let inner = look.body.lookaroundReach
            if look.behind {
                behind = most(behind, add(look.maxLength, inner.behind))
                ahead = most(ahead, inner.ahead)
            } else {
                ahead = most(ahead, add(look.maxLength, inner.ahead))
                behind = most(behind, inner.behind)
            }
        }
        return (behind, ahead)
    }

    /// Every code point the program's consuming instructions can read, its lookarounds'
    /// bodies included: a run of it from a position reads no further than the first code
    /// point outside this set (and the code point or two its assertions peek at).
    package var readableSet: ScalarSet {
        var set = ScalarSet()
        for instruction in instructions {
            if case .consume(let index, _) = instruction { set = set.union(sets[index]) }
        }
        for look in lookarounds { set = set.union(look.body.readableSet) }
        return set
    }

    /// The code points that end every read of the program's lookaheads without a bound
    /// (`(?=.*x)`: the line terminators), `nil` when there is no such lookahead, and an
    /// empty set when they can read over anything (`(?=[\s\S]*x)`).
    package var unboundedLookaheadStops: ScalarSet? {
        var read: ScalarSet?
        for look in lookarounds {
            let inner = look.body.lookaroundReach
            guard !look.behind && look.maxLength == nil || inner.ahead == nil else { continue }
            read = (read ?? ScalarSet()).union(look.body.readableSet)
        }
        // (Surrogate code points are in no text: a string's units pair them into scalars.)
        return read?.inverted().subtracting(ScalarSet(0xD800...0xDFFF))
    }

    /// Whether a match can run on over line breaks without a bound: some instruction on a
    /// loop (a cycle of the program) consumes U+000A (`[^*]*`, `(?s).*`, `[\s\S]+`).
    package var loopsOverLineBreaks: Bool {
        // Tarjan's strongly connected components, iteratively: a consuming instruction lies
        // on a cycle when its component has more than one instruction or it loops to itself.
        let count = instructions.count
        func successors(_ pc: Int) -> [Int] {
            switch instructions[pc] {
            case .consume(_, let next), .save(_, let next), .assert(_, let next): return [next]
            case .split(let preferred, let alternative): return [preferred, alternative]
            case .match: return []
            }
        }
        var index = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var component = [Int](repeating: -1, count: count)
        var sizes: [Int] = []
        var next = 0
        for root in 0..<count where index[root] < 0 {
            var work: [(pc: Int, edge: Int)] = [(root, 0)]
            index[root] = next
            low[root] = next
            next += 1
            stack.append(root)
            onStack[root] = true
            while let (pc, edge) = work.last {
                let out = successors(pc)
                if edge < out.count {
                    work[work.count - 1].edge += 1
                    let to = out[edge]
                    guard to >= 0, to < count else { continue }
                    if index[to] < 0 {
                        index[to] = next
                        low[to] = next
                        next += 1
                        stack.append(to)
                        onStack[to] = true
                        work.append((to, 0))
                    } else if onStack[to] {
                        low[pc] = min(low[pc], index[to])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last { low[parent.pc] = min(low[parent.pc], low[pc]) }
                if low[pc] == index[pc] {
                    let id = sizes.count
                    var size = 0
                    while let top = stack.popLast() {
                        onStack[top] = false
                        component[top] = id
                        size += 1
                        if top == pc { break }
                    }
                    sizes.append(size)
                }
            }
        }
        for pc in 0..<count {
            guard case .consume(let set, let next) = instructions[pc], sets[set].contains(0x0A) else { continue }
            if sizes[component[pc]] > 1 || next == pc { return true }
        }
        return false
    }
}

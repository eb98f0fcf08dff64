// Compilation: RegexIR → RegexProgram (Thompson construction).
//
// States are emitted back to front: `emit(node, next:)` emits the states of `node` so that
// they continue at `next`, and returns the entry state. Loops reserve their entry state
// first and patch it once the body exists. The finished program is renumbered depth-first
// from the start state, so equal patterns give byte-identical programs.

import RuleRegex

extension RegexIR {
    /// The program for a whole pattern: group 0 around the IR, then `match`. The IR must
    /// be free of atomic sites (see `resolvingAtomicGroups`).
    func compiled(captureCount: Int, startFilter: RegexProgram.StartFilter) -> RegexProgram {
        var builder = ProgramBuilder(captureCount: captureCount, planning: self)
        let match = builder.append(.match)
        let end = builder.append(.save(slot: 1, next: match))
        let body = builder.emit(self, next: end)
        let start = builder.append(.save(slot: 0, next: body))
        return builder.program(start: start, captureCount: captureCount, startFilter: startFilter)
    }
}

extension RegexIR {
    /// Calls `word(word, ignorable)` for each `\b`/`\B` and `test(set)` for each
    /// one-code-point lookaround, in pattern order (not inside lookaround bodies: those are
    /// programs of their own).
    func forEachBoundaryPair(word: (ScalarSet, ScalarSet) -> Void, test: (ScalarSet) -> Void) {
        switch self {
        case .assertion(.wordBoundary(_, let w, let ignorable)): word(w, ignorable)
        case .assertion(.codePoint(_, _, let set)): test(set)
        case .sequence(let items), .alternation(let items):
            for item in items { item.forEachBoundaryPair(word: word, test: test) }
        case .repetition(let loop): loop.body.forEachBoundaryPair(word: word, test: test)
        case .capture(_, let body), .atomic(let body, _): body.forEachBoundaryPair(word: word, test: test)
        case .empty, .set, .lineUnit, .foldedLiteral, .assertion: break
        }
    }
}

/// Accumulates states and the set table.
struct ProgramBuilder {
    let captureCount: Int
    private var instructions: [RegexProgram.Instruction] = []
    private var lookarounds: [RegexProgram.Lookaround] = []
    private var sets: [ScalarSet] = []
    private var setIndex: [SetKey: Int] = [:]
    /// Open loop copies (see `emitLoop`): `log` frames record the successor of every
    /// consuming state in emission order; `redirect` frames replay such a record.
    private var frames: [(redirect: Bool, log: [Int], cursor: Int)] = []

    /// The one-code-point tests the program keeps as such (each set a boundary pair a DFA
    /// tracks, at most `DFATable.maxBoundaryPairs` with the word boundaries' pairs); the
    /// others become lookarounds with a one-code-point body, which a lazy DFA asks.
    private let pairSets: Set<SetKey>
    /// Room left for the redundant first-code-point tests put before positive lookaheads.
    private var spareSets: Int
    private var spareTaken: Set<SetKey> = []

    init(captureCount: Int, planning ir: RegexIR) {
        self.captureCount = captureCount
        var words: Set<[ScalarSet]> = []
        var tests: [ScalarSet] = []
        ir.forEachBoundaryPair(word: { words.insert([$0, $1]) }) { set in
            if !tests.contains(set) { tests.append(set) }
        }
        let room = max(0, DFATable.maxBoundaryPairs - words.count)
        pairSets = Set(tests.prefix(room).map { SetKey(set: $0) })
        spareSets = max(0, room - tests.count)
    }

    mutating func append(_ instruction: RegexProgram.Instruction) -> Int {
        instructions.append(instruction)
        return instructions.count - 1
    }

    mutating func patch(_ pc: Int, _ instruction: RegexProgram.Instruction) { instructions[pc] = instruction }

    mutating func pushFrame(redirect: Bool, log: [Int]) { frames.append((redirect, log, 0)) }

    mutating func popFrame() -> (redirect: Bool, log: [Int], cursor: Int) { frames.removeLast() }

    private mutating func index(of set: ScalarSet) -> Int {
        let key = SetKey(set: set)
        if let index = setIndex[key] { return index }
        sets.append(set)
        setIndex[key] = sets.count - 1
        return sets.count - 1
    }

    /// A set as a key of `setIndex`, hashed by its size and ends only.
    ///
    /// Note: `ScalarSet`'s own hash reads every range, and a counted loop emits its body's
    /// sets once per copy (`\w{1,30}` hashes `\w`'s hundreds of ranges 30 times), which
    /// made hashing a large part of compiling a pattern. Equal sets still compare in full,
    /// which is quick for those copies: they share their storage.
    private struct SetKey: Hashable {
        let set: ScalarSet

        func hash(into hasher: inout Hasher) {
            let ranges = set.ranges
            hasher.combine(ranges.count)
            guard let first = ranges.first, let last = ranges.last else { return }
            hasher.combine(first.lowerBound)
            hasher.combine(first.upperBound)
            hasher.combine(ranges[ranges.count / 2].lowerBound)
            hasher.combine(last.upperBound)
        }

        static func == (lhs: SetKey, rhs: SetKey) -> Bool { lhs.set == rhs.set }
    }

    /// A state consuming a code point of `set`. Inside a redirecting loop copy, it continues
    /// where the same state of the logged copy continues instead (the outermost redirect
    /// wins); every logging copy records the successor.
    private mutating func consume(_ set: ScalarSet, next: Int) -> Int {
        var successor = next
        if !frames.isEmpty {  // outside loops that may match empty, skip the searches
            if let outer = frames.firstIndex(where: \.redirect) { successor = frames[outer].log[frames[outer].cursor] }
            for index in frames.indices {
                if frames[index].redirect { frames[index].cursor += 1 } else { frames[index].log.append(successor) }
            }
        }
        return append(.consume(set: index(of: set), next: successor))
    }

    /// A chain of splits trying `entries` in order.
    private mutating func split(_ entries: [Int]) -> Int {
        var entry = entries[entries.count - 1]
        for preferred in entries.dropLast().reversed() {
            entry = append(.split(preferred: preferred, alternative: entry))
        }
        return entry
    }

    mutating func emit(_ node: RegexIR, next: Int) -> Int {
        switch node {
        case .empty: return next
        case .set(let set): return consume(set, next: next)
        case .lineUnit(let set):
            let lineFeed = consume(ScalarSet(0x0A), next: next)
            let loneReturn = append(.assert(.notBeforeLineFeed, next: next))
            let carriageReturn = consume(ScalarSet(0x0D), next: split([lineFeed, loneReturn]))
            let others = set.subtracting(ScalarSet(0x0D))
            return others.isEmpty ? carriageReturn : split([carriageReturn, consume(others, next: next)])
        case .foldedLiteral(let literal):
            var states = [Int](repeating: next, count: literal.length + 1)
            for position in stride(from: literal.length - 1, through: 0, by: -1) {
                var entries = [consume(literal.positions[position], next: states[position + 1])]
                for jump in literal.jumps where jump.from == position {
                    entries.append(consume(jump.set, next: states[jump.to]))
                }
                states[position] = split(entries)
            }
            return states[0]
        case .sequence(let items):
            var entry = next
            for item in items.reversed() { entry = emit(item, next: entry) }
            return entry
        case .alternation(let items):
            if items.isEmpty { return next }
            var entries: [Int] = []
            for item in items { entries.append(emit(item, next: next)) }
            return split(entries)
        case .capture(let index, let body):
            let close = append(.save(slot: 2 * index + 1, next: next))
            return append(.save(slot: 2 * index, next: emit(body, next: close)))
        case .assertion(.simple(let assertion)):
            return append(.assert(assertion, next: next))
        case .assertion(.wordBoundary(let negated, let word, let ignorable)):
            let word = index(of: word)
            let ignorable = index(of: ignorable)
            let assertion: RegexProgram.Assertion =
                negated ? .notWordBoundary(word: word, ignorable: ignorable) : .wordBoundary(word: word, ignorable: ignorable)
            return append(.assert(assertion, next: next))
        case .assertion(.codePoint(let behind, let negated, let set)):
            guard pairSets.contains(SetKey(set: set)) else {
                // Past the pairs a DFA tracks: a lookaround with a one-code-point body.
                let body = RegexIR.set(set)
                let look = IRLookaround(
                    behind: behind, negated: negated, body: body, maxLength: behind ? body.icuLookbehindLength : body.maxLength)
                return emit(.assertion(.lookaround(look)), next: next)
            }
            let set = index(of: set)
            let assertion: RegexProgram.Assertion
            switch (behind, negated) {
            case (true, false): assertion = .previousIn(set: set)
            case (true, true): assertion = .previousNotIn(set: set)
            case (false, false): assertion = .nextIn(set: set)
            case (false, true): assertion = .nextNotIn(set: set)
            }
            return append(.assert(assertion, next: next))
        case .assertion(.lookaround(let look)):
            // The body as a program of its own (group 0 untouched), shared by loop copies.
            var body = ProgramBuilder(captureCount: captureCount, planning: look.body)
            let match = body.append(.match)
            let entry = body.emit(look.body, next: match)
            let lookaround = RegexProgram.Lookaround(
                behind: look.behind, negated: look.negated, maxLength: look.maxLength,
                body: body.program(start: entry, captureCount: captureCount, startFilter: .anywhere))
            let index = lookarounds.firstIndex(of: lookaround) ?? lookarounds.count
            if index == lookarounds.count { lookarounds.append(lookaround) }
            let asked = append(.assert(.lookaround(index), next: next))
            return emitWithOneCodePointTest(look, asked: asked, next: next)
        case .repetition(let loop):
            return emitLoop(loop, next: next)
        case .atomic(let body, _):
            return emit(body, next: next)
        }
    }

    /// A lookaround asked at `asked` (which goes on to `next`), with the one-code-point test
    /// its body implies put beside it, so DFAs and start tables decide it from the next
    /// class or the look-behind context and the body runs only where the answer is open:
    /// - a positive lookahead holds only where the code point there can begin its body, or
    ///   the body can match without reading (or at the end): a test first (a start such as
    ///   `(?=www\.)` is asked only at `w`; gfm's end `(?=(?:[?!.,…]|&[A-Za-z]+;)*(?:[\s<]|\z))`
    ///   only before those code points or at the end, not inside every URL);
    /// - a negative lookahead surely holds before any other code point: a path beside the
    ///   question that the DFA takes without asking (`Determinizer.asks` skips a question
    ///   whose successor a sure path reached);
    /// - a positive lookbehind whose body reads something holds only after a code point
    ///   that can end it, a negative one surely holds after any other (Android's
    ///   `(?<!:\/\/)`, asked only after a `/`).
    /// Each test takes a boundary pair a DFA tracks; with none left, the lookaround is
    /// asked alone.
    private mutating func emitWithOneCodePointTest(_ look: IRLookaround, asked: Int, next: Int) -> Int {
        let set: ScalarSet
        let assertion: (Int) -> RegexProgram.Assertion
        if look.behind {
            guard !look.body.canBeEmpty else { return asked }
            set = look.body.lastSet
            assertion = look.negated ? { .previousNotIn(set: $0) } : { .previousIn(set: $0) }
        } else {
            guard !look.body.canBeEmptyAnywhere else { return asked }
            let possible = look.body.canBeEmpty ? look.body.firstSet.union(look.body.emptyBefore(.end)) : look.body.firstSet
            switch (look.negated, look.body.canBeEmpty) {
            case (false, false):  // a code point that can begin the body
                set = possible
                assertion = { .nextIn(set: $0) }
            case (false, true):  // one that can begin it or precede its empty match, or the end
                set = ScalarSet.all.subtracting(possible)
                assertion = { .nextNotIn(set: $0) }
            case (true, false):  // the end, or a code point that cannot begin the body
                set = possible
                assertion = { .nextNotIn(set: $0) }
            case (true, true):  // a code point that can neither begin it nor precede its empty match
                set = ScalarSet.all.subtracting(possible)
                assertion = { .nextIn(set: $0) }
            }
        }
        if set.isEmpty || set == .all { return asked }
        let key = SetKey(set: set)
        if !pairSets.contains(key), !spareTaken.contains(key) {
            guard spareSets > 0 else { return asked }
            spareSets -= 1
            spareTaken.insert(key)
        }
        let test = assertion(index(of: set))
        if look.negated { return split([append(.assert(test, next: next)), asked]) }
        return append(.assert(test, next: asked))
    }

    /// The finished program, renumbered from `start`.
    func program(start: Int, captureCount: Int, startFilter: RegexProgram.StartFilter) -> RegexProgram {
        var order: [Int] = []
        var number = [Int](repeating: -1, count: instructions.count)
        var stack = [start]
        while let pc = stack.popLast() {
            guard number[pc] < 0 else { continue }
            number[pc] = order.count
            order.append(pc)
            switch instructions[pc] {
            case .consume(_, let next), .save(_, let next), .assert(_, let next): stack.append(next)
            case .split(let preferred, let alternative): stack.append(contentsOf: [alternative, preferred])
            case .match: break
            }
        }
        var table: [ScalarSet] = []
        var tableIndex: [Int: Int] = [:]
        func renumber(set: Int) -> Int {
            if let index = tableIndex[set] { return index }
            table.append(sets[set])
            tableIndex[set] = table.count - 1
            return table.count - 1
        }
        let states = order.map { pc -> RegexProgram.Instruction in
            switch instructions[pc] {
            case .consume(let set, let next): return .consume(set: renumber(set: set), next: number[next])
            case .split(let preferred, let alternative): return .split(preferred: number[preferred], alternative: number[alternative])
            case .save(let slot, let next): return .save(slot: slot, next: number[next])
            case .assert(let assertion, let next): return .assert(assertion.mappingSets { renumber(set: $0) }, next: number[next])
            case .match: return .match
            }
        }
        return RegexProgram(
            instructions: states, sets: table, captureCount: captureCount, startFilter: startFilter, lookarounds: lookarounds)
    }
}

extension RegexProgram.Assertion {
    /// The assertion with every set index it names passed through `map`.
    func mappingSets(_ map: (Int) -> Int) -> Self {
        switch self {
        case .wordBoundary(let word, let ignorable): return .wordBoundary(word: map(word), ignorable: map(ignorable))
        case .notWordBoundary(let word, let ignorable): return .notWordBoundary(word: map(word), ignorable: map(ignorable))
        case .previousIn(let set): return .previousIn(set: map(set))
        case .previousNotIn(let set): return .previousNotIn(set: map(set))
        case .nextIn(let set): return .nextIn(set: map(set))
        case .nextNotIn(let set): return .nextNotIn(set: map(set))
        default: return self
        }
    }
}

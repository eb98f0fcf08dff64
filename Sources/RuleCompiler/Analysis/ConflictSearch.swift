import RuleAutomata
import RuleRuntime

/// Breadth-first search over texts for the shortest ones in which a match of each of two
/// rules, one of them at least a container, *conflict*: they share a code point and
/// neither lies inside the other's content range (see `RuleLanguage+Phases`). Pairs
/// without a container take `OverlapSearch`, where conflicting is overlapping.
///
/// Note: per rule, the search tracks where its match stands: not started (with the
/// look-behind context), inside phase p at state s of that phase's anchored run, or ended.
/// Where a phase's DFA records a match before a code point, the next phase may start on
/// it (a phase that can be empty there passes it on), or the match ends after the last
/// phase; a phase after the first starts in any look-behind context (all its distinct
/// anchored start states), which claims more texts than there are, never fewer. Three
/// bits say what the text so far holds: a code point in both matches (`both`), one of the
/// first match outside the second's content (`firstOut`: the second not started, in its
/// markup, or ended), one of the second outside the first's content (`secondOut`). Two
/// matches conflict exactly when all three hold once both have ended. The search is
/// finite and exhaustive, as `OverlapSearch` is; its witnesses are confirmed by the caller.
struct ConflictSearch {
    /// A rule's side: its phases' DFAs and the tracks through them.
    private final class Side {
        let count: Int
        let tables: [DFATable]
        let transitions: [[Int32]]
        let classCounts: [Int]
        let isContent: [Bool]
        /// The first track of each phase (`base[p] + s`: inside phase p at state s).
        let base: [Int]
        /// Per phase after the first: the distinct anchored start states.
        let starts: [[Int32]]
        /// `emptyAtEnd[q]`: phases q… can all be empty at the text's end.
        let emptyAtEnd: [Bool]
        /// A word-prefix rule: its match starts at the text's start or after White_Space,
        /// and ends at the text's end or before White_Space.
        let wordStart: Bool
        let split: Int
        let notStarted: Int
        let ended: Int
        var trackCount: Int { ended + 1 }
        /// Per class of the search (`r * count + p`): its class in phase p's table, and the
        /// class of the same code point ending the text.
        var classes: [Int] = []
        var finals: [Int] = []
        /// Per class of the search: White_Space (for `wordStart`).
        var isBreak: [Bool] = []

        init(_ phases: [RuleLanguage.Phase], wordStart: Bool) {
            count = phases.count
            tables = phases.map(\.dfa)
            transitions = phases.map(\.dfa.transitions)
            classCounts = phases.map(\.dfa.classCount)
            isContent = phases.map(\.isContent)
            self.wordStart = wordStart
            split = wordStart ? 2 : 1
            notStarted = phases[0].dfa.contextCount * split
            var base: [Int] = []
            var next = notStarted
            for phase in phases {
                base.append(next)
                next += phase.dfa.stateCount
            }
            self.base = base
            ended = next
            starts = phases.map { Array(Set($0.dfa.anchoredStarts)).sorted() }
            var empty = [Bool](repeating: true, count: phases.count + 1)
            for q in stride(from: phases.count - 1, through: 0, by: -1) {
                empty[q] = empty[q + 1] && starts[q].contains { phases[q].dfa.stateFlags[Int($0)] & 1 != 0 }
            }
            emptyAtEnd = empty
        }

        var startTrack: Int { DFATable.context(atStart: true, previous: .other, wordBits: 0) * split + (wordStart ? 1 : 0) }

        @inline(__always) private func phase(of track: Int) -> Int {
            var p = count - 1
            while base[p] > track { p -= 1 }
            return p
        }

        /// The tracks after one code point of search class `r` (`final`: it ends the
        /// text), each with whether the match holds it and whether in its content.
        func step(_ track: Int, _ r: Int, final: Bool, _ body: (Int, Bool, Bool) -> Void) {
            if track == ended {
                body(ended, false, false)
                return
            }
            if track < notStarted {
                let context = track / split
                let c = final ? finals[r * count] : classes[r * count]
                body(tables[0].context(after: c, from: context) * split + (wordStart && isBreak[r] ? 1 : 0), false, false)
                guard !wordStart || track % 2 == 1 else { return }
                enter(0, r, final, only: tables[0].anchoredStarts[context], body)
                return
            }
            let p = phase(of: track)
            let c = final ? finals[r * count + p] : classes[r * count + p]
            let entry = transitions[p][(track - base[p]) * classCounts[p] + c]
            if entry >> 2 != 0 { body(base[p] + Int(entry >> 2), true, isContent[p]) }
            if entry & 1 != 0 { enter(p + 1, r, final, only: nil, body) }
        }

        /// Phase `q` starts on the code point (from `only`, else any of its start states);
        /// past the last phase, the match has ended before it (a word only before
        /// White_Space: the word is maximal).
        private func enter(_ q: Int, _ r: Int, _ final: Bool, only: Int32?, _ body: (Int, Bool, Bool) -> Void) {
            guard q < count else {
                if !wordStart || isBreak[r] { body(ended, false, false) }
                return
            }
            let c = final ? finals[r * count + q] : classes[r * count + q]
            var empty = false
            func from(_ state: Int32) {
                let entry = transitions[q][Int(state) * classCounts[q] + c]
                if entry >> 2 != 0 { body(base[q] + Int(entry >> 2), true, isContent[q]) }
                if entry & 1 != 0 { empty = true }
            }
            if let only { from(only) } else { for state in starts[q] { from(state) } }
            if empty { enter(q + 1, r, final, only: nil, body) }
        }

        /// The track has a match that has ended at the end of the text.
        func acceptsAtEnd(_ track: Int) -> Bool {
            if track == ended { return true }
            guard track >= notStarted else { return false }
            let p = phase(of: track)
            return tables[p].stateFlags[track - base[p]] & 1 != 0 && emptyAtEnd[p + 1]
        }
    }

    private let one: Side
    private let two: Side
    private let classCount: Int
    private let representatives: [Unicode.Scalar]
    /// Per class: the code point reads the same when it ends the text, in every table.
    private let finalIsSame: [Bool]
    private let crlf: [Int]?
    let budget: Int

    /// Two rules' automata; with `examples`, their plainly spelled forms where they have
    /// them (`Automaton.example`; the spelling of `examplePhases` at each index, `nil`:
    /// none).
    init(
        _ first: RuleLanguage.Automaton, _ second: RuleLanguage.Automaton, examples: (Int?, Int?)? = nil, budget: Int = 2_000_000
    ) {
        func side(_ a: RuleLanguage.Automaton, _ spelling: Int?) -> Side {
            let whole = [RuleLanguage.Phase(dfa: examples != nil ? a.example ?? a.dfa : a.dfa, isContent: false)]
            let phases = spelling.map { a.examplePhases[$0] } ?? a.phases ?? whole
            return Side(phases, wordStart: a.wordStart)
        }
        one = side(first, examples?.0)
        two = side(second, examples?.1)
        let alphabet = JointAlphabet(one.tables + two.tables)
        for (r, columns) in alphabet.classes.enumerated() {
            for (side, offset) in [(one, 0), (two, one.count)] {
                for p in 0..<side.count {
                    side.classes.append(columns[offset + p])
                    side.finals.append(Int(side.tables[p].finalClasses[columns[offset + p]]))
                }
                side.isBreak.append(alphabet.representatives[r].properties.isWhitespace)
            }
        }
        classCount = alphabet.classes.count
        representatives = alphabet.representatives
        let tables = one.tables + two.tables
        finalIsSame = alphabet.classes.map { columns in
            columns.indices.allSatisfy { Int(tables[$0].finalClasses[columns[$0]]) == columns[$0] }
        }
        if let cr = representatives.firstIndex(of: "\r"), let lf = representatives.firstIndex(of: "\n") {
            crlf = [cr, lf]
        } else {
            crlf = nil
        }
        self.budget = budget
    }

    @inline(__always) private static func bits(_ bits: Int, _ in0: Bool, _ content0: Bool, _ in1: Bool, _ content1: Bool) -> Int {
        var b = bits
        if in0 && in1 { b |= 1 }
        if in0 && !(in1 && content1) { b |= 2 }
        if in1 && !(in0 && content0) { b |= 4 }
        return b
    }

    /// Up to `limit` different witness texts, shortest first.
    func run(limit: Int = 6) -> OverlapSearch.Outcome {
        let one = self.one, two = self.two
        let secondCount = two.trackCount
        let nodeCount = one.trackCount * secondCount * 8
        guard nodeCount <= budget * 4 else { return .unknown }
        // Node: (track of the first × tracks of the second + track of the second) × 8 + bits.
        var parent = [Int32](repeating: -1, count: nodeCount)
        var via = [Int32](repeating: -1, count: nodeCount)
        let start = (one.startTrack * secondCount + two.startTrack) * 8
        parent[start] = Int32(start)
        var queue = [start]
        var head = 0
        var found: [String] = []
        var foundEnds = Set<Int>()
        var seen = Set<String>()
        func spell(_ node: Int, last r: Int) -> String {
            var scalars = [representatives[r]]
            var n = node
            while Int(parent[n]) != n {
                scalars.append(representatives[Int(via[n])])
                n = Int(parent[n])
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars.reversed())
            return text
        }
        func record(_ node: Int, _ r: Int, then suffix: String = "") {
            guard foundEnds.insert((node * classCount + r) * 2 + (suffix.isEmpty ? 0 : 1)).inserted else { return }
            let text = spell(node, last: r) + suffix
            if seen.insert(text).inserted { found.append(text) }
        }
        // Whether reading `ending` as the text's last code points leaves both matches ended,
        // in conflict.
        func endsInConflict(_ t0: Int, _ t1: Int, _ bits: Int, _ ending: ArraySlice<Int>) -> Bool {
            guard let r = ending.first else { return bits == 7 && one.acceptsAtEnd(t0) && two.acceptsAtEnd(t1) }
            var accepted = false
            one.step(t0, r, final: true) { n0, in0, content0 in
                guard !accepted else { return }
                two.step(t1, r, final: true) { n1, in1, content1 in
                    if !accepted, endsInConflict(n0, n1, Self.bits(bits, in0, content0, in1, content1), ending.dropFirst()) {
                        accepted = true
                    }
                }
            }
            return accepted
        }
        while head < queue.count {
            if head >= budget { return found.isEmpty ? .unknown : .witnesses(OverlapSearch.shortestFirst(found)) }
            let node = queue[head]
            head += 1
            let bits = node & 7
            let pair = node >> 3
            let t0 = pair / secondCount, t1 = pair % secondCount
            if t0 == one.ended, t1 == two.ended { continue }
            // Nothing shared yet and one match is over: they will share nothing.
            if bits & 1 == 0, t0 == one.ended || t1 == two.ended { continue }
            // The text so far is a witness (read as `OverlapSearch.run` does).
            if node != start, finalIsSame[Int(via[node])], endsInConflict(t0, t1, bits, []) { continue }
            if let crlf, found.count < limit, endsInConflict(t0, t1, bits, crlf[...]) { record(node, crlf[0], then: "\n") }
            for r in 0..<classCount {
                if found.count < limit, endsInConflict(t0, t1, bits, [r][...]) { record(node, r) }
                if found.count >= limit { return .witnesses(OverlapSearch.shortestFirst(found)) }
                one.step(t0, r, final: false) { n0, in0, content0 in
                    two.step(t1, r, final: false) { n1, in1, content1 in
                        let next = (n0 * secondCount + n1) * 8 + Self.bits(bits, in0, content0, in1, content1)
                        guard parent[next] < 0 else { return }
                        parent[next] = Int32(node)
                        via[next] = Int32(r)
                        queue.append(next)
                    }
                }
            }
        }
        return found.isEmpty ? .impossible : .witnesses(OverlapSearch.shortestFirst(found))
    }
}

/// The common refinement of several DFAs' input classes, as `PairAlphabet` is of two.
struct JointAlphabet {
    /// Per refined class, its class in each DFA.
    var classes: [[Int]] = []
    var representatives: [Unicode.Scalar] = []

    init(_ tables: [DFATable]) {
        var index: [[Int]: Int] = [:]
        var ranks: [Int] = []
        func add(_ key: [Int], _ scalar: UInt32) {
            if let existing = index[key] {
                guard scalar < 0x80 || ranks[existing] >= 0x500, let s = Unicode.Scalar(scalar) else { return }
                let rank = PairAlphabet.rank(s)
                if rank < ranks[existing] {
                    ranks[existing] = rank
                    representatives[existing] = s
                }
                return
            }
            guard let s = Unicode.Scalar(scalar) else { return }
            index[key] = classes.count
            classes.append(key)
            representatives.append(s)
            ranks.append(PairAlphabet.rank(s))
        }
        let ascii = tables.map(\.asciiClasses)
        for c in 0..<0x80 { add(ascii.map { Int($0[c]) }, UInt32(c)) }
        // Runs from U+0080 on: walk the merged run starts of every table.
        let starts = tables.map(\.rangeStarts), runClasses = tables.map(\.rangeClasses)
        var at = [Int](repeating: 0, count: tables.count)
        var low: UInt32 = 0x80
        while low <= 0x10FFFF {
            var high: UInt32 = 0x110000
            for k in tables.indices {
                while at[k] + 1 < starts[k].count, starts[k][at[k] + 1] <= low { at[k] += 1 }
                if at[k] + 1 < starts[k].count { high = min(high, starts[k][at[k] + 1]) }
            }
            let scalar = (0xD800..<0xE000).contains(low) ? 0xE000 : low
            if scalar < high { add(tables.indices.map { Int(runClasses[$0][at[$0]]) }, scalar) }
            low = high
        }
        let order = representatives.indices.sorted {
            (PairAlphabet.rank(representatives[$0]), $0) < (PairAlphabet.rank(representatives[$1]), $1)
        }
        classes = order.map { classes[$0] }
        representatives = order.map { representatives[$0] }
    }
}

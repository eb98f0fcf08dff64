import RuleAutomata
import RuleRuntime

/// Breadth-first search over texts, one code point class at a time, for the shortest
/// texts in which a match of each of one or two rules' automata (`RuleLanguage`) can be
/// placed so that the two matches share a code point — or, with one automaton, in which it
/// has a match at all.
///
/// Note: the state of the search, per rule, is where its match stands: not started yet
/// (with the look-behind context of the text so far, which the anchored start state
/// depends on), inside (the DFA state of its anchored run), or ended. At each code point a
/// rule not yet started may start, and a rule inside may end where its DFA records a match
/// before that code point; the last code point of the text uses its "ends the text" class
/// and the DFA's end-of-text flag decides a match ending there. The search is finite (the
/// product of the two automata) and exhaustive: when it finds nothing, no text holds
/// overlapping matches. What it finds may still not be what the real matchers do (a
/// match found earlier in the text can move the next search past it), so the caller
/// confirms each witness on them.
struct OverlapSearch {
    enum Outcome: Equatable {
        /// No text: the matches cannot overlap (or, with one automaton, it never matches).
        case impossible
        /// Witness texts, shortest first.
        case witnesses([String])
        /// The search hit its budget without an answer.
        case unknown
    }

    /// A rule's side of the search (a class: the search reads it in its inner loop, where
    /// copying a struct of arrays would cost a reference count per array).
    final class Side {
        let table: DFATable
        let transitions: [Int32]
        let anchoredStarts: [Int32]
        let classCount: Int
        /// A word-prefix rule: its match starts only at the text's start or after White_Space.
        let wordStart: Bool
        /// Per class of `table`: White_Space (used when `wordStart`).
        var isBreak: [Bool]
        /// Not-started tracks per context: two with `wordStart` (after a break or not).
        let split: Int
        let notStarted: Int
        /// Track numbering: `0..<notStarted` not started (context × split), `notStarted + s`
        /// inside state `s`, `notStarted + stateCount` ended. (Stored: `step` reads them for
        /// every node and class.)
        let ended: Int
        var trackCount: Int { ended + 1 }

        init(_ language: RuleLanguage.Automaton) {
            table = language.dfa
            transitions = language.dfa.transitions
            anchoredStarts = language.dfa.anchoredStarts
            classCount = language.dfa.classCount
            wordStart = language.wordStart
            isBreak = [Bool](repeating: false, count: language.dfa.classCount)
            split = language.wordStart ? 2 : 1
            notStarted = language.dfa.contextCount * split
            ended = notStarted + language.dfa.stateCount
        }

        /// The tracks after one code point of class `c`: at most two, each with whether
        /// the match holds that code point.
        func step(_ track: Int, _ c: Int, _ body: (Int, Bool) -> Void) {
            if track == ended {
                body(ended, false)
                return
            }
            if track < notStarted {
                let context = track / split
                body(table.context(after: c, from: context) * split + (wordStart && isBreak[c] ? 1 : 0), false)
                guard !wordStart || track % 2 == 1 else { return }
                let entry = transitions[Int(anchoredStarts[context]) * classCount + c]
                if entry >> 2 != 0 { body(notStarted + Int(entry >> 2), true) }
                return
            }
            let entry = transitions[(track - notStarted) * classCount + c]
            if entry & 1 != 0 { body(ended, false) }
            if entry >> 2 != 0 { body(notStarted + Int(entry >> 2), true) }
        }

        /// The track has a match that has ended at the end of the text.
        func acceptsAtEnd(_ track: Int) -> Bool {
            if track == ended { return true }
            return track >= notStarted && table.stateFlags[track - notStarted] & 1 != 0
        }

        var startTrack: Int { DFATable.context(atStart: true, previous: .other, wordBits: 0) * split + (wordStart ? 1 : 0) }
    }

    let sides: [Side]
    let alphabet: [[Int]]  // per refined class, the class in each side
    let finals: [[Int]]  // the same for the code point ending the text
    private let representatives: [Unicode.Scalar]
    /// The refined classes of CR and LF (each is a class of its own in every DFA): a text
    /// ending with `\r\n` reads both as ending the text, as `DFATable.isFinalTerminator` says.
    let crlf: [Int]?
    /// The most search states explored before giving up.
    let budget: Int

    /// Two rules' automata: texts with overlapping matches.
    init(_ first: RuleLanguage.Automaton, _ second: RuleLanguage.Automaton, budget: Int = 2_000_000) {
        self.init([first, second], budget: budget)
    }

    /// One rule's automaton: texts in which it has a match.
    init(_ only: RuleLanguage.Automaton, budget: Int = 2_000_000) {
        self.init([only], budget: budget)
    }

    private init(_ languages: [RuleLanguage.Automaton], budget: Int) {
        let alphabet = PairAlphabet(languages[0].dfa, languages[languages.count - 1].dfa)
        let sides = languages.map(Side.init)
        let columns = alphabet.classes.map { languages.count == 2 ? [$0.first, $0.second] : [$0.first] }
        for (r, classes) in columns.enumerated() {
            for k in sides.indices { sides[k].isBreak[classes[k]] = alphabet.representatives[r].properties.isWhitespace }
        }
        self.sides = sides
        self.alphabet = columns
        finals = columns.map { classes in classes.indices.map { Int(languages[$0].dfa.finalClasses[classes[$0]]) } }
        representatives = alphabet.representatives
        if let cr = alphabet.representatives.firstIndex(of: "\r"), let lf = alphabet.representatives.firstIndex(of: "\n") {
            crlf = [cr, lf]
        } else {
            crlf = nil
        }
        self.budget = budget
    }

    /// Up to `limit` different witness texts, shortest first.
    func run(limit: Int = 6) -> Outcome {
        let paired = sides.count == 2
        let one = sides[0], two = sides[sides.count - 1]
        let secondCount = paired ? two.trackCount : 1
        let nodeCount = one.trackCount * secondCount * 2
        guard nodeCount <= budget * 4 else { return .unknown }
        // Node: (track of the first side × tracks of the second + track of the second) × 2 + overlapped.
        var parent = [Int32](repeating: -1, count: nodeCount)
        var via = [Int32](repeating: -1, count: nodeCount)
        let start = (one.startTrack * secondCount + (paired ? two.startTrack : 0)) * 2 + (paired ? 0 : 1)
        parent[start] = Int32(start)
        var queue = [start]
        var head = 0
        var found: [String] = []
        var foundEnds = Set<Int>()
        var seen = Set<String>()
        func record(_ node: Int, _ c: Int, then suffix: String = "") {
            guard foundEnds.insert((node * alphabet.count + c) * 2 + (suffix.isEmpty ? 0 : 1)).inserted else { return }
            let text = spell(node, last: c) + suffix
            if seen.insert(text).inserted { found.append(text) }
        }
        // Whether reading `ending` as the text's last code points (each in its final class)
        // leaves both matches ended, overlapping.
        func endsWithOverlap(_ t0: Int, _ t1: Int, _ overlapped: Int, _ ending: ArraySlice<Int>) -> Bool {
            guard let c = ending.first else {
                return overlapped == 1 && one.acceptsAtEnd(t0) && (!paired || two.acceptsAtEnd(t1))
            }
            let f = finals[c]
            var accepted = false
            one.step(t0, f[0]) { n0, in0 in
                guard !accepted else { return }
                if paired {
                    two.step(t1, f[1]) { n1, in1 in
                        if !accepted, endsWithOverlap(n0, n1, overlapped | (in0 && in1 ? 1 : 0), ending.dropFirst()) { accepted = true }
                    }
                } else if endsWithOverlap(n0, 0, 1, ending.dropFirst()) {
                    accepted = true
                }
            }
            return accepted
        }
        func spell(_ node: Int, last c: Int) -> String {
            var scalars = [representatives[c]]
            var n = node
            while Int(parent[n]) != n {
                scalars.append(representatives[Int(via[n])])
                n = Int(parent[n])
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars.reversed())
            return text
        }
        while head < queue.count {
            if head >= budget { return found.isEmpty ? .unknown : .witnesses(Self.shortestFirst(found)) }
            let node = queue[head]
            head += 1
            let overlapped = node & 1
            let pair = node >> 1
            let t0 = pair / secondCount, t1 = pair % secondCount
            // Both matches ended, or the text so far is a witness: longer texts add nothing.
            if t0 == one.ended, !paired || t1 == two.ended { continue }
            // (Only when the code point read last reads the same as the text's last one: a
            // line terminator ending the text has a class of its own, which can end a match
            // before it that the node's own reading continues.)
            if node != start, finals[Int(via[node])] == alphabet[Int(via[node])], endsWithOverlap(t0, t1, overlapped, []) { continue }
            // The text ending with `\r\n`: both code points read as ending the text.
            if let crlf, found.count < limit, endsWithOverlap(t0, t1, overlapped, crlf[...]) { record(node, crlf[0], then: "\n") }
            for c in alphabet.indices {
                // The code point ending the text: are both matches ended, and overlapping?
                if found.count < limit, endsWithOverlap(t0, t1, overlapped, [c][...]) { record(node, c) }
                if found.count >= limit { return .witnesses(Self.shortestFirst(found)) }
                let a = alphabet[c]
                one.step(t0, a[0]) { n0, in0 in
                    let visit: (Int) -> Void = { next in
                        guard parent[next] < 0 else { return }
                        parent[next] = Int32(node)
                        via[next] = Int32(c)
                        queue.append(next)
                    }
                    if paired {
                        two.step(t1, a[1]) { n1, in1 in
                            visit((n0 * secondCount + n1) * 2 + (overlapped | (in0 && in1 ? 1 : 0)))
                        }
                    } else {
                        visit(n0 * 2 + 1)
                    }
                }
            }
        }
        return found.isEmpty ? .impossible : .witnesses(Self.shortestFirst(found))
    }

    /// Witnesses by length (a `\r\n` ending is found with the shorter texts of its node).
    static func shortestFirst(_ texts: [String]) -> [String] {
        texts.enumerated().sorted { ($0.element.unicodeScalars.count, $0.offset) < ($1.element.unicodeScalars.count, $1.offset) }
            .map(\.element)
    }
}

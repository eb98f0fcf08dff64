import RuleRuntime

/// The searches behind `shadowed` and `never-kept`: whether one rule's enumeration
/// (leftmost-first, non-overlapping) always holds a code point of every match of another.
///
/// Note: why a successful anchored run means a match of the enumeration. If the first
/// rule's anchored run from position p (in the look-behind context of the text before p)
/// has a non-empty match, its enumeration has a match holding p: after its last match
/// that ends at or before p (or from the text's start), its next search starts at or
/// before p, and p itself would do, so it finds a match that starts at or before p; that
/// match cannot end at or before p (it would not be the last one), so it holds p. This
/// needs the first rule's DFA to be exact (a regex rule's own) and its matches non-empty.
extension OverlapSearch {
    /// Whether, in every text, wherever the second automaton has a match, the first one's
    /// anchored run from the same position has a non-empty match too (`nil`: over budget).
    ///
    /// Note: the search looks for a counterexample: a text, and a position where the
    /// second rule's match starts and the first rule's anchored run, started there in the
    /// same look-behind context, dies or reaches the text's end without recording a match.
    /// The first rule's track is its usual one, plus `dead`; it starts when the second
    /// starts and never on its own. When the first rule is a regex rule (its DFA is exact)
    /// and the answer is `true`, the first rule's enumeration has a match holding the first
    /// code point of every match of the second (after its own previous match ends, its next
    /// search starts at or before that code point and finds a match starting no later).
    func firstCoversSecond() -> Bool? {
        guard sides.count == 2 else { return nil }
        let one = sides[0], two = sides[1]
        let dead = one.trackCount
        let firstCount = one.trackCount + 1
        let nodeCount = firstCount * two.trackCount
        guard nodeCount <= budget * 4 else { return nil }
        var seen = [Bool](repeating: false, count: nodeCount)
        let start = one.startTrack * two.trackCount + two.startTrack
        seen[start] = true
        var queue = [start]
        var head = 0
        // The first rule's track after code point class `c`, given whether the second
        // starts on it; `nil` when the first rule has recorded a match (no counterexample).
        func advance(_ t: Int, _ c: Int, startsNow: Bool) -> Int? {
            if t == dead { return dead }
            if t < one.notStarted {
                if !startsNow { return one.table.context(after: c, from: t / one.split) * one.split }
                let entry = one.transitions[Int(one.anchoredStarts[t / one.split]) * one.classCount + c]
                return entry >> 2 == 0 ? dead : one.notStarted + Int(entry >> 2)
            }
            let entry = one.transitions[(t - one.notStarted) * one.classCount + c]
            if entry & 1 != 0 { return nil }
            return entry >> 2 == 0 ? dead : one.notStarted + Int(entry >> 2)
        }
        func failedAtEnd(_ t: Int) -> Bool {
            t == dead || (t >= one.notStarted && t < one.ended && one.table.stateFlags[t - one.notStarted] & 1 == 0)
        }
        // Reading `ending` as the text's last code points (final classes): does the second
        // rule's match end whole while the first rule's run has no match?
        func failsAtEnd(_ t0: Int, _ t1: Int, _ ending: ArraySlice<Int>) -> Bool {
            guard let c = ending.first else {
                return t1 >= two.notStarted && two.acceptsAtEnd(t1) && t0 >= one.notStarted && failedAtEnd(t0)
            }
            let f = finals[c]
            var fails = false
            two.step(t1, f[1]) { n1, _ in
                let startsNow = t1 < two.notStarted && n1 >= two.notStarted
                if !fails, let n0 = advance(t0, f[0], startsNow: startsNow), failsAtEnd(n0, n1, ending.dropFirst()) { fails = true }
            }
            return fails
        }
        while head < queue.count {
            if head >= budget { return nil }
            let node = queue[head]
            head += 1
            let t0 = node / two.trackCount, t1 = node % two.trackCount
            // The text ends here, or after one more code point, or after a final `\r\n`.
            if failsAtEnd(t0, t1, []) { return false }
            if let crlf, failsAtEnd(t0, t1, crlf[...]) { return false }
            for c in alphabet.indices {
                if failsAtEnd(t0, t1, [c][...]) { return false }
                var counterexample = false
                let a = alphabet[c]
                two.step(t1, a[1]) { n1, _ in
                    let startsNow = t1 < two.notStarted && n1 >= two.notStarted
                    guard let n0 = advance(t0, a[0], startsNow: startsNow) else { return }
                    // The second rule's match has ended and the first rule's run died.
                    if n1 == two.ended, n0 == dead {
                        counterexample = true
                        return
                    }
                    let next = n0 * two.trackCount + n1
                    if !seen[next] {
                        seen[next] = true
                        queue.append(next)
                    }
                }
                if counterexample { return false }
            }
        }
        return true
    }

    /// Whether, in every text, every match of the second automaton holds a code point where
    /// the first one's anchored run has a non-empty match (`nil`: over `budget` search
    /// states, or the first automaton is a word prefix's). With the first rule a regex
    /// rule and `true`, a match of its enumeration overlaps every match of the second
    /// (see the note above): `\w+` takes a code point of every `@\w+`, though never its
    /// first.
    ///
    /// Note: the search looks for a counterexample: a text and a match of the second rule
    /// in which the first rule's anchored run from every code point dies, or reaches the
    /// text's end, without recording a match. A node is the second rule's track, the first
    /// rule's look-behind context, and the set of DFA states of the first rule's runs still
    /// alive (one started on each code point of the second's match so far; runs in the
    /// same state go on alike, so a set is enough). A run that records a match ends the
    /// branch (no counterexample there); the second's match ended with no run alive, or the
    /// text ended with none accepting, is a counterexample. The sets make the search
    /// exponential in the worst case, hence the budget; rules such as `\w+` keep one or two
    /// states alive.
    func firstCoversSomeCodePointOfSecond() -> Bool? {
        guard sides.count == 2, !sides[0].wordStart else { return nil }
        let one = sides[0], two = sides[1]
        var sets: [[Int32]] = [[]]
        var setIndex: [[Int32]: Int] = [[]: 0]
        var seen = Set<Int>()
        var queue: [(track: Int, context: Int, set: Int)] = []
        let contextCount = one.table.contextCount
        func enqueue(_ track: Int, _ context: Int, _ runs: [Int32]) {
            var set = 0
            if !runs.isEmpty {
                let key = Array(Set(runs)).sorted()
                if let known = setIndex[key] {
                    set = known
                } else {
                    set = sets.count
                    setIndex[key] = set
                    sets.append(key)
                }
            }
            if seen.insert((set * two.trackCount + track) * contextCount + context).inserted { queue.append((track, context, set)) }
        }
        // The runs after a code point of class `c`; `nil` when one of them records a match
        // (ending before that code point).
        func advance(_ runs: [Int32], _ c: Int) -> [Int32]? {
            var next: [Int32] = []
            for state in runs {
                let entry = one.transitions[Int(state) * one.classCount + c]
                if entry & 1 != 0 { return nil }
                if entry >> 2 != 0 { next.append(entry >> 2) }
            }
            return next
        }
        // `runs` with one more started on a code point of class `c` (one the second
        // rule's match holds), in look-behind `context`; an empty match does not count.
        func starting(_ runs: [Int32], _ context: Int, _ c: Int) -> [Int32] {
            let entry = one.transitions[Int(one.anchoredStarts[context]) * one.classCount + c]
            return entry >> 2 == 0 ? runs : runs + [entry >> 2]
        }
        // The first rule's context after class `c` (none needed once the second's match ended).
        func lookBehind(after c: Int, from context: Int, track: Int) -> Int {
            track == two.ended ? 0 : one.table.context(after: c, from: context)
        }
        // Reading `ending` as the text's last code points (final classes): does the second
        // rule's match end whole with no run of the first recording a match?
        func failsAtEnd(_ track: Int, _ context: Int, _ runs: [Int32], _ ending: ArraySlice<Int>) -> Bool {
            guard let c = ending.first else {
                return two.acceptsAtEnd(track) && runs.allSatisfy { one.table.stateFlags[Int($0)] & 1 == 0 }
            }
            let f = finals[c]
            guard let advanced = advance(runs, f[0]) else { return false }
            var fails = false
            two.step(track, f[1]) { next, inside in
                guard !fails else { return }
                let runs = inside ? starting(advanced, context, f[0]) : advanced
                if failsAtEnd(next, lookBehind(after: f[0], from: context, track: next), runs, ending.dropFirst()) { fails = true }
            }
            return fails
        }
        enqueue(two.startTrack, one.startTrack, [])
        var head = 0
        while head < queue.count {
            if queue.count > budget { return nil }
            let (track, context, set) = queue[head]
            head += 1
            let runs = sets[set]
            // The text ends after one more code point, or after a final `\r\n`.
            if let crlf, failsAtEnd(track, context, runs, crlf[...]) { return false }
            for c in alphabet.indices {
                if failsAtEnd(track, context, runs, [c][...]) { return false }
                let a = alphabet[c]
                guard let advanced = advance(runs, a[0]) else { continue }
                var counterexample = false
                two.step(track, a[1]) { next, inside in
                    let runs = inside ? starting(advanced, context, a[0]) : advanced
                    // The second rule's match has ended and every run of the first died.
                    if next == two.ended, runs.isEmpty {
                        counterexample = true
                        return
                    }
                    enqueue(next, lookBehind(after: a[0], from: context, track: next), runs)
                }
                if counterexample { return false }
            }
        }
        return true
    }
}

/// Suggestions for misspelt names.
package enum Spelling {
    /// The closest candidate within a small edit distance.
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(word.lowercased(), candidate.lowercased())
            if d <= max(1, word.count / 3), best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// The edit distance of `a` and `b` (optimal string alignment): insertions,
    /// deletions, substitutions and transpositions of two neighbours each cost 1, so
    /// `emial` is one edit from `email`.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], twoBack[j - 2] + 1) }
            }
            (twoBack, previous, row) = (previous, row, twoBack)
        }
        return previous[b.count]
    }

    /// `; did you mean 'x'?` or nothing.
    package static func hint(_ word: String, _ candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}

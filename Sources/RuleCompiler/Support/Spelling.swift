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

    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    /// `; did you mean 'x'?` or nothing.
    package static func hint(_ word: String, _ candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}

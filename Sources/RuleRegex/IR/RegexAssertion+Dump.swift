extension RegexAssertion {
    /// An assertion, as the pattern would write it where it can.
    package var dumpDescription: String {
        switch self {
        case .textStart: return "text start (\\A)"
        case .textEnd: return "text end (\\z)"
        case .textEndOrFinalTerminator: return "text end or final terminator (\\Z)"
        case .textEndOrFinalLineFeed: return "text end or final \\n"
        case .lineStart: return "line start (^ in m)"
        case .lineStartAfterLineFeed: return "line start after \\n"
        case .lineEnd: return "line end ($ in m)"
        case .lineEndBeforeLineFeed: return "line end before \\n"
        case .wordBoundary(let word, let ignorable): return "\\b (word s\(word), ignorable s\(ignorable))"
        case .notWordBoundary(let word, let ignorable): return "\\B (word s\(word), ignorable s\(ignorable))"
        case .notBeforeLineFeed: return "not before \\n"
        case .previousIn(let set): return "previous in s\(set)"
        case .previousNotIn(let set): return "previous not in s\(set)"
        case .nextIn(let set): return "next in s\(set)"
        case .nextNotIn(let set): return "next not in s\(set)"
        case .lookaround(let index): return "lookaround \(index)"
        case .graphemeBoundary: return "grapheme boundary"
        case .notGraphemeBoundary: return "not grapheme boundary"
        case .unicodeWordBoundary: return "\\b (?w)"
        case .notUnicodeWordBoundary: return "\\B (?w)"
        }
    }
}

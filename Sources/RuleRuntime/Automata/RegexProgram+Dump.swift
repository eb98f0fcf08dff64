// Printers for `rulegen dump --program`: the NFA program of a rule, one instruction a line.

extension RegexProgram {
    /// The program for `rulegen dump --program`: a header (captures, start filter), the
    /// instructions numbered from 0 (execution starts at 0), the set table (sets capped
    /// at a few ranges, see `ScalarSet.dumpDescription`), then each lookaround's body,
    /// indented. Deterministic: the same program prints the same text.
    package var dumpDescription: String {
        var lines: [String] = []
        let filter = startFilter == .anywhere ? "anywhere" : "not inside CR LF"
        lines.append(
            "program: \(instructions.count) instructions, \(sets.count) sets, \(captureCount) capture groups, starts \(filter)")
        for (pc, instruction) in instructions.enumerated() {
            lines.append("  \(pc): \(Self.dump(instruction))")
        }
        if !sets.isEmpty {
            lines.append("sets:")
            for (index, set) in sets.enumerated() { lines.append("  s\(index): \(set.dumpDescription())") }
        }
        for (index, look) in lookarounds.enumerated() {
            let kind = (look.behind ? "behind" : "ahead") + (look.negated ? ", negated" : "")
            lines.append("lookaround \(index) (\(kind), longest \(look.maxLength.map { "\($0) units" } ?? "unbounded")):")
            lines.append(contentsOf: look.body.dumpDescription.split(separator: "\n").map { "  " + $0 })
        }
        return lines.joined(separator: "\n")
    }

    /// One instruction: `consume s0 -> 1`, `split 2, 4`, `save 2 -> 3`, `assert \b(s1, s2) -> 5`, `match`.
    package static func dump(_ instruction: Instruction) -> String {
        switch instruction {
        case .consume(let set, let next): return "consume s\(set) -> \(next)"
        case .split(let preferred, let alternative): return "split \(preferred), \(alternative)"
        case .save(let slot, let next): return "save \(slot) (group \(slot / 2) \(slot % 2 == 0 ? "start" : "end")) -> \(next)"
        case .assert(let assertion, let next): return "assert \(dump(assertion)) -> \(next)"
        case .match: return "match"
        }
    }

    /// An assertion, as the pattern would write it where it can.
    package static func dump(_ assertion: Assertion) -> String {
        switch assertion {
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

// Printers for `rulegen dump --program`: the NFA program of a rule, one instruction a line.

import RuleRegex

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
        case .assert(let assertion, let next): return "assert \(assertion.dumpDescription) -> \(next)"
        case .match: return "match"
        }
    }
}

// Printers for `rulegen dump --dfa`: a rule's DFA table, state by state.

import RuleRegex

extension DFATable {
    /// The DFA for `rulegen dump --dfa`: the input classes (their code points, see
    /// `ScalarSet.dumpDescription`), the start states by look-behind context, then each
    /// state (0 is dead) with its flags and its transitions, grouped by target. A transition
    /// to the dead state is not listed. Deterministic: the same table prints the same text.
    package var dumpDescription: String {
        var lines: [String] = []
        lines.append(
            "dfa: \(stateCount) states (0 is dead), \(classCount) input classes, \(boundaryPairCount) word-boundary pairs")
        lines.append("classes:")
        let members = classMembers()
        for c in 0..<classCount {
            var text = "  c\(c): "
            let flags = c < classFlags.count ? classFlags[c] : 0
            if flags & ClassFlag.final != 0 {
                let of = (0..<min(classCount, finalClasses.count)).first { finalClasses[$0] == UInt16(c) && $0 != c }
                text += "a line terminator ending the text" + (of.map { " (final variant of c\($0))" } ?? "")
            } else {
                text += members[c].dumpDescription()
            }
            var notes: [String] = []
            if flags & ClassFlag.lineTerminator != 0, flags & ClassFlag.final == 0 { notes.append("line terminator") }
            for pair in 0..<boundaryPairCount {
                if flags & ClassFlag.word(pair) != 0 { notes.append("word \(pair)") }
                if flags & ClassFlag.ignorable(pair) != 0 { notes.append("ignorable \(pair)") }
            }
            if !notes.isEmpty { text += " (" + notes.joined(separator: ", ") + ")" }
            lines.append(text)
        }
        lines.append(
            "starts by context (bit 0: text start; bits 1-2: previous unit other, \\n, \\r, other terminator; then word bits):")
        lines.append("  unanchored: " + Self.dumpStarts(starts))
        lines.append("  anchored:   " + Self.dumpStarts(anchoredStarts))
        lines.append("states:")
        for state in 1..<max(stateCount, 1) {
            var flags: [String] = []
            let bits = stateFlags[state]
            if bits & 2 != 0 { flags.append("idle") }
            if bits & 1 != 0 { flags.append("match at text end" + (bits & 4 != 0 ? " (starts at idle)" : "")) }
            lines.append("  \(state)" + (flags.isEmpty ? "" : " [" + flags.joined(separator: "; ") + "]") + ":")
            var targets: [Int32] = []
            var classesByTarget: [Int32: [Int]] = [:]
            for c in 0..<classCount {
                let index = state * classCount + c
                guard index < transitions.count else { continue }
                let cell = transitions[index]
                guard cell != 0 else { continue }
                if classesByTarget[cell] == nil { targets.append(cell) }
                classesByTarget[cell, default: []].append(c)
            }
            for cell in targets {
                var text = "    " + Self.dumpClasses(classesByTarget[cell]!) + " -> \(cell >> 2)"
                if cell & 1 != 0 { text += " (a match ends before)" }
                if cell & 2 != 0 { text += " (starts at idle)" }
                lines.append(text)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The code points of every input class.
    func classMembers() -> [ScalarSet] {
        var ranges = [[ClosedRange<UInt32>]](repeating: [], count: classCount)
        for (scalar, c) in asciiClasses.enumerated() where Int(c) < classCount {
            ranges[Int(c)].append(UInt32(scalar)...UInt32(scalar))
        }
        for (i, start) in rangeStarts.enumerated() where Int(rangeClasses[i]) < classCount {
            let end = i + 1 < rangeStarts.count ? rangeStarts[i + 1] - 1 : ScalarSet.maxScalar
            guard start <= end else { continue }
            ranges[Int(rangeClasses[i])].append(start...end)
        }
        return ranges.map { ScalarSet(ranges: $0) }
    }

    /// `c0-c3 c5`: class numbers (ascending), runs joined.
    static func dumpClasses(_ classes: [Int], prefix: String = "c") -> String {
        var parts: [String] = []
        var i = 0
        while i < classes.count {
            var j = i
            while j + 1 < classes.count, classes[j + 1] == classes[j] + 1 { j += 1 }
            parts.append(j == i ? "\(prefix)\(classes[i])" : "\(prefix)\(classes[i])-\(prefix)\(classes[j])")
            i = j + 1
        }
        return parts.joined(separator: " ")
    }

    /// Start states by context: `1 (contexts 0-7)`, or one entry per state, contexts joined.
    static func dumpStarts(_ starts: [Int32]) -> String {
        var order: [Int32] = []
        var contexts: [Int32: [Int]] = [:]
        for (context, state) in starts.enumerated() {
            if contexts[state] == nil { order.append(state) }
            contexts[state, default: []].append(context)
        }
        return order.map { state in
            "\(state) (contexts " + dumpClasses(contexts[state]!, prefix: "") + ")"
        }.joined(separator: ", ")
    }
}

// Printers for `rulegen dump --ir`: the regex IR of a rule as an indented tree.

extension RegexIR {
    /// The IR for `rulegen dump --ir`: one node a line, children indented by two spaces;
    /// sets as `ScalarSet.dumpDescription` (capped at a few ranges).
    package var dumpDescription: String {
        var lines: [String] = []
        dump(into: &lines, depth: 0)
        return lines.joined(separator: "\n")
    }

    private func dump(into lines: inout [String], depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        switch self {
        case .empty: lines.append(indent + "empty")
        case .set(let set): lines.append(indent + "set " + set.dumpDescription())
        case .lineUnit(let set): lines.append(indent + "line unit (CR LF or one of) " + set.dumpDescription())
        case .foldedLiteral(let literal):
            lines.append(indent + "case-folded literal, \(literal.length) positions")
            for (index, set) in literal.positions.enumerated() {
                lines.append(indent + "  \(index): " + set.dumpDescription())
            }
            for jump in literal.jumps {
                lines.append(indent + "  jump \(jump.from) -> \(jump.to): " + jump.set.dumpDescription())
            }
        case .sequence(let items):
            lines.append(indent + "sequence")
            for item in items { item.dump(into: &lines, depth: depth + 1) }
        case .alternation(let items):
            lines.append(indent + "alternation")
            for item in items { item.dump(into: &lines, depth: depth + 1) }
        case .repetition(let loop):
            lines.append(indent + "repeat {\(loop.min),\(loop.max.map(String.init) ?? "")} \(loop.greedy ? "greedy" : "lazy")")
            loop.body.dump(into: &lines, depth: depth + 1)
        case .capture(let index, let body):
            lines.append(indent + "capture \(index)")
            body.dump(into: &lines, depth: depth + 1)
        case .assertion(let assertion):
            switch assertion {
            case .simple(let simple): lines.append(indent + "assert " + simple.dumpDescription)
            case .wordBoundary(let negated, let word, let ignorable):
                lines.append(
                    indent + "assert \(negated ? "\\B" : "\\b") word " + word.dumpDescription() + " ignorable "
                        + ignorable.dumpDescription())
            case .codePoint(let behind, let negated, let set):
                lines.append(
                    indent + "assert \(behind ? "previous" : "next")\(negated ? " not" : "") in " + set.dumpDescription())
            case .lookaround(let look):
                let kind = (look.behind ? "lookbehind" : "lookahead") + (look.negated ? ", negated" : "")
                lines.append(indent + "assert \(kind), longest \(look.maxLength.map { "\($0) units" } ?? "unbounded")")
                look.body.dump(into: &lines, depth: depth + 1)
            }
        case .atomic(let body, let site):
            lines.append(indent + "atomic (site \(site))")
            body.dump(into: &lines, depth: depth + 1)
        }
    }
}

// Printers for `rulegen dump --ast`: a parsed pattern as an indented tree.

import RuleRegex
import RuleRuntime

extension RegexAST {
    /// The tree for `rulegen dump --ast`: one node a line (what it is, its span in the
    /// pattern as `offset+length`, and the modes in effect when not the pattern's plain
    /// ones), children indented by two spaces. `pattern` is the text the tree was parsed
    /// from (classes, shorthands and properties show as written).
    func dumpDescription(pattern: String) -> String {
        var lines = ["regex: \(captureCount) capture groups" + Self.dumpNames(captureNames)]
        root.dump(into: &lines, depth: 1, pattern: Array(pattern.unicodeScalars))
        return lines.joined(separator: "\n")
    }

    static func dumpNames(_ names: [String: Int]) -> String {
        guard !names.isEmpty else { return "" }
        return " (" + names.sorted { $0.value < $1.value }.map { "\($0.key) = \($0.value)" }.joined(separator: ", ") + ")"
    }
}

extension RegexNode {
    fileprivate func dump(into lines: inout [String], depth: Int, pattern: [Unicode.Scalar]) {
        let indent = String(repeating: "  ", count: depth)
        let written: String = {
            guard span.offset >= 0, span.end <= pattern.count else { return "" }
            var text = ""
            text.unicodeScalars.append(contentsOf: pattern[span.offset..<span.end])
            return text
        }()
        var modes: [String] = []
        if options.contains(.caseInsensitive) { modes.append("i") }
        if options.contains(.multiline) { modes.append("m") }
        if options.contains(.dotAll) { modes.append("s") }
        if options.contains(.extended) { modes.append("x") }
        if options.contains(.unixLines) { modes.append("d") }
        if options.contains(.unicodeWord) { modes.append("w") }
        let suffix = " @\(span)" + (modes.isEmpty ? "" : " (?\(modes.joined()))")
        func line(_ text: String) { lines.append(indent + text + suffix) }
        switch kind {
        case .empty: line("empty")
        case .scalar(let value):
            line("char " + (Unicode.Scalar(value).map { Quoting.displayed(String($0)) } ?? ScalarSet.dumpScalar(value)))
        case .dot: line("any character (.)")
        case .characterClass: line("class " + Quoting.displayed(written))
        case .shorthand: line("shorthand " + Quoting.displayed(written))
        case .property(let property): line("property \(Quoting.displayed(property.name))\(property.negated ? " negated" : "")")
        case .lineBreak: line("line break (\\R)")
        case .graphemeCluster: line("grapheme cluster (\\X)")
        case .anchor(let anchor): line("anchor " + Quoting.displayed(written) + " (\(anchor))")
        case .flagChange: line("flags " + Quoting.displayed(written))
        case .backreference(let reference):
            line("backreference \(reference.index)" + (reference.name.map { " (\($0))" } ?? ""))
        case .group(let group):
            switch group.kind {
            case .capturing(let index, let name): line("capture \(index)" + (name.map { " (\($0))" } ?? ""))
            case .nonCapturing: line("group")
            case .atomic: line("atomic group")
            case .lookahead(let negative): line(negative ? "negative lookahead" : "lookahead")
            case .lookbehind(let negative): line(negative ? "negative lookbehind" : "lookbehind")
            case .scopedFlags: line("group with flags")
            }
            group.child.dump(into: &lines, depth: depth + 1, pattern: pattern)
        case .alternation(let items):
            line("alternation")
            for item in items { item.dump(into: &lines, depth: depth + 1, pattern: pattern) }
        case .concatenation(let items):
            line("concatenation")
            for item in items { item.dump(into: &lines, depth: depth + 1, pattern: pattern) }
        case .quantified(let q):
            let kind: String
            switch q.kind {
            case .greedy: kind = "greedy"
            case .lazy: kind = "lazy"
            case .possessive: kind = "possessive"
            }
            line("repeat {\(q.min),\(q.max.map(String.init) ?? "")} \(kind)")
            q.child.dump(into: &lines, depth: depth + 1, pattern: pattern)
        }
    }
}

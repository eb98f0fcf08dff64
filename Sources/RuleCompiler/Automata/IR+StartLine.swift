// Where ICU's find() starts match attempts.
//
// Note: ICU's find() is not a plain "try every position". It first classifies the pattern
// (regexcmp.cpp matchStartType) and uses the class to skip positions. All classes are
// exact shortcuts but one: START_LINE, chosen when the pattern begins with `^` in `m` mode
// (only zero-width operations before it). Then find() tries position 0 and the positions
// after a line terminator, and after CR LF only the position after the LF, although `^`
// itself also holds between CR and LF: `(?m)^` finds 0 and 3 in "a\r\nb", never 2, while
// `(?m)x|^` finds 2 too. START_START (a `^`/`\A` without `m` after the `m` caret) and
// START_STRING (the first thing that consumes is one case-sensitive literal string of two
// or more code points) take precedence. This file replays that classification on the
// syntax tree and yields `StartFilter.notInsideCRLF` exactly when START_LINE is used.

import RuleRuntime

extension Lowering {
    /// ICU's start-position rule for the pattern `root`.
    func startFilter(for root: RegexNode) throws(LoweringFailure) -> RegexProgram.StartFilter {
        var scan = StartScan()
        _ = try scanStart(root, &scan)
        guard scan.kind == .line else { return .anywhere }
        return scan.stoppedAtString ? .anywhere : .notInsideCRLF
    }

    /// Walks the operations ICU emits from the start of `node`; `false` once an operation
    /// that consumes or branches has been reached (which ends ICU's "at start" phase).
    private func scanStart(_ node: RegexNode, _ scan: inout StartScan) throws(LoweringFailure) -> Bool {
        switch node.kind {
        case .empty, .flagChange:
            return true
        case .anchor(let anchor):
            if anchor == .caret {
                scan.kind = node.options.contains(.multiline) ? .line : .text
            } else if anchor == .startOfInput {
                scan.kind = .text
            }
            return true
        case .concatenation(let items):
            return try scanPieces(items, &scan)
        case .scalar, .characterClass, .property:
            return try scanPieces([node], &scan)
        case .group(let group):
            if case .alternation = group.child.kind { return false }
            switch group.kind {
            case .capturing, .nonCapturing, .scopedFlags, .atomic: return try scanStart(group.child, &scan)
            case .lookahead, .lookbehind: return false
            }
        case .quantified(let quantifier):
            return try scanQuantified(quantifier, &scan)
        default:
            return false
        }
    }

    private func scanPieces(_ items: [RegexNode], _ scan: inout StartScan) throws(LoweringFailure) -> Bool {
        for piece in try pieces(of: items) {
            switch piece {
            case .run(let scalars, let caseInsensitive, _):
                scan.stoppedAtString = !caseInsensitive && Self.pairingSurrogates(scalars).count >= 2
                return false
            case .set: return false
            case .node(let node): if try !scanStart(node, &scan) { return false }
            }
        }
        return true
    }

    /// Quantifiers put a branch (STATE_SAVE, JMP, CTR_INIT) before their body, except `+`
    /// (body first) and small intervals with a minimum that ICU inlines as copies of a
    /// single operation.
    private func scanQuantified(_ quantifier: RegexQuantifier, _ scan: inout StartScan) throws(LoweringFailure) -> Bool {
        if quantifier.max == 0 { return quantifier.kind == .greedy }
        switch quantifier.notation {
        case .plus:
            _ = try scanStart(quantifier.child, &scan)
            return false
        case .braces:
            let singleOperation = try isSingleOperation(quantifier.child)
            guard quantifier.kind == .greedy, quantifier.min > 0, let max = quantifier.max, max <= 10,
                max == 1 || singleOperation
            else { return false }
            guard try scanStart(quantifier.child, &scan) else { return false }
            return max == quantifier.min
        case .star, .questionMark:
            return false
        }
    }

    /// Whether ICU compiles `node` to one operation (so an interval on it can be inlined).
    private func isSingleOperation(_ node: RegexNode) throws(LoweringFailure) -> Bool {
        switch node.kind {
        case .scalar(let value):
            guard node.options.contains(.caseInsensitive) else { return true }
            return (folding.expansions?.foldings[value]?.count ?? 1) == 1
        case .dot, .characterClass, .property, .shorthand, .lineBreak, .anchor, .backreference, .graphemeCluster:
            return true
        default:
            return false
        }
    }
}

/// What the start scan has seen so far.
struct StartScan {
    enum Kind { case none, text, line }
    /// The last start anchor seen while still at the start.
    var kind = Kind.none
    /// The scan ended at a case-sensitive literal string (ICU's START_STRING).
    var stoppedAtString = false
}

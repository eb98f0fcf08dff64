// Where ICU's find() starts match attempts.
//
// Note: ICU's find() is not a plain "try every position". It first classifies the pattern
// (regexcmp.cpp matchStartType) and uses the class to skip positions. All classes are
// exact shortcuts but one: START_LINE, chosen when a `^` in `m` mode comes before any
// operation that consumes or branches (only zero-width operations such as group starts,
// `\b` or `$` before it). find() then tries position 0 and the positions after a line
// terminator, and after CR LF only the position after the LF, although `^` itself also
// holds between CR and LF: `(?m)^` finds 0 and 3 in "a\r\nb", never 2, while `(?m)x|^`
// finds 2 too. Two classes take precedence: START_START (a `^`/`\A` without `m` after the
// `m` caret, still before anything else) and START_STRING: the operations that can come
// first (ICU counts those its minimum-length walk reaches with length 0, anywhere in the
// pattern) are exactly one case-sensitive literal string of two or more code points, and
// the pattern cannot match empty (`(?m)^\nb` finds 2, and so does `(?m)^{1,2}\nb`). This
// file replays that classification on the syntax tree and yields
// `StartFilter.notInsideCRLF` exactly when START_LINE is used.

extension Lowering {
    /// ICU's start-position rule for the pattern `root`.
    package func startFilter(for root: RegexNode) throws(LoweringFailure) -> RegexStartFilter {
        var kind = StartKind.none
        _ = try scanStart(root, &kind)
        guard kind == .line else { return .anywhere }
        let first = try firstOperations(root)
        return first.operations == [.string] && !first.canBeEmpty ? .anywhere : .notInsideCRLF
    }

    // MARK: - The "at start" phase

    /// Walks the operations ICU emits from the start of `node`; `false` once an operation
    /// that consumes or branches has been reached (which ends ICU's "at start" phase).
    private func scanStart(_ node: RegexNode, _ kind: inout StartKind) throws(LoweringFailure) -> Bool {
        switch node.kind {
        case .empty, .flagChange, .backreference:
            return true
        case .anchor(let anchor):
            if anchor == .caret {
                kind = node.options.contains(.multiline) ? .line : .text
            } else if anchor == .startOfInput {
                kind = .text
            }
            return true
        case .concatenation(let items):
            for piece in try pieces(of: items) {
                guard case .node(let item) = piece, try scanStart(item, &kind) else { return false }
            }
            return true
        case .group(let group):
            switch group.kind {
            case .capturing, .nonCapturing, .scopedFlags, .atomic:
                if case .alternation = group.child.kind { return false }
                return try scanStart(group.child, &kind)
            // ICU's matchStartType skips a lookaround block whole: nothing in it counts, and
            // the "at start" phase goes on after it.
            case .lookahead, .lookbehind: return true
            }
        case .quantified(let quantifier):
            return try scanQuantified(quantifier, &kind)
        default:
            return false
        }
    }

    /// Quantifiers put a branch (STATE_SAVE, JMP, CTR_INIT) before their body, except `+`
    /// (body first) and small intervals with a minimum, which ICU inlines as copies of a
    /// single operation (`x{2,3}` is x x SAVE x).
    private func scanQuantified(_ quantifier: RegexQuantifier, _ kind: inout StartKind) throws(LoweringFailure) -> Bool {
        if quantifier.max == 0 { return quantifier.kind == .greedy }
        switch quantifier.notation {
        case .plus:
            _ = try scanStart(quantifier.child, &kind)
            return false
        case .braces:
            let singleOperation = try isSingleOperation(quantifier.child)
            guard quantifier.kind == .greedy, quantifier.min > 0, let max = quantifier.max, max <= 10,
                max == 1 || singleOperation
            else { return false }
            guard try scanStart(quantifier.child, &kind) else { return false }
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

    // MARK: - First operations

    /// The consuming operations ICU's walk reaches with length 0, and whether `node` can be
    /// passed without consuming.
    private func firstOperations(_ node: RegexNode) throws(LoweringFailure) -> (operations: [FirstOperation], canBeEmpty: Bool) {
        switch node.kind {
        case .empty, .flagChange, .anchor, .backreference:
            return ([], true)
        case .concatenation(let items):
            return try firstOperations(ofPieces: items)
        case .scalar, .characterClass, .property:
            return try firstOperations(ofPieces: [node])
        case .alternation(let alternatives):
            var operations: [FirstOperation] = []
            var canBeEmpty = false
            for alternative in alternatives {
                let first = try firstOperations(alternative)
                operations += first.operations
                canBeEmpty = canBeEmpty || first.canBeEmpty
            }
            return (operations, canBeEmpty)
        case .group(let group):
            switch group.kind {
            case .lookahead, .lookbehind: return ([], true)
            default: return try firstOperations(group.child)
            }
        case .quantified(let quantifier):
            // A greedy `{0}` body is dropped; any other body is walked at length 0.
            if quantifier.max == 0, quantifier.kind == .greedy { return ([], true) }
            let body = try firstOperations(quantifier.child)
            return (body.operations, quantifier.min == 0 || body.canBeEmpty)
        case .dot, .shorthand, .lineBreak, .graphemeCluster:
            return ([.other], false)
        }
    }

    private func firstOperations(ofPieces items: [RegexNode]) throws(LoweringFailure) -> (operations: [FirstOperation], canBeEmpty: Bool) {
        var operations: [FirstOperation] = []
        for piece in try pieces(of: items) {
            switch piece {
            case .run(let scalars, let caseInsensitive, _):
                operations.append(!caseInsensitive && Self.pairingSurrogates(scalars).count >= 2 ? .string : .other)
                return (operations, false)
            case .set:
                operations.append(.other)
                return (operations, false)
            case .node(let node):
                let first = try firstOperations(node)
                operations += first.operations
                if !first.canBeEmpty { return (operations, false) }
            }
        }
        return (operations, true)
    }
}

/// The last start anchor ICU saw while still "at start".
package enum StartKind { case none, text, line }

/// A consuming operation at the start of a pattern, as ICU's start analysis counts it.
package enum FirstOperation: Equatable {
    /// A case-sensitive literal string of two or more code points (URX_STRING).
    case string
    case other
}

// Analyses of a parsed pattern that do not need an automaton.

extension RegexAST {
    /// Whether the pattern can match the empty string in some context.
    ///
    /// A sound over-approximation: zero-width assertions (anchors, `\b`, look-arounds) are
    /// taken as possibly satisfied and a quantifier with minimum 0 is nullable. A
    /// back-reference follows ICU, where a reference to a group that has not matched fails:
    /// one that no path can reach after its group (a forward reference such as the `\2` of
    /// `(\2|a)(\1)`, or a reference inside its own group, outside any loop around both)
    /// never matches; otherwise it is nullable when its group is (see `emptyMatchAssumption`).
    package var canMatchEmpty: Bool { nullability.nullable }

    /// When `canMatchEmpty` rests on a guess: the group whose back-reference, inside a loop
    /// around that same group (`(a|\1)+`), was taken as possibly empty because its text
    /// depends on earlier iterations, which this analysis does not follow.
    package var emptyMatchAssumption: Int? { nullability.assumed }

    private var nullability: (nullable: Bool, assumed: Int?) {
        var context = NullabilityContext()
        root.collectGroups(into: &context.groups, loops: [])
        let nullable = root.canMatchEmpty(&context)
        return (nullable, nullable ? context.assumed : nil)
    }

    /// Constructs an automaton may not express exactly, in pattern order, for fallback
    /// warnings: `backreference`, `atomic group`, `possessive quantifier`, `\G` (atomic
    /// groups and possessive quantifiers may still be rewritten; lookarounds, `\X` and
    /// `(?w)` compile, and lowering reports the few lookarounds that do not). Offsets are in
    /// Unicode scalars: where the construct starts (for a possessive quantifier, the item it
    /// repeats).
    package var unsupportedConstructs: [(name: String, offset: Int)] {
        var found: [(name: String, offset: Int)] = []
        root.collectUnsupported(into: &found)
        return found
    }

    /// The body of capturing group `index`, if the pattern has it.
    package func captureGroup(_ index: Int) -> RegexNode? { root.findGroup(index) }

    /// Whether capturing group `index` sits inside a lookahead or lookbehind, where it
    /// captures text beside the match rather than inside it.
    package func groupIsInLookaround(_ index: Int) -> Bool { root.groupIsInLookaround(index, inside: false) ?? false }
}

extension RegexNode {
    /// Each capturing group's body, where it ends in the pattern and which loops
    /// (quantifiers that can repeat) hold it, by the offset of the loop.
    package func collectGroups(into groups: inout [Int: NullabilityContext.Group], loops: Set<Int>) {
        switch kind {
        case .group(let group):
            if case .capturing(let index, _) = group.kind {
                groups[index] = NullabilityContext.Group(body: group.child, end: span.offset + span.length, loops: loops)
            }
            group.child.collectGroups(into: &groups, loops: loops)
        case .alternation(let nodes), .concatenation(let nodes):
            for node in nodes { node.collectGroups(into: &groups, loops: loops) }
        case .quantified(let quantifier):
            let repeats = quantifier.max.map { $0 > 1 } ?? true
            quantifier.child.collectGroups(into: &groups, loops: repeats ? loops.union([span.offset]) : loops)
        default: break
        }
    }

    /// `context.visiting`: groups whose nullability is being decided; a reference back into
    /// one of them that a loop can reach with the group set (`(a|\1)+`) is assumed nullable
    /// (and recorded in `context.assumed`), which keeps the answer sound.
    package func canMatchEmpty(_ context: inout NullabilityContext) -> Bool {
        switch kind {
        case .empty, .anchor, .flagChange: return true
        case .scalar, .dot, .characterClass, .shorthand, .property, .lineBreak, .graphemeCluster: return false
        case .group(let group):
            switch group.kind {
            case .lookahead, .lookbehind: return true
            default: return group.child.canMatchEmpty(&context)
            }
        case .alternation(let alternatives):
            for alternative in alternatives where alternative.canMatchEmpty(&context) { return true }
            return false
        case .concatenation(let items):
            for item in items where !item.canMatchEmpty(&context) { return false }
            return true
        case .quantified(let quantifier):
            if quantifier.min == 0 { return true }
            let repeats = quantifier.max.map { $0 > 1 } ?? true
            if repeats { context.loops.append(span.offset) }
            defer { if repeats { context.loops.removeLast() } }
            return quantifier.child.canMatchEmpty(&context)
        case .backreference(let reference):
            let index = reference.index
            guard let group = context.groups[index] else { return true }
            // ICU: a reference to a group that has not matched fails. The group has matched
            // only if it closes before the reference, or a loop around both repeats.
            let mayBeSet = group.end <= span.offset || context.loops.contains(where: group.loops.contains)
            guard mayBeSet else { return false }
            if context.visiting.contains(index) {
                if context.assumed == nil { context.assumed = index }
                return true
            }
            context.visiting.insert(index)
            defer { context.visiting.remove(index) }
            return group.body.canMatchEmpty(&context)
        }
    }

    package func collectUnsupported(into found: inout [(name: String, offset: Int)]) {
        switch kind {
        case .backreference: found.append(("backreference", span.offset))
        case .anchor(.previousMatchEnd): found.append(("\\G", span.offset))
        case .group(let group):
            switch group.kind {
            case .atomic: found.append(("atomic group", span.offset))
            default: break
            }
            group.child.collectUnsupported(into: &found)
        case .alternation(let nodes), .concatenation(let nodes):
            for node in nodes { node.collectUnsupported(into: &found) }
        case .quantified(let quantifier):
            if quantifier.kind == .possessive { found.append(("possessive quantifier", span.offset)) }
            quantifier.child.collectUnsupported(into: &found)
        default: break
        }
    }

    /// `nil` when the group is not under this node; else whether a lookaround encloses it.
    package func groupIsInLookaround(_ index: Int, inside: Bool) -> Bool? {
        switch kind {
        case .group(let group):
            if case .capturing(index, _) = group.kind { return inside }
            let lookaround: Bool
            switch group.kind {
            case .lookahead, .lookbehind: lookaround = true
            default: lookaround = false
            }
            return group.child.groupIsInLookaround(index, inside: inside || lookaround)
        case .alternation(let nodes), .concatenation(let nodes):
            for node in nodes { if let found = node.groupIsInLookaround(index, inside: inside) { return found } }
            return nil
        case .quantified(let quantifier): return quantifier.child.groupIsInLookaround(index, inside: inside)
        default: return nil
        }
    }

    package func findGroup(_ index: Int) -> RegexNode? {
        switch kind {
        case .group(let group):
            if case .capturing(index, _) = group.kind { return group.child }
            return group.child.findGroup(index)
        case .alternation(let nodes), .concatenation(let nodes):
            for node in nodes { if let found = node.findGroup(index) { return found } }
            return nil
        case .quantified(let quantifier): return quantifier.child.findGroup(index)
        default: return nil
        }
    }
}

/// What `RegexNode.canMatchEmpty` carries through a pattern.
package struct NullabilityContext {
    package struct Group {
        package var body: RegexNode
        package var end: Int
        package var loops: Set<Int>
    }

    /// The capturing groups by number.
    package var groups: [Int: Group] = [:]
    /// The loops around the node being read (offsets of quantifiers that can repeat).
    package var loops: [Int] = []
    package var visiting: Set<Int> = []
    /// The first group whose back-reference was assumed nullable.
    package var assumed: Int?
}

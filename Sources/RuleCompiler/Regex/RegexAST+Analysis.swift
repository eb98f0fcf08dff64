// Analyses of a parsed pattern that do not need an automaton.

extension RegexAST {
    /// Whether the pattern can match the empty string in some context.
    ///
    /// A sound over-approximation: zero-width assertions (anchors, `\b`, look-arounds) are
    /// taken as possibly satisfied, a quantifier with minimum 0 is nullable, and a
    /// back-reference is nullable exactly when its group is.
    public var canMatchEmpty: Bool {
        var visiting: Set<Int> = []
        return root.canMatchEmpty(in: self, visiting: &visiting)
    }

    /// Constructs an automaton cannot express exactly, in pattern order, for fallback
    /// warnings: `backreference`, `lookahead`, `lookbehind`, `atomic group`,
    /// `possessive quantifier`, `\X`, `\G`, `(?w)`. Offsets are in Unicode scalars: where
    /// the construct starts (for a possessive quantifier, the item it repeats).
    public var unsupportedConstructs: [(name: String, offset: Int)] {
        var found: [(name: String, offset: Int)] = []
        root.collectUnsupported(into: &found)
        return found
    }

    /// The body of capturing group `index`, if the pattern has it.
    public func captureGroup(_ index: Int) -> RegexNode? { root.findGroup(index) }

    /// Whether capturing group `index` sits inside a lookahead or lookbehind, where it
    /// captures text beside the match rather than inside it.
    public func groupIsInLookaround(_ index: Int) -> Bool { root.groupIsInLookaround(index, inside: false) ?? false }
}

extension RegexNode {
    /// `visiting`: groups whose nullability is being decided; a reference back into one
    /// of them (`(a|\1)`) is assumed nullable, which keeps the answer sound.
    func canMatchEmpty(in ast: RegexAST, visiting: inout Set<Int>) -> Bool {
        switch kind {
        case .empty, .anchor, .flagChange: return true
        case .scalar, .dot, .characterClass, .shorthand, .property, .lineBreak, .graphemeCluster: return false
        case .group(let group):
            switch group.kind {
            case .lookahead, .lookbehind: return true
            default: return group.child.canMatchEmpty(in: ast, visiting: &visiting)
            }
        case .alternation(let alternatives):
            for alternative in alternatives where alternative.canMatchEmpty(in: ast, visiting: &visiting) { return true }
            return false
        case .concatenation(let items):
            for item in items where !item.canMatchEmpty(in: ast, visiting: &visiting) { return false }
            return true
        case .quantified(let quantifier):
            return quantifier.min == 0 || quantifier.child.canMatchEmpty(in: ast, visiting: &visiting)
        case .backreference(let reference):
            guard let body = ast.captureGroup(reference.index), !visiting.contains(reference.index) else { return true }
            visiting.insert(reference.index)
            defer { visiting.remove(reference.index) }
            return body.canMatchEmpty(in: ast, visiting: &visiting)
        }
    }

    func collectUnsupported(into found: inout [(name: String, offset: Int)]) {
        switch kind {
        case .backreference: found.append(("backreference", span.offset))
        case .graphemeCluster: found.append(("\\X", span.offset))
        case .anchor(.previousMatchEnd): found.append(("\\G", span.offset))
        case .flagChange(let change) where change.enabled.contains(.unicodeWord):
            found.append(("(?w)", span.offset))
        case .group(let group):
            switch group.kind {
            case .lookahead: found.append(("lookahead", span.offset))
            case .lookbehind: found.append(("lookbehind", span.offset))
            case .atomic: found.append(("atomic group", span.offset))
            case .scopedFlags(let change) where change.enabled.contains(.unicodeWord):
                found.append(("(?w)", span.offset))
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
    func groupIsInLookaround(_ index: Int, inside: Bool) -> Bool? {
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

    func findGroup(_ index: Int) -> RegexNode? {
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

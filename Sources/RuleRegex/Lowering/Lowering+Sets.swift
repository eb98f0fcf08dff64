// Lowering: classes, properties, shorthands and literal runs.

/// A piece of a concatenation as ICU compiles it.
package enum LoweringPiece {
    /// Consecutive literal code points, compiled together (URX_STRING / URX_STRING_I).
    case run([UInt32], caseInsensitive: Bool, span: RegexSpan)
    /// A class or property of two or more code points (URX_SETREF).
    case set(ScalarSet)
    case node(RegexNode)
}

extension Lowering {
    /// Splits a concatenation into ICU's literal runs and other nodes.
    ///
    /// Note: ICU collects consecutive literal characters into one string and compiles it
    /// when something else follows (fixLiterals). Comments (`(?#…)`), `\Q\E` and `x`-mode
    /// white space do not end a run, so `(?i)s(?#c)s` matches `ß`; a flag change `(?i)`,
    /// a group, a quantified item or any other construct does. A bracketed class or `\p{…}`
    /// whose set (after case closure) has exactly one code point is compiled as a literal
    /// character that starts a new run, so `(?i)[ʼ]n` is the string `ʼn` and matches `ŉ`.
    package func pieces(of items: [RegexNode]) throws(LoweringFailure) -> [LoweringPiece] {
        var pieces: [LoweringPiece] = []
        var run: [UInt32] = []
        var runCaseInsensitive = false
        var runSpan = RegexSpan(offset: 0, length: 0)
        func flush() {
            if !run.isEmpty { pieces.append(.run(run, caseInsensitive: runCaseInsensitive, span: runSpan)) }
            run = []
        }
        func extend(_ value: UInt32, _ node: RegexNode) {
            if run.isEmpty {
                runCaseInsensitive = node.options.contains(.caseInsensitive)
                runSpan = node.span
            }
            run.append(value)
            runSpan = runSpan.extended(to: node.span)
        }
        for item in items {
            switch item.kind {
            case .empty: continue
            case .scalar(let value): extend(value, item)
            case .characterClass, .property:
                let set = try nodeSet(item)
                flush()
                if let single = set.singleScalar {
                    extend(single, item)
                } else {
                    pieces.append(.set(set.subtracting(ICUSets.surrogates)))
                }
            default:
                flush()
                pieces.append(.node(item))
            }
        }
        flush()
        return pieces
    }

    /// The set of a class or property node, case-closed as ICU does under `i`.
    package func nodeSet(_ node: RegexNode) throws(LoweringFailure) -> ScalarSet {
        let caseSensitive: ScalarSet
        switch node.kind {
        case .characterClass(let regexClass): caseSensitive = try evaluate(regexClass, at: node.span)
        case .property(let property): caseSensitive = try propertySet(property, at: node.span)
        default: preconditionFailure("not a set node")
        }
        guard node.options.contains(.caseInsensitive) else { return caseSensitive }
        return try caseClosed(caseSensitive, as: node)
    }

    /// Note: under `i`, ICU closes every bracketed class (each nested one too, before a
    /// `^` negates it) and every property set over case. That only changes membership of
    /// case-relevant code points (`ICUSets.caseRelevant`), so the class is evaluated
    /// without `i` and only the case-relevant code points are asked of ICU, with the class
    /// compiled exactly as written.
    private func caseClosed(_ caseSensitive: ScalarSet, as node: RegexNode) throws(LoweringFailure) -> ScalarSet {
        let flags = node.options.contains(.extended) ? "(?ix)" : "(?i)"
        guard let relevant = sets.caseRelevant, let closed = sets.caseRelevantMembers(of: flags + text(node.span)) else {
            throw LoweringFailure(construct: "set ICU could not evaluate", offset: node.span.offset)
        }
        return caseSensitive.subtracting(relevant).union(closed)
    }

    /// A bracketed class without case closure: the set algebra of the parsed expression,
    /// with every property and shorthand asked of ICU.
    package func evaluate(_ regexClass: RegexClass, at span: RegexSpan) throws(LoweringFailure) -> ScalarSet {
        let inner = try evaluate(regexClass.expression, at: span)
        return regexClass.negated ? inner.inverted() : inner
    }

    private func evaluate(_ expression: RegexClassExpression, at span: RegexSpan) throws(LoweringFailure) -> ScalarSet {
        switch expression {
        case .item(let item):
            switch item.kind {
            case .scalar(let value): return ScalarSet(value)
            case .range(let low, let high): return ScalarSet(low...high)
            case .nested(let nested): return try evaluate(nested, at: item.span)
            case .shorthand(let shorthand): return try shorthandSet(shorthand, at: item.span)
            case .property(let property): return try propertySet(property, at: item.span)
            }
        case .union(let operands):
            // Single code points and ranges are merged in one set first: adding them one by
            // one to a large operand (`[\w.+-]`) would copy its ranges for each.
            var result = ScalarSet()
            var singleRanges: [ClosedRange<UInt32>] = []
            for operand in operands {
                let set = try evaluate(operand, at: span)
                if set.ranges.count == 1 { singleRanges.append(set.ranges[0]) } else { result = result.union(set) }
            }
            return singleRanges.isEmpty ? result : result.union(ScalarSet(ranges: singleRanges))
        case .intersection(let lhs, let rhs):
            return try evaluate(lhs, at: span).intersection(try evaluate(rhs, at: span))
        case .difference(let lhs, let rhs):
            return try evaluate(lhs, at: span).subtracting(try evaluate(rhs, at: span))
        }
    }

    /// A property as ICU defines it, without case closure. The name is spelled with
    /// `\x{…}` escapes (the form the parser validated it in), so any name ICU accepts
    /// works.
    package func propertySet(_ property: RegexProperty, at span: RegexSpan) throws(LoweringFailure) -> ScalarSet {
        let name = Array(property.name.unicodeScalars.map(\.value))
        let text: String
        if let first = name.first, name.contains(0x7D) {
            text =
                "[[:" + (property.negated ? "^" : "") + CaseFolding.escaped([first])
                + String(String.UnicodeScalarView(name.dropFirst().compactMap(Unicode.Scalar.init))) + ":]]"
        } else {
            text = "[" + (property.negated ? "\\P{" : "\\p{") + CaseFolding.escaped(name) + "}]"
        }
        guard probes.admit(text) else {
            throw LoweringFailure(construct: "more than \(Lowering.probeBudget) distinct Unicode properties", offset: span.offset)
        }
        guard let set = sets.members(of: text) else {
            throw LoweringFailure(construct: "property ICU could not evaluate", offset: span.offset)
        }
        return set
    }

    /// `\w \d \s \h \v` and their negations, as ICU's sets (never case-closed outside a
    /// class).
    package func shorthandSet(_ shorthand: RegexShorthand, at span: RegexSpan) throws(LoweringFailure) -> ScalarSet {
        let letter: String
        switch shorthand {
        case .word: letter = "w"
        case .nonWord: letter = "W"
        case .digit: letter = "d"
        case .nonDigit: letter = "D"
        case .space: letter = "s"
        case .nonSpace: letter = "S"
        case .horizontalSpace: letter = "h"
        case .nonHorizontalSpace: letter = "H"
        case .verticalSpace: letter = "v"
        case .nonVerticalSpace: letter = "V"
        }
        guard let set = sets.members(of: "[\\" + letter + "]") else {
            throw LoweringFailure(construct: "set ICU could not evaluate", offset: span.offset)
        }
        return set.subtracting(ICUSets.surrogates)
    }

    /// ICU's word characters (`\w`) and the code points `\b` looks through
    /// (Grapheme_Extend and Cf).
    package func boundarySets(at span: RegexSpan) throws(LoweringFailure) -> (word: ScalarSet, ignorable: ScalarSet) {
        guard let word = sets.members(of: "[\\w]"), let ignorable = sets.members(of: "[\\p{Grapheme_Extend}\\p{Cf}]") else {
            throw LoweringFailure(construct: "set ICU could not evaluate", offset: span.offset)
        }
        return (word, ignorable)
    }
}

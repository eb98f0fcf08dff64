// ICU's look-behind length check.
//
// Note: ICU runs a look-behind by trying every start position within the body's maximum
// match length, so a body without a bound is a compile error. ICU computes that bound
// from its compiled code, with some consequences a syntax-level rule would miss (all
// verified against NSRegularExpression):
// - anything inside a repeat with maximum 0 (`(?:a*){0}`, also lazy or possessive)
//   counts as nothing;
// - a lazy `??` counts as unbounded (its code loops backwards), but `{0,1}?` does not;
// - a look-ahead inside counts as ordinary pattern text, a nested look-behind as nothing;
// - back-references and `\X` are unbounded;
// - the bound is in UTF-16 units and must stay below 2^24: a class or `.` counts 2, a
//   single case-insensitive cased letter 2, other characters their UTF-16 length.
//   (Literal runs under `i` are counted with their lowercase length, an approximation of
//   ICU's case-folded length.)

extension PatternParser {
    /// ICU keeps the bound in 24 bits.
    package static let lookBehindLimit = 0xFF_FFFF
    private static let unbounded = Int(Int32.max)

    package static func checkLookBehindLength(_ group: RegexNode) throws(RegexSyntaxError) {
        guard case .group(let body) = group.kind else { return }
        let length = maxUTF16Length(body.child)
        if length >= unbounded {
            throw RegexSyntaxError("look-behind pattern must have a bounded maximum length", group.span)
        }
        if length > lookBehindLimit {
            throw RegexSyntaxError("look-behind pattern is too long", group.span)
        }
    }

    /// ICU's upper bound of the UTF-16 length `node` can match; `unbounded` saturates.
    package static func maxUTF16Length(_ node: RegexNode) -> Int {
        switch node.kind {
        case .empty, .anchor, .flagChange: return 0
        case .scalar(let value): return singleCharacterLength(value, node.options)
        case .characterClass(let set):
            // ICU compiles a one-character class as that character.
            if !set.negated, case .item(let item) = set.expression, case .scalar(let value) = item.kind {
                return singleCharacterLength(value, node.options)
            }
            return 2
        case .dot, .shorthand, .property, .lineBreak: return 2
        case .graphemeCluster, .backreference: return unbounded
        case .group(let group):
            if case .lookbehind = group.kind { return 0 }
            return maxUTF16Length(group.child)
        case .alternation(let alternatives):
            return alternatives.map(maxUTF16Length).max() ?? 0
        case .concatenation(let items):
            return concatenationLength(items)
        case .quantified(let quantifier):
            guard let max = quantifier.max else { return unbounded }
            if max == 0 { return 0 }
            if quantifier.notation == .questionMark && quantifier.kind == .lazy { return unbounded }
            let child = maxUTF16Length(quantifier.child)
            return child >= unbounded / max ? unbounded : child * max
        }
    }

    /// Adjacent literals form one string in ICU's code.
    private static func concatenationLength(_ items: [RegexNode]) -> Int {
        var total = 0
        var index = 0
        while index < items.count && total < unbounded {
            var run: [RegexNode] = []
            while index < items.count, case .scalar = items[index].kind {
                run.append(items[index])
                index += 1
            }
            if run.count == 1 {
                total += maxUTF16Length(run[0])
            } else if run.count > 1 {
                total += run.reduce(0) { $0 + stringLength($1) }
            } else {
                total += maxUTF16Length(items[index])
                index += 1
            }
            total = min(total, unbounded)
        }
        return total
    }

    private static func singleCharacterLength(_ value: UInt32, _ options: RegexOptions) -> Int {
        if options.contains(.caseInsensitive),
            Unicode.Scalar(value)?.properties.changesWhenCaseMapped == true
        {
            return 2
        }
        return value > 0x10000 ? 2 : 1  // sic: ICU compares with `>`
    }

    private static func stringLength(_ node: RegexNode) -> Int {
        guard case .scalar(let value) = node.kind else { return 0 }
        guard node.options.contains(.caseInsensitive), let scalar = Unicode.Scalar(value) else {
            return value >= 0x10000 ? 2 : 1
        }
        return String(scalar).lowercased().utf16.count
    }
}

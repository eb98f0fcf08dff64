// Quantifiers: `* + ? {n} {n,} {n,m}` with `?` (lazy) or `+` (possessive) suffixes.

extension PatternParser {
    /// ICU stores repeat counts in 24 bits.
    package static let maxRepeatCount = 0xFF_FFFF

    /// After a repeatable term: an optional quantifier, or a `(` (which may be a comment).
    package mutating func quantifier() throws(RegexSyntaxError) -> State {
        let start = c.span
        guard !c.quoted else { return .continuation }
        switch c.value {
        case 0x2A:  // *
            try advance()
            try applyQuantifier(min: 0, max: nil, notation: .star, from: start)
        case 0x2B:  // +
            try advance()
            try applyQuantifier(min: 1, max: nil, notation: .plus, from: start)
        case 0x3F:  // ?
            try advance()
            try applyQuantifier(min: 0, max: 1, notation: .questionMark, from: start)
        case 0x7B:  // {
            try advance()
            let (min, max) = try interval(from: start)
            try applyQuantifier(min: min, max: max, notation: .braces, from: start)
        case 0x28:  // (
            try advance()
            return try openGroup(at: start, afterTerm: true)
        default:
            return .continuation
        }
        return .continuation
    }

    /// Reads the lazy/possessive suffix and wraps the last item.
    private mutating func applyQuantifier(
        min: Int, max: Int?, notation: RegexQuantifier.Notation,
        from start: RegexSpan
    ) throws(RegexSyntaxError) {
        var kind = RegexQuantifier.Kind.greedy
        if c.isUnquoted("?") {
            kind = .lazy
            try advance()
        } else if c.isUnquoted("+") {
            kind = .possessive
            try advance()
        }
        let quantifierSpan = span(from: start.offset)
        if min > Self.maxRepeatCount || (max ?? 0) > Self.maxRepeatCount {
            throw RegexSyntaxError("repeat count is larger than \(Self.maxRepeatCount)", quantifierSpan)
        }
        if let max, min > max {
            throw RegexSyntaxError("quantifier minimum is greater than its maximum", quantifierSpan)
        }
        let index = frames.count - 1
        let child = frames[index].items.removeLast()
        if kind == .greedy && max == 0 {
            // Note: ICU drops the code of a greedy `{0}` body, so back-references in it
            // are never checked against the group count (`\9{0}` is valid).
            backreferences.removeAll { child.span.offset <= $0.span.offset && $0.span.end <= child.span.end }
        }
        let quantifier = RegexQuantifier(min: min, max: max, kind: kind, notation: notation, child: child)
        frames[index].items.append(
            RegexNode(
                .quantified(quantifier), span: child.span.extended(to: quantifierSpan),
                options: options))
    }

    /// `{n}`, `{n,}`, `{n,m}`; `c` is the character after `{`. Only unquoted ASCII digits
    /// count (`x` mode may put white space between them).
    private mutating func interval(from start: RegexSpan) throws(RegexSyntaxError) -> (Int, Int?) {
        guard let first = digit() else { throw badInterval(from: start) }
        var low = first
        try advance()
        while let next = digit() {
            low = accumulate(low, next)
            try advance()
        }
        var high: Int? = low
        if c.isUnquoted(",") {
            try advance()
            high = nil
            while let next = digit() {
                high = accumulate(high ?? 0, next)
                try advance()
            }
        }
        guard c.isUnquoted("}") else { throw badInterval(from: start) }
        try advance()
        return (low, high)
    }

    private func digit() -> Int? {
        guard !c.quoted, Self.isDigit(c.value) else { return nil }
        return Int(c.value - 0x30)
    }

    /// Note: ICU rejects a count past Int32.max while scanning it, and one past 2^24 - 1
    /// when compiling it; both are reported once the whole quantifier is read.
    private func accumulate(_ value: Int, _ digit: Int) -> Int {
        min(value * 10 + digit, Int(Int32.max) + 1)
    }

    private func badInterval(from start: RegexSpan) -> RegexSyntaxError {
        if c.isEOF { return RegexSyntaxError("missing '}' in quantifier", span(through: start)) }
        return RegexSyntaxError(
            "invalid quantifier '\(text(span(through: start)))', expected {n}, {n,} or {n,m}",
            span(through: start))
    }
}

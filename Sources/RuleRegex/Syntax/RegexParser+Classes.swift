// Bracketed classes `[…]`.
//
// Note: ICU parses classes with its own state machine (the `set-*` states of regexcst.txt)
// and evaluates them with an operator stack; both are reproduced here, the evaluation run
// on `RegexClassExpression` values instead of code point sets (see `RegexClassExpression`).
// Rules worth knowing, all verified against NSRegularExpression:
// - `]` first (after an optional `^`) is a literal; `-` is a literal first, last, or after
//   a range or a shorthand; `[--`, `[&&`, and `--`/`&&` before `]` are errors.
// - `[:name:]` is a POSIX property only directly after `[`; a lone `[:alpha:]` is the
//   whole class. An unknown `[:name:]` is an error, not a literal set.
// - In `x-\s`, `x-\w`, `x-\d` (and capitals) the range end is an error, but `x-\h`,
//   `x-\v` and `x-\p` take the letter as the range end.
// - Inside brackets, unknown escapes are literals: `[\b]` is `b`, `[\R]` is `R`.
// - `x` mode skips white space and comments inside brackets too.

extension PatternParser {
    private enum ClassState {
        case open, afterOpen, posix, start, startDash, startAmp
        case afterLiteral, afterSet, afterRange, afterOperator
        case setAmp, literalAmp, setDash, rangeDash, rangeAmp, literalDash, literalDashEscape, escape
    }

    /// Parses a class; `c` is the first character after `[` on entry and the character
    /// after the closing `]` on return.
    package mutating func parseClass(openedAt opener: RegexSpan) throws(RegexSyntaxError) -> RegexClass {
        var frames = [ClassFrame(opener: opener)]
        var state = ClassState.open
        var dash = c.span  // the pending `-` or `&`, for spans
        func top(_ body: (inout ClassFrame) -> Void) { body(&frames[frames.count - 1]) }
        while true {
            let unquoted: UInt32? = c.quoted || c.isEOF ? nil : c.value
            switch state {
            case .open:
                if unquoted == 0x5E {  // ^
                    top { $0.negated = true }
                    try advance()
                    state = .afterOpen
                } else if unquoted == 0x3A, let property = try posixProperty() {  // [:
                    top { $0.add(property) }
                    state = .posix
                } else {
                    state = .afterOpen
                }
            case .afterOpen:
                if unquoted == 0x5D {
                    try literal(&frames)
                    state = .afterLiteral
                } else {
                    state = .start
                }
            case .posix:
                if unquoted == 0x5D {
                    if let done = try close(&frames) { return done }
                    state = .afterSet
                } else if unquoted == 0x3A {
                    state = .start
                } else {
                    throw RegexSyntaxError("malformed POSIX class", c.span)
                }
            case .start, .afterLiteral, .afterSet, .afterRange, .afterOperator:
                switch unquoted {
                case 0x5D:  // ]
                    if state == .afterOperator { throw RegexSyntaxError("set operator without right operand", dash) }
                    if let done = try close(&frames) { return done }
                    state = .afterSet
                case 0x5B:  // [
                    try openNested(&frames, operator: .union)
                    state = .open
                case 0x5C:  // backslash
                    try advance()
                    state = .escape
                case 0x2D where state != .afterOperator, 0x26 where state != .afterOperator:  // - &
                    dash = c.span
                    let isDash = unquoted == 0x2D
                    try advance()
                    switch state {
                    case .start: state = isDash ? .startDash : .startAmp
                    case .afterLiteral: state = isDash ? .literalDash : .literalAmp
                    case .afterSet: state = isDash ? .setDash : .setAmp
                    default: state = isDash ? .rangeDash : .rangeAmp
                    }
                default:
                    if c.isEOF && state != .start && state != .afterOperator { throw missingBracket(frames) }
                    try literal(&frames)
                    state = .afterLiteral
                }
            case .startDash, .startAmp:
                let symbol: UInt32 = state == .startDash ? 0x2D : 0x26
                if unquoted == symbol { throw RegexSyntaxError("set operator without left operand", dash.extended(to: c.span)) }
                top { $0.add(RegexClassItem(.scalar(symbol), span: dash)) }
                state = .afterLiteral
            case .setDash, .setAmp, .literalDash, .literalAmp, .rangeDash, .rangeAmp:
                state = try afterDashOrAmp(state, unquoted, &frames, dash: dash)
            case .literalDashEscape:
                if let letter = unquoted, [0x73, 0x53, 0x77, 0x57, 0x64, 0x44].contains(letter) {  // s S w W d D
                    throw RegexSyntaxError("invalid range end '\\\(text(c.span))'", dash.extended(to: c.span))
                }
                if c.isEOF { throw missingBracket(frames) }
                if unquoted == 0x4E {  // N
                    let start = RegexSpan(offset: previousEnd - 1, length: 1)
                    let value = try namedCharacter(from: start)
                    try range(to: value, span: span(through: start), &frames, dash: dash)
                    lastClassLiteral = (value, span(through: start))
                } else {
                    try range(
                        to: c.value, span: RegexSpan(offset: previousEnd - 1, length: c.span.end - previousEnd + 1),
                        &frames, dash: dash)
                }
                try advance()
                state = .afterRange
            case .escape:
                state = try classEscape(unquoted, &frames)
            }
        }
    }

    /// The states after a `-` or `&` that may be an operator, a range, or a literal.
    private mutating func afterDashOrAmp(
        _ state: ClassState, _ unquoted: UInt32?, _ frames: inout [ClassFrame],
        dash: RegexSpan
    ) throws(RegexSyntaxError) -> ClassState {
        let isDash = [.setDash, .literalDash, .rangeDash].contains(state)
        let symbol: UInt32 = isDash ? 0x2D : 0x26
        if unquoted == symbol {  // `--` or `&&`
            frames[frames.count - 1].evaluate(downTo: ClassOperator.difference.precedence)
            frames[frames.count - 1].operators.append(isDash ? .difference : .intersection)
            frames[frames.count - 1].operands.append(.union([]))
            try advance()
            return .afterOperator
        }
        if (state == .setDash || state == .setAmp) && unquoted == 0x5B {  // [a]-[b], [a]&[b]
            try openNested(&frames, operator: isDash ? .tightDifference : .tightIntersection)
            return .open
        }
        if state == .literalDash && unquoted != 0x5B && unquoted != 0x5D {
            if unquoted == 0x5C {
                try advance()
                return .literalDashEscape
            }
            if c.isEOF { throw missingBracket(frames) }
            try range(to: c.value, span: c.span, &frames, dash: dash)
            try advance()
            return .afterRange
        }
        frames[frames.count - 1].add(RegexClassItem(.scalar(symbol), span: dash))
        return .afterLiteral
    }

    /// After `\` inside brackets; `c` is the raw character after it.
    private mutating func classEscape(_ unquoted: UInt32?, _ frames: inout [ClassFrame]) throws(RegexSyntaxError) -> ClassState {
        let start = RegexSpan(offset: previousEnd - 1, length: 1)
        switch unquoted {
        case 0x70, 0x50:  // p P
            let property = try braceProperty(from: start, negated: unquoted == 0x50)
            frames[frames.count - 1].add(RegexClassItem(.property(property), span: span(through: start)))
            try advance()
            return .afterSet
        case 0x4E:  // N
            let value = try namedCharacter(from: start)
            let itemSpan = span(through: start)
            frames[frames.count - 1].evaluate(downTo: ClassOperator.union.precedence)
            frames[frames.count - 1].add(RegexClassItem(.scalar(value), span: itemSpan))
            lastClassLiteral = (value, itemSpan)
            try advance()
            return .afterLiteral
        default:
            if let letter = unquoted, let shorthand = RegexShorthand(letter: letter) {
                frames[frames.count - 1].add(RegexClassItem(.shorthand(shorthand), span: span(through: start)))
                try advance()
                return .afterRange
            }
            c.span = span(through: start)
            try literal(&frames)
            return .afterLiteral
        }
    }

    /// Adds the current character as a literal and moves past it.
    private mutating func literal(_ frames: inout [ClassFrame]) throws(RegexSyntaxError) {
        frames[frames.count - 1].evaluate(downTo: ClassOperator.union.precedence)
        if c.isEOF {
            lastClassLiteral = nil
        } else {
            frames[frames.count - 1].add(RegexClassItem(.scalar(c.value), span: c.span))
            lastClassLiteral = (c.value, c.span)
        }
        try advance()
    }

    /// Adds `last-high`, where `last` is the last class literal (ICU's `fLastSetLiteral`).
    private func range(
        to high: UInt32, span highSpan: RegexSpan, _ frames: inout [ClassFrame],
        dash: RegexSpan
    ) throws(RegexSyntaxError) {
        guard let low = lastClassLiteral, low.value <= high else {
            let lowText = lastClassLiteral.map { text($0.span) } ?? ""
            throw RegexSyntaxError("invalid range '\(lowText)-\(text(highSpan))'", (lastClassLiteral?.span ?? dash).extended(to: highSpan))
        }
        frames[frames.count - 1].addRange(low, high, highSpan, dash: dash)
    }

    private mutating func openNested(_ frames: inout [ClassFrame], operator op: ClassOperator) throws(RegexSyntaxError) {
        let opener = c.span
        try checkDepth(openGroupCount + frames.count + 1, at: opener)
        frames[frames.count - 1].evaluate(downTo: op.precedence)
        frames[frames.count - 1].operators.append(op)
        frames.append(ClassFrame(opener: opener))
        try advance()
    }

    /// `]`: finishes the innermost class. Returns the class when it was the outermost.
    private mutating func close(_ frames: inout [ClassFrame]) throws(RegexSyntaxError) -> RegexClass? {
        var frame = frames.removeLast()
        frame.evaluate(downTo: 1)
        let parsed = RegexClass(negated: frame.negated, expression: Self.normalized(frame.operands[0]))
        let classSpan = RegexSpan(offset: frame.opener.offset, length: c.span.end - frame.opener.offset)
        try advance()
        guard !frames.isEmpty else { return parsed }
        frames[frames.count - 1].operands.append(.item(RegexClassItem(.nested(parsed), span: classSpan)))
        return nil
    }

    private func missingBracket(_ frames: [ClassFrame]) -> RegexSyntaxError {
        RegexSyntaxError("missing closing ']'", frames[frames.count - 1].opener)
    }

    /// `[:name:]` or `[:^name:]` directly after `[`; `c` is the `:`. Returns the property
    /// (spanning from the `[`) with `c` on the closing `]`, or `nil` with the reader back on
    /// the `:` when the text does not have that form (`[:abc]` is an ordinary class).
    private mutating func posixProperty() throws(RegexSyntaxError) -> RegexClassItem? {
        let saved = (reader, c, previousEnd)
        let start = RegexSpan(offset: previousEnd - 1, length: 1)  // the `[`
        try advance()
        var negated = false
        if c.value == 0x5E {  // ICU does not check whether the `^` was escaped
            negated = true
            try advance()
        }
        var name: [UInt32] = []
        var terminated = false
        while true {
            if !c.isEOF { name.append(c.value) }  // the first character is taken unconditionally
            try advance()
            if c.quoted || c.isEOF { break }
            if c.value == 0x3A {
                try advance()
                terminated = c.value == 0x5D
                break
            }
        }
        guard terminated else {
            (reader, c, previousEnd) = saved
            return nil
        }
        let itemSpan = RegexSpan(offset: start.offset, length: c.span.end - start.offset)
        let found = try property(named: name, negated: negated, notation: .posix, span: itemSpan)
        return RegexClassItem(.property(found), span: itemSpan)
    }
}

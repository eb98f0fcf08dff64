// Backslash sequences outside classes that the character reader leaves to the grammar:
// assertions, shorthand classes, back-references, `\N{…}`, `\p{…}`, `\R`, `\X`, and escaped
// literals (an unknown escape such as `\y` is the letter itself, as in ICU).

extension PatternParser {
    /// After `\`; `c` is the raw character that follows it.
    package mutating func escape(at start: RegexSpan) throws(RegexSyntaxError) -> State {
        let value = c.value
        if c.isEOF { throw RegexSyntaxError("pattern ends with a backslash", start) }
        if let anchor = Self.anchor(letter: value) {
            append(.anchor(anchor), RegexSpan(offset: start.offset, length: c.span.end - start.offset))
            try advance()
            return .term
        }
        if let shorthand = RegexShorthand(letter: value) {
            try appendEscape(.shorthand(shorthand), from: start)
            return .quantifiable
        }
        switch value {
        case 0x6B:  // k
            try namedBackreference(from: start)
        case 0x4E:  // N
            let scalar = try namedCharacter(from: start)
            append(.scalar(scalar), span(through: start))
            try advance()
        case 0x70, 0x50:  // p P
            let property = try braceProperty(from: start, negated: value == 0x50)
            append(.property(property), span(through: start))
            try advance()
        case 0x52: try appendEscape(.lineBreak, from: start)  // R
        case 0x58: try appendEscape(.graphemeCluster, from: start)  // X
        case 0x31...0x39: try numberedBackreference(from: start)
        default: try appendEscape(.scalar(value), from: start)
        }
        return .quantifiable
    }

    private mutating func appendEscape(_ kind: RegexNode.Kind, from start: RegexSpan) throws(RegexSyntaxError) {
        append(kind, RegexSpan(offset: start.offset, length: c.span.end - start.offset))
        try advance()
    }

    package static func anchor(letter: UInt32) -> RegexAnchor? {
        switch letter {
        case 0x41: return .startOfInput  // A
        case 0x7A: return .endOfInput  // z
        case 0x5A: return .endOfInputBeforeFinalTerminator  // Z
        case 0x62: return .wordBoundary  // b
        case 0x42: return .nonWordBoundary  // B
        case 0x47: return .previousMatchEnd  // G
        default: return nil
        }
    }

    /// `\1`…: ICU takes further digits only while the number is below the count of groups
    /// opened so far, so `(a)\10` is `\1` then `0`. Groups opened later may be referenced;
    /// a number past the final group count is an error at the end of the pattern.
    private mutating func numberedBackreference(from start: RegexSpan) throws(RegexSyntaxError) {
        var index = Int(c.value - 0x30)
        while index < captureCount, Self.isDigit(reader.peekRaw()) {
            index = index * 10 + Int(reader.nextRaw() - 0x30)
        }
        let referenceSpan = RegexSpan(offset: start.offset, length: reader.position - start.offset)
        backreferences.append((index, referenceSpan))
        append(.backreference(RegexBackreference(index: index)), referenceSpan)
        c.span = RegexSpan(offset: c.span.offset, length: reader.position - c.span.offset)
        try advance()
    }

    /// `\k<name>`; `c` is the `k`. The group must be defined (opened) before.
    private mutating func namedBackreference(from start: RegexSpan) throws(RegexSyntaxError) {
        try advance()
        guard c.isUnquoted("<") else { throw RegexSyntaxError("expected '<' after '\\k'", span(through: start)) }
        try advance()
        var name = ""
        while !c.quoted, Self.isASCIILetter(c.value) || (!name.isEmpty && Self.isDigit(c.value)) {
            name.unicodeScalars.append(Unicode.Scalar(UInt8(c.value)))
            try advance()
        }
        guard !name.isEmpty, c.isUnquoted(">") else {
            if c.isEOF { throw RegexSyntaxError("missing '>' after group name", span(through: start)) }
            throw RegexSyntaxError("invalid character in group name", c.span)
        }
        guard let index = captureNames[name] else {
            throw RegexSyntaxError("unknown group name '\(name)'", span(through: start))
        }
        append(.backreference(RegexBackreference(index: index, name: name)), span(through: start))
        try advance()
    }

    /// The text of `\N{…}` or `\p{…}` after the letter: ICU reads it with the ordinary
    /// character reader (so `x` mode drops white space in it) up to the first `}`, quoted
    /// or not. `c` is the letter on entry and the `}` on return.
    package mutating func braceContent(from start: RegexSpan) throws(RegexSyntaxError) -> [UInt32] {
        let letter = text(c.span)
        try advance()
        guard c.value == 0x7B else { throw RegexSyntaxError("expected '{' after '\\\(letter)'", span(through: start)) }
        var content: [UInt32] = []
        while true {
            try advance()
            if c.value == 0x7D { return content }
            if c.isEOF { throw RegexSyntaxError("missing '}' after '\\\(letter){'", span(through: start)) }
            content.append(c.value)
        }
    }

    /// `\N{NAME}`; `c` is the `N` on entry and the `}` on return.
    package mutating func namedCharacter(from start: RegexSpan) throws(RegexSyntaxError) -> UInt32 {
        let name = try braceContent(from: start)
        guard let scalar = ICUOracle.shared.scalar(named: name) else {
            throw RegexSyntaxError("unknown character name '\(Self.string(name))'", span(through: start))
        }
        return scalar
    }

    /// `\p{…}` / `\P{…}`; `c` is the `p` on entry and the `}` on return.
    package mutating func braceProperty(from start: RegexSpan, negated: Bool) throws(RegexSyntaxError) -> RegexProperty {
        let name = try braceContent(from: start)
        return try property(named: name, negated: negated, notation: .backslash, span: span(through: start))
    }

    package static func string(_ values: [UInt32]) -> String {
        String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
    }
}

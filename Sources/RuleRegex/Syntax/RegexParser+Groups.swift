// Groups, inline flags, comments and quantifiers.

extension PatternParser {
    /// After `(`; `c` is the character after it. `afterTerm`: the `(` directly follows a
    /// repeatable term, so a `(?#…)` comment leaves that term repeatable.
    package mutating func openGroup(at opener: RegexSpan, afterTerm: Bool) throws(RegexSyntaxError) -> State {
        guard c.isUnquoted("?") else {
            captureCount += 1
            try pushGroup(.capturing(index: captureCount, name: nil), opener: opener, returnState: .quantifiable)
            return .term
        }
        reader.lineCommentsEnabled = false  // `(?#` starts a comment group even in x mode
        try advance()
        let kind: RegexGroup.Kind
        var returnState = State.quantifiable
        switch c.quoted ? PatternChar.eof - 1 : c.value {
        case 0x23: return try comment(from: opener, returnState: afterTerm ? .quantifiable : .term)  // #
        case 0x3A: kind = .nonCapturing  // :
        case 0x3E: kind = .atomic  // >
        case 0x3D, 0x21:  // = !
            kind = .lookahead(negative: c.value == 0x21)
            returnState = .continuation
        case 0x3C:  // <
            try advance()
            if c.isUnquoted("=") || c.isUnquoted("!") {
                kind = .lookbehind(negative: c.value == 0x21)
                returnState = .continuation
            } else if !c.quoted, Self.isASCIILetter(c.value) {
                return try namedGroup(opener: opener)
            } else if !c.quoted, Self.isDigit(c.value) || c.value == 0x5F || c.value == 0x3E {
                throw RegexSyntaxError("group name must start with an ASCII letter", c.span)
            } else {
                throw unknownGroup(opener)
            }
        case 0x69, 0x64, 0x6D, 0x73, 0x75, 0x77, 0x78, 0x2D:  // i d m s u w x -
            return try flagGroup(opener: opener)
        case 0x28: throw RegexSyntaxError("conditional groups are not supported", span(through: opener))
        case 0x7B: throw RegexSyntaxError("embedded code is not supported", span(through: opener))
        default: throw unknownGroup(opener)
        }
        try pushGroup(kind, opener: opener, returnState: returnState)
        try advance()
        frames[frames.count - 1].branchStart = previousEnd
        return .term
    }

    /// The span from `opener` to the end of the current character.
    package func span(through opener: RegexSpan) -> RegexSpan {
        RegexSpan(offset: opener.offset, length: max(c.span.end, previousEnd) - opener.offset)
    }

    package func unknownGroup(_ opener: RegexSpan) -> RegexSyntaxError {
        guard !c.isEOF else { return RegexSyntaxError("missing closing ')'", opener) }
        return RegexSyntaxError("unknown group type '\(text(span(through: opener)))'", span(through: opener))
    }

    /// The pattern text of `span`.
    package func text(_ span: RegexSpan) -> String {
        let scalars = reader.scalars[span.offset..<min(span.end, reader.scalars.count)]
        return String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
    }

    package mutating func pushGroup(
        _ kind: RegexGroup.Kind, opener: RegexSpan, returnState: State,
        bodyOptions: RegexOptions? = nil
    ) throws(RegexSyntaxError) {
        try checkDepth(openGroupCount + 1, at: opener)
        let inner = bodyOptions ?? options
        frames.append(
            GroupFrame(
                kind: .group(kind), opener: opener, outerOptions: options, bodyOptions: inner,
                returnState: returnState, branchStart: previousEnd))
        options = inner
    }

    /// `(?<name>`; `c` is the first letter of the name. Names are ASCII letters then
    /// letters or digits.
    package mutating func namedGroup(opener: RegexSpan) throws(RegexSyntaxError) -> State {
        let nameStart = c.span.offset
        var name = ""
        while !c.quoted, Self.isASCIILetter(c.value) || Self.isDigit(c.value) {
            name.unicodeScalars.append(Unicode.Scalar(UInt8(c.value)))
            try advance()
        }
        guard c.isUnquoted(">") else {
            if c.isEOF { throw RegexSyntaxError("missing '>' after group name", span(through: opener)) }
            throw RegexSyntaxError("invalid character in group name", c.span)
        }
        let nameSpan = RegexSpan(offset: nameStart, length: c.span.offset - nameStart)
        if captureNames[name] != nil { throw RegexSyntaxError("duplicate group name '\(name)'", nameSpan) }
        captureCount += 1
        captureNames[name] = captureCount
        try pushGroup(.capturing(index: captureCount, name: name), opener: opener, returnState: .quantifiable)
        try advance()
        frames[frames.count - 1].branchStart = previousEnd
        return .term
    }

    /// `(?ims-x)` or `(?ims-x:`; `c` is the first flag letter or `-`.
    package mutating func flagGroup(opener: RegexSpan) throws(RegexSyntaxError) -> State {
        var change = RegexFlagChange()
        var clearing = false
        while !c.quoted {
            if c.value == 0x2D {
                clearing = true
            } else if let option = RegexOptions(flagLetter: c.value) {
                if clearing {
                    change.disabled.insert(option)
                    change.enabled.remove(option)
                } else {
                    change.enabled.insert(option)
                    change.disabled.remove(option)
                }
            } else if c.value != 0x75 {  // `u` is accepted and ignored
                break
            }
            try advance()
        }
        if c.isUnquoted(")") {
            append(.flagChange(change), span(through: opener))
            options = change.applied(to: options)
            try advance()
            return .term
        }
        guard c.isUnquoted(":") else {
            if c.isEOF { throw RegexSyntaxError("missing closing ')'", opener) }
            throw RegexSyntaxError("unknown flag '\(text(c.span))'", c.span)
        }
        try pushGroup(
            .scopedFlags(change), opener: opener, returnState: .quantifiable,
            bodyOptions: change.applied(to: options))
        try advance()
        frames[frames.count - 1].branchStart = previousEnd
        return .term
    }

    /// `(?#…)`; `c` is the `#`. Escapes are still decoded inside, so `\)` ends it.
    package mutating func comment(from opener: RegexSpan, returnState: State) throws(RegexSyntaxError) -> State {
        try checkDepth(openGroupCount + 1, at: opener)
        try advance()
        while !c.isUnquoted(")") {
            if c.isEOF { throw RegexSyntaxError("missing ')' to close comment", RegexSpan(offset: opener.offset, length: 3)) }
            try advance()
        }
        try advance()
        return returnState
    }

    /// `)`: closes the innermost group.
    package mutating func closeGroup() throws(RegexSyntaxError) -> State {
        guard frames.count > 1, case .group(let kind) = frames[frames.count - 1].kind else {
            throw RegexSyntaxError("unmatched ')'", c.span)
        }
        let frame = frames.removeLast()
        let groupSpan = RegexSpan(offset: frame.opener.offset, length: c.span.end - frame.opener.offset)
        let node = RegexNode(
            .group(RegexGroup(kind: kind, child: body(of: frame))), span: groupSpan,
            options: frame.outerOptions)
        if case .lookbehind = kind { try Self.checkLookBehindLength(node) }
        options = frame.outerOptions
        frames[frames.count - 1].items.append(node)
        try advance()
        return frame.returnState
    }

    package static func isASCIILetter(_ v: UInt32) -> Bool { (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) }
    package static func isDigit(_ v: UInt32) -> Bool { (0x30...0x39).contains(v) }
}

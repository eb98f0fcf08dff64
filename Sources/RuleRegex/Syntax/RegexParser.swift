// Parses ICU regular expressions into `RegexAST`.
//
// Note: the grammar is ICU's own parse-state table (regexcst.txt in ICU's sources), so
// that exactly the patterns NSRegularExpression accepts are accepted. Its non-obvious
// rules, each verified against NSRegularExpression:
// - After a term that can be repeated (literal, `.`, `^`, `$`, class, `\d`-style escape,
//   back-reference, group other than a look-around) one quantifier may follow; after
//   `\b \B \A \G \Z \z`, a look-around, `(?i)` or another quantifier, a quantifier is an
//   error (`\b*`, `(?=a)?`, `a**`). `^*` and `$+` are fine.
// - `{` and `}` are never literals outside a class; `]` always is.
// - `(?#…)` directly after a term keeps it repeatable: `a(?#c)*` repeats `a`.
// - `(?i)` lasts to the end of the enclosing group, across `|`.
// - The parser's state stack holds at most 99 entries: one per open group, class, or
//   comment, so 100 nested groups are an error.
// - The empty pattern is refused (ICU's `uregex_open` rejects a zero length).

/// Parses ICU (NSRegularExpression) regular-expression syntax.
package enum RegexParser {
    /// Parses `pattern` compiled with `flags`; throws where NSRegularExpression would
    /// refuse the pattern, at the offending text.
    package static func parse(_ pattern: String, flags: RegexFlags = []) throws(RegexSyntaxError) -> RegexAST {
        guard !pattern.isEmpty else { throw RegexSyntaxError(message: "empty pattern", offset: 0, length: 0) }
        var parser = PatternParser(pattern: pattern, options: RegexOptions(flags))
        return try parser.parse()
    }
}

/// The parser's state: ICU's scanner, mode flags, paren stack and capture bookkeeping.
package struct PatternParser {
    /// Where the main grammar continues after a term.
    package enum State: Equatable {
        /// An item may start here (no quantifier).
        case term
        /// Just after a repeatable term: a quantifier may follow.
        case quantifiable
        /// Just after a quantifier or a look-around: `|`, `)` or an item may follow, but
        /// not a quantifier.
        case continuation
    }

    /// An open parenthesized group (or the whole pattern, at the bottom).
    package struct GroupFrame {
        package enum Kind { case root, group(RegexGroup.Kind) }
        package var kind: Kind
        package var opener: RegexSpan
        package var outerOptions: RegexOptions
        package var bodyOptions: RegexOptions
        package var returnState: State
        package var alternatives: [RegexNode] = []
        package var items: [RegexNode] = []
        package var branchStart: Int
    }

    package static let maxStateDepth = 99

    package var reader: PatternReader
    /// The current character (ICU's `fC`); the reader is positioned after it.
    package var c = PatternChar(value: PatternChar.eof, quoted: false, span: RegexSpan(offset: 0, length: 0))
    /// End of the character before `c`.
    package var previousEnd = 0
    package var options: RegexOptions {
        didSet { reader.extended = options.contains(.extended) }
    }
    package var frames: [GroupFrame]
    package var captureCount = 0
    package var captureNames: [String: Int] = [:]
    package var backreferences: [(index: Int, span: RegexSpan)] = []
    /// ICU's `fLastSetLiteral`: the last literal added to any class, the left end of a
    /// following `-x` range. Note: ICU never resets it, so it carries over `&` and even
    /// from one class to the next (`[a][&-z]` is valid, `[&-z]` is not).
    package var lastClassLiteral: (value: UInt32, span: RegexSpan)?

    package init(pattern: String, options: RegexOptions) {
        reader = PatternReader(pattern)
        reader.extended = options.contains(.extended)
        self.options = options
        let root = RegexSpan(offset: 0, length: 0)
        frames = [
            GroupFrame(
                kind: .root, opener: root, outerOptions: options, bodyOptions: options,
                returnState: .term, branchStart: 0)
        ]
    }

    package mutating func parse() throws(RegexSyntaxError) -> RegexAST {
        c = try reader.next()
        var state = State.term
        while true {
            switch state {
            case .term:
                guard let next = try term() else { return try finish() }
                state = next
            case .quantifiable:
                state = try quantifier()
            case .continuation:
                if c.isUnquoted("|") {
                    try alternate()
                    state = .term
                } else if c.isUnquoted(")") {
                    state = try closeGroup()
                } else {
                    state = .term
                }
            }
        }
    }

    /// Moves to the next pattern character.
    package mutating func advance() throws(RegexSyntaxError) {
        previousEnd = c.span.end
        c = try reader.next()
    }

    /// Open groups, classes and comments may not nest deeper than ICU's state stack.
    package func checkDepth(_ depth: Int, at span: RegexSpan) throws(RegexSyntaxError) {
        if depth > Self.maxStateDepth { throw RegexSyntaxError("groups and classes are nested too deeply", span) }
    }

    package var openGroupCount: Int { frames.count - 1 }

    package mutating func append(_ kind: RegexNode.Kind, _ span: RegexSpan) {
        frames[frames.count - 1].items.append(RegexNode(kind, span: span, options: options))
    }

    package func span(from start: Int) -> RegexSpan { RegexSpan(offset: start, length: previousEnd - start) }

    // MARK: - Terms

    /// One item at a position where no quantifier may appear; `nil` at the end of the
    /// pattern.
    package mutating func term() throws(RegexSyntaxError) -> State? {
        let start = c.span
        if c.quoted || Self.isLiteral(c.value) {
            append(.scalar(c.value), c.span)
            try advance()
            return .quantifiable
        }
        switch c.value {
        case PatternChar.eof: return nil
        case 0x5B:  // [
            try checkDepth(openGroupCount + 1, at: start)
            try advance()
            let parsed = try parseClass(openedAt: start)
            append(.characterClass(parsed), span(from: start.offset))
            return .quantifiable
        case 0x28:  // (
            try advance()
            return try openGroup(at: start, afterTerm: false)
        case 0x2E, 0x5E, 0x24:  // . ^ $
            let kind: RegexNode.Kind = c.value == 0x2E ? .dot : .anchor(c.value == 0x5E ? .caret : .dollar)
            append(kind, start)
            try advance()
            return .quantifiable
        case 0x5C:  // backslash
            try advance()
            return try escape(at: start)
        case 0x7C:  // |
            try alternate()
            return .term
        case 0x29:  // )
            return try closeGroup()
        case 0x7D:
            throw RegexSyntaxError("unmatched '}'", start)
        default:  // * + ? {
            if case .quantified = frames[frames.count - 1].items.last?.kind {
                throw RegexSyntaxError("quantifier cannot follow another quantifier", start)
            }
            throw RegexSyntaxError("quantifier has nothing to repeat", start)
        }
    }

    /// ICU's "rule characters": everything but `* ? + [ ( ) { } ^ $ | \ .`.
    package static func isLiteral(_ value: UInt32) -> Bool {
        switch value {
        case 0x2A, 0x3F, 0x2B, 0x5B, 0x28, 0x29, 0x7B, 0x7D, 0x5E, 0x24, 0x7C, 0x5C, 0x2E, PatternChar.eof: return false
        default: return true
        }
    }

    /// `|`: ends the current alternative.
    package mutating func alternate() throws(RegexSyntaxError) {
        let index = frames.count - 1
        frames[index].alternatives.append(sequence(of: frames[index]))
        frames[index].items = []
        try advance()
        frames[index].branchStart = previousEnd
    }

    /// The current alternative of `frame` as one node.
    package func sequence(of frame: GroupFrame) -> RegexNode {
        let items = frame.items
        guard let first = items.first, let last = items.last else {
            return RegexNode(.empty, span: RegexSpan(offset: frame.branchStart, length: 0), options: frame.bodyOptions)
        }
        if items.count == 1 { return first }
        return RegexNode(.concatenation(items), span: first.span.extended(to: last.span), options: frame.bodyOptions)
    }

    /// The body of `frame`: its alternatives, or its only sequence.
    package func body(of frame: GroupFrame) -> RegexNode {
        let last = sequence(of: frame)
        guard let first = frame.alternatives.first else { return last }
        return RegexNode(
            .alternation(frame.alternatives + [last]), span: first.span.extended(to: last.span),
            options: frame.bodyOptions)
    }

    /// End of pattern: closes the root, then checks what needed the whole pattern.
    package mutating func finish() throws(RegexSyntaxError) -> RegexAST {
        if let open = frames.last, case .group = open.kind {
            throw RegexSyntaxError("missing closing ')'", RegexSpan(offset: open.opener.offset, length: 1))
        }
        for reference in backreferences where reference.index > captureCount {
            throw RegexSyntaxError("backreference to undefined group \(reference.index)", reference.span)
        }
        return RegexAST(root: body(of: frames[0]), captureCount: captureCount, captureNames: captureNames)
    }
}

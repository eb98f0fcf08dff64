import RuleRegex

/// Turns a source file into tokens on demand. The parser asks for a regex literal
/// explicitly (`rescanAsRegex`) after `match`, so `/` is punctuation everywhere else
/// (`<img src/>`).
public struct Lexer {
    let file: SourceFile
    let s: [Unicode.Scalar]
    var pos = 0
    public private(set) var diagnostics = DiagnosticBag()
    /// Where unterminated strings, patterns and comments start: what follows them on
    /// their line (a closing brace, say) was swallowed.
    private(set) var unterminated: [Int] = []

    public init(file: SourceFile) {
        self.file = file
        self.s = file.scalars
    }

    func peek(_ k: Int = 0) -> Unicode.Scalar? { pos + k < s.count ? s[pos + k] : nil }

    mutating func error(_ message: String, _ start: Int, _ end: Int) {
        diagnostics.report(.syntax, message, at: SourceRef(file: file, span: SourceSpan(start: start, end: max(end, start + 1))))
    }

    /// Skips white space and comments; tells whether a line break was crossed.
    mutating func skipTrivia() -> Bool {
        var newline = pos == 0
        while let c = peek() {
            if c == "\n" || c == "\r" || c == "\u{2028}" || c == "\u{2029}" {
                newline = true
                pos += 1
            } else if c.properties.isWhitespace || c == "\u{FEFF}" {
                pos += 1
            } else if c == "/", peek(1) == "/" {
                while let d = peek(), d != "\n", d != "\r" { pos += 1 }
            } else if c == "/", peek(1) == "*" {
                let start = pos
                pos += 2
                var closed = false
                while let d = peek() {
                    if d == "*", peek(1) == "/" {
                        pos += 2
                        closed = true
                        break
                    }
                    if d == "\n" { newline = true }
                    pos += 1
                }
                if !closed {
                    error("unterminated comment '/*'", start, start + 2)
                    unterminated.append(start)
                }
            } else {
                break
            }
        }
        return newline
    }

    /// The next token.
    public mutating func next() -> Token {
        let newline = skipTrivia()
        let start = pos
        guard let c = peek() else { return Token(kind: .end, span: SourceSpan(start: pos, end: pos), startsLine: true) }
        let kind: TokenKind
        if isIdentStart(c) {
            while let d = peek(), isIdentContinue(d) { pos += 1 }
            kind = .identifier(text(start, pos))
        } else if c.properties.numericType == .decimal, c.isASCII {
            kind = lexNumber()
        } else if c == "\"" {
            kind = .string(lexString())
        } else if c == "#" {
            pos += 1
            while let d = peek(), d.isASCII, d.properties.isAlphabetic || d.properties.numericType == .decimal { pos += 1 }
            kind = .color(text(start + 1, pos))
        } else if c == "$" {
            kind = lexReference().map { .reference($0.piece) } ?? .invalid
        } else if "{}():;,<>/=.-+[]*!".unicodeScalars.contains(c) {
            pos += 1
            kind = .punct(Character(c))
        } else {
            pos += 1
            error("unexpected character '\(Character(c))'", start, pos)
            kind = .invalid
        }
        return Token(kind: kind, span: SourceSpan(start: start, end: pos), startsLine: newline)
    }

    /// Lexes a `/pattern/flags` literal starting at `token` (a `/` punctuation token).
    ///
    /// The pattern ends where the regex syntax says (`PatternReader.closingSlash`, the
    /// scanner the regex parser reads patterns with); where it cannot tell (an invalid
    /// escape, no closing `/` on the line), at the first `/` outside escapes and classes.
    public mutating func rescanAsRegex(_ token: Token) -> Token {
        pos = token.span.start + 1
        let patternStart = pos
        if let end = PatternReader.closingSlash(in: s, from: patternStart), end >= patternStart, end < s.count, s[end] == "/",
            !s[patternStart..<end].contains(where: { $0 == "\n" || $0 == "\r" })
        {
            pos = end
        } else {
            scanPattern(from: patternStart)
        }
        let patternEnd = pos
        guard peek() == "/" else {
            error("unterminated pattern: missing closing '/'", token.span.start, token.span.start + 1)
            unterminated.append(token.span.start)
            return Token(kind: .invalid, span: SourceSpan(start: token.span.start, end: pos), startsLine: token.startsLine)
        }
        pos += 1
        let flagsStart = pos
        while let d = peek(), d.isASCII, d.properties.isAlphabetic { pos += 1 }
        return Token(
            kind: .regex(
                pattern: text(patternStart, patternEnd), patternSpan: SourceSpan(start: patternStart, end: patternEnd),
                flags: text(flagsStart, pos), flagsSpan: SourceSpan(start: flagsStart, end: pos)),
            span: SourceSpan(start: token.span.start, end: pos), startsLine: token.startsLine)
    }

    /// The lexer's own idea of a pattern's end: the first `/` outside escapes and classes.
    private mutating func scanPattern(from patternStart: Int) {
        var classDepth = 0
        while let c = peek() {
            if c == "\n" || c == "\r" { break }
            if c == "\\" {
                pos += min(2, s.count - pos)
                continue
            }
            if c == "[" { classDepth += 1 } else if c == "]", classDepth > 0 { classDepth -= 1 } else if c == "/", classDepth == 0 { break }
            pos += 1
        }
        if peek() != "/", classDepth > 0 {
            // An unclosed `[`: the pattern most likely ends at the line's next `/` outside
            // escapes, and the regex parser reports the class at its column (instead of the
            // rest of the line, closing brace included, vanishing into the pattern).
            pos = patternStart
            while let c = peek(), c != "\n", c != "\r", c != "/" { pos += c == "\\" ? min(2, s.count - pos) : 1 }
        }
    }

    mutating func lexNumber() -> TokenKind {
        func digits() -> String {
            let start = pos
            while let d = peek(), d.isASCII, d.properties.numericType == .decimal { pos += 1 }
            if peek() == ".", let d = peek(1), d.isASCII, d.properties.numericType == .decimal {
                pos += 1
                while let d = peek(), d.isASCII, d.properties.numericType == .decimal { pos += 1 }
            }
            return text(start, pos)
        }
        let first = digits()
        if peek() == "x", let d = peek(1), d.isASCII, d.properties.numericType == .decimal {
            pos += 1
            let second = digits()
            return .size(Double(first) ?? 0, Double(second) ?? 0)
        }
        return .number(Double(first) ?? 0, isInteger: !first.contains("."))
    }

    /// `$12` or `${name}`; `pos` is at `$`.
    mutating func lexReference() -> SpannedPiece? {
        let start = pos
        pos += 1
        if peek() == "{" {
            pos += 1
            let nameStart = pos
            while let d = peek(), isIdentContinue(d) { pos += 1 }
            let name = text(nameStart, pos)
            guard peek() == "}", !name.isEmpty else {
                error("expected a name and '}' after '${'", start, pos)
                return nil
            }
            pos += 1
            guard name.unicodeScalars.allSatisfy({ $0.properties.numericType == .decimal }) else {
                return SpannedPiece(piece: .name(name), span: SourceSpan(start: start, end: pos))
            }
            return groupNumber(name, start: start)
        }
        let digitStart = pos
        while let d = peek(), d.isASCII, d.properties.numericType == .decimal { pos += 1 }
        guard pos > digitStart else {
            error("expected a group number or '{name}' after '$' (write '\\$' for a dollar sign)", start, start + 1)
            return nil
        }
        return groupNumber(text(digitStart, pos), start: start)
    }

    /// `$digits` or `${digits}` ending at `pos`.
    mutating func groupNumber(_ digits: String, start: Int) -> SpannedPiece? {
        guard let number = Int(digits) else {
            error("capture group number \(digits) is too large", start, pos)
            return nil
        }
        return SpannedPiece(piece: .group(number), span: SourceSpan(start: start, end: pos))
    }

    /// A string literal with escapes and `$n` / `${name}` holes; `pos` is at `"`.
    mutating func lexString() -> [SpannedPiece] {
        let start = pos
        pos += 1
        var pieces: [SpannedPiece] = []
        var buffer = String.UnicodeScalarView()
        var bufferStart = pos
        func flush(_ end: Int) {
            if !buffer.isEmpty {
                pieces.append(SpannedPiece(piece: .text(String(buffer)), span: SourceSpan(start: bufferStart, end: end)))
                buffer = String.UnicodeScalarView()
            }
        }
        var end = pos
        while true {
            guard let c = peek(), c != "\n", c != "\r" else {
                error("unterminated string literal", start, start + 1)
                unterminated.append(start)
                end = pos
                break
            }
            if c == "\"" {
                end = pos
                pos += 1
                break
            }
            if c == "$" {
                flush(pos)
                if let piece = lexReference() { pieces.append(piece) }
                bufferStart = pos
                continue
            }
            if c == "\\" {
                if let scalar = lexEscape() { buffer.append(scalar) }
                continue
            }
            buffer.append(c)
            pos += 1
        }
        flush(end)
        return pieces
    }

    /// One escape in a string; `pos` is at `\`.
    mutating func lexEscape() -> Unicode.Scalar? {
        let start = pos
        pos += 1
        guard let c = peek() else { return nil }
        pos += 1
        switch c {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "0": return "\0"
        case "\"", "\\", "$", "'": return c
        case "u":
            guard peek() == "{" else { break }
            pos += 1
            let hexStart = pos
            while let d = peek(), d.isASCII, d.properties.isASCIIHexDigit { pos += 1 }
            let hex = text(hexStart, pos)
            guard peek() == "}", let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                error("invalid Unicode escape; write '\\u{1F600}'", start, pos)
                return nil
            }
            pos += 1
            return scalar
        default: break
        }
        error("unknown escape '\\\(Character(c))' in string literal", start, pos)
        return nil
    }

    func text(_ a: Int, _ b: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: s[a..<b])
        return String(view)
    }

    func isIdentStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || (c.isASCII && c.properties.isAlphabetic)
    }
    func isIdentContinue(_ c: Unicode.Scalar) -> Bool {
        isIdentStart(c) || (c.isASCII && c.properties.numericType == .decimal)
    }
}

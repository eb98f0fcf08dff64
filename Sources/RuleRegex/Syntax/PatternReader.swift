// The character level of the ICU pattern scanner: `x`-mode white space and comments,
// `\Q…\E` quoting, and the escapes that stand for one character.

/// One pattern character as the grammar sees it.
package struct PatternChar: Equatable {
    package static let eof = UInt32.max

    /// The code point, or `eof`.
    package var value: UInt32
    /// Produced by an escape or by `\Q…\E`: it never has a syntactic meaning.
    package var quoted: Bool
    /// Where it was written (the whole escape sequence for an escape).
    package var span: RegexSpan

    package var isEOF: Bool { value == Self.eof }

    /// Whether this is the unquoted ASCII character `ascii`.
    package func isUnquoted(_ ascii: Unicode.Scalar) -> Bool { !quoted && value == ascii.value }
}

/// Reads pattern characters the way ICU's `RegexCompile::nextChar` does.
///
/// Note: ICU decides `x`-mode skipping and escapes one character at a time, with the
/// modes in effect when the character is read. The parser therefore reads exactly one
/// character ahead and updates `extended` before reading past a `(?x)`.
package struct PatternReader {
    package let scalars: [UInt32]
    /// Index of the next unread scalar.
    package var position = 0
    /// `x` mode: skip Pattern_White_Space and `#` comments between characters.
    package var extended = false
    /// Inside `\Q…\E`.
    package var quoteMode = false
    /// The previous character was a backslash returned to the grammar: return the next one
    /// as is.
    package var inBackslashQuote = false
    /// Cleared by the grammar after `(?`, so that `(?#` is not an end-of-line comment;
    /// restored after every character.
    package var lineCommentsEnabled = true

    package init(_ pattern: String) {
        scalars = pattern.unicodeScalars.map(\.value)
    }

    package init(scalars: [UInt32]) {
        self.scalars = scalars
    }

    package func peekRaw() -> UInt32 { position < scalars.count ? scalars[position] : PatternChar.eof }

    package mutating func nextRaw() -> UInt32 {
        guard position < scalars.count else { return PatternChar.eof }
        position += 1
        return scalars[position - 1]
    }

    /// The next character of the pattern.
    package mutating func next() throws(RegexSyntaxError) -> PatternChar {
        defer { lineCommentsEnabled = true }
        var start = position
        var c = nextRaw()
        if quoteMode {
            if c == PatternChar.eof || (c == 0x5C && peekRaw() == 0x45) {  // `\E`
                quoteMode = false
                _ = nextRaw()
                return try next()
            }
            return char(c, quoted: true, from: start)
        }
        if inBackslashQuote {
            inBackslashQuote = false
            return char(c, quoted: false, from: start)
        }
        if extended {
            while c != PatternChar.eof {
                if c == 0x23 && lineCommentsEnabled {  // `#` comment to the end of the line
                    repeat { c = nextRaw() } while c != PatternChar.eof && !Self.endsComment(c)
                }
                guard Self.isPatternWhiteSpace(c) else { break }
                c = nextRaw()
            }
            start = c == PatternChar.eof ? position : position - 1
        }
        guard c == 0x5C else { return char(c, quoted: false, from: start) }
        let following = peekRaw()
        if Self.unescapeLetters.contains(following) {
            switch Self.unescape(scalars, at: position, limit: scalars.count) {
            case .success(let value, let end):
                position = end
                return char(value, quoted: true, from: start)
            case .failure(let stop):
                throw escapeError(from: start, through: stop)
            }
        }
        if following == 0x30 { return try octalEscape(from: start) }
        if following == 0x51 {  // `\Q`
            quoteMode = true
            _ = nextRaw()
            return try next()
        }
        inBackslashQuote = true
        return char(c, quoted: false, from: start)
    }

    private func char(_ value: UInt32, quoted: Bool, from start: Int) -> PatternChar {
        PatternChar(value: value, quoted: quoted, span: RegexSpan(offset: start, length: position - start))
    }

    /// Note: ICU's own octal form is `\0` and one to three octal digits, stopping before a
    /// digit that would take the value past 0xFF (`\0400` is U+0020 then `0`).
    private mutating func octalEscape(from start: Int) throws(RegexSyntaxError) -> PatternChar {
        _ = nextRaw()  // the `0`
        var value: UInt32 = 0
        var digits = 0
        while digits < 3, let digit = Self.octalDigit(peekRaw()) {
            guard value << 3 + digit <= 0xFF else { break }
            value = value << 3 + digit
            _ = nextRaw()
            digits += 1
        }
        guard digits > 0 else { throw escapeError(from: start, through: position) }
        return char(value, quoted: true, from: start)
    }

    private func escapeError(from start: Int, through stop: Int) -> RegexSyntaxError {
        let end = min(Swift.max(stop + 1, start + 2), scalars.count)
        let text = String(String.UnicodeScalarView(scalars[start..<end].compactMap(Unicode.Scalar.init)))
        return RegexSyntaxError("invalid escape sequence '\(text)'", RegexSpan(offset: start, length: end - start))
    }

    // MARK: - Character tables

    /// Letters after `\` that ICU's `u_unescapeAt` handles: `a c e f n r t u U x`.
    package static let unescapeLetters: Set<UInt32> = [0x61, 0x63, 0x65, 0x66, 0x6E, 0x72, 0x74, 0x75, 0x55, 0x78]

    /// Pattern_White_Space: what `x` mode skips.
    package static func isPatternWhiteSpace(_ c: UInt32) -> Bool {
        switch c {
        case 0x09...0x0D, 0x20, 0x85, 0x200E, 0x200F, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Note: an `x`-mode comment ends at CR, LF, NEL or LS, not at VT, FF or PS.
    package static func endsComment(_ c: UInt32) -> Bool {
        c == 0x0D || c == 0x0A || c == 0x85 || c == 0x2028
    }

    package static func octalDigit(_ c: UInt32) -> UInt32? { (0x30...0x37).contains(c) ? c - 0x30 : nil }

    package static func hexDigit(_ c: UInt32) -> UInt32? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}

// ICU's `u_unescapeAt`, which the pattern scanner uses for `\a \cX \e \f \n \r \t`,
// `\uhhhh`, `\Uhhhhhhhh`, `\xhh` and `\x{h…}`.

extension PatternReader {
    package enum UnescapeResult: Equatable {
        /// The code point and the index after the escape.
        case success(UInt32, Int)
        /// The index where the escape became invalid.
        case failure(Int)
    }

    /// Decodes the escape whose letter is at `start` (just after the backslash).
    ///
    /// Note: ICU's rules, verified against NSRegularExpression:
    /// - `\u` takes exactly 4 hex digits, `\U` exactly 8, `\x` one or two, and `\x{…}` one to
    ///   seven (an eighth digit leaves no room for the `}`); values past U+10FFFF fail.
    /// - An escaped lead surrogate followed by an escaped trail surrogate (`\ud83d\ude00`)
    ///   is one supplementary code point; lone surrogates stay as they are.
    /// - `\cX` is `X & 0x1F` for any next character, even `\`; a `\c` at the end is `c`.
    package static func unescape(_ s: [UInt32], at start: Int, limit: Int) -> UnescapeResult {
        var i = start
        guard i < limit else { return .failure(start) }
        let letter = s[i]
        i += 1
        var minDigits = 0, maxDigits = 0, digits = 0, bitsPerDigit: UInt32 = 4
        var result: UInt32 = 0
        var braces = false
        switch letter {
        case 0x75: (minDigits, maxDigits) = (4, 4)  // u
        case 0x55: (minDigits, maxDigits) = (8, 8)  // U
        case 0x78:  // x
            minDigits = 1
            if i < limit && s[i] == 0x7B {
                i += 1
                braces = true
                maxDigits = 8
            } else {
                maxDigits = 2
            }
        default:
            if let value = octalDigit(letter) {
                (minDigits, maxDigits, digits, bitsPerDigit, result) = (1, 3, 1, 3, value)
            }
        }
        if minDigits == 0 { return controlEscape(letter, s, at: i, limit: limit) }

        var last = letter
        while i < limit && digits < maxDigits {
            last = s[i]
            guard let digit = bitsPerDigit == 3 ? octalDigit(last) : hexDigit(last) else { break }
            result = result << bitsPerDigit | digit
            i += 1
            digits += 1
        }
        guard digits >= minDigits else { return .failure(i) }
        if braces {
            guard last == 0x7D else { return .failure(i) }
            i += 1
        }
        guard result < 0x110000 else { return .failure(i - 1) }
        if i < limit && (0xD800...0xDBFF).contains(result), s[i] == 0x5C, i + 1 < limit {
            let tail = unescape(s, at: i + 1, limit: min(i + 1 + 11, limit))
            if case .success(let trail, let end) = tail, (0xDC00...0xDFFF).contains(trail) {
                return .success(0x10000 + (result - 0xD800) << 10 + (trail - 0xDC00), end)
            }
        }
        return .success(result, i)
    }

    private static func controlEscape(_ letter: UInt32, _ s: [UInt32], at i: Int, limit: Int) -> UnescapeResult {
        let simple: [UInt32: UInt32] = [
            0x61: 0x07, 0x62: 0x08, 0x65: 0x1B, 0x66: 0x0C,  // a b e f
            0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09, 0x76: 0x0B,  // n r t v
        ]
        if let value = simple[letter] { return .success(value, i) }
        if letter == 0x63 && i < limit { return .success(s[i] & 0x1F, i + 1) }  // \cX
        return .success(letter, i)
    }
}

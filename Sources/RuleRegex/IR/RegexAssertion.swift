/// Zero-width tests, each exactly one of ICU's anchor opcodes.
package enum RegexAssertion: Hashable, Sendable {
    /// `^` and `\A` without `m`: the start of the text.
    case textStart
    /// `\z`: the end of the text.
    case textEnd
    /// `$` and `\Z` without `m`: the end of the text, or before a line terminator that
    /// ends the text (CR LF counts as one; never between its CR and LF).
    case textEndOrFinalTerminator
    /// `$` without `m` in `d` (Unix lines) mode: the end, or before a final `\n`.
    case textEndOrFinalLineFeed
    /// `^` with `m`: the start, or after a line terminator unless at the end of the
    /// text (between CR and LF counts).
    case lineStart
    /// `^` with `m` and `d`: the start, or after `\n` (also at the end of the text).
    case lineStartAfterLineFeed
    /// `$` with `m`: the end, or before a line terminator except the LF of CR LF.
    case lineEnd
    /// `$` with `m` and `d`: the end, or before `\n`.
    case lineEndBeforeLineFeed
    /// `\b`: the code point at the position is not in `ignorable` and its membership in
    /// `word` differs from that of the last code point before the position that is not
    /// in `ignorable` (positions outside the text count as non-word).
    case wordBoundary(word: Int, ignorable: Int)
    /// `\B`: the negation of `wordBoundary`.
    case notWordBoundary(word: Int, ignorable: Int)
    /// The next code unit is not `\n` (used to make CR LF one unit for `.` and `\R`).
    case notBeforeLineFeed
    /// `(?<=[…])` over one code point: the code point before the position is in
    /// `sets[set]` (there is none at the start of the text). A DFA carries it as a
    /// boundary pair with no ignorable set.
    case previousIn(set: Int)
    /// `(?<![…])` over one code point: the negation of `previousIn`.
    case previousNotIn(set: Int)
    /// `(?=[…])` over one code point: the code point at the position is in `sets[set]`
    /// (there is none at the end of the text).
    case nextIn(set: Int)
    /// `(?![…])` over one code point: the negation of `nextIn`.
    case nextNotIn(set: Int)
    /// Any other lookahead or lookbehind: `lookarounds[index]` (see `Lookaround`).
    case lookaround(Int)
    /// An extended grapheme cluster boundary (UAX #29, as `Character` breaks text): `\X`
    /// consumes code points up to the next one.
    case graphemeBoundary
    /// The negation of `graphemeBoundary`.
    case notGraphemeBoundary
    /// `\b` under `(?w)`: a boundary of ICU's word break iterator (UAX #29 word rules
    /// and ICU's dictionaries), the end of the text included.
    case unicodeWordBoundary
    /// `\B` under `(?w)`.
    case notUnicodeWordBoundary
}

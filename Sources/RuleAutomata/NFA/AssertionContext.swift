// Compiled matcher: what the zero-width assertions look at.

import RuleRegex

/// A position in the text, with what the word-boundary assertions remember about the text
/// before it.
///
/// Note: ICU's `\b` (without `(?w)`) at position p: if the code point at p is
/// Grapheme_Extend or a format character (Cf), there is no boundary. Otherwise p is a
/// boundary when "the code point at p is a word character" differs from "the nearest code
/// point before p that is not Grapheme_Extend/Cf is a word character"; outside the text
/// counts as non-word. The nearest such code point may be any distance back, so the
/// context carries its word-ness as one bit per (word, ignorable) set pair, updated as the
/// search advances: exactly the state a DFA would carry.
struct AssertionContext {
    let text: UnsafeBufferPointer<UInt16>
    private(set) var position: Int
    /// Where consuming stops: the end of the text, or a lookbehind's position (ICU's active
    /// limit). Only CR LF pairing looks at it; every other assertion sees the whole text.
    private let limit: Int
    private let boundarySets: [(word: ScalarSet, ignorable: ScalarSet)]
    /// Bit i: the last code point before `position` outside `boundarySets[i].ignorable`
    /// is in `boundarySets[i].word`.
    private var wordBefore: UInt64 = 0

    init(regex: CompiledRegex, text: UnsafeBufferPointer<UInt16>, position: Int, limit: Int? = nil) {
        self.text = text
        self.position = position
        self.limit = limit ?? text.count
        boundarySets = regex.boundarySets
        for (index, sets) in boundarySets.enumerated() where index < 64 {
            if Self.lastSignificantIsWord(text, before: position, sets) { wordBefore |= 1 << UInt64(index) }
        }
    }

    /// Moves past the code point at `position` (which must be inside the text).
    @inline(__always)
    mutating func advance() {
        let (scalar, length) = UTF16Text.decode(text, at: position)
        position += length
        for (index, sets) in boundarySets.enumerated() where index < 64 && !sets.ignorable.contains(scalar) {
            if sets.word.contains(scalar) { wordBefore |= 1 << UInt64(index) } else { wordBefore &= ~(1 << UInt64(index)) }
        }
    }

    /// Whether the assertion with `code` (see `AssertionCode`) holds at `position`.
    func holds(_ code: Int32) -> Bool {
        let count = text.count
        switch AssertionCode.kind(code) {
        case AssertionCode.textStart:
            return position == 0
        case AssertionCode.textEnd:
            return position >= count
        case AssertionCode.textEndOrFinalTerminator:
            if position >= count { return true }
            if position == count - 1 {
                let unit = text[position]
                return UTF16Text.isLineTerminator(unit) && !(unit == 0x0A && position > 0 && text[position - 1] == 0x0D)
            }
            return position == count - 2 && text[position] == 0x0D && text[position + 1] == 0x0A
        case AssertionCode.textEndOrFinalLineFeed:
            return position >= count || (position == count - 1 && text[position] == 0x0A)
        case AssertionCode.lineStart:
            return position == 0 || (position < count && UTF16Text.isLineTerminator(text[position - 1]))
        case AssertionCode.lineStartAfterLineFeed:
            return position == 0 || text[position - 1] == 0x0A
        case AssertionCode.lineEnd:
            if position >= count { return true }
            let unit = text[position]
            return UTF16Text.isLineTerminator(unit) && !(unit == 0x0A && position > 0 && text[position - 1] == 0x0D)
        case AssertionCode.lineEndBeforeLineFeed:
            return position >= count || text[position] == 0x0A
        case AssertionCode.wordBoundary:
            return isWordBoundary(pair: AssertionCode.index(code))
        case AssertionCode.notWordBoundary:
            return !isWordBoundary(pair: AssertionCode.index(code))
        case AssertionCode.notBeforeLineFeed:
            // Inside a lookbehind, a CR just before the position is a unit of its own.
            return position >= limit || text[position] != 0x0A
        case AssertionCode.previousIn:
            return isWordBefore(pair: AssertionCode.index(code))
        case AssertionCode.previousNotIn:
            return !isWordBefore(pair: AssertionCode.index(code))
        case AssertionCode.nextIn:
            return isWordHere(pair: AssertionCode.index(code))
        case AssertionCode.nextNotIn:
            return !isWordHere(pair: AssertionCode.index(code))
        default:  // lookarounds and grapheme boundaries: the search's `LookaroundEvaluator`
            preconditionFailure("decided by the search")
        }
    }

    /// Whether the last code point before `position` outside the pair's ignorable set is
    /// in its word set (for a one-code-point lookbehind, the code point before).
    private func isWordBefore(pair: Int) -> Bool {
        pair < 64 ? wordBefore & (1 << UInt64(pair)) != 0 : Self.lastSignificantIsWord(text, before: position, boundarySets[pair])
    }

    /// Whether the code point at `position` is in the pair's word set.
    private func isWordHere(pair: Int) -> Bool {
        position < text.count && boundarySets[pair].word.contains(UTF16Text.decode(text, at: position).scalar)
    }

    private func isWordBoundary(pair: Int) -> Bool {
        let sets = boundarySets[pair]
        var here = false
        if position < text.count {
            let scalar = UTF16Text.decode(text, at: position).scalar
            if sets.ignorable.contains(scalar) { return false }
            here = sets.word.contains(scalar)
        }
        return here != isWordBefore(pair: pair)
    }

    /// Whether the last code point before `position` outside `sets.ignorable` is a word
    /// character (`false` when there is none).
    private static func lastSignificantIsWord(
        _ text: UnsafeBufferPointer<UInt16>, before position: Int, _ sets: (word: ScalarSet, ignorable: ScalarSet)
    ) -> Bool {
        var index = position
        while index > 0 {
            let (scalar, length) = UTF16Text.decode(text, before: index)
            if !sets.ignorable.contains(scalar) { return sets.word.contains(scalar) }
            index -= length
        }
        return false
    }
}

/// One paragraph of a text and its base direction, from `BidiDirection.paragraphs(of:)`.
package struct ParagraphDirection: Sendable, Hashable {
    /// The paragraph's UTF-16 offsets in the text, including its paragraph separator (if
    /// any: the last paragraph may have none).
    package var range: Range<Int>
    /// The direction of the paragraph's first strong character (outside isolates), or
    /// `.leftToRight` when it has none.
    package var direction: WritingDirection
    /// Whether rule P2 found a strong character. When `false`, `direction` is only the
    /// default, and a caller may prefer another (such as the previous paragraph's, as rule
    /// HL1 allows).
    package var hasStrongCharacter: Bool

    /// A paragraph with the given range, direction and strong-character flag.
    package init(range: Range<Int>, direction: WritingDirection, hasStrongCharacter: Bool) {
        self.range = range
        self.direction = direction
        self.hasStrongCharacter = hasStrongCharacter
    }
}

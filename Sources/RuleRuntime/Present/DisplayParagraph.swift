/// One paragraph of a display, as a label lays it out: its range, base writing direction
/// and paragraph properties (`RenderResult.paragraphs`).
public struct DisplayParagraph: Sendable, Hashable {
    /// UTF-16 offsets into the display, including the paragraph separator (if any: the last
    /// paragraph may have none).
    public var range: Range<Int>
    /// The paragraph's base direction (UAX #9 P2–P3; no strong character: left to right).
    public var direction: WritingDirection
    /// The paragraph properties of the style of the paragraph's first character (plain
    /// text: the base style's).
    public var style: ParagraphStyle

    package init(range: Range<Int>, direction: WritingDirection, style: ParagraphStyle) {
        self.range = range
        self.direction = direction
        self.style = style
    }
}

extension RenderResult {
    /// The display's paragraphs (split after each paragraph separator, as
    /// `paragraphDirections`), each with its direction and paragraph properties.
    ///
    /// A paragraph takes `alignment`, `lineSpacing`, `lineHeight`, `paragraphSpacing`,
    /// `headIndent` and `firstLineHeadIndent` from the style of its first character: the base style for plain text, else the merged style
    /// of the innermost match there (as TextKit takes a paragraph's `NSParagraphStyle` from
    /// its first character). A match that starts inside a paragraph does not change it.
    public var paragraphs: [DisplayParagraph] { paragraphs(directions: paragraphDirections, styles: nil) }

    /// `paragraphs`, with the `style` hook of `options` laid over each match (as
    /// `attributedString(options:)` does).
    public func paragraphs(options: RichTextOptions) -> [DisplayParagraph] {
        paragraphs(directions: paragraphDirections, styles: options.style.map { styles(custom: $0) })
    }

    /// The paragraphs of `directions`, their styles read from `styles` (per match; `nil`:
    /// each match's own style).
    func paragraphs(directions: [ParagraphDirection], styles: [TextStyle]?) -> [DisplayParagraph] {
        let base = context?.presentation.base ?? TextStyle()
        let runs = displayRuns()
        return directions.map { paragraph in
            var style = base
            if let run = runIndex(atDisplayOffset: paragraph.range.lowerBound).map({ runs[$0] }), let owner = run.owner {
                style = styles?[owner] ?? matches[owner].style
            }
            return DisplayParagraph(range: paragraph.range, direction: paragraph.direction, style: style.paragraphStyle)
        }
    }
}

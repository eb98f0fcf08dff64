/// One laid-out display at one width: what the label core asks of a text layout. A shell
/// implements it over TextKit (an `NSLayoutManager` with its container and storage, or an
/// `NSTextLayoutManager`); `ReferenceLayout` implements it deterministically for tests and
/// previews.
///
/// Offsets are UTF-16 offsets of the display (`RenderResult.display`, the string the
/// layout was made from); coordinates have their origin at the top left of the text, y
/// down. A layout is made for one request (`RichTextLayoutEngine`) and never changes: the
/// core asks for a new one when the text, width, pressed match or an attachment size
/// changes.
public protocol RichTextLayout {
    /// The lines, in order (one empty array for an empty display). A layout made with a
    /// `lineLimit` may stop after that many lines: its last fragment then ends before the
    /// display does.
    var lineFragments: [LineFragment] { get }
    /// The size the text takes: the widest line's used width and the lines' total height.
    var size: TextSize { get }
    /// The rects `range` covers: one per line it touches (more where bidirectional text
    /// splits it on a line), each the height of its line; empty for an empty range.
    func rects(for range: TextRange) -> [TextRect]
    /// The offset of the character whose box holds `point` (its cluster's first unit is
    /// enough: hit testing rounds to clusters), or `nil` beside the text: left or right of
    /// a line's glyphs, above the first line or below the last.
    func displayOffset(at point: TextPoint) -> Int?
    /// The frame of the attachment character at `offset` (the image's or widget's own
    /// bounds, placed on its line), or `nil` when no attachment is there. The default is
    /// the character's box from `rects(for:)`; TextKit layouts return the attachment's
    /// bounds against the baseline.
    func attachmentRect(atDisplayOffset offset: Int) -> TextRect?
}

extension RichTextLayout {
    public func attachmentRect(atDisplayOffset offset: Int) -> TextRect? {
        rects(for: TextRange(location: offset, length: 1)).first
    }

    /// The number of lines.
    public var lineCount: Int { lineFragments.count }

    /// Where the laid-out text ends in the display: the last fragment's end (less than the
    /// display's length when a `lineLimit` stopped the layout).
    public var laidOutLength: Int { lineFragments.last?.displayRange.upperBound ?? 0 }

    /// The index of the line holding display offset `offset` (the last line for the end of
    /// the text), or `nil` outside what was laid out. A binary search.
    public func lineIndex(containing offset: Int) -> Int? {
        let lines = lineFragments
        guard let last = lines.last, offset >= 0, offset <= last.displayRange.upperBound else { return nil }
        var low = 0
        var high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].displayRange.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return min(low, lines.count - 1)
    }
}

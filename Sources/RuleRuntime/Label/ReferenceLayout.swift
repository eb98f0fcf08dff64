import Foundation

/// A deterministic layout of a display, for tests and previews (`rulegen preview` can show
/// an N-line truncation with it): the same answers on every platform, no fonts.
///
/// - **Advances**: each grapheme cluster takes `narrowAdvance` × its font size, or
///   `wideAdvance` × for a wide one (CJK ideographs, kana, hangul, full-width forms,
///   emoji); format controls (isolates, marks, zero-width spaces) and line breaks take
///   none. The font size is the run's style's at the request's traits
///   (`FontSpec.pointSize(traits:)`: a Dynamic Type style's size at the content size, else
///   its size, else 17). An attachment takes its bounds' width
///   (`RichTextLayoutRequest.attachmentBounds`).
/// - **Lines**: greedy, breaking at the last break opportunity that fits: after spaces,
///   before and after a wide cluster (so between CJK characters) and an attachment; a
///   line break (LF, CR LF, CR, NEL, U+2028, U+2029) ends a line. A word wider than the
///   line is broken between clusters; a cluster wider than the line stands alone on it.
///   Spaces at the end of a line hang past the width and do not count in its used width.
///   A line break at the very end adds no empty line. With a `lineLimit`, the layout
///   stops after that many lines.
/// - **Indents**: a paragraph's first line starts `firstLineHeadIndent` from the leading
///   edge, its other lines `headIndent` (the paragraph properties its runs carry in
///   `attributedString(options:)`; 0 when not set), and the width left for a line's
///   clusters is what its indent leaves. A line's used width (and so the layout's width)
///   counts its indent; its fragment's rect starts after it, and the indent holds no
///   character for hit testing.
/// - **Heights**: a line is as tall as its tallest ascent plus its deepest descent (text:
///   `FontMetrics.system(size:)`; an attachment: its bounds against the baseline).
/// - **Direction**: each line takes its paragraph's base direction
///   (`RenderResult.paragraphDirections`; without a strong character, the traits' layout
///   direction): a right-to-left line is aligned right and its
///   clusters run right to left, in logical order mirrored (no UAX #9 reordering of mixed
///   runs: a contiguous range is one rect per line, which TextKit does not promise).
///
/// Coordinates start at the top left; lines are aligned within `width` (within the widest
/// line when the width is infinite).
package struct ReferenceLayout: RichTextLayout {
    /// A cluster's advance per point of font size.
    package static let narrowAdvance = 0.5
    package static let wideAdvance = 1.0

    struct Cluster {
        var offset: Int
        var length: Int
        /// The left edge in the line, in logical order (before mirroring), from the leading
        /// edge (so after the line's indent).
        var x: Double
        var width: Double
        var ascent: Double
        var descent: Double
        var isSpace: Bool
        var isLineBreak: Bool
        var isWide: Bool
        /// An attachment's bounds (y up from the baseline), for its frame.
        var attachment: TextRect?
    }

    struct Line {
        var clusters: Range<Int>
        var top: Double
        var ascent: Double
        var height: Double
        /// From the leading edge to the end of the last cluster that is not a space, the
        /// indent included.
        var usedWidth: Double
        /// Points from the leading edge to the line's first cluster.
        var indent: Double
        var rightToLeft: Bool
        /// The visual x of the logical start: 0 for a left-to-right line, the alignment
        /// width for a right-to-left one.
        var origin: Double
    }

    let clusters: [Cluster]
    let lines: [Line]
    /// The lines taken from a previous layout (`init(_:prepared:reusing:unchangedBefore:)`).
    package let reusedLines: Int
    package let lineFragments: [LineFragment]
    package let size: TextSize

    /// Lays out `request`'s display.
    package init(_ request: RichTextLayoutRequest) {
        self.init(request, prepared: Prepared(request))
    }

    /// What does not depend on the width: each cluster's advance and metrics, and the
    /// paragraphs' directions and indents.
    package final class Prepared: PreparedRichText {
        let clusters: [Cluster]
        let directions: [ParagraphDirection]
        /// Per paragraph of `directions`, its style's indents; empty when no paragraph has one.
        let indents: [(firstLine: Double, otherLines: Double)]

        /// `previous`: what was prepared for an earlier request whose display and styles agree
        /// with this one's before display offset `unchangedBefore` (a stream's last text): its
        /// clusters before the paragraph holding that offset are kept, not measured again.
        init(_ request: RichTextLayoutRequest, reusing previous: Prepared? = nil, unchangedBefore: Int = 0) {
            let result = request.result
            let display = result.display
            // Each UTF-16 unit's font size and attachment bounds, from the attributed runs,
            // and where paragraph properties set an indent.
            var fontSizes: [(range: Range<Int>, size: Double, attachment: Int?)] = []
            var paragraphStyles: [(range: Range<Int>, style: ParagraphStyle)] = []
            let attributed = result.attributedString(options: request.options)
            var offset = 0
            for run in attributed.runs {
                let length = attributed[run.range].unicodeScalars.reduce(0) { $0 + $1.utf16.count }
                let style = run.richRules.style
                let size = (style?.font ?? FontSpec()).pointSize(traits: request.options.traits)
                let attachment = run.richRules.attachment != nil ? run.richRules.matchIndex : nil
                fontSizes.append((offset..<offset + length, size, attachment))
                if let paragraph = run[RichRulesAttributes.ParagraphAttribute.self], paragraph.isIndented {
                    paragraphStyles.append((offset..<offset + length, paragraph))
                }
                offset += length
            }
            var clusters: [Cluster] = []
            var run = 0
            offset = 0
            var characters = Substring(display)
            if let previous, unchangedBefore > 0 {
                // Keep the paragraphs before the one holding the change: the clusters that end
                // before the change (their offsets grow), then back to the last line break
                // among them (one the change does not touch: a CR may become CR LF).
                var low = 0
                var high = previous.clusters.count
                while low < high {
                    let mid = (low + high) / 2
                    let c = previous.clusters[mid]
                    if c.offset + c.length < unchangedBefore { low = mid + 1 } else { high = mid }
                }
                var kept = low
                while kept > 0, !previous.clusters[kept - 1].isLineBreak { kept -= 1 }
                if kept > 0 {
                    clusters = Array(previous.clusters[..<kept])
                    offset = clusters[kept - 1].offset + clusters[kept - 1].length
                    let units = display.utf16
                    characters = display[units.index(units.startIndex, offsetBy: offset)...]
                }
            }
            for character in characters {
                let length = character.utf16.count
                while run + 1 < fontSizes.count, fontSizes[run].range.upperBound <= offset { run += 1 }
                let size = fontSizes.isEmpty ? 17 : fontSizes[run].size
                let metrics = FontMetrics.system(size: size)
                var cluster = Cluster(
                    offset: offset, length: length, x: 0, width: 0, ascent: metrics.ascender, descent: -metrics.descender,
                    isSpace: false, isLineBreak: character.isNewline, isWide: ReferenceLayout.isWide(character), attachment: nil)
                if !fontSizes.isEmpty, let index = fontSizes[run].attachment, character == "\u{FFFC}",
                    let bounds = request.attachmentBounds(ofMatch: index, font: metrics)
                {
                    cluster.width = bounds.width
                    cluster.ascent = max(cluster.ascent, bounds.maxY)
                    cluster.descent = max(cluster.descent, -bounds.minY)
                    cluster.attachment = bounds
                } else if !cluster.isLineBreak {
                    cluster.isSpace = ReferenceLayout.isBreakingSpace(character)
                    cluster.width =
                        ReferenceLayout.isZeroWidth(character)
                        ? 0 : size * (cluster.isWide ? ReferenceLayout.wideAdvance : ReferenceLayout.narrowAdvance)
                }
                clusters.append(cluster)
                offset += length
            }
            self.clusters = clusters
            let directions = result.paragraphDirections
            self.directions = directions
            self.indents = paragraphStyles.isEmpty ? [] : Self.indents(of: directions, styles: paragraphStyles)
        }

        /// The indents of each paragraph: those of the paragraph style on its first unit (every
        /// run of a paragraph carries the same).
        static func indents(
            of paragraphs: [ParagraphDirection], styles: [(range: Range<Int>, style: ParagraphStyle)]
        ) -> [(firstLine: Double, otherLines: Double)] {
            var k = 0
            return paragraphs.map { paragraph in
                let start = paragraph.range.lowerBound
                while k < styles.count, styles[k].range.upperBound <= start { k += 1 }
                guard k < styles.count, styles[k].range.contains(start) else { return (0, 0) }
                return (styles[k].style.indent(firstLine: true), styles[k].style.indent(firstLine: false))
            }
        }
    }

    /// Lays out `request`'s display from what `prepared` holds for it. `previous`: a layout
    /// at the same width and line limit of an earlier request whose display and styles agree
    /// with this one's before display offset `unchangedBefore` (a stream's last text): its
    /// lines before the paragraph holding that offset are kept, not broken again.
    package init(_ request: RichTextLayoutRequest, prepared: Prepared, reusing previous: ReferenceLayout? = nil, unchangedBefore: Int = 0) {
        let width = request.width > 0 ? request.width : 0
        var clusters = prepared.clusters
        let directions = prepared.directions
        let indents = prepared.indents
        var lines: [Line] = []
        var start = 0
        if let previous, unchangedBefore > 0 {
            // Whole paragraphs before the first change: every line up to the last line break
            // before it (a paragraph's lines depend on its direction and indents only).
            var kept = 0
            for (index, line) in previous.lines.enumerated() {
                let last = previous.clusters[line.clusters.upperBound - 1]
                guard last.offset + last.length < unchangedBefore, line.clusters.upperBound <= clusters.count else { break }
                if last.isLineBreak { kept = index + 1 }
            }
            if kept > 0 {
                lines = Array(previous.lines[..<kept])
                start = lines[kept - 1].clusters.upperBound
                for i in 0..<start { clusters[i].x = previous.clusters[i].x }
            }
        }
        let reusedLines = lines.count
        var lastBreak: Int?  // a break opportunity before this cluster, on the current line
        var paragraph = 0
        var indentParagraph = 0
        /// The indent of a line starting at cluster `i`: its paragraph's first line's when
        /// the cluster starts the paragraph, else its other lines'.
        func indent(ofLineAt i: Int) -> Double {
            guard !indents.isEmpty, i < clusters.count else { return 0 }
            let offset = clusters[i].offset
            while indentParagraph + 1 < directions.count, directions[indentParagraph].range.upperBound <= offset { indentParagraph += 1 }
            let indent = indents[indentParagraph]
            return offset == directions[indentParagraph].range.lowerBound ? indent.firstLine : indent.otherLines
        }
        var lineIndent = indent(ofLineAt: start)
        var x = lineIndent
        /// Starts the line at `start`: its clusters from its indent.
        func beginLine() {
            lineIndent = indent(ofLineAt: start)
            x = lineIndent
        }
        func endLine(at end: Int) {
            guard end > start else { return }
            var used = lineIndent
            var ascent = 0.0
            var descent = 0.0
            for i in start..<end {
                if !clusters[i].isSpace, !clusters[i].isLineBreak { used = max(used, clusters[i].x + clusters[i].width) }
                ascent = max(ascent, clusters[i].ascent)
                descent = max(descent, clusters[i].descent)
            }
            let first = clusters[start].offset
            while paragraph + 1 < directions.count, directions[paragraph].range.upperBound <= first { paragraph += 1 }
            let direction =
                directions.isEmpty || !directions[paragraph].hasStrongCharacter
                ? request.options.traits.layoutDirection : directions[paragraph].direction
            let rtl = direction == .rightToLeft
            lines.append(
                Line(
                    clusters: start..<end, top: (lines.last.map { $0.top + $0.height } ?? 0), ascent: ascent, height: ascent + descent,
                    usedWidth: used, indent: lineIndent, rightToLeft: rtl, origin: 0))
            start = end
            lastBreak = nil
        }
        let limit = request.lineLimit.map { max(1, $0) } ?? Int.max
        var i = start
        while i < clusters.count, lines.count < limit {
            if clusters[i].isLineBreak {
                clusters[i].x = x
                endLine(at: i + 1)
                beginLine()
                i += 1
                continue
            }
            if i > start, Self.breaks(between: clusters[i - 1], clusters[i]) { lastBreak = i }
            if !clusters[i].isSpace, x + clusters[i].width > width, i > start {
                // Break at the last opportunity on the line, else before this cluster.
                let at = lastBreak ?? i
                endLine(at: at)
                beginLine()
                for k in at..<i {
                    clusters[k].x = x
                    x += clusters[k].width
                }
                if at < i, Self.breaks(between: clusters[i - 1], clusters[i]) { lastBreak = i }
                if x + clusters[i].width > width, i > start {
                    // The moved clusters and this one still do not fit: break before it.
                    endLine(at: i)
                    beginLine()
                }
            }
            clusters[i].x = x
            x += clusters[i].width
            i += 1
        }
        if lines.count < limit { endLine(at: clusters.count) }
        let widest = lines.map(\.usedWidth).max() ?? 0
        let alignment = width.isFinite ? width : widest
        var fragments: [LineFragment] = []
        for index in lines.indices {
            let line = lines[index]
            lines[index].origin = line.rightToLeft ? alignment : 0
            let x = line.rightToLeft ? alignment - line.usedWidth : line.indent
            let first = clusters[line.clusters.lowerBound].offset
            let last = clusters[line.clusters.upperBound - 1]
            fragments.append(
                LineFragment(
                    displayRange: TextRange(location: first, length: last.offset + last.length - first),
                    rect: TextRect(x: x, y: line.top, width: line.usedWidth - line.indent, height: line.height),
                    baseline: line.top + line.ascent))
        }
        self.clusters = clusters
        self.lines = lines
        self.reusedLines = reusedLines
        self.lineFragments = fragments
        self.size = TextSize(width: widest, height: lines.last.map { $0.top + $0.height } ?? 0)
    }

    // MARK: Queries

    /// The visual left edge and width of cluster `i` on `line`.
    func box(_ i: Int, on line: Line) -> (x: Double, width: Double) {
        let c = clusters[i]
        return (line.rightToLeft ? line.origin - c.x - c.width : c.x, c.width)
    }

    package func rects(for range: TextRange) -> [TextRect] {
        guard range.length > 0 else { return [] }
        var rects: [TextRect] = []
        for line in lines {
            let first = clusters[line.clusters.lowerBound].offset
            let last = clusters[line.clusters.upperBound - 1]
            guard first < range.upperBound, range.location < last.offset + last.length else { continue }
            var minX = Double.infinity
            var maxX = -Double.infinity
            for i in line.clusters where clusters[i].offset < range.upperBound && range.location < clusters[i].offset + clusters[i].length {
                let b = box(i, on: line)
                minX = min(minX, b.x)
                maxX = max(maxX, b.x + b.width)
            }
            if minX <= maxX { rects.append(TextRect(x: minX, y: line.top, width: maxX - minX, height: line.height)) }
        }
        return rects
    }

    package func displayOffset(at point: TextPoint) -> Int? {
        // The line holding y (lines touch: a binary search over their tops).
        var low = 0
        var high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].top <= point.y { low = mid + 1 } else { high = mid }
        }
        guard low > 0, point.y < lines[low - 1].top + lines[low - 1].height else { return nil }
        let line = lines[low - 1]
        for i in line.clusters {
            let b = box(i, on: line)
            if b.width > 0, point.x >= b.x, point.x < b.x + b.width { return clusters[i].offset }
        }
        return nil
    }

    package func attachmentRect(atDisplayOffset offset: Int) -> TextRect? {
        for line in lines {
            let lastCluster = clusters[line.clusters.upperBound - 1]
            guard offset < lastCluster.offset + lastCluster.length else { continue }
            for i in line.clusters where clusters[i].offset == offset {
                guard let bounds = clusters[i].attachment else { return nil }
                let b = box(i, on: line)
                return TextRect(x: b.x, y: line.top + line.ascent - bounds.maxY, width: bounds.width, height: bounds.height)
            }
            return nil
        }
        return nil
    }

    // MARK: Characters

    /// A space a line may break after (not a no-break space).
    static func isBreakingSpace(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
        switch scalar.value {
        case 0x09, 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// A cluster of format controls only (bidi controls, zero-width space and joiners,
    /// BOM): no advance.
    static func isZeroWidth(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .format || $0.value == 0x200B }
    }

    /// A cluster shown wide: CJK ideographs, kana, hangul, full-width forms, emoji.
    static func isWide(_ c: Character) -> Bool {
        guard let first = c.unicodeScalars.first else { return false }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F1E6...0x1F1FF, 0x20000...0x3FFFD:
            return true
        default:
            let scalars = c.unicodeScalars
            return first.properties.isEmojiPresentation
                || (first.properties.isEmoji && scalars.contains { $0.value == 0xFE0F || $0.value == 0x200D })
        }
    }

    /// Whether a line may break between clusters `a` and `b`.
    static func breaks(between a: Cluster, _ b: Cluster) -> Bool {
        if a.isSpace { return !b.isSpace }
        if b.isSpace { return false }
        return a.attachment != nil || b.attachment != nil || a.isWide || b.isWide
    }
}

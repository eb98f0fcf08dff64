extension RenderResult {
    /// The selection of `range` of the display (clamped to it; widened to whole grapheme
    /// clusters) and the source it shows.
    ///
    /// Each end maps to the source as follows: in plain text and in a container's own text,
    /// character for character; at the edge of a match, outside it (so selecting what a
    /// match shows selects its markup too: `User Agreement` → `<h1>User Agreement</h1>`);
    /// inside a leaf match's display (a replacement, an attachment, a tag's text), to the
    /// edge of the whole match (its display does not map character for character). The
    /// truncation token maps to the empty source range at the cut. Linear in the matches.
    public func selection(ofDisplayRange range: TextRange) -> TextSelection {
        let display = self.display
        let units = display.utf16
        var start = max(0, min(range.location, units.count))
        var end = max(start, min(range.upperBound, units.count))
        // Widen to clusters (grapheme breaking around the ends only: linear in them, not in
        // the display).
        func clusterStart(_ offset: Int) -> String.Index {
            let index = String.Index(utf16Offset: offset, in: display)
            return index == display.endIndex ? index : display.index(before: display.index(after: index))
        }
        if start < units.count { start = clusterStart(start).utf16Offset(in: display) }
        if end > start {
            let down = clusterStart(end)
            end = (down.utf16Offset(in: display) == end ? down : display.index(after: down)).utf16Offset(in: display)
        } else {
            end = start
        }
        var children: [Int?: [Int]] = [:]
        for (index, match) in matches.enumerated() { children[match.parent, default: []].append(index) }
        let sourceStart = sourceOffset(forDisplay: start, atEnd: false, children: children)
        let sourceEnd = max(sourceStart, sourceOffset(forDisplay: end, atEnd: true, children: children))
        let source = text.utf16
        func slice(_ from: Int, _ to: Int, _ view: String.UTF16View) -> String {
            let units = view[view.index(view.startIndex, offsetBy: from)..<view.index(view.startIndex, offsetBy: to)]
            return String(units) ?? String(decoding: units, as: UTF16.self)  // a copy of the UTF-8, unless a surrogate is cut
        }
        let sourceLimit = min(sourceEnd, source.count)
        return TextSelection(
            displayRange: TextRange(location: start, length: end - start), displayText: slice(start, end, units),
            sourceRange: TextRange(location: sourceStart, length: sourceEnd - sourceStart),
            sourceText: sourceStart <= sourceLimit ? slice(sourceStart, sourceLimit, source) : "")
    }

    /// The source offset of display offset `d`: see `selection(ofDisplayRange:)`.
    private func sourceOffset(forDisplay d: Int, atEnd: Bool, children: [Int?: [Int]]) -> Int {
        var parent: Int? = nil
        while true {
            let siblings = children[parent] ?? []
            if let inside = siblings.first(where: { matches[$0].displayRange.location < d && d < matches[$0].displayRange.upperBound }) {
                let match = matches[inside]
                if match.isContainer {
                    parent = inside
                    continue
                }
                return atEnd ? match.range.upperBound : match.range.location
            }
            // In plain text (at the top, or the parent's own text): from the last match
            // ending at or before `d`, else from the parent's content start; an HTML
            // render's text by its source map.
            if let html = context?.nesting?.html {
                // The display's ends are the source's (markup and white space before and after included).
                if !atEnd, d == 0 { return 0 }
                if atEnd, d >= html.units.count { return sourceLength }
                // At a match's edge: outside it; else the source of the character there.
                if !atEnd, let at = siblings.first(where: { matches[$0].displayRange.location == d }) { return matches[at].range.location }
                if atEnd, let at = siblings.last(where: { matches[$0].displayRange.upperBound == d }) {
                    return matches[at].range.upperBound
                }
                return atEnd ? html.sourceEnd(ofDisplay: d, sourceLength: sourceLength) : html.sourceStart(ofDisplay: d)
            }
            if let before = siblings.last(where: { matches[$0].displayRange.upperBound <= d }) {
                let match = matches[before]
                return match.range.upperBound + (d - match.displayRange.upperBound)
            }
            guard let parent else { return d }
            return matches[parent].contentRange.location + (d - matches[parent].displayRange.location)
        }
    }
}

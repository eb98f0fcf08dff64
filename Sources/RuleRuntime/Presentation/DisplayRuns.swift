/// A run of the display with one innermost owner: plain text (`owner == nil`), text of the
/// innermost kept match around it (a container's own content, or a match's text), or a
/// match's attachment character.
struct DisplayRun: Hashable {
    /// UTF-16 offsets into `RenderResult.display`.
    var range: Range<Int>
    /// The index in `matches` of the innermost match around the run.
    var owner: Int?
    var isAttachment: Bool
}

extension RenderResult {
    /// The display cut into runs, in order, covering it: plain text, each match's text and
    /// attachment character, and the parts of a container's content between its nested
    /// matches (owned by the container). Empty matches have no run.
    func displayRuns() -> [DisplayRun] {
        var runs: [DisplayRun] = []
        runs.reserveCapacity(2 * matches.count + 1)
        var cursor = 0
        var open: [Int] = []  // the containers around the cursor, outermost first
        func run(to end: Int, owner: Int?, isAttachment: Bool = false) {
            guard cursor < end else { return }
            runs.append(DisplayRun(range: cursor..<end, owner: owner, isAttachment: isAttachment))
            cursor = end
        }
        for (index, match) in matches.enumerated() {
            while let top = open.last, top != match.parent {
                run(to: matches[top].displayRange.upperBound, owner: top)
                open.removeLast()
            }
            let range = match.displayRange
            run(to: range.location, owner: open.last)
            if match.isContainer {
                open.append(index)
            } else if let offset = match.attachmentOffset, range.length > 0 {
                run(to: offset, owner: index)
                run(to: offset + 1, owner: index, isAttachment: true)
                run(to: range.upperBound, owner: index)
            } else {
                run(to: range.upperBound, owner: index)
            }
        }
        while let top = open.popLast() { run(to: matches[top].displayRange.upperBound, owner: top) }
        run(to: display.utf16.count, owner: nil)
        return runs
    }

    /// The match whose tap a character of match `index` triggers: `index` itself when it
    /// has a tap, else its innermost enclosing container that has one; `nil`: none.
    public func tapOwner(of index: Int) -> Int? {
        var k: Int? = index
        while let i = k {
            if matches[i].tap != nil { return i }
            k = matches[i].parent
        }
        return nil
    }

    /// The style of match `index` with `custom` styles (`RichTextOptions.style`) laid over
    /// each match from the outside in: base → container → its custom → … → the match →
    /// its custom.
    func style(of index: Int, custom: (RuleMatch) -> TextStyle?) -> TextStyle {
        let match = matches[index]
        guard let parent = match.parent else { return custom(match).map { match.style.merged(with: $0) } ?? match.style }
        var style = self.style(of: parent, custom: custom).merged(with: match.layer)
        if let extra = custom(match) { style = style.merged(with: extra) }
        return style
    }
}

extension RuleMatch {
    /// The style this match lays over its container's: its rule's layer, else its style.
    var layer: TextStyle {
        let p = entry.presentation(for: tag)
        return p.layer ?? p.style
    }
}

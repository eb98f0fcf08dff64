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
    /// matches (owned by the container). Empty matches have no run. Made once per result.
    func displayRuns() -> [DisplayRun] {
        guard let context else { return [] }
        return context.runs { makeDisplayRuns() }
    }

    private func makeDisplayRuns() -> [DisplayRun] {
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

    /// The index of the run holding display offset `offset`, or `nil` outside the display.
    func runIndex(atDisplayOffset offset: Int) -> Int? {
        let runs = displayRuns()
        var low = 0
        var high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].range.lowerBound <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0, offset < runs[low - 1].range.upperBound else { return nil }
        return low - 1
    }

    /// The match whose tap a character of match `index` triggers: `index` itself when it
    /// has a tap, else its innermost enclosing container that has one; `nil`: none. O(1)
    /// (made for every match at once, when first asked).
    @_spi(Testing) public func tapOwner(of index: Int) -> Int? {
        let match = matches[index]
        if let context, let nesting = context.nesting, match.position >= 0 { return nesting.tapOwner(of: match.position, context) }
        return match.hasTap ? index : nil
    }

    /// Each match's style with `custom` styles (`RichTextOptions.style`) laid over each
    /// match from the outside in: base → container → its custom → … → the match → its
    /// custom. One pass: a container comes before the matches in it.
    func styles(custom: (RuleMatch) -> TextStyle?) -> [TextStyle] {
        var styles: [TextStyle] = []
        styles.reserveCapacity(matches.count)
        for match in matches {
            var style = match.parent.map { styles[$0].merged(with: match.layer) } ?? match.style
            if let extra = custom(match) { style = style.merged(with: extra) }
            styles.append(style)
        }
        return styles
    }
}

extension RuleMatch {
    /// The style this match lays over its container's: its rule's layer, else its style.
    var layer: TextStyle {
        let p = ownPresentation
        return p.layer ?? p.style
    }
}

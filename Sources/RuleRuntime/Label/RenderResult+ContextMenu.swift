extension RenderResult {
    /// The long-press menu of match `index`: open (its tap), copy link (when a tap argument
    /// is a link), copy text (its display; an attachment's alt text), share. `nil` for a
    /// match without a tap, the truncation token (its tap expands the label) and indices
    /// out of range. (A match clipped by `truncated(atDisplayOffset:)` copies its part shown;
    /// a label's `RichLabelCore.contextMenu(forMatch:)` gives the whole match.)
    public func contextMenu(forMatch index: Int) -> ContextMenu? {
        guard matches.indices.contains(index), !matches[index].isTruncationToken, let tap = matches[index].tap else { return nil }
        let match = matches[index]
        let title = accessibilityElement(ofMatch: index)?.label ?? match.display
        var actions: [ContextAction] = [.open(tap)]
        let link = tap.linkURL
        if let link { actions.append(.copyLink(link)) }
        actions.append(.copyText(title))
        actions.append(.share(text: title, url: link))
        return ContextMenu(matchIndex: index, displayRange: match.displayRange, title: title, actions: actions)
    }

    /// The long-press menu of the text outside tappable matches: copy and share the whole
    /// display (less the truncation token of a truncated result: what is shown; a label's
    /// `RichLabelCore.textContextMenu` gives the whole message).
    public var textContextMenu: ContextMenu {
        let range = textDisplayRange
        let text = utf16Prefix(display, range.length)  // up to the token: a cluster boundary
        return ContextMenu(matchIndex: nil, displayRange: range, title: text, actions: [.copyText(text), .share(text: text, url: nil)])
    }

    /// The display less the truncation token of a truncated result.
    var textDisplayRange: TextRange {
        var range = TextRange(location: 0, length: display.utf16.count)
        if let token = matches.last, token.isTruncationToken { range.length = token.displayRange.location }
        return range
    }
}

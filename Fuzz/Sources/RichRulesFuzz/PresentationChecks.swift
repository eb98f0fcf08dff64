import Foundation
@_spi(Testing) import RuleRuntime

/// The presentation layer on every render: the attributed string's characters are the
/// display; every display offset hit-tests without trapping and lands in the match it
/// names; truncation keeps a prefix of the display and ends with its token; the HTML
/// and accessibility list build.
enum PresentationChecks {
    static func check(_ result: RenderResult) {
        let display = result.display
        let attributed = result.attributedString(options: RichTextOptions(pressed: result.matches.indices.last))
        require(String(attributed.characters) == display, "attributedString() characters differ from the display")
        let count = display.utf16.count
        for offset in -1...count {
            guard let index = result.matchIndex(atDisplayOffset: offset) else { continue }
            let match = result.matches[index]
            require(match.tap != nil, "hit test at \(offset) returned \(match.rule), which has no tap")
            require(
                offset >= 0 && offset < count && match.displayRange.length > 0 && match.displayRange.location <= offset,
                "hit test at \(offset) returned \(match.rule) at \(match.displayRange)")
        }
        checkModel(result)
        _ = result.accessibilityElements
        _ = result.html()
        _ = result.direction
        let clusters = display.count
        for limit in [0, 1, clusters / 2, max(0, clusters - 1)] {
            let truncated = result.truncated(toCharacters: limit)
            guard truncated.isTruncated, let token = truncated.matches.last else { continue }
            let cut = token.displayRange.location
            let shown = truncated.display.utf16.prefix(cut)
            require(display.utf16.starts(with: shown), "truncated(toCharacters: \(limit)) is not a prefix of the display")
            require(String(shown)?.count ?? 0 <= limit, "truncated(toCharacters: \(limit)) kept more clusters")
            require(String(truncated.attributedString().characters) == truncated.display, "truncated attributed string differs")
        }
    }

    /// What the result computes once (tap owners, the display runs behind hit tests, tags'
    /// ranges) agrees with the same thing computed naively from the matches.
    static func checkModel(_ result: RenderResult) {
        let matches = result.matches
        let text = Array(result.text.utf16)
        for (index, match) in matches.enumerated() {
            var owner: Int? = index
            while let k = owner, matches[k].tap == nil { owner = matches[k].parent }
            require(
                result.tapOwner(of: index) == owner,
                "tapOwner(of: \(index)) is \(String(describing: result.tapOwner(of: index))), not \(String(describing: owner))")
            if let tag = match.tag, let content = tag.contentRange {
                require(tag.raw == match.text, "tag \(tag.name): raw is not the matched text")
                require(
                    content.location >= match.range.location && content.upperBound <= match.range.upperBound
                        && Array(tag.text.utf16) == Array(text[content.location..<content.upperBound]),
                    "tag \(tag.name): text is not its content range's")
            }
        }
        let display = result.display
        let units = display.utf16
        guard units.count * max(1, matches.count) <= 400_000 else { return }  // the naive search is quadratic
        for offset in 0..<units.count {
            // The innermost match around the offset's cluster: the last one in order holding it.
            let start = display.index(before: display.index(after: String.Index(utf16Offset: offset, in: display))).utf16Offset(in: display)
            guard
                let inner = matches.indices.last(where: {
                    matches[$0].displayRange.location <= start && start < matches[$0].displayRange.upperBound
                })
            else {
                require(result.matchIndex(atDisplayOffset: offset) == nil, "hit test at \(offset) outside every match found one")
                continue
            }
            var expected = result.tapOwner(of: inner)
            if let attachment = matches[inner].attachment, !attachment.isTappable, matches[inner].attachmentOffset == start {
                expected = nil
            }
            require(
                result.matchIndex(atDisplayOffset: offset) == expected,
                "hit test at \(offset) gave \(String(describing: result.matchIndex(atDisplayOffset: offset))), not \(String(describing: expected))"
            )
        }
    }
}

import Foundation
import RuleRuntime

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
        _ = result.accessibilityElements
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
}

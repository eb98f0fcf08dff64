/// The outcome of running a rule set on a text.
///
/// `render` computes the records: every kept match's source and display ranges, parent
/// and content, and the discarded matches with their reasons. What reads need beyond
/// them is made once, when first read, and kept by the result (and its copies): the
/// display text, its runs (plain text, each match's text and attachment), what each match
/// inherits from its containers (merged style, tap owner). So a hit test is a binary
/// search, and `attributedString()`, `html()`, `accessibilityElements`, `segments` and
/// `truncated(toCharacters:)` are linear in the result, at any nesting depth. Strings of
/// matches (text, captures, tap arguments) are made when read.
public struct RenderResult: Sendable, Hashable {
    /// The original text.
    public let text: String
    /// Kept matches, in text order (by start, outer before inner); a truncated result's
    /// token last.
    public let matches: [RuleMatch]
    /// Discarded matches, in text order, each with its reason.
    public let discarded: [DiscardedMatch]
    /// Rules on NSRegularExpression whose matching stopped before the end of the text
    /// (`RuleEngine.fallbackBudget`, or ICU giving up), in rule order; empty normally.
    /// Their later matches are missing from `matches`: log these.
    public let interrupted: [InterruptedRule]
    /// A template's render (`RuleEngine.render(template:)`): where each argument is in
    /// `text`, by argument number (`RichTemplate.argumentRanges`); empty for a plain text.
    public internal(set) var arguments: [TextRange] = []
    let context: MatchContext?

    init(text: String, matches: [RuleMatch], discarded: [DiscardedMatch], interrupted: [InterruptedRule] = [], context: MatchContext?) {
        self.text = text
        self.matches = matches
        self.discarded = discarded
        self.interrupted = interrupted
        self.context = context
    }

    /// Where the shown source ends: the whole text, or a truncated result's cut.
    var sourceLength: Int { context?.cut?.source ?? context?.units.count ?? text.utf16.count }

    /// Plain runs and top-level matches, in order, covering the shown text (derived from
    /// the kept matches when read, so that a render that only styles ranges builds no
    /// list). A container's segment holds its nested matches (see `RuleMatch.parent`).
    public var segments: [Segment] {
        if let html = context?.nesting?.html { return htmlSegments(html) }
        let length = sourceLength
        var segments: [Segment] = []
        segments.reserveCapacity(2 * matches.count + 1)
        var cursor = 0
        var display = 0
        for (index, match) in matches.enumerated() where match.parent == nil {
            if cursor < match.range.location {
                let run = match.range.location - cursor
                segments.append(
                    .plain(source: TextRange(location: cursor, length: run), display: TextRange(location: display, length: run)))
            }
            segments.append(.match(index))
            cursor = match.range.upperBound
            display = match.displayRange.upperBound
        }
        if cursor < length {
            segments.append(
                .plain(
                    source: TextRange(location: cursor, length: length - cursor),
                    display: TextRange(location: display, length: length - cursor)))
        }
        return segments
    }

    /// An HTML render's segments: the plain runs between top-level matches, each with its
    /// source and display ranges (their lengths differ: markup, collapsed white space).
    private func htmlSegments(_ html: HTMLDisplayMap) -> [Segment] {
        let length = sourceLength
        let displayLength = context?.cut?.display ?? html.units.count
        var segments: [Segment] = []
        var cursor = 0
        var display = 0
        func plain(to source: Int, display end: Int) {
            guard cursor < source || display < end else { return }
            segments.append(
                .plain(
                    source: TextRange(location: cursor, length: max(0, source - cursor)),
                    display: TextRange(location: display, length: max(0, end - display))))
        }
        for (index, match) in matches.enumerated() where match.parent == nil {
            plain(to: match.range.location, display: match.displayRange.location)
            segments.append(.match(index))
            cursor = max(cursor, match.range.upperBound)
            display = max(display, match.displayRange.upperBound)
        }
        plain(to: length, display: displayLength)
        return segments
    }

    /// What is shown: plain text, tag contents, replacements, U+FFFC for attachments.
    /// (Built on first read and kept: hit testing and attributed strings read it again.)
    public var display: String {
        guard let context else { return "" }
        return context.display {
            if let nesting = context.nesting { return nesting.display(context) }
            return flatDisplay(context)
        }
    }

    /// The display when nothing nests: the source between matches, each match's display
    /// (the token's text at a cut).
    private func flatDisplay(_ context: MatchContext) -> String {
        // Nothing cut and every match showing its own source: the display is the text (no
        // transcoding of a text rendered on UTF-8).
        if context.cut == nil, matches.allSatisfy({ context.showsItsSource($0.candidateIndex) }) { return text }
        var units: [UInt16] = []
        units.reserveCapacity(context.units.count)
        let source = context.units
        var cursor = 0
        for match in matches {
            if cursor < match.range.location {
                units.append(contentsOf: UnsafeBufferPointer(rebasing: source[cursor..<match.range.location]))
            }
            if match.isTruncationToken {
                units.append(contentsOf: context.presentation.tokenText.utf16)
            } else {
                context.appendDisplay(of: match.candidateIndex, into: &units)
            }
            cursor = max(cursor, match.range.upperBound)
        }
        let end = sourceLength
        if cursor < end { units.append(contentsOf: UnsafeBufferPointer(rebasing: source[cursor..<end])) }
        return units.withUnsafeBufferPointer(utf16String)
    }

    /// The text of a segment: a plain run's source text (an HTML render's: the text it
    /// shows), or a match's display.
    public func text(of segment: Segment) -> String {
        switch segment {
        case .plain(let source, let shown):
            guard context?.nesting?.html != nil else { return context?.string(source) ?? "" }
            let units = display.utf16
            let start = units.index(units.startIndex, offsetBy: shown.location)
            return String(units[start..<units.index(start, offsetBy: shown.length)]) ?? ""

        case .match(let index): return matches[index].display
        }
    }

    public static func == (a: RenderResult, b: RenderResult) -> Bool {
        a.text == b.text && a.matches == b.matches && a.discarded == b.discarded && a.segments == b.segments
            && a.display == b.display && a.interrupted == b.interrupted && a.arguments == b.arguments
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(segments)
    }
}

/// What one `RichStream.append` changed: the new render, where its display first differs
/// from the previous one, which matches are new or gone, and what is final.
///
/// Matches are compared by rule, source range, display range and parent: a match that
/// grew (a URL one character longer) is removed and added, and listed in `extended`.
public struct StreamChange: Sendable {
    /// The render of the text so far (equal to `engine.render(stream.text)`).
    public let result: RenderResult
    /// The first display offset (UTF-16) where `result.display` may differ from the previous
    /// display: everything before it is shown as it was.
    public let firstChangedDisplayOffset: Int
    /// The previous result's matches that are gone or changed (indices into its `matches`).
    public let removed: Range<Int>
    /// The new or changed matches (indices into `result.matches`).
    public let added: Range<Int>
    /// Indices into `result.matches` of the added matches that continue a removed one (same
    /// rule and start, another end): a match that grew or shrank.
    public let extended: [Int]
    /// The safe point in the source (UTF-16): no match starting before it changes again.
    public let finalSourceLength: Int
    /// The safe point in the display: the display before it never changes again.
    public let finalDisplayLength: Int
    /// The matches that may still change (they end after the safe point), as indices into
    /// `result.matches`.
    public let provisional: Range<Int>
    /// Why this append re-rendered more than the text after the safe point, if it did.
    public let fallback: StreamFallback?

    /// The render this change starts from (its records, by identity).
    private let previousContext: ObjectIdentifier?

    /// Whether this change starts from `result` (the stream's previous render): what
    /// `RichLabelCore.apply(_:)` checks before reusing what it laid out of `result`.
    public func follows(_ result: RenderResult) -> Bool {
        result.context.map(ObjectIdentifier.init) == previousContext
    }

    init(previous: RenderResult, result: RenderResult, final: Int, fallback: StreamFallback?) {
        self.result = result
        self.previousContext = previous.context.map(ObjectIdentifier.init)
        self.fallback = fallback
        let old = previous.matches
        let new = result.matches
        var common = 0
        while common < old.count, common < new.count, Self.same(old[common], new[common]) { common += 1 }
        removed = common..<old.count
        added = common..<new.count
        var changed = Self.displayLength(previous)
        if common < old.count { changed = min(changed, old[common].displayRange.location) }
        if common < new.count { changed = min(changed, new[common].displayRange.location) }
        if result.context?.nesting?.html != nil || previous.context?.nesting?.html != nil {
            // An HTML display is laid out from the whole tree (an open tag's `<` shows until
            // the tag is complete): compared as it is, as well as by its matches (styles).
            let before = previous.display.utf16
            let after = result.display.utf16
            changed = min(changed, zip(before, after).prefix { $0 == $1 }.count)
        }
        firstChangedDisplayOffset = changed
        struct Start: Hashable {
            var rule: Int
            var location: Int
        }
        let gone = Set(old[removed].map { Start(rule: $0.ruleIndex, location: $0.range.location) })
        extended = added.filter { gone.contains(Start(rule: new[$0].ruleIndex, location: new[$0].range.location)) }
        finalSourceLength = final
        // (An HTML stream renders whole: its safe point stays at 0.)
        finalDisplayLength = final == 0 ? 0 : result.displayPosition(ofSource: final)
        let firstProvisional = new.firstIndex { $0.range.upperBound > final } ?? new.count
        provisional = firstProvisional..<new.count
    }

    private static func same(_ a: RuleMatch, _ b: RuleMatch) -> Bool {
        a.ruleIndex == b.ruleIndex && a.range == b.range && a.displayRange == b.displayRange && a.parent == b.parent
    }

    /// The display's length, from the records (without building the display).
    static func displayLength(_ result: RenderResult) -> Int {
        if result.context?.nesting?.html != nil { return result.display.utf16.count }
        return result.displayPosition(ofSource: result.sourceLength)
    }
}

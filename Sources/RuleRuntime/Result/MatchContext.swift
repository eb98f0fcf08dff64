/// What every match of one render shares: the text's UTF-16 units, the table's rules, the
/// candidates the matches were made from, the matcher that solves groups left pending, the
/// tree of nested matches, and what reads make once (the display text, its runs, the
/// detectors' fields, the groups solved after the render).
///
/// A truncated result has a context of its own over the same text and candidates, with
/// the cut and the token (and the fields and groups made for the whole result).
final class MatchContext: @unchecked Sendable {
    // Unchecked: `nesting` and `measured` are set only by the render (or truncation) that
    // made this, before the context is shared; `made`, `display` and `runs` are made when
    // first read and only read and written under this context's `StripedLocks` lock;
    // `units` points into the storage, which lives as long as this.
    private let madeUnits: TextUnits?
    /// How many of `madeUnits` are this text's (a stream's storage grows past them); `nil`:
    /// all of them.
    let unitCount: Int?
    /// The text whose units to make when first read (`nil`: `madeUnits` has them).
    private let lazyText: String?
    private var made: TextUnits?
    private var display: String?
    private var runs: [DisplayRun]?

    let rules: [RuleEntry]
    let candidates: [Candidate]
    let solver: RuleMatcher?
    /// The table's base style, truncation token and display kinds (shared by every render
    /// of an engine).
    let presentation: PresentationCache
    /// The tree of kept matches when some nest.
    var nesting: Nesting?
    /// By candidate index, the display text of the kept matches whose display is known only
    /// from their text (`DisplayKind.measured`), rendered once by the records; `nil` when
    /// there is none.
    private(set) var measured: [String?]?
    /// Where a truncated result's shown source ends, and where its token sits in the display.
    let cut: Cut?
    /// The detectors' fields and solved groups of the matches read so far (shared with the
    /// truncated results made from this one: same candidates).
    let reads: MatchReadCache

    struct Cut: Sendable {
        /// Source offset of the cut (the token's empty source range).
        var source: Int
        /// The leaf match the cut goes through (`RenderResult.truncated(atDisplayOffset:)`),
        /// shown up to the cut; `nil`: the cut lies between leaves.
        var clip: Clip? = nil
        /// HTML render: the display offset of the cut (its rendered text is shown up to it).
        var display: Int? = nil
    }

    /// A leaf match cut short: it shows the first `shown` of its `full` display units.
    struct Clip: Sendable {
        /// The match's candidate index.
        var candidate: Int
        var shown: Int
        var full: Int
    }

    /// A context whose UTF-16 units are `units`, else made from `text` when first read.
    init(
        text: String, units: TextUnits?, rules: [RuleEntry], candidates: [Candidate], solver: RuleMatcher?,
        presentation: PresentationCache, measured: [String?]? = nil, cut: Cut? = nil, reads: MatchReadCache = MatchReadCache(),
        unitCount: Int? = nil
    ) {
        self.madeUnits = units
        self.unitCount = units == nil ? nil : unitCount
        self.lazyText = units == nil ? text : nil
        self.rules = rules
        self.candidates = candidates
        self.solver = solver
        self.presentation = presentation
        self.measured = measured
        self.cut = cut
        self.reads = reads
    }

    /// The text's UTF-16 units: made for the render, or (after a render on UTF-8) when
    /// first read.
    var storage: TextUnits { madeUnits ?? lazyUnits() }
    var units: UnsafeBufferPointer<UInt16> {
        if let unitCount, let madeUnits { return madeUnits.prefix(unitCount) }
        return storage.buffer
    }

    func string(_ range: TextRange) -> String {
        utf16String(units[range.location..<range.upperBound])
    }

    private func lazyUnits() -> TextUnits {
        StripedLocks.once(for: self, get: { made }, set: { made = $0 }, make: { TextUnits.make(lazyText ?? "") })
    }

    /// Keeps the display text of candidate `index` (records only).
    func measure(_ index: Int, _ text: String) {
        if measured == nil { measured = [String?](repeating: nil, count: candidates.count) }
        measured![index] = text
    }

    /// The display text, made by `make` the first time (which may read the units).
    func display(_ make: () -> String) -> String {
        StripedLocks.once(for: self, get: { display }, set: { display = $0 }, make: make)
    }

    /// The display's runs, made by `make` the first time.
    func runs(_ make: () -> [DisplayRun]) -> [DisplayRun] {
        StripedLocks.once(for: self, get: { runs }, set: { runs = $0 }, make: make)
    }

    /// The fields of `detector` for candidate `index` (whose text is `text`), computed on
    /// first read.
    func detectorFields(of index: Int, detector: String, text: () -> String) -> [String: String] {
        reads.fields(of: index) { DetectorFields.values(detector: detector, text: text()) }
    }

    /// Whether candidate `index` shows its matched source text as it is (not the token).
    func showsItsSource(_ index: Int) -> Bool {
        guard index >= 0, case .source = presentation.displayKind(candidates[index]) else { return false }
        return true
    }

    /// Appends what the kept leaf match made from candidate `index` shows (its display).
    func appendDisplay(of index: Int, into out: inout [UInt16]) {
        let start = out.count
        appendFullDisplay(of: index, into: &out)
        if let clip = cut?.clip, clip.candidate == index, out.count > start + clip.shown {
            out.removeSubrange((start + clip.shown)...)
        }
    }

    private func appendFullDisplay(of index: Int, into out: inout [UInt16]) {
        let candidate = candidates[index]
        func source(_ range: TextRange) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: units[range.location..<range.upperBound]))
        }
        switch presentation.displayKind(candidate) {
        case .source: source(candidate.range)
        case .tagContent: candidate.tagBox?.info.appendText(to: &out)
        case .literal: out.append(contentsOf: presentation.literalText(of: candidate, rules: rules).utf16)
        case .attachment: out.append(0xFFFC)
        case .besideSource(let before):
            if before { out.append(0xFFFC) }
            source(candidate.range)
            if !before { out.append(0xFFFC) }
        case .besideTagContent(let before):
            if before { out.append(0xFFFC) }
            candidate.tagBox?.info.appendText(to: &out)
            if !before { out.append(0xFFFC) }
        case .besideLiteral(_, let before):
            if before { out.append(0xFFFC) }
            out.append(contentsOf: presentation.literalText(of: candidate, rules: rules).utf16)
            if !before { out.append(0xFFFC) }
        case .measured:
            if let text = measured?[index] {
                out.append(contentsOf: text.utf16)
            } else {
                let match = RuleMatch(
                    candidateIndex: index, range: candidate.range, ruleIndex: candidate.ruleIndex,
                    displayRange: TextRange(location: 0, length: 0), context: self)
                out.append(contentsOf: match.display.utf16)
            }
        }
    }
}

/// What reads of a render's matches compute once, by candidate index: the detectors'
/// fields (`DetectorFields`: a `${url}` is read by every tap, label, menu and `html()`) and
/// the capture groups solved after the render (read by `captures`, taps, `named`).
final class MatchReadCache: @unchecked Sendable {
    // Unchecked: `values` and `groups` are only read and written under this object's
    // `StripedLocks` lock.
    private var values: [Int: [String: String]] = [:]
    private var groups: [Int: [TextRange?]] = [:]

    func fields(of index: Int, make: () -> [String: String]) -> [String: String] {
        StripedLocks.once(for: self, get: { values[index] }, set: { values[index] = $0 }, make: make)
    }

    func groups(of index: Int, make: () -> [TextRange?]) -> [TextRange?] {
        StripedLocks.once(for: self, get: { groups[index] }, set: { groups[index] = $0 }, make: make)
    }
}

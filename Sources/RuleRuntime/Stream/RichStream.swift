import RuleAutomata
import RuleRegex

/// A text that arrives in pieces (an assistant's answer, a live transcript), rendered as
/// it grows: after every `append`, `result` equals `engine.render(text)`, and the returned
/// `StreamChange` says what changed.
///
/// ```swift
/// var stream = RichStream(engine: ChatRules.engine)
/// for await piece in answer {
///     let change = stream.append(piece)   // change.result == ChatRules.engine.render(stream.text)
///     label.apply(change)
/// }
/// ```
///
/// The stream keeps a **safe point**: a source offset before which no match can change
/// whatever text follows. A match starting before it is final (every rule's attempts from
/// there have ended, as the rules' automata say, and no match crosses it); an append re-reads
/// only from the safe point, less the rules' longest look-behind, to the end, and resolves
/// only what starts after it. Matches that end after it are provisional: an open `**`, a
/// URL still growing, a mention. Where a rule keeps the safe point from moving (an
/// unclosed container, a `[^*]*` that has not met its end, a lookahead without a bound)
/// the stream re-reads from the last safe point, never from the start; tables it cannot
/// ask (HTML, tag rules, rules on NSRegularExpression) render the text whole on every
/// append, and say so in `StreamChange.fallback`. See docs/Runtime.md, *Streaming*.
///
/// A stream is a value with reference-typed scratch (the automata's search state): use
/// one from one task at a time.
public struct RichStream {
    public let engine: RuleEngine
    /// The text so far.
    public private(set) var text = ""
    /// The render of `text` (equal to `engine.render(text)`).
    public private(set) var result: RenderResult
    /// The safe point: the source offset (UTF-16) before which nothing changes again.
    public private(set) var finalSourceLength = 0

    /// The text's UTF-16 units, in storage the results share: it grows in place (a result
    /// reads the units it had), and is copied only when its capacity runs out.
    private var storage = TextUnits.growable(capacity: 256)
    private var length = 0
    /// The text's units so far (valid while `storage` is not replaced).
    private var units: UnsafeBufferPointer<UInt16> { storage.prefix(length) }
    private let reach: StreamReach.Outcome
    /// The candidates that start before the safe point, with their content ranges (when
    /// the table has containers): final.
    private var frozen: [Candidate] = []
    private var frozenContents: [TextRange?] = []
    /// Their resolution (final: no cluster crosses the safe point), by index into `frozen`;
    /// `frozenParents[k]`: the parent of `frozenKept[k]`, a position in it, or -1.
    private var frozenKept: [Int] = []
    private var frozenParents: [Int] = []
    private var frozenDiscarded: [Resolution.Discard] = []
    /// The last render's resolution of the window's candidates (indices into `tail`).
    private var tailResolution = Resolution(kept: [], parents: nil, discarded: [])
    /// The last render's candidates (`frozen` then the window's, shifted) and their
    /// content ranges.
    private var tail: [Candidate] = []
    private var tailContents: [TextRange?]?
    /// One Pike VM per regex rule, made when first asked.
    private var machines: [Int: PikeVM] = [:]
    /// For rules whose lookaheads stop at some code points: where the text has been
    /// searched up to for them, and the last one found (-1: none yet).
    private var stopScans: [Int: (searched: Int, last: Int)] = [:]

    public init(engine: RuleEngine) {
        self.engine = engine
        self.reach = StreamReach.make(engine)
        self.result = engine.render("")
    }

    /// Why appends re-render more than the text after the safe point, when they do for
    /// every text of this engine (HTML, tag rules, rules on NSRegularExpression).
    public var fallback: StreamFallback? {
        if case .failure(let reason) = reach { return reason }
        return nil
    }

    /// Appends `piece` to the text and renders it (see the type's documentation).
    @discardableResult
    public mutating func append(_ piece: String) -> StreamChange {
        let previous = result
        text += piece
        let added = Array(piece.utf16)
        if !added.withUnsafeBufferPointer({ storage.append($0) }) {
            let grown = TextUnits.growable(capacity: 2 * (length + added.count))
            _ = grown.append(units)
            _ = added.withUnsafeBufferPointer { grown.append($0) }
            storage = grown
        }
        length += added.count
        var fallback: StreamFallback?
        switch reach {
        case .failure(let reason):
            fallback = reason
            result = engine.render(text)
        case .success(let reach):
            if let rendered = renderTail(reach) {
                result = rendered
                fallback = advance(reach)
            } else {
                fallback = .window
                result = engine.render(text)
            }
        }
        return StreamChange(previous: previous, result: result, final: finalSourceLength, fallback: fallback)
    }

    /// Appends the pieces that arrived since the last render as one (a frame's worth of
    /// tokens: a screen shows one change per frame, and one append costs about what one
    /// piece does).
    @discardableResult
    public mutating func append<Pieces: Sequence<String>>(contentsOf pieces: Pieces) -> StreamChange {
        append(pieces.joined())
    }

    /// The render of the text from the frozen candidates and a re-read of the window after
    /// the safe point; `nil` when a match of the window's margin crosses the safe point.
    private mutating func renderTail(_ reach: StreamReach) -> RenderResult? {
        let end = units.count
        let safe = finalSourceLength
        let start = windowStart(safe, reach)
        let window = utf16String(UnsafeBufferPointer(rebasing: units[start..<end]))
        var (found, _, windowUnits) = engine.match(window)
        var contents: [TextRange?]?
        if let containment = engine.containment {
            contents = containment.contents(of: &found) { candidate in
                if windowUnits == nil { windowUnits = TextUnits.make(window) }
                return engine.ruleMatcher?.groups(ruleIndex: candidate.ruleIndex, range: candidate.range, units: windowUnits!.buffer)
                    ?? candidate.groups
            }
        }
        let local = safe - start
        var candidates = frozen
        var allContents = contents == nil ? nil : frozenContents
        for (index, candidate) in found.enumerated() where candidate.range.length > 0 {
            if candidate.range.location < local {
                if candidate.range.upperBound > local { return nil }
                continue
            }
            candidates.append(candidate.shifted(by: start))
            if let contents { allContents!.append(contents[index].map { TextRange(location: $0.location + start, length: $0.length) }) }
        }
        tail = candidates
        tailContents = allContents
        let resolution = resolveTail()
        let resolved = ResolvedText(
            candidates: candidates, contents: allContents, resolution: resolution, interrupted: [], units: storage, html: nil)
        return engine.records(of: resolved, text: text, unitCount: end)
    }

    /// The resolution of `tail`: the frozen part's, then the window's candidates resolved on
    /// their own (no cluster crosses the safe point, nor does a container).
    private mutating func resolveTail() -> Resolution {
        let base = frozen.count
        let window = Array(tail[base...])
        let windowContents = tailContents.map { Array($0[base...]) }
        let own = Resolver.resolve(window, priorities: engine.priorities, contents: windowContents)
        let keptBase = frozenKept.count
        var kept = frozenKept
        kept.reserveCapacity(keptBase + window.count)
        for index in own.kept { kept.append(base + index) }
        var discarded = frozenDiscarded
        for discard in own.discarded {
            discarded.append(Resolution.Discard(index: base + discard.index, by: base + discard.by, decider: discard.decider))
        }
        var parents: [Int]?
        if own.parents != nil || frozenParents.contains(where: { $0 >= 0 }) {
            var all = frozenParents
            for position in own.kept.indices { all.append(own.parent(of: position).map { keptBase + $0 } ?? -1) }
            parents = all
        }
        tailResolution = Resolution(
            kept: Array(kept[keptBase...]), parents: parents.map { Array($0[keptBase...]) },
            discarded: Array(discarded[frozenDiscarded.count...]))
        return Resolution(kept: kept, parents: parents, discarded: discarded)
    }

    /// Where the re-read starts: the rules' longest look-behind before the safe point, then
    /// back to a letter, digit or ASCII character, where the assertions that read back over
    /// marks, joiners and format characters (`\b`, grapheme boundaries) stop.
    private func windowStart(_ safe: Int, _ reach: StreamReach) -> Int {
        var start = max(0, safe - reach.lookbehind)
        while start > 0 {
            let unit = units[start]
            if UTF16.isTrailSurrogate(unit) {
                start -= 1
                continue
            }
            if unit < 0x80, unit != 0x0A, unit != 0x0D { break }
            if !UTF16.isLeadSurrogate(unit), let scalar = Unicode.Scalar(unit) {
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber:
                    return start
                default: break
                }
            }
            start -= 1
        }
        return start
    }

    /// Moves the safe point as far as the rules allow, freezing the candidates before it;
    /// returns why it could not move when a rule's lookahead is unbounded.
    private mutating func advance(_ reach: StreamReach) -> StreamFallback? {
        let end = units.count
        let safe = finalSourceLength
        // Attempts before the frontier have read all their assertions will read.
        let frontier = end - reach.lookahead
        var point = frontier
        guard point > safe else { return nil }
        var pinned: StreamFallback?
        do {
            let text = units
            for (index, rule) in reach.rules.enumerated() where point > safe {
                switch rule {
                case .regex(let regex, let stops):
                    // Each rule's automaton reads on from where it stopped (the frontier only
                    // moves forward, and its threads all started after the safe point).
                    var ruleFrontier = frontier
                    if let stops {
                        // Its unbounded lookaheads read up to the next stop (and peek a code
                        // point past it): decided for the attempts before the last stop
                        // that has two more units after it.
                        var scan = stopScans[index] ?? (searched: 0, last: -1)
                        while scan.searched < end - 3 {
                            let (scalar, length) = Self.scalar(text, at: scan.searched)
                            if stops.contains(scalar) { scan.last = scan.searched }
                            scan.searched += length
                        }
                        stopScans[index] = scan
                        ruleFrontier = min(frontier, max(scan.last, 0))
                        point = min(point, ruleFrontier)
                    }
                    let machine = machines[index] ?? PikeVM(regex)
                    machines[index] = machine
                    if let live = machine.earliestLiveStart(text, from: safe, frontier: ruleFrontier) { point = min(point, live) }
                case .words:
                    var word = end
                    while word > safe, !Self.isWhiteSpace(text, before: word) { word -= 1 }
                    point = min(point, word)
                case .entities:
                    var at = end - 1
                    while at >= max(safe, end - StreamReach.entityReach) {
                        if text[at] == 0x26 {
                            point = min(point, at)
                            break
                        }
                        at -= 1
                    }
                case .pinned(let name):
                    point = safe
                    pinned = .unboundedLookahead(rule: name)
                }
            }
        }
        guard point > safe else { return pinned }
        // No candidate may cross the safe point (the frozen ones end before the old one).
        var crossed = true
        while crossed, point > safe {
            crossed = false
            for candidate in tail[frozen.count...] where candidate.range.location < point && candidate.range.upperBound > point {
                point = candidate.range.location
                crossed = true
            }
        }
        // A code point boundary, not between CR and LF.
        while point > safe, UTF16.isTrailSurrogate(units[point]) || (units[point - 1] == 0x0D && units[point] == 0x0A) { point -= 1 }
        guard point > safe else { return nil }
        // Freeze the window's candidates that start before the safe point, and their part of
        // the resolution: a prefix of its kept and discarded lists (both in text order).
        var moved: [Int: Int] = [:]  // index in `tail` → index in `frozen`
        for index in frozen.count..<tail.count where tail[index].range.location < point {
            moved[index] = frozen.count
            frozen.append(tail[index])
            if let tailContents { frozenContents.append(tailContents[index]) }
        }
        for (position, index) in tailResolution.kept.enumerated() {
            guard let to = moved[index] else { break }
            frozenKept.append(to)
            frozenParents.append(tailResolution.parents?[position] ?? -1)
        }
        for discard in tailResolution.discarded {
            guard let to = moved[discard.index], let by = moved[discard.by] else { break }
            frozenDiscarded.append(Resolution.Discard(index: to, by: by, decider: discard.decider))
        }
        finalSourceLength = point
        return nil
    }

    /// The code point at `offset` and its length in units (a lone surrogate as itself).
    private static func scalar(_ text: UnsafeBufferPointer<UInt16>, at offset: Int) -> (UInt32, Int) {
        let unit = text[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < text.count, UTF16.isTrailSurrogate(text[offset + 1]) {
            return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[offset + 1]) - 0xDC00), 2)
        }
        return (UInt32(unit), 1)
    }

    private static func isWhiteSpace(_ text: UnsafeBufferPointer<UInt16>, before end: Int) -> Bool {
        let unit = text[end - 1]
        if unit < 0x80 { return unit == 0x20 || (unit >= 0x09 && unit <= 0x0D) }
        guard !UTF16.isTrailSurrogate(unit), let scalar = Unicode.Scalar(unit) else { return false }
        return RuleMatcher.isWhiteSpace(scalar)
    }
}

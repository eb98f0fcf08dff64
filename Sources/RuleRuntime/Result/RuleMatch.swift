/// A match of a rule, kept or discarded, or the truncation token of a truncated result.
///
/// A match stores its ranges and indices; its strings (matched text, captures, tap
/// arguments, display) are made when read, and what it inherits from the containers
/// around it (its merged style, its tap owner) is computed once per result, so any read
/// costs O(1) plus the strings it makes, whatever the nesting depth.
public struct RuleMatch: Sendable, Hashable {
    /// The rule's index in the table (its declaration order); for the truncation token, the
    /// number of rules (an index past them).
    public let ruleIndex: Int
    /// Source range in the original text (UTF-16).
    public let range: TextRange
    /// Range of what the match shows in `RenderResult.display` (UTF-16); for discarded
    /// matches, length 0 at the display position of their source start (a start inside a
    /// kept match maps to the start of that match's display).
    public internal(set) var displayRange: TextRange
    /// The index of the innermost kept container this match lies in (in its content), in
    /// `RenderResult.matches`; `nil` at the top level and for discarded matches.
    public internal(set) var parent: Int?
    /// The candidate this match was made from, in `context.candidates` (its groups and tag
    /// stay there: a match holds one reference, so building one costs one retain); `-1`
    /// for the truncation token.
    let candidateIndex: Int
    /// This match's index in the nesting tree (`Nesting`), -1 when nothing nests or the
    /// match is discarded or the token.
    let position: Int
    let context: MatchContext

    init(
        candidateIndex: Int, range: TextRange, ruleIndex: Int, displayRange: TextRange, context: MatchContext, position: Int = -1,
        parent: Int? = nil
    ) {
        self.ruleIndex = ruleIndex
        self.range = range
        self.displayRange = displayRange
        self.candidateIndex = candidateIndex
        self.context = context
        self.position = position
        self.parent = parent
    }

    /// Whether this is the token `RenderResult.truncated(toCharacters:)` appended.
    public var isTruncationToken: Bool { candidateIndex < 0 }

    /// The presentation of the match's own rule (per tag name, with the conditional styles
    /// its tag passes, for tag families), before any container's style; the token's for the
    /// truncation token.
    var ownPresentation: RulePresentation {
        guard candidateIndex >= 0 else { return context.presentation.token }
        return context.rules[ruleIndex].presentation(for: tag)
    }

    /// The presentation for this match (per tag name for tag families). A nested match's
    /// style is merged from the outside in: base → its containers' styles → its own.
    @_spi(Generated) public var presentation: RulePresentation {
        var p = ownPresentation
        if parent != nil, position >= 0, let nesting = context.nesting { p.style = nesting.style(of: position, context) }
        return p
    }

    /// Whether the match's own rule gives it a tap (not the tap of a container around it).
    var hasTap: Bool {
        guard candidateIndex >= 0 else { return context.presentation.token.tap != nil }
        return context.rules[ruleIndex].tap(for: tag) != nil
    }

    /// Capture group ranges by number (`[0]` is `range`); `nil` where a group did not
    /// participate. Prefix rules, tags and elements have only `[0]`.
    public var groupRanges: [TextRange?] {
        guard candidateIndex >= 0 else { return [range] }
        let (stored, pending) = context.candidates.withUnsafeBufferPointer { c in
            (c[candidateIndex].storedGroups, c[candidateIndex].pendingGroups)
        }
        if pending, let solver = context.solver {
            return context.reads.groups(of: candidateIndex) { solver.groups(ruleIndex: ruleIndex, range: range, units: context.units) }
        }
        return stored ?? [range]
    }
    /// Tag information for tag families and elements.
    public var tag: TagInfo? {
        guard candidateIndex >= 0 else { return nil }
        return context.candidates.withUnsafeBufferPointer { $0[candidateIndex].tagBox?.info }
    }

    /// The part of the source text the match shows: a tag's content, the `show` group, else
    /// the whole match. A container holds its nested matches in this range.
    public var contentRange: TextRange {
        guard candidateIndex >= 0 else { return range }
        let show = context.rules[ruleIndex].presentation.show
        return context.candidates[candidateIndex].contentRange(show: show, groups: { groupRanges })
    }
    /// Whether this is a kept container (its display holds its nested matches).
    public var isContainer: Bool { position >= 0 && context.nesting?.isContainer[position] == true }
    /// An HTML render's element or span: it shows its part of the rendered text.
    var isSliced: Bool {
        guard position >= 0, let nesting = context.nesting, nesting.html != nil, position < nesting.sliced.count else { return false }
        return nesting.sliced[position]
    }

    /// The rule's name (`truncation` for the token).
    public var rule: String { candidateIndex >= 0 ? context.rules[ruleIndex].name : "truncation" }
    public var priority: Int { candidateIndex >= 0 ? context.rules[ruleIndex].priority : 0 }
    /// Matched source text.
    public var text: String { context.string(range) }
    /// Capture groups by number (`captures[0]` is the whole match); `nil` where a group
    /// did not participate. Prefix rules, tags and elements: `[raw]` only (the tag's
    /// fields are in `named`).
    public var captures: [String?] { groupRanges.map { $0.map(context.string) } }
    /// Named captures that participated; for tags the fields `text`, `name`, `level`
    /// (empty for `<h>`), `index`, and every attribute of an element (lower-case names; a
    /// declared attribute named like a field wins over the field).
    public var named: [String: String] {
        guard candidateIndex >= 0 else { return [:] }
        let entry = context.rules[ruleIndex]
        var named: [String: String] = [:]
        if let tag {
            named = ["text": tag.text, "name": tag.name, "level": tag.level.map(String.init) ?? "", "index": String(tag.index)]
            var declared: Set<String> = []
            if case .element(_, let attributes, _) = entry.matcher { declared = Set(attributes) }
            for (key, value) in tag.attributes where declared.contains(key) || named[key] == nil { named[key] = value }
        } else {
            let groups = groupRanges
            for (name, number) in entry.captureNames where number >= 0 && number < groups.count {
                if let range = groups[number] { named[name] = context.string(range) }
            }
            if let fields = detectorFields { named.merge(fields) { _, field in field } }
        }
        return named
    }
    /// The fields its detector computes from the matched text (`DetectorFields`), made once
    /// per match and kept; `nil` for rules without a detector.
    private var detectorFields: [String: String]? {
        guard candidateIndex >= 0, let detector = context.presentation.detectors[ruleIndex] else { return nil }
        return context.detectorFields(of: candidateIndex, detector: detector) { text }
    }
    /// Merged style (base → containers → rule → tag).
    public var style: TextStyle {
        if parent != nil, position >= 0, let nesting = context.nesting { return nesting.style(of: position, context) }
        guard candidateIndex >= 0 else { return context.presentation.token.style }
        guard let tag else { return context.presentation.ruleStyles[ruleIndex] }
        return context.rules[ruleIndex].presentation(for: tag).style
    }
    public var styleName: String? { ownPresentation.styleName }
    /// The pressed highlight: the rule's, tag's or family's, else the spec's default;
    /// `nil` for `highlight none` and for matches that are not tappable.
    public var highlight: TextStyle? {
        let p = ownPresentation
        return p.tap == nil ? nil : p.highlight
    }
    /// The tap target with its arguments filled from the match.
    public var tap: TapTarget? {
        let own: TapSpec?
        if candidateIndex < 0 {
            own = context.presentation.token.tap
        } else if let tag {
            own = context.rules[ruleIndex].tap(for: tag)
        } else {
            own = context.presentation.ruleTaps[ruleIndex]
        }
        guard let spec = own else { return nil }
        return TapTarget(handler: spec.handler, arguments: spec.arguments.map { .init(label: $0.label, value: render($0.value)) })
    }
    /// What the match shows (a kept container: its content, nested matches shown in place;
    /// a leaf clipped by `RenderResult.truncated(atDisplayOffset:)`: the part before the
    /// cut, an attachment after the cut left out).
    @_spi(Testing) public var content: MatchContent {
        if isContainer || isSliced { return .text(containerDisplay) }
        guard let clip else { return fullContent }
        switch fullContent {
        case .text(let text): return .text(utf16Prefix(text, clip.shown))
        case .attachment(let attachment, let text):
            // The attachment character is one unit: a clip inside the match keeps it when it
            // comes first, and cuts it off when it comes last.
            if attachment.position == .before { return .attachment(attachment, text: utf16Prefix(text, clip.shown - 1)) }
            return .text(utf16Prefix(text, clip.shown))
        }
    }

    /// What a leaf shows when nothing is clipped.
    private var fullContent: MatchContent {
        let p = ownPresentation
        if let attachment = attachment(p) {
            guard attachment.position != .replace else { return .attachment(attachment, text: "") }
            return .attachment(attachment, text: p.replace.map(render) ?? shownText(p))
        }
        if let replacement = p.replace { return .text(measuredDisplay ?? render(replacement)) }
        return .text(shownText(p))
    }

    /// The display the records rendered for this match (`DisplayKind.measured`), if any.
    private var measuredDisplay: String? { candidateIndex >= 0 ? context.measured?[candidateIndex] : nil }

    /// A container's display: its part of the result's display.
    private var containerDisplay: String {
        guard let nesting = context.nesting else { return "" }
        let display = context.display { nesting.display(context) }
        let start = String.Index(utf16Offset: displayRange.location, in: display)
        let end = String.Index(utf16Offset: displayRange.upperBound, in: display)
        return String(display[start..<end])
    }

    /// The source text the match shows: the `show` group, a tag's content, or the match
    /// (an entity: the character it stands for).
    private func shownText(_ p: RulePresentation) -> String {
        guard candidateIndex >= 0 else { return "" }
        if case .entity = context.rules[ruleIndex].matcher {
            return HTMLEntity.match(context.units, at: range.location).map { $0.decoded } ?? text
        }
        if let show = p.show {
            let groups = groupRanges
            // A group the pattern lacks (a table built in code; `validate()` refuses it): the
            // whole match, as `contentRange` takes it.
            return groups.indices.contains(show) ? groups[show].map(context.string) ?? "" : text
        }
        return tag?.text ?? text
    }
    /// The image or widget the match shows, if any (`nil` for a leaf clipped before its
    /// attachment character).
    public var attachment: Attachment? {
        if let clip, attachmentPosition == .after, clip.shown < clip.full { return nil }
        return attachment(ownPresentation)
    }
    /// The rule's `alt` text, filled from the match: what VoiceOver reads for the match's
    /// replacement (`replace "🔗" alt "Web link"`) or attachment; `nil` without `alt`.
    public var alternateText: String? { ownPresentation.alt.map(render) }

    /// The cut inside this leaf match of a result truncated by display offset, if any.
    var clip: MatchContext.Clip? {
        guard candidateIndex >= 0, let clip = context.cut?.clip, clip.candidate == candidateIndex else { return nil }
        return clip
    }
    /// Where the match's attachment character sits (`nil`: it has none), read from its
    /// presentation without making the attachment.
    var attachmentPosition: AttachmentPosition? {
        guard candidateIndex >= 0 else { return nil }
        switch context.presentation.displayKind(context.candidates[candidateIndex]) {
        case .source, .tagContent, .literal: return nil
        case .attachment: return .replace
        case .besideSource(let before), .besideTagContent(let before), .besideLiteral(_, let before): return before ? .before : .after
        case .measured: break  // a `show` group or a replacement with holes may sit beside an attachment
        }
        let p = ownPresentation
        if let image = p.image { return image.position ?? .replace }
        if let widget = p.widget { return widget.position ?? .replace }
        return nil
    }
    /// The display offset of the attachment character, if any (inside `displayRange`).
    public var attachmentOffset: Int? {
        guard let position = attachmentPosition else { return nil }
        guard position == .after else { return displayRange.location }
        let offset = displayRange.location + (clip?.full ?? displayRange.length) - 1
        return offset < displayRange.upperBound ? offset : nil
    }
    /// The display text of the match (U+FFFC for the attachment; a clipped leaf: the part
    /// before the cut).
    public var display: String {
        guard let clip else { return fullDisplay }
        return utf16Prefix(fullDisplay, clip.shown)
    }

    /// The display of the match when nothing is clipped.
    private var fullDisplay: String {
        if let measuredDisplay { return measuredDisplay }
        switch content {
        case .text(let text): return text
        case .attachment(let attachment, let text):
            switch attachment.position {
            case .replace: return "\u{FFFC}"
            case .before: return "\u{FFFC}" + text
            case .after: return text + "\u{FFFC}"
            }
        }
    }

    private func attachment(_ p: RulePresentation) -> Attachment? {
        guard p.image != nil || p.widget != nil else { return nil }
        func points(_ dimension: AttachmentDimension?) -> Double? {
            switch dimension {
            case .points(let value)?: return value > 0 && value <= 10_000 ? value : nil
            case .fromMatch(let template)?: return AttachmentDimension.points(from: render(template))
            case nil: return nil
            }
        }
        var alt: String? {
            if let template = p.alt { return render(template) }
            if candidateIndex >= 0, case .element = context.rules[ruleIndex].matcher, let value = tag?.attribute("alt") { return value }
            return nil
        }
        if let image = p.image {
            return Attachment(
                kind: .image(source: render(image.source)), width: points(image.width), height: points(image.height),
                alignment: image.align ?? .middle, position: image.position ?? .replace, isTappable: true, alternateText: alt)
        }
        if let widget = p.widget {
            return Attachment(
                kind: .widget(name: widget.name), width: points(widget.width), height: points(widget.height),
                alignment: widget.align ?? .middle, position: widget.position ?? .replace, isTappable: widget.tappable ?? true,
                alternateText: alt)
        }
        return nil
    }

    /// Fills a template from this match's captures and named values.
    package func render(_ template: MatchTemplate) -> String {
        // Groups are solved only if the template reads one beyond `$0` (or a named one): a
        // tap on `$0` or a detector's field solves nothing.
        var solved: [TextRange?]?
        func groups() -> [TextRange?] {
            if let solved { return solved }
            let groups = groupRanges
            solved = groups
            return groups
        }
        return template.render(
            group: { number in
                if number == 0 { return context.string(range) }
                let groups = groups()
                return number > 0 && number < groups.count ? groups[number].map(context.string) : nil
            }, name: { namedValue($0, groups: groups) })
    }

    /// `named[key]`, without making the others.
    private func namedValue(_ key: String, groups: () -> [TextRange?]) -> String? {
        guard candidateIndex >= 0 else { return nil }
        // The rule read in place (a copy of its entry retains every field of it).
        guard let tag else {
            if let fields = detectorFields { return fields[key] }
            guard let number = context.rules[ruleIndex].captureNames[key], number >= 0 else { return nil }
            let groups = groups()
            guard number < groups.count, let range = groups[number] else { return nil }
            return context.string(range)
        }
        let field: String?
        switch key {
        case "text": field = tag.text
        case "name": field = tag.name
        case "level": field = tag.level.map(String.init) ?? ""
        case "index": field = String(tag.index)
        default: field = nil
        }
        if let value = tag.attribute(key) {
            if field == nil { return value }
            if case .element(_, let attributes, _) = context.rules[ruleIndex].matcher, attributes.contains(key) { return value }
        }
        return field
    }

    /// Matches are equal when everything they show and do is equal.
    public static func == (a: RuleMatch, b: RuleMatch) -> Bool {
        a.ruleIndex == b.ruleIndex && a.range == b.range && a.displayRange == b.displayRange && a.parent == b.parent
            && a.isTruncationToken == b.isTruncationToken && a.groupRanges == b.groupRanges && a.tag == b.tag && a.rule == b.rule
            && a.text == b.text && a.presentation == b.presentation && a.captures == b.captures && a.named == b.named
            && a.content == b.content && a.tap == b.tap
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ruleIndex)
        hasher.combine(range)
        hasher.combine(text)
    }
}

/// The first `length` UTF-16 units of `text` (a cut at a grapheme-cluster boundary of the
/// display, so at a scalar boundary).
func utf16Prefix(_ text: String, _ length: Int) -> String {
    let units = text.utf16
    guard length < units.count else { return text }
    let prefix = units.prefix(max(0, length))
    return String(prefix) ?? String(decoding: prefix, as: UTF16.self)
}

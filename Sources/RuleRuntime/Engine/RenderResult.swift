import Foundation

/// A range of UTF-16 code units, as `NSRange`.
public struct TextRange: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var location: Int
    public var length: Int
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }
    public var upperBound: Int { location + length }
    public func overlaps(_ other: TextRange) -> Bool {
        location < other.upperBound && other.location < upperBound && length > 0 && other.length > 0
    }
    public static func < (a: TextRange, b: TextRange) -> Bool {
        (a.location, a.length) < (b.location, b.length)
    }
    public var description: String { "[\(location), \(length)]" }
}

/// What the seed calls `HTagInfo`: a tag of a tag family, or a generic element.
public struct TagInfo: Sendable, Hashable {
    /// Ordinal of the tag among all tags its rule found in the text (0-based, before
    /// resolution, all tag names counted together).
    public var index: Int
    /// Lower-case tag name: `h`, `h1`, `a`.
    public var name: String
    /// The digits after the family name (`<h3>` → 3), `nil` for `<h>` and elements.
    public var level: Int?
    /// The content between the opening and closing tag (empty for void elements).
    public var text: String
    /// The whole source markup.
    public var raw: String
    /// Attribute values of generic elements (entities decoded), by lower-case name.
    public var attributes: [String: String]
    /// Where `text` is in the original text (UTF-16); `nil` for a tag made by hand.
    public var contentRange: TextRange?

    public init(
        index: Int, name: String, level: Int?, text: String, raw: String, attributes: [String: String] = [:],
        contentRange: TextRange? = nil
    ) {
        self.index = index
        self.name = name
        self.level = level
        self.text = text
        self.raw = raw
        self.attributes = attributes
        self.contentRange = contentRange
    }
}

/// A tap target with its arguments resolved from the match.
public struct TapTarget: Sendable, Hashable {
    public struct Argument: Sendable, Hashable {
        public var label: String?
        public var value: String
        public init(label: String?, value: String) {
            self.label = label
            self.value = value
        }
    }
    public var handler: String
    public var arguments: [Argument]
    public init(handler: String, arguments: [Argument]) {
        self.handler = handler
        self.arguments = arguments
    }
}

/// What a match shows in the display text.
public enum MatchContent: Sendable, Hashable {
    /// Text (the matched text, a tag's content, or a replacement).
    case text(String)
    /// An image or widget (one U+FFFC in the display text) and the text beside it: empty
    /// when it replaces the match, else the match's text (`position before|after`).
    case attachment(Attachment, text: String)
}

/// A match of a rule, kept or discarded.
///
/// A match stores only ranges and indices; its strings (matched text, captures, tap
/// arguments, display) are computed when read, so rendering a long text stays cheap
/// (see `RuleEngine.render`).
public struct RuleMatch: Sendable, Hashable {
    /// The rule's index in the table (its declaration order).
    public let ruleIndex: Int
    /// Source range in the original text (UTF-16).
    public let range: TextRange
    /// Range of what the match shows in `RenderResult.display` (UTF-16); for discarded
    /// matches, length 0 at the display position of their source start (a start inside a
    /// kept match maps to the start of that match's display).
    public internal(set) var displayRange: TextRange
    /// Capture group ranges by number (`[0]` is `range`); `nil` where a group did not
    /// participate. Prefix rules, tags and elements have only `[0]`.
    public var groupRanges: [TextRange?] {
        let (stored, pending) = context.candidates.withUnsafeBufferPointer { c in
            (c[candidateIndex].storedGroups, c[candidateIndex].pendingGroups)
        }
        if pending, let solver = context.solver { return solver.groups(ruleIndex: ruleIndex, range: range, units: context.units) }
        return stored ?? [range]
    }
    /// Tag information for tag families and elements.
    public var tag: TagInfo? { context.candidates.withUnsafeBufferPointer { $0[candidateIndex].tagBox?.info } }
    /// The candidate this match was made from, in `context.candidates` (its groups and
    /// tag stay there: a match holds one reference, so building one costs one retain).
    let candidateIndex: Int
    let context: MatchContext
    /// The index of the innermost kept container this match lies in (in its content), in
    /// `RenderResult.matches`; `nil` at the top level and for discarded matches.
    public internal(set) var parent: Int?
    /// This match's index in `RenderResult.matches` (-1: discarded).
    let position: Int

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

    var entry: RuleEntry { context.rules[ruleIndex] }
    /// The presentation for this match (per tag name for tag families). A nested match's
    /// style is merged from the outside in: base → its containers' styles → its own.
    public var presentation: Presentation {
        var p = entry.presentation(for: tag)
        if let parent, let nesting = context.nesting { p.style = nesting.style(over: parent, layer: p.layer ?? p.style, context) }
        return p
    }
    /// The part of the source text the match shows: a tag's content, the `show` group, else
    /// the whole match. A container holds its nested matches in this range.
    public var contentRange: TextRange {
        if let content = tag?.contentRange { return content }
        if let show = entry.presentation.show {
            let groups = groupRanges
            return show < groups.count ? groups[show] ?? TextRange(location: range.location, length: 0) : range
        }
        return range
    }
    /// Whether this is a kept container (its display holds its nested matches).
    public var isContainer: Bool { position >= 0 && context.nesting?.isContainer[position] == true }

    /// The rule's name.
    public var rule: String { entry.name }
    public var priority: Int { entry.priority }
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
        var named: [String: String] = [:]
        if let tag {
            named = ["text": tag.text, "name": tag.name, "level": tag.level.map(String.init) ?? "", "index": String(tag.index)]
            var declared: Set<String> = []
            if case .element(_, let attributes, _) = entry.matcher { declared = Set(attributes) }
            for (key, value) in tag.attributes where declared.contains(key) || named[key] == nil { named[key] = value }
        } else {
            for (name, number) in entry.captureNames where number >= 0 && number < groupRanges.count {
                if let range = groupRanges[number] { named[name] = context.string(range) }
            }
        }
        return named
    }
    /// Merged style (base → rule → tag) and pressed highlight.
    public var style: TextStyle { presentation.style }
    public var styleName: String? { presentation.styleName }
    /// The pressed highlight: the rule's, tag's or family's, else the spec's default;
    /// `nil` for `highlight none` and for matches that are not tappable.
    public var highlight: TextStyle? {
        let p = presentation
        return p.tap == nil ? nil : p.highlight
    }
    /// The tap target with its arguments filled from the match.
    public var tap: TapTarget? {
        guard let spec = presentation.tap else { return nil }
        return TapTarget(handler: spec.handler, arguments: spec.arguments.map { .init(label: $0.label, value: render($0.value)) })
    }
    /// What the match shows (a kept container: its content, nested matches shown in place).
    public var content: MatchContent {
        if position >= 0, let nesting = context.nesting, nesting.isContainer[position] {
            return .text(nesting.text(displayRange, context))
        }
        let p = presentation
        if let attachment = attachment(p) {
            return .attachment(attachment, text: attachment.position == .replace ? "" : shownText(p))
        }
        if let replacement = p.replace { return .text(render(replacement)) }
        return .text(shownText(p))
    }

    /// The source text the match shows: the `show` group, a tag's content, or the match
    /// (an entity: the character it stands for).
    private func shownText(_ p: Presentation) -> String {
        if case .entity = entry.matcher {
            let start = range.location
            return HTMLEntity.match(context.units, at: start).map { $0.decoded } ?? text
        }
        if let show = p.show {
            let groups = groupRanges
            return show < groups.count ? groups[show].map(context.string) ?? "" : ""
        }
        return tag?.text ?? text
    }
    /// The image or widget the match shows, if any.
    public var attachment: Attachment? { attachment(presentation) }
    /// The display offset of the attachment character, if any (inside `displayRange`).
    public var attachmentOffset: Int? {
        guard let attachment else { return nil }
        return attachment.position == .after ? displayRange.upperBound - 1 : displayRange.location
    }
    /// The display text of the match (U+FFFC for the attachment).
    public var display: String {
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

    private func attachment(_ p: Presentation) -> Attachment? {
        func points(_ dimension: AttachmentDimension?) -> Double? {
            switch dimension {
            case .points(let value)?: return value > 0 && value <= 10_000 ? value : nil
            case .fromMatch(let template)?: return AttachmentDimension.points(from: render(template))
            case nil: return nil
            }
        }
        var alt: String? {
            if let template = p.alt { return render(template) }
            if case .element(_, _, _) = entry.matcher, let value = tag?.attributes["alt"] { return value }
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
    public func render(_ template: Template) -> String {
        let groups = groupRanges
        var namedValues: [String: String]?
        return template.render(
            group: { $0 >= 0 && $0 < groups.count ? groups[$0].map(context.string) : nil },
            name: { key in
                if namedValues == nil { namedValues = named }
                return namedValues?[key]
            })
    }

    /// Matches are equal when everything they show and do is equal.
    public static func == (a: RuleMatch, b: RuleMatch) -> Bool {
        a.ruleIndex == b.ruleIndex && a.range == b.range && a.displayRange == b.displayRange && a.parent == b.parent
            && a.groupRanges == b.groupRanges
            && a.tag == b.tag && a.rule == b.rule && a.text == b.text && a.presentation == b.presentation
            && a.captures == b.captures && a.named == b.named && a.content == b.content && a.tap == b.tap
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ruleIndex)
        hasher.combine(range)
        hasher.combine(text)
    }
}

/// What every match of one render shares: the text's UTF-16 units, the table's rules,
/// the candidates the matches were made from, and the matcher that solves groups left
/// pending.
final class MatchContext: @unchecked Sendable {
    // Unchecked: immutable but for `made` and `display`, which are made when first read
    // and only read and written under this context's `StripedLocks` lock; `units` points
    // into the storage, which lives as long as this.
    private let madeUnits: TextUnits?
    /// The text whose units to make when first read (`nil`: `madeUnits` has them).
    private let lazyText: String?
    private var made: TextUnits?
    private var display: String?
    /// The text's UTF-16 units: made for the render, or (after a render on UTF-8) when
    /// first read.
    var storage: TextUnits { madeUnits ?? lazyUnits() }
    var units: UnsafeBufferPointer<UInt16> { storage.buffer }
    let rules: [RuleEntry]
    let candidates: [Candidate]
    let solver: ReferenceMatcher?
    /// The table's base style and truncation token (shared by every render of an engine).
    let presentation: TablePresentation
    /// The rule index of the truncation token's pseudo-rule (`truncated(toCharacters:)`), if any.
    let truncationRuleIndex: Int?
    /// The tree of kept matches when some nest; set once, by the render that made this.
    var nesting: Nesting?

    init(
        units: TextUnits, rules: [RuleEntry], candidates: [Candidate], solver: ReferenceMatcher? = nil,
        presentation: TablePresentation = .plain, truncationRuleIndex: Int? = nil
    ) {
        self.madeUnits = units
        self.lazyText = nil
        self.rules = rules
        self.candidates = candidates
        self.solver = solver
        self.presentation = presentation
        self.truncationRuleIndex = truncationRuleIndex
    }

    /// A context whose UTF-16 units are made from `text` when first read, unless `made`.
    init(
        text: String, made: TextUnits?, rules: [RuleEntry], candidates: [Candidate], solver: ReferenceMatcher?,
        presentation: TablePresentation
    ) {
        self.madeUnits = made
        self.lazyText = made == nil ? text : nil
        self.rules = rules
        self.candidates = candidates
        self.solver = solver
        self.presentation = presentation
        self.truncationRuleIndex = nil
    }

    func string(_ range: TextRange) -> String {
        utf16String(units[range.location..<range.upperBound])
    }

    private func lazyUnits() -> TextUnits {
        StripedLocks.once(for: self, get: { made }, set: { made = $0 }, make: { TextUnits.make(lazyText ?? "") })
    }

    /// The display text, made by `make` the first time (which may read the units).
    func display(_ make: () -> String) -> String {
        StripedLocks.once(for: self, get: { display }, set: { display = $0 }, make: make)
    }
}

/// Locks for values that results make when first read: a fixed set shared by address, so
/// that a render allocates no lock of its own. A lock is held only to read or store a
/// value, never while one is made (two objects may share a lock).
enum StripedLocks {
    private static let locks: [NSLock] = (0..<64).map { _ in NSLock() }

    static func lock(for object: AnyObject) -> NSLock {
        // Objects are 16-byte aligned: the bits above those pick the lock.
        let address = UInt(bitPattern: ObjectIdentifier(object))
        return locks[Int((address >> 4 ^ address >> 10) & 63)]
    }

    /// `object`'s value: `get()` once it has one; else made by `make` outside the lock,
    /// and the first value stored with `set` wins (both under `object`'s lock).
    static func once<Value>(for object: AnyObject, get: () -> Value?, set: (Value) -> Void, make: () -> Value) -> Value {
        let lock = lock(for: object)
        lock.lock()
        if let value = get() {
            lock.unlock()
            return value
        }
        lock.unlock()
        let made = make()
        lock.lock()
        defer { lock.unlock() }
        if let value = get() { return value }
        set(made)
        return made
    }
}

/// What of a table every render's presentation needs: the base style of plain text, the
/// default highlight and the truncation token.
final class TablePresentation: Sendable {
    let base: TextStyle
    let truncation: TruncationSpec?
    static let plain = TablePresentation(base: TextStyle(), truncation: nil)

    init(base: TextStyle, truncation: TruncationSpec?) {
        self.base = base
        self.truncation = truncation
    }
}

/// Why a match was discarded: the kept match it overlaps, and which ranking step decided.
public struct DiscardReason: Sendable, Hashable, CustomStringConvertible {
    public enum Decider: String, Sendable, Hashable {
        case priority, position, length, declarationOrder
    }
    public var keptRule: String
    public var keptRange: TextRange
    public var decider: Decider

    public init(keptRule: String, keptRange: TextRange, decider: Decider) {
        self.keptRule = keptRule
        self.keptRange = keptRange
        self.decider = decider
    }

    public var description: String {
        let why: String
        switch decider {
        case .priority: why = "higher priority"
        case .position: why = "earlier start"
        case .length: why = "longer match"
        case .declarationOrder: why = "declared earlier"
        }
        return "overlaps '\(keptRule)' at \(keptRange), which wins (\(why))"
    }
}

/// A run of the display text: plain text or a kept match.
public enum Segment: Sendable, Hashable {
    /// Plain text: its range in the source and in the display (same length). Its text is
    /// `RenderResult.text(of:)`.
    case plain(source: TextRange, display: TextRange)
    /// Index into `RenderResult.matches`.
    case match(Int)
}

/// The outcome of running a rule set on a text.
///
/// Matches, segments and ranges are computed by `render`; the strings (the display text,
/// plain runs, each match's texts) are built when read, so a caller that only needs
/// ranges and tap targets pays for no string it does not use.
public struct RenderResult: Sendable, Hashable {
    /// The original text.
    public let text: String
    /// Kept matches, in text order.
    public let matches: [RuleMatch]
    /// Discarded matches, in text order, each with its reason.
    public let discarded: [DiscardedMatch]
    /// Rules on NSRegularExpression whose matching stopped before the end of the text
    /// (`RuleEngine.fallbackBudget`, or ICU giving up), in rule order; empty normally.
    /// Their later matches are missing from `matches`: log these.
    public let interrupted: [InterruptedRule]
    /// Plain runs and top-level matches, in order, covering the whole text (derived from
    /// the kept matches when read, so that a render that only styles ranges builds no
    /// list). A container's segment holds its nested matches (see `RuleMatch.parent`).
    public var segments: [Segment] {
        let length = sourceLimit ?? context?.units.count ?? text.utf16.count
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
    let context: MatchContext?
    /// Where the shown source ends (a truncated result); `nil`: the whole text.
    let sourceLimit: Int?
    /// The display text, built once when first read.

    init(
        text: String, matches: [RuleMatch], discarded: [DiscardedMatch], interrupted: [InterruptedRule] = [], context: MatchContext?,
        sourceLimit: Int? = nil
    ) {
        self.text = text
        self.matches = matches
        self.discarded = discarded
        self.interrupted = interrupted
        self.context = context
        self.sourceLimit = sourceLimit
    }

    /// What is shown: plain text, tag contents, replacements, U+FFFC for attachments.
    /// (Built on first read and kept: hit testing and attributed strings read it again.)
    public var display: String {
        context?.display { buildDisplay() } ?? ""
    }

    private func buildDisplay() -> String {
        guard let context else { return "" }
        if let nesting = context.nesting { return nesting.display(context) }
        var units: [UInt16] = []
        units.reserveCapacity(context.units.count)
        for segment in segments {
            switch segment {
            case .plain(let source, _):
                units.append(contentsOf: UnsafeBufferPointer(rebasing: context.units[source.location..<source.upperBound]))
            case .match(let index): units.append(contentsOf: matches[index].display.utf16)
            }
        }
        return units.withUnsafeBufferPointer(utf16String)
    }

    /// The text of a segment: a plain run's source text, or a match's display.
    public func text(of segment: Segment) -> String {
        switch segment {
        case .plain(let source, _): return context?.string(source) ?? ""
        case .match(let index): return matches[index].display
        }
    }

    public static func == (a: RenderResult, b: RenderResult) -> Bool {
        a.text == b.text && a.matches == b.matches && a.discarded == b.discarded && a.segments == b.segments
            && a.display == b.display && a.interrupted == b.interrupted
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(segments)
    }
}

/// A lazily built display string, shared by copies of one result.
final class DisplayCache: @unchecked Sendable {
    // Unchecked: `cached` is only read and written under this object's `StripedLocks` lock.
    private var cached: String?

    func value(_ make: () -> String) -> String {
        StripedLocks.once(for: self, get: { cached }, set: { cached = $0 }, make: make)
    }
}

/// A match the resolver dropped, with the reason.
public struct DiscardedMatch: Sendable, Hashable {
    public var match: RuleMatch
    public var reason: DiscardReason
    public init(match: RuleMatch, reason: DiscardReason) {
        self.match = match
        self.reason = reason
    }
}

import Foundation

/// What of a table every render's records and reads need, made once per engine: the base
/// style of plain text, the truncation token, what each rule's matches show, and the
/// attributes `attributedString()` starts from.
final class PresentationCache: @unchecked Sendable {
    // Unchecked: immutable but for `linked`, read and written under `lock`.
    let base: TextStyle
    let truncation: TruncationSpec?
    /// The truncation token's presentation: the spec's `truncation` (its text as the
    /// replacement), else `…` in the base style, not tappable.
    let token: RulePresentation
    /// The token's text.
    let tokenText: String
    /// Per rule, what its matches show; per rule and tag name, for the tags of a family
    /// that show something else.
    let displayKinds: [DisplayKind]
    let tagDisplayKinds: [[String: DisplayKind]]
    /// Plain text's attributes (the base style, a writing direction), by direction
    /// (`[left to right, right to left]`).
    let plainAttributes: [AttributeContainer]
    /// Per rule, by direction: a match's style, rule name and writing direction, for rules
    /// whose matches all share one style (`nil`: a family with tags of their own or
    /// conditional styles). Setting an attribute costs thousands of instructions in
    /// swift-foundation; a label's matches start from these.
    let ruleAttributes: [[AttributeContainer]?]
    /// Whether some style of the table sets a paragraph property (`alignment`, …): only then
    /// does `attributedString()` look up each paragraph's.
    let hasParagraphProperties: Bool

    static let plain = PresentationCache(base: TextStyle(), truncation: nil, rules: [])

    convenience init(_ table: StyleTable) {
        self.init(base: table.base, truncation: table.truncation, rules: table.rules)
    }

    init(base: TextStyle, truncation: TruncationSpec?, rules: [RuleEntry]) {
        self.base = base
        self.truncation = truncation
        let spec = truncation ?? TruncationSpec(text: "…", style: base)
        tokenText = spec.text
        token = RulePresentation(
            style: spec.style, styleName: spec.styleName, highlight: spec.highlight, tap: spec.tap, replace: MatchTemplate(text: spec.text))
        displayKinds = rules.map { rule in
            switch rule.matcher {
            case .tagFamily, .element: return DisplayKind(rule.presentation, isTag: true)
            case .regex, .prefix: return DisplayKind(rule.presentation, isTag: false)
            case .entity: return DisplayKind(rule.presentation, isTag: false, isEntity: true)
            }
        }
        tagDisplayKinds = rules.map { rule in rule.tags.mapValues { DisplayKind($0, isTag: true) } }
        hasParagraphProperties =
            base.hasParagraphProperties || spec.style.hasParagraphProperties
            || rules.contains { rule in
                ([rule.presentation] + rule.tags.values).contains {
                    $0.style.hasParagraphProperties || $0.layer?.hasParagraphProperties == true
                }
                    || rule.conditionalStyles.contains { $0.style.hasParagraphProperties }
            }
        hasTagKinds = tagDisplayKinds.map { !$0.isEmpty }
        ruleStyles = rules.map { $0.presentation.style }
        ruleTaps = rules.map { $0.presentation.tap }
        detectors = rules.map { rule in
            guard case .regex(_, _, let detector) = rule.matcher else { return nil }
            return detector
        }
        let directions: [WritingDirection] = [.leftToRight, .rightToLeft]
        plainAttributes = directions.map { direction in
            var container = AttributeContainer()
            container[RichRulesAttributes.StyleAttribute.self] = base
            container[RichRulesAttributes.WritingDirectionAttribute.self] = direction
            return container
        }
        ruleAttributes = rules.map { rule in
            guard rule.tags.isEmpty, rule.conditionalStyles.isEmpty else { return nil }
            return directions.map { direction in
                var container = AttributeContainer()
                container[RichRulesAttributes.StyleAttribute.self] = rule.presentation.style
                container[RichRulesAttributes.RuleAttribute.self] = rule.name
                container[RichRulesAttributes.WritingDirectionAttribute.self] = direction
                return container
            }
        }
    }

    /// The index of `direction` in `plainAttributes` and `ruleAttributes`.
    static func index(of direction: WritingDirection) -> Int { direction == .rightToLeft ? 1 : 0 }

    private let lock = NSLock()
    /// `ruleAttributes` with a match index and its link added, for the first matches of a
    /// text (the same for every label), made when first needed.
    private var linked: [Int: AttributeContainer] = [:]
    static let linkedMatches = 32

    /// The attributes of match `index` (under `linkedMatches`) of rule `rule` in `direction`,
    /// with its link when `link` is given: `ruleAttributes` plus the match index and link.
    func attributes(rule: Int, direction: Int, index: Int, link: () -> URL?) -> AttributeContainer? {
        guard index < Self.linkedMatches, let shared = ruleAttributes[rule] else { return nil }
        let key = (rule * 2 + direction) * Self.linkedMatches + index
        if let found = lock.withLock({ linked[key] }) { return found }
        var container = shared[direction]
        container[RichRulesAttributes.MatchIndexAttribute.self] = index
        if let url = link() { container[AttributeScopes.FoundationAttributes.LinkAttribute.self] = url }
        lock.withLock { linked[key] = container }
        return container
    }

    /// Per rule, the style and the tap of a match that is not a tag's, and the detector whose
    /// fields its templates read: what reads of every match need, without copying its
    /// `RuleEntry` (which retains every field of it).
    let ruleStyles: [TextStyle]
    let ruleTaps: [TapSpec?]
    let detectors: [String?]

    /// Per rule, whether some tag of the family has a kind of its own.
    private let hasTagKinds: [Bool]

    /// What a candidate of rule `ruleIndex` shows (its tag's kind for families).
    @inline(__always) func displayKind(_ candidate: Candidate) -> DisplayKind {
        let ruleIndex = candidate.ruleIndex
        if hasTagKinds[ruleIndex], let box = candidate.tagBox, let specific = tagDisplayKinds[ruleIndex][box.info.name] {
            return specific
        }
        return displayKinds[ruleIndex]
    }

    /// The text of a candidate whose kind is `.literal`: its presentation's replacement.
    func literalText(of candidate: Candidate, rules: [RuleEntry]) -> String {
        let p = rules[candidate.ruleIndex].presentation(forTag: candidate.tagBox?.info.name)
        return p.replace?.parts.reduce(into: "") { text, part in if case .text(let piece) = part { text += piece } } ?? ""
    }
}

/// What a match shows in the display, as far as the rule alone tells.
enum DisplayKind: Sendable {
    /// The matched source text.
    case source
    /// A tag's content.
    case tagContent
    /// A replacement without holes: always the same text, of `length` UTF-16 units
    /// (`PresentationCache.literalText(of:)`; no string in the kind, so reading one costs
    /// no reference count).
    case literal(length: Int)
    /// One attachment character instead of the match.
    case attachment
    /// The source text, or a tag's content, with one attachment character before or after it.
    case besideSource(before: Bool)
    case besideTagContent(before: Bool)
    /// A replacement without holes (`length` UTF-16 units) with one attachment character
    /// before or after it (`replace "网页链接" image "link" position before`).
    case besideLiteral(length: Int, before: Bool)
    /// Known only from the match: a replacement with holes, a `show` group, the character
    /// an HTML character reference stands for. Rendered once, when the match is recorded.
    case measured

    init(_ p: RulePresentation, isTag: Bool, isEntity: Bool = false) {
        if isEntity, p.replace == nil, p.image == nil, p.widget == nil {
            self = .measured
        } else if p.show != nil {
            self = .measured
        } else if let position = p.image?.position ?? p.widget?.position, position != .replace {
            let before = position == .before
            if let replace = p.replace {
                guard let length = Self.literalLength(replace) else {
                    self = .measured
                    return
                }
                self = .besideLiteral(length: length, before: before)
            } else {
                self = isTag ? .besideTagContent(before: before) : .besideSource(before: before)
            }
        } else if p.image != nil || p.widget != nil {
            self = .attachment
        } else if let replace = p.replace {
            guard let length = Self.literalLength(replace) else {
                self = .measured
                return
            }
            self = .literal(length: length)
        } else {
            self = isTag ? .tagContent : .source
        }
    }

    /// The UTF-16 length of a replacement without holes; `nil` when it has some.
    private static func literalLength(_ replace: MatchTemplate) -> Int? {
        var length = 0
        for part in replace.parts {
            guard case .text(let piece) = part else { return nil }
            length += piece.utf16.count
        }
        return length
    }

    var isSource: Bool {
        if case .source = self { return true }
        return false
    }

    var isTagContent: Bool {
        if case .tagContent = self { return true }
        return false
    }
}

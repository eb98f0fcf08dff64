import Foundation

/// One rule of the table.
@_spi(Generated) public struct RuleEntry: Sendable, Hashable {
    public var name: String
    public var matcher: MatcherSpec
    public var priority: Int
    /// RulePresentation of every match of the rule (for a tag family: of tags without a block
    /// of their own).
    public var presentation: RulePresentation
    /// Tag family only: per tag name (lower-case, `h1`), the fully merged presentation.
    public var tags: [String: RulePresentation]
    /// Tag family only: styles for the tags that pass a test, merged in order over the
    /// tag's style.
    public var conditionalStyles: [ConditionalStyle]
    /// Capture group names → numbers (regex rules).
    public var captureNames: [String: Int]
    /// A container (`nest`): a match may hold other kept matches inside its content (a tag's
    /// content, the `show` group, else the whole match), which it shows in place.
    public var nest: Bool
    /// `in arguments`: in a template's render (`RuleEngine.render(template:)`), the rule
    /// also matches inside one rich argument (never a plain one); without it, its matches lie
    /// in the template's own text.
    public var inArguments: Bool

    public init(
        name: String, matcher: MatcherSpec, priority: Int = 0, presentation: RulePresentation,
        tags: [String: RulePresentation] = [:], conditionalStyles: [ConditionalStyle] = [], captureNames: [String: Int] = [:],
        nest: Bool = false, inArguments: Bool = false
    ) {
        self.name = name
        self.matcher = matcher
        self.priority = priority
        self.presentation = presentation
        self.tags = tags
        self.conditionalStyles = conditionalStyles
        self.captureNames = captureNames
        self.nest = nest
        self.inArguments = inArguments
    }

    /// The presentation of a match, given its tag name for tag families.
    public func presentation(forTag tag: String?) -> RulePresentation {
        if let tag, let specific = tags[tag] { return specific }
        return presentation
    }

    /// The presentation of a match of a tag: its tag block's (or the family's), with the
    /// conditional styles it passes merged in order (a later block's tap replacing an
    /// earlier one's).
    public func presentation(for tag: TagInfo?) -> RulePresentation {
        var p = presentation(forTag: tag?.name)
        if let tag, !conditionalStyles.isEmpty {
            for conditional in conditionalStyles where conditional.applies(to: tag) {
                p.style = p.style.merged(with: conditional.style)
                p.layer = p.layer?.merged(with: conditional.style)
                switch conditional.tap {
                case .tap(let spec)?: p.tap = spec
                case .notTappable?: p.tap = nil
                case nil: break
                }
                if let layout = conditional.layout { p.layout = layout }
                if let before = conditional.before { p.before = before }
                if let after = conditional.after { p.after = after }
            }
        }
        return p
    }

    /// The tap of a match of a tag (`presentation(for:).tap`, without merging styles).
    public func tap(for tag: TagInfo?) -> TapSpec? {
        var tap = presentation(forTag: tag?.name).tap
        if let tag, !conditionalStyles.isEmpty {
            for conditional in conditionalStyles where conditional.tap != nil && conditional.applies(to: tag) {
                if case .tap(let spec)? = conditional.tap { tap = spec } else { tap = nil }
            }
        }
        return tap
    }
}

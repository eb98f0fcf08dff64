import Foundation

/// RichRules' attributes on an `AttributedString`: what a renderer needs to draw each
/// run and what a tap on it does. Read them as `run.richRules.style`,
/// `attributed[range].richRules.matchIndex`, …
public struct RichRulesAttributes: AttributeScope {
    /// The merged, typed style of the run (plain text: the table's base style).
    public let style: StyleAttribute
    /// The name of the rule whose match the run shows.
    public let rule: RuleAttribute
    /// The index of that match in `RenderResult.matches`.
    public let matchIndex: MatchIndexAttribute
    /// The tap target of a tappable match.
    public let tap: TapAttribute
    /// The image or widget of the run's attachment character (U+FFFC).
    public let attachment: AttachmentAttribute
    /// The base writing direction of the run's paragraph (UAX #9 P2–P3).
    public let writingDirection: WritingDirectionAttribute
    /// Set on the runs of the pressed match (`RichTextOptions.pressed`).
    public let pressed: PressedAttribute
    public let foundation: AttributeScopes.FoundationAttributes

    public enum StyleAttribute: AttributedStringKey {
        public typealias Value = TextStyle
        public static let name = "RichRules.style"
    }
    public enum RuleAttribute: AttributedStringKey {
        public typealias Value = String
        public static let name = "RichRules.rule"
    }
    public enum MatchIndexAttribute: AttributedStringKey {
        public typealias Value = Int
        public static let name = "RichRules.matchIndex"
    }
    public enum TapAttribute: AttributedStringKey {
        public typealias Value = TapTarget
        public static let name = "RichRules.tap"
    }
    public enum AttachmentAttribute: AttributedStringKey {
        public typealias Value = Attachment
        public static let name = "RichRules.attachment"
    }
    public enum WritingDirectionAttribute: AttributedStringKey {
        public typealias Value = WritingDirection
        public static let name = "RichRules.writingDirection"
    }
    public enum PressedAttribute: AttributedStringKey {
        public typealias Value = Bool
        public static let name = "RichRules.pressed"
    }
}

extension AttributeScopes {
    /// RichRules' attributes (`RichRulesAttributes`).
    public var richRules: RichRulesAttributes.Type { RichRulesAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<RichRulesAttributes, T>) -> T {
        self[T.self]
    }
}

/// How `RenderResult.attributedString(options:)` builds the string.
public struct RichTextOptions {
    /// The match shown pressed (an index into `matches`): its highlight is merged over its
    /// style on its whole display range, attachment included. A match without a tap or
    /// with `highlight none` is unchanged.
    public var pressed: Int?
    /// Adjusts a match's style from the match (its index, tag level, text…), merged over
    /// the rule's: ZLRichLabel's `tagStyleBuilder`. `nil` from the closure: unchanged.
    public var style: ((RuleMatch) -> TextStyle?)?
    /// Adds or changes any attribute of a match's runs (after RichRules' own): the place
    /// for framework attributes (ZLRichLabel's `tagSpanBuilder`, without changing the text).
    public var attributes: ((RuleMatch, inout AttributeContainer) -> Void)?
    /// Put Foundation's `link` on tappable matches (`RenderResult.linkURL(forMatch:)`),
    /// so that SwiftUI `Text` and `UITextView` deliver taps as URLs. Default `true`.
    public var links: Bool

    public init(
        pressed: Int? = nil, style: ((RuleMatch) -> TextStyle?)? = nil,
        attributes: ((RuleMatch, inout AttributeContainer) -> Void)? = nil, links: Bool = true
    ) {
        self.pressed = pressed
        self.style = style
        self.attributes = attributes
        self.links = links
    }
}

extension RenderResult {
    /// The URL scheme of match links: `richrules://match/<index>`.
    public static let linkScheme = "richrules"

    /// The link URL of a match: `richrules://match/<index>` (`match(forLink:)` maps it back).
    public func linkURL(forMatch index: Int) -> URL {
        URL(string: "\(Self.linkScheme)://match/\(index)")!
    }

    /// The tappable match a link URL of this result names, or `nil` (another URL, an
    /// index out of range, a match that is not tappable).
    public func match(forLink url: URL) -> RuleMatch? {
        guard url.scheme == Self.linkScheme, url.host == "match", let last = url.pathComponents.last, let index = Int(last),
            url.pathComponents.count == 2, matches.indices.contains(index), matches[index].tap != nil
        else { return nil }
        return matches[index]
    }

    /// The base writing direction of the whole display (UAX #9 P2–P3, one paragraph; no
    /// strong character: left to right), as `explain` reports it.
    public var direction: WritingDirection { BidiDirection.baseDirection(of: display) }

    /// The display's paragraphs with their base directions (ZLRichLabel's `isRightToLeft`
    /// per paragraph, for natural alignment).
    public var paragraphDirections: [ParagraphDirection] { BidiDirection.paragraphs(of: display) }

    /// The display as an `AttributedString`: its characters are `display`; plain runs
    /// carry the base style, each kept match its merged style, rule, match index, tap
    /// (with Foundation's `link`) and attachment (with `alternateDescription` and, for
    /// images with a URL source, `imageURL`); every run its paragraph's writing direction.
    public func attributedString(options: RichTextOptions = RichTextOptions()) -> AttributedString {
        var result = AttributedString()
        guard let context else { return result }
        var plain = AttributeContainer()
        plain.richRules.style = context.presentation.base
        for segment in segments {
            switch segment {
            case .plain(let source, _):
                result.append(AttributedString(context.string(source), attributes: plain))
            case .match(let index):
                appendMatch(index, to: &result, options: options)
            }
        }
        applyDirections(to: &result)
        return result
    }

    private func appendMatch(_ index: Int, to result: inout AttributedString, options: RichTextOptions) {
        let match = matches[index]
        var style = match.style
        if let custom = options.style?(match) { style = style.merged(with: custom) }
        let tap = match.tap
        if options.pressed == index, tap != nil, let highlight = match.highlight { style = style.merged(with: highlight) }
        var container = AttributeContainer()
        container.richRules.style = style
        container.richRules.rule = match.rule
        container.richRules.matchIndex = index
        if let tap {
            container.richRules.tap = tap
            if options.links { container.link = linkURL(forMatch: index) }
            if options.pressed == index { container.richRules.pressed = true }
        }
        options.attributes?(match, &container)
        switch match.content {
        case .text(let text):
            result.append(AttributedString(text, attributes: container))
        case .attachment(let attachment, let text):
            var attached = container
            attached.richRules.attachment = attachment
            attached.alternateDescription = attachment.accessibilityLabel
            if case .image(let source) = attachment.kind, let url = URL(string: source), url.scheme != nil { attached.imageURL = url }
            if !attachment.isTappable {
                attached.link = nil
                attached.richRules.tap = nil
            }
            let character = AttributedString("\u{FFFC}", attributes: attached)
            let beside = AttributedString(text, attributes: container)
            switch attachment.position {
            case .replace: result.append(character)
            case .before:
                result.append(character)
                result.append(beside)
            case .after:
                result.append(beside)
                result.append(character)
            }
        }
    }

    /// Marks each paragraph's runs with its direction (one pass over the display's scalars
    /// when there is more than one paragraph).
    private func applyDirections(to result: inout AttributedString) {
        let paragraphs = paragraphDirections
        if paragraphs.count <= 1 {
            let direction = paragraphs.first?.direction ?? .leftToRight
            result.richRules.writingDirection = direction
            return
        }
        // UTF-16 offsets → scalar offsets, walking the scalars once.
        var index = result.startIndex
        var offset = 0
        let scalars = result.unicodeScalars
        for paragraph in paragraphs {
            let start = index
            while offset < paragraph.range.upperBound, index < result.endIndex {
                offset += scalars[index].utf16.count
                index = scalars.index(after: index)
            }
            result[start..<index].richRules.writingDirection = paragraph.direction
        }
    }
}

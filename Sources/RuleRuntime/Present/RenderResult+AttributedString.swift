import Foundation

extension RenderResult {
    /// The URL scheme of match links: `richrules://match/<index>`.
    public static let linkScheme = "richrules"

    /// The link URL of a match: `richrules://match/<index>` (`match(forLink:)` maps it back).
    public func linkURL(forMatch index: Int) -> URL {
        index >= 0 && index < Self.commonLinkURLs.count ? Self.commonLinkURLs[index] : URL(string: "\(Self.linkScheme)://match/\(index)")!
    }

    /// The link URLs of the first matches, parsed once: a label's taps are among them, and
    /// parsing a URL costs more than the rest of a match's attributes.
    private static let commonLinkURLs: [URL] = (0..<128).map { URL(string: "\(linkScheme)://match/\($0)")! }

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
    package var paragraphDirections: [ParagraphDirection] { BidiDirection.paragraphs(of: display) }

    /// The display as an `AttributedString`: its characters are `display`; plain runs
    /// carry the base style, each kept match its merged style, rule, match index, tap
    /// (with Foundation's `link`) and attachment (with `alternateDescription` and, for
    /// images with a URL source, `imageURL`); every run its paragraph's writing direction
    /// and, when its paragraph has paragraph properties, `paragraph`: those of the style of
    /// the paragraph's first character, the `style` hook included (`paragraphs(options:)`).
    ///
    /// Inside a container, each character carries the innermost match around it (its
    /// style merged from the outside in, its rule and index) and the tap of the innermost
    /// match around it that has one (`tapOwner(of:)`), whose `link` it shares.
    ///
    /// Note: attributes are set through their keys' subscripts (`container[Key.self]`):
    /// swift-foundation's dynamic-member setters (`container.richRules.style = …`) cost
    /// about 6,000 instructions each on Linux, more than the rest of a label.
    public func attributedString(options: RichTextOptions = RichTextOptions()) -> AttributedString {
        guard let context else { return AttributedString() }
        let display = self.display
        // A paragraph without a strong character takes the view's layout direction (its
        // direction is left to right otherwise).
        var paragraphs = paragraphDirections
        if options.traits.layoutDirection == .rightToLeft {
            for i in paragraphs.indices where !paragraphs[i].hasStrongCharacter { paragraphs[i].direction = .rightToLeft }
        }
        let direction = paragraphs.first?.direction ?? options.traits.layoutDirection
        var result = AttributedString(display, attributes: context.presentation.plainAttributes[PresentationCache.index(of: direction)])
        // The display in the base style, then each run's attributes set on its range.
        // (Setting attributes on ranges of one string costs about half of appending one
        // string per run.)
        var ranges: [(Range<AttributedString.Index>, AttributeContainer)] = []
        ranges.reserveCapacity(matches.count + 2)
        let scalars = result.unicodeScalars
        let units = utf16Units(display)  // a plain array: the string's UTF-16 view walks slowly
        var unitOffset = 0
        var index = result.startIndex
        /// Moves `index` to display offset `offset` (counting the scalars between).
        func advance(to offset: Int) {
            var count = 0
            while unitOffset < offset {
                if units[unitOffset] & 0xFC00 != 0xDC00 { count += 1 }
                unitOffset += 1
            }
            index = scalars.index(index, offsetBy: count)
        }
        var containers: [Int: AttributeContainer] = [:]
        let styles = options.style.map { custom in self.styles(custom: custom) }
        for run in displayRuns() {
            guard let owner = run.owner else { continue }
            advance(to: run.range.lowerBound)
            let start = index
            advance(to: run.range.upperBound)
            var attributes =
                containers[owner] ?? attributes(of: owner, style: styles?[owner], direction: direction, options: options, context: context)
            containers[owner] = attributes
            if run.isAttachment, let attachment = matches[owner].attachment {
                attributes[RichRulesAttributes.AttachmentAttribute.self] = attachment
                attributes[AttributeScopes.FoundationAttributes.AlternateDescriptionAttribute.self] = attachment.accessibilityLabel
                if case .image(let source) = attachment.kind, let url = URL(string: source), url.scheme != nil {
                    attributes[AttributeScopes.FoundationAttributes.ImageURLAttribute.self] = url
                }
                if !attachment.isTappable {
                    attributes[AttributeScopes.FoundationAttributes.LinkAttribute.self] = nil
                    attributes[RichRulesAttributes.TapAttribute.self] = nil
                }
            }
            ranges.append((start..<index, attributes))
        }
        for (range, attributes) in ranges { result[range].setAttributes(attributes) }
        // Several paragraphs: each run takes its paragraph's direction.
        if paragraphs.count > 1 {
            unitOffset = 0
            index = result.startIndex
            for paragraph in paragraphs {
                let start = index
                advance(to: paragraph.range.upperBound)
                result[start..<index][RichRulesAttributes.WritingDirectionAttribute.self] = paragraph.direction
            }
        }
        // Paragraph properties: each paragraph's, on all its runs.
        if context.presentation.hasParagraphProperties || options.style != nil {
            unitOffset = 0
            index = result.startIndex
            for paragraph in self.paragraphs(directions: paragraphs, styles: styles) {
                let start = index
                advance(to: paragraph.range.upperBound)
                if !paragraph.style.isEmpty { result[start..<index][RichRulesAttributes.ParagraphAttribute.self] = paragraph.style }
            }
        }
        return result
    }

    /// The attributes of the text of match `index`: its style (with the `style` hook laid
    /// over each match from the outside in, and the pressed highlight of its tap owner),
    /// rule, index, tap and link (its tap owner's), then the `attributes` hook.
    private func attributes(
        of index: Int, style custom: TextStyle?, direction: WritingDirection, options: RichTextOptions, context: MatchContext
    ) -> AttributeContainer {
        let match = matches[index]
        let owner = tapOwner(of: index)
        let highlight = owner.flatMap { options.pressed == $0 ? matches[$0].highlight : nil }
        var container: AttributeContainer
        let plainStyle = custom == nil && highlight == nil && match.parent == nil && !match.isTruncationToken
        if plainStyle, options.links || owner == nil,
            let shared = context.presentation.attributes(
                rule: match.ruleIndex, direction: PresentationCache.index(of: direction), index: index,
                link: { owner == nil ? nil : linkURL(forMatch: index) })
        {
            // The rule's own style, its index and link, as is: the engine's container for them.
            container = shared
            if let owner, let tap = matches[owner].tap { container[RichRulesAttributes.TapAttribute.self] = tap }
            if options.pressed == owner, owner != nil { container[RichRulesAttributes.PressedAttribute.self] = true }
            options.attributes?(match, &container)
            return container
        }
        if plainStyle, let shared = context.presentation.ruleAttributes[match.ruleIndex] {
            // The rule's own style, as is: the engine's container for it.
            container = shared[PresentationCache.index(of: direction)]
        } else {
            var style = custom ?? match.style
            if let highlight { style = style.merged(with: highlight) }
            container = AttributeContainer()
            container[RichRulesAttributes.StyleAttribute.self] = style
            container[RichRulesAttributes.RuleAttribute.self] = match.rule
            container[RichRulesAttributes.WritingDirectionAttribute.self] = direction
        }
        container[RichRulesAttributes.MatchIndexAttribute.self] = index
        if let owner, let tap = matches[owner].tap {
            container[RichRulesAttributes.TapAttribute.self] = tap
            if options.links { container[AttributeScopes.FoundationAttributes.LinkAttribute.self] = linkURL(forMatch: owner) }
            if options.pressed == owner { container[RichRulesAttributes.PressedAttribute.self] = true }
        }
        options.attributes?(match, &container)
        return container
    }
}

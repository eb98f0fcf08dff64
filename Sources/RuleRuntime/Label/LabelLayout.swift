/// A result and its layout: hit testing by point, and the rects of matches, attachments,
/// widgets and accessibility elements. Rects are in the text's coordinates (add the
/// text's origin in the view).
public struct LabelLayout {
    /// What is shown (truncated when the lines do not hold it all).
    public let result: RenderResult
    /// Its layout (the engine's own layout object: a shell casts it back to draw it).
    public let textLayout: any RichTextLayout

    public init(result: RenderResult, textLayout: any RichTextLayout) {
        self.result = result
        self.textLayout = textLayout
    }

    /// The size the text takes.
    public var size: TextSize { textLayout.size }

    /// What lies under `point`: the character (by the layout) and its tappable match (by
    /// `RenderResult.matchIndex(atDisplayOffset:)`, grapheme-aware).
    public func hit(at point: TextPoint) -> LabelHit {
        guard let offset = textLayout.displayOffset(at: point) else { return .besideText }
        return LabelHit(displayOffset: offset, matchIndex: result.matchIndex(atDisplayOffset: offset))
    }

    /// The rects of match `index`'s display: one per line it spans (empty for a match
    /// past the lines shown or with an empty display).
    public func rects(forMatch index: Int) -> [TextRect] {
        guard result.matches.indices.contains(index) else { return [] }
        return textLayout.rects(for: result.matches[index].displayRange)
    }

    /// The frame of every attachment laid out (images and widgets), in display order (a
    /// widget's has a `widgetName`).
    public var attachmentFrames: [AttachmentFrame] {
        result.matches.indices.compactMap { index in
            let match = result.matches[index]
            guard let attachment = match.attachment, let offset = match.attachmentOffset, offset < textLayout.laidOutLength,
                let rect = textLayout.attachmentRect(atDisplayOffset: offset)
            else { return nil }
            return AttachmentFrame(matchIndex: index, displayOffset: offset, attachment: attachment, rect: rect)
        }
    }

    /// `result.accessibilityElements` laid out, with their rects (elements past the lines
    /// shown are left out).
    public var accessibilityFrames: [AccessibilityFrame] {
        let attachments = Dictionary(attachmentFrames.map { ($0.matchIndex, $0.rect) }, uniquingKeysWith: { a, _ in a })
        // A tappable container's element covers the text it taps: its own text, without the
        // matches in it that have a tap of their own (elements of their own).
        var tapped: [Int: [TextRange]] = [:]
        if result.matches.contains(where: \.isContainer) {
            for run in result.displayRuns() {
                guard let owner = run.owner.flatMap(result.tapOwner(of:)), result.matches[owner].isContainer else { continue }
                tapped[owner, default: []].append(TextRange(location: run.range.lowerBound, length: run.range.count))
            }
        }
        return result.accessibilityElements.compactMap { element in
            var rects = textLayout.rects(for: element.displayRange)
            if let ranges = tapped[element.matchIndex] { rects = Self.perLine(ranges.flatMap(textLayout.rects(for:))) }
            if element.kind != .link, let rect = attachments[element.matchIndex] { rects = [rect] }
            guard let first = rects.first, let frame = TextRect.union(rects) else { return nil }
            return AccessibilityFrame(element: element, rects: rects, frame: frame, activationPoint: first.center)
        }
    }

    /// What VoiceOver sees of this layout (`LabelAccessibility`): the shown text's label,
    /// the elements, the widgets among them, the truncation token. A tappable widget is an
    /// element (a button whose activation is its tap), so its view is not read again; a
    /// widget without a tap is its own view, reachable in reading order.
    public var accessibility: LabelAccessibility {
        let elements = accessibilityFrames
        let token = elements.firstIndex { result.matches[$0.element.matchIndex].isTruncationToken }
        let tapped = Set(elements.map(\.element.matchIndex))
        return LabelAccessibility(
            label: result.accessibilityLabel, elements: elements,
            widgets: attachmentFrames.filter { $0.widgetName != nil && !tapped.contains($0.matchIndex) }, truncationToken: token)
    }

    /// `rects` merged per line (rects of one line share their top and height), in order of
    /// first appearance.
    static func perLine(_ rects: [TextRect]) -> [TextRect] {
        var merged: [TextRect] = []
        for rect in rects {
            if let i = merged.firstIndex(where: { $0.minY == rect.minY && $0.height == rect.height }) {
                merged[i] = merged[i].union(rect)
            } else {
                merged.append(rect)
            }
        }
        return merged
    }
}

/// The frame of an attachment on screen.
public struct AttachmentFrame: Sendable, Hashable {
    /// The match showing it (an index into the shown result's `matches`, the same in the
    /// full result).
    public var matchIndex: Int
    /// Its U+FFFC character in the display.
    public var displayOffset: Int
    public var attachment: Attachment
    /// Its bounds in the text's coordinates.
    public var rect: TextRect

    public init(matchIndex: Int, displayOffset: Int, attachment: Attachment, rect: TextRect) {
        self.matchIndex = matchIndex
        self.displayOffset = displayOffset
        self.attachment = attachment
        self.rect = rect
    }
}

/// Where a widget's view goes: the shell keeps one view per `id` (reusing it while the id
/// stays), sets its frame to `rect`, and lets it take touches itself when it is not
/// `isTappable` (a tappable widget's touches are the match's tap).
public struct WidgetSlot: Sendable, Hashable, Identifiable {
    /// The widget's name and its match's index: stable while the text stays.
    public struct ID: Sendable, Hashable {
        public var name: String
        public var matchIndex: Int

        public init(name: String, matchIndex: Int) {
            self.name = name
            self.matchIndex = matchIndex
        }
    }

    public var id: ID
    public var rect: TextRect
    public var isTappable: Bool
    public var attachment: Attachment

    public init(id: ID, rect: TextRect, isTappable: Bool, attachment: Attachment) {
        self.id = id
        self.rect = rect
        self.isTappable = isTappable
        self.attachment = attachment
    }
}

/// A tappable match for VoiceOver, with where it is.
///
/// A link that wraps over several lines has one rect per line (`rects`: for
/// `accessibilityPath`, which VoiceOver outlines instead of the frame), their union as
/// `frame` (`accessibilityFrame`), and an `activationPoint` at the centre of its first
/// rect: the union's centre may lie on other text, or on another link, between the lines.
/// An image or widget's rect is its attachment's frame.
public struct AccessibilityFrame: Sendable, Hashable {
    public var element: AccessibilityElement
    public var rects: [TextRect]
    public var frame: TextRect
    public var activationPoint: TextPoint

    public init(element: AccessibilityElement, rects: [TextRect], frame: TextRect, activationPoint: TextPoint) {
        self.element = element
        self.rects = rects
        self.frame = frame
        self.activationPoint = activationPoint
    }
}

/// A result and its layout: hit testing by point, and the rects of matches, attachments,
/// widgets and accessibility elements. Rects are in the text's coordinates (add the
/// text's origin in the view).
public struct LabelLayout {
    /// What is shown (truncated when the lines do not hold it all).
    public let result: RenderResult
    /// Its layout.
    public let layout: any RichTextLayout

    public init(result: RenderResult, layout: any RichTextLayout) {
        self.result = result
        self.layout = layout
    }

    /// The size the text takes.
    public var size: TextSize { layout.size }

    /// What lies under `point`: the character (by the layout) and its tappable match (by
    /// `RenderResult.matchIndex(atDisplayOffset:)`, grapheme-aware).
    public func hit(at point: TextPoint) -> LabelHit {
        guard let offset = layout.displayOffset(at: point) else { return .besideText }
        return LabelHit(displayOffset: offset, matchIndex: result.matchIndex(atDisplayOffset: offset))
    }

    /// The rects of match `index`'s display: one per line it spans (empty for a match
    /// past the lines shown or with an empty display).
    public func rects(forMatch index: Int) -> [TextRect] {
        guard result.matches.indices.contains(index) else { return [] }
        return layout.rects(for: result.matches[index].displayRange)
    }

    /// The frame of every attachment laid out (images and widgets), in display order.
    public var attachmentFrames: [AttachmentFrame] {
        result.matches.indices.compactMap { index in
            let match = result.matches[index]
            guard let attachment = match.attachment, let offset = match.attachmentOffset, offset < layout.laidOutLength,
                let rect = layout.attachmentRect(atDisplayOffset: offset)
            else { return nil }
            return AttachmentFrame(matchIndex: index, displayOffset: offset, attachment: attachment, rect: rect)
        }
    }

    /// The widgets laid out, in display order.
    public var widgetSlots: [WidgetSlot] {
        attachmentFrames.compactMap { frame in
            guard case .widget(let name) = frame.attachment.kind else { return nil }
            return WidgetSlot(
                id: WidgetSlot.ID(name: name, matchIndex: frame.matchIndex), rect: frame.rect, isTappable: frame.attachment.isTappable,
                attachment: frame.attachment)
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
            var rects = layout.rects(for: element.displayRange)
            if let ranges = tapped[element.matchIndex] { rects = Self.perLine(ranges.flatMap(layout.rects(for:))) }
            if element.kind != .link, let rect = attachments[element.matchIndex] { rects = [rect] }
            guard let first = rects.first, let frame = TextRect.union(rects) else { return nil }
            return AccessibilityFrame(element: element, rects: rects, frame: frame, activationPoint: first.center)
        }
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

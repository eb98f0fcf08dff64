/// A tappable match as an accessibility element: what `accessibilityElements` or a
/// custom rotor (`UIAccessibilityCustomRotor`) needs to expose links inside a label.
public struct AccessibilityElement: Sendable, Hashable {
    /// The index of the match in `RenderResult.matches`.
    public var matchIndex: Int
    /// The match's range in the display (UTF-16), for its frame on screen.
    public var displayRange: TextRange
    /// What VoiceOver reads: the displayed text (a container: the part of it whose tap is
    /// the container's); for a replacement with `alt`, the alt text (instead of the
    /// replacement and any image beside it); for an image or widget, its alt text (else the
    /// widget's name or the image's file name); for the match's own text with an
    /// attachment beside it, the alt text then the text.
    public var label: String
    /// The handler and arguments a double tap dispatches.
    public var tap: TapTarget
    /// The kind, for traits: `.link` for text, `.image` for an image, `.button` for a widget.
    public var kind: Kind

    public enum Kind: String, Sendable, Hashable {
        case link, image, button
    }

    package init(matchIndex: Int, displayRange: TextRange, label: String, tap: TapTarget, kind: Kind) {
        self.matchIndex = matchIndex
        self.displayRange = displayRange
        self.label = label
        self.tap = tap
        self.kind = kind
    }
}

extension RenderResult {
    /// The tappable matches, in display order, as accessibility elements. A tappable
    /// container's label is the text it taps: its own text, without the matches in it
    /// that have a tap of their own (each of those is an element of its own).
    public var accessibilityElements: [AccessibilityElement] {
        let ownText = tappedText(of: nil)
        return matches.indices.compactMap { accessibilityElement($0, ownText: ownText) }
    }

    /// Match `index`'s element of `accessibilityElements` (`nil` without a tap), made
    /// alone: linear in the result, not in the result times the matches.
    func accessibilityElement(ofMatch index: Int) -> AccessibilityElement? {
        guard matches.indices.contains(index) else { return nil }
        return accessibilityElement(index, ownText: matches[index].isContainer ? tappedText(of: index) : [:])
    }

    /// The text each tappable container taps (or only `container`'s), from the display's
    /// runs (one pass).
    private func tappedText(of container: Int?) -> [Int: [UInt16]] {
        var ownText: [Int: [UInt16]] = [:]
        guard context?.nesting != nil else { return ownText }
        let display = Array(self.display.utf16)
        for run in displayRuns() {
            guard let owner = run.owner.flatMap(tapOwner(of:)), matches[owner].isContainer, container.map({ $0 == owner }) ?? true
            else { continue }
            ownText[owner, default: []].append(contentsOf: display[run.range])
        }
        return ownText
    }

    private func accessibilityElement(_ index: Int, ownText: [Int: [UInt16]]) -> AccessibilityElement? {
        let match = matches[index]
        guard let tap = match.tap else { return nil }
        let label: String
        let kind: AccessibilityElement.Kind
        if match.isContainer {
            (label, kind) = (ownText[index].map { utf16String($0[...]) } ?? "", .link)
        } else if let alt = replacementAlternateText(index) {
            (label, kind) = (alt, .link)
        } else {
            switch match.content {
            case .text(let text):
                (label, kind) = (text, .link)
            case .attachment(let attachment, let text):
                if attachment.position == .replace {
                    label = attachment.accessibilityLabel
                    if case .widget = attachment.kind { kind = .button } else { kind = .image }
                } else {
                    label = [attachment.alternateText, text].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
                    kind = .link
                }
            }
        }
        return AccessibilityElement(matchIndex: index, displayRange: match.displayRange, label: label, tap: tap, kind: kind)
    }

    /// The alt text of match `index` when it shows a replacement (`replace "🔗" alt "Web
    /// link"`): VoiceOver reads it instead of the replacement and of an attachment beside it.
    func replacementAlternateText(_ index: Int) -> String? {
        let match = matches[index]
        guard !match.isContainer, !match.isTruncationToken, match.ownPresentation.replace != nil,
            let alt = match.alternateText, !alt.isEmpty
        else { return nil }
        return alt
    }

    /// The display as VoiceOver reads a label showing it (the label's
    /// `accessibilityLabel`): the display text, with each replacement that has `alt` read
    /// as its alt text and each attachment character as its accessibility label
    /// (`Attachment.accessibilityLabel`), set apart from the text around it by a space (not
    /// from spaces, nor from punctuation that hugs it: `(`, `,`, `.`, …).
    public var accessibilityLabel: String {
        let display = Array(self.display.utf16)
        var out: [UInt16] = []
        var needsSpace = false
        var replaced: Int?  // the replacement with alt whose runs are being skipped
        // A spoken piece is set apart from a neighbour that is neither a space nor
        // punctuation that hugs it (`(`, `,`, `.`, …).
        func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0D || unit == 0xA0 }
        func separatesBefore(_ unit: UInt16?) -> Bool { unit.map { !isSpace($0) && !"([{\"'¿¡".utf16.contains($0) } ?? false }
        func separatesAfter(_ unit: UInt16) -> Bool { !isSpace(unit) && !".,;:!?)]}\"'…。，".utf16.contains(unit) }
        func word(_ text: String) {
            guard !text.isEmpty else { return }
            if separatesBefore(out.last) { out.append(0x20) }
            out.append(contentsOf: text.utf16)
            needsSpace = true
        }
        func text(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if needsSpace, separatesAfter(display[range.lowerBound]) { out.append(0x20) }
            out.append(contentsOf: display[range])
            needsSpace = false
        }
        for run in displayRuns() {
            guard let owner = run.owner else {
                text(run.range)
                continue
            }
            if replaced == owner { continue }
            if let alt = replacementAlternateText(owner) {
                replaced = owner
                word(alt)
            } else if run.isAttachment, let attachment = matches[owner].attachment {
                word(attachment.accessibilityLabel)
            } else {
                text(run.range)
            }
        }
        return utf16String(out[...])
    }
}

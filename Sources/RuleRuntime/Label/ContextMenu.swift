import Foundation

/// What a long press offers, as data: the shell shows it (`UIContextMenuInteraction`,
/// `UIMenu`, `NSMenu`, SwiftUI's `contextMenu`) and carries out the chosen action.
public struct ContextMenu: Sendable, Hashable {
    /// The match pressed (an index into the shown result's `matches`), `nil` for plain text.
    public var matchIndex: Int?
    /// What the menu is about in the display (the match's range; the whole display for
    /// plain text), for the preview's highlight.
    public var displayRange: TextRange
    /// The menu's title: the match's text as VoiceOver reads it (an image's alt text), or
    /// the display for plain text.
    public var title: String
    /// The actions, in menu order.
    public var actions: [ContextAction]

    public init(matchIndex: Int?, displayRange: TextRange, title: String, actions: [ContextAction]) {
        self.matchIndex = matchIndex
        self.displayRange = displayRange
        self.title = title
        self.actions = actions
    }
}

/// One action of a `ContextMenu`.
public enum ContextAction: Sendable, Hashable {
    /// Do what a tap does: dispatch the tap (the generated `dispatch(_:to:)`).
    case open(TapTarget)
    /// Copy the link (a tap argument that is a URL, see `TapTarget.linkURL`).
    case copyLink(URL)
    /// Copy this text (the match's display, an image's alt text, or the whole display).
    case copyText(String)
    /// Share: the link when there is one, else the text.
    case share(text: String, url: URL?)
}

extension TapTarget {
    /// The first argument that is a link: an `http`, `https`, `mailto` or `tel` URL, or a
    /// bare web address (`www.example.org`, `example.org/a?b=1`: a dotted host of letters,
    /// digits and `-` whose last label is two letters or more, then an optional path),
    /// taken as `https`. Phone numbers, e-mail addresses and user names are not links.
    public var linkURL: URL? {
        for argument in arguments {
            if let url = Self.link(argument.value) { return url }
        }
        return nil
    }

    static func link(_ value: String) -> URL? {
        let isSpace = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace }
        let text =
            value.unicodeScalars.first.map(isSpace) == true || value.unicodeScalars.last.map(isSpace) == true
            ? value.trimmingCharacters(in: .whitespacesAndNewlines) : value
        guard !text.isEmpty, !text.unicodeScalars.contains(where: isSpace) else { return nil }
        if let scheme = AttachmentImageStore.scheme(of: text)?.lowercased() {
            switch scheme {
            case "http", "https":
                guard let url = URL(string: text), url.host?.isEmpty == false else { return nil }
                return url
            case "mailto", "tel":
                return URL(string: text)
            default:
                return nil
            }
        }
        let host = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }),
            host.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".")
            }),
            let last = labels.last, last.count >= 2, last.allSatisfy({ $0.isLetter })
        else { return nil }
        return URL(string: "https://" + text)
    }
}

extension RenderResult {
    /// The long-press menu of match `index`: open (its tap), copy link (when a tap argument
    /// is a link), copy text (its display; an attachment's alt text), share. `nil` for a
    /// match without a tap, the truncation token (its tap expands the label) and indices
    /// out of range. (A match clipped by `truncated(atDisplayOffset:)` copies its part shown;
    /// a label's `RichLabelCore.contextMenu(forMatch:)` gives the whole match.)
    public func contextMenu(forMatch index: Int) -> ContextMenu? {
        guard matches.indices.contains(index), !matches[index].isTruncationToken, let tap = matches[index].tap else { return nil }
        let match = matches[index]
        let title = accessibilityElement(ofMatch: index)?.label ?? match.display
        var actions: [ContextAction] = [.open(tap)]
        let link = tap.linkURL
        if let link { actions.append(.copyLink(link)) }
        actions.append(.copyText(title))
        actions.append(.share(text: title, url: link))
        return ContextMenu(matchIndex: index, displayRange: match.displayRange, title: title, actions: actions)
    }

    /// The long-press menu of the text outside tappable matches: copy and share the whole
    /// display (less the truncation token of a truncated result: what is shown; a label's
    /// `RichLabelCore.textContextMenu` gives the whole message).
    public var textContextMenu: ContextMenu {
        let range = textDisplayRange
        let text = utf16Prefix(display, range.length)  // up to the token: a cluster boundary
        return ContextMenu(matchIndex: nil, displayRange: range, title: text, actions: [.copyText(text), .share(text: text, url: nil)])
    }

    /// The display less the truncation token of a truncated result.
    var textDisplayRange: TextRange {
        var range = TextRange(location: 0, length: display.utf16.count)
        if let token = matches.last, token.isTruncationToken { range.length = token.displayRange.location }
        return range
    }
}

import Foundation

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

/// How an element of an HTML spec (`import html`) lays out its content, when its rule says
/// (`inline`, `block`, `paragraph`, `pre`, `hide`); without it, as a browser's default style
/// sheet lays that element out.
@_spi(Generated) public enum ElementLayout: String, Codable, Sendable, Hashable, CaseIterable {
    /// In the line (`span`, `a`).
    case inline
    /// A block: a line break before and after (`div`, `li`).
    case block
    /// A paragraph: a blank line before and after (`p`).
    case paragraph
    /// A block whose white space is kept (`pre`).
    case pre
    /// Nothing shown, nothing inside kept (`hide`).
    case hidden = "hide"

    /// The kind of `HTMLTree.renderedText`.
    var kind: HTMLElementKind {
        switch self {
        case .inline: return .inline
        case .block: return .block
        case .paragraph: return .paragraph
        case .pre: return .preformatted
        case .hidden: return .hidden
        }
    }
}

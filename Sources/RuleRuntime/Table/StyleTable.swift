import Foundation

/// The JSON style table `rulegen` writes (`<Name>.styles.json`) and the runtime reads:
/// merged styles, the rules in resolution (declaration) order, handler signatures.
/// Its schema is documented in `docs/StyleTable.md`.
public struct StyleTable: Codable, Sendable, Hashable {
    /// The table format this runtime reads and writes.
    public static let currentFormatVersion = 3
    /// The format of a table whose spec imports `html` (`html`): a runtime that reads only
    /// `currentFormatVersion` refuses it rather than showing its markup as text.
    public static let htmlFormatVersion = 4

    public var formatVersion: Int
    /// The spec's UpperCamelCase name (`Agreement` for `agreement.richrules`).
    public var name: String
    /// The spec's file name, for messages.
    public var source: String
    /// The style of plain text.
    public var base: TextStyle
    /// Every named style, already merged along its inheritance chain (not with `base`).
    public var styles: [String: TextStyle]
    /// The default pressed-highlight style of tappable matches, merged; `nil` for none.
    public var highlight: TextStyle?
    /// The spec's `truncation` token; `nil`: `…` in the base style, not tappable.
    @_spi(Generated) public var truncation: TruncationSpec?
    /// Handler name → argument labels (`nil` for an unlabelled argument), one list per
    /// handler across the spec.
    public var handlers: [String: [String?]]
    /// The rules, in declaration order (imported specs' rules first).
    @_spi(Generated) public var rules: [RuleEntry]
    /// What `rulegen` stamps on both files of one run (`<Name>.swift` holds it as
    /// `<Name>Rules.table.contentHash`, `<Name>.styles.json` as `contentHash`): 16 hex digits
    /// of a SHA-256 of the pair. A JSON file and a Swift file with different hashes come
    /// from different runs. `nil` for tables made otherwise.
    public var contentHash: String?
    /// `true` when the spec imports `html`: texts are rendered as a browser shows HTML
    /// (`RuleEngine.rendersHTML`); `nil` otherwise. Such a table is `htmlFormatVersion`.
    public var html: Bool?

    @_spi(Generated) public init(
        formatVersion: Int = StyleTable.currentFormatVersion, name: String, source: String, base: TextStyle,
        styles: [String: TextStyle], highlight: TextStyle?, truncation: TruncationSpec? = nil, handlers: [String: [String?]],
        rules: [RuleEntry], contentHash: String? = nil, html: Bool? = nil
    ) {
        self.formatVersion = formatVersion
        self.name = name
        self.source = source
        self.base = base
        self.styles = styles
        self.highlight = highlight
        self.truncation = truncation
        self.handlers = handlers
        self.rules = rules
        self.contentHash = contentHash
        self.html = html
    }
}

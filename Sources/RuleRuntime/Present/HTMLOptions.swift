/// How `RenderResult.html(options:)` writes a fragment.
public struct HTMLOptions: Sendable, Hashable {
    /// Which appearance's color values the fragment uses.
    public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
        /// Light appearance: `StyleColor.resolved(dark: false)` (the default).
        case light
        /// Dark appearance: `StyleColor.resolved(dark: true)`.
        case dark
        /// Both: a system color whose values differ between appearances is written as a
        /// CSS custom property with its light value as the fallback
        /// (`var(--rr-systemBlue,#007AFF)`); the fragment's `<style>` defines each one for
        /// light appearance and again, with its dark value, under
        /// `@media (prefers-color-scheme:dark)`.
        case adaptive
    }

    /// The style of plain text (the spec's `base`, `StyleTable.base`): applied to the
    /// container, and each match's CSS lists only what differs from it. Default: empty
    /// (every match then carries its whole style).
    public var base: TextStyle
    /// Light (default), dark or adaptive colors.
    public var colorScheme: ColorScheme
    /// The prefix of every class and custom property the fragment uses (`rr`: the
    /// container is `class="rr"`, matches `rr-m`, highlights `rr-hl-…`). It must be a CSS
    /// identifier of ASCII letters, digits, `-` and `_` starting with a letter; anything
    /// else is replaced by `rr`.
    public var classPrefix: String
    /// Adds to each match element `data-match` (its index in `RenderResult.matches`),
    /// `data-priority` and `data-info`, a plain-text summary (rule, tag, priority, tap
    /// with its arguments, alt text; `truncation token` for the token) for a tooltip or a
    /// CSS `:hover` card, as `rulegen preview` shows them. Default: `false`.
    public var includesMatchDetails: Bool
    /// How an image whose source is a name is written: an `<img>` (default) or a
    /// placeholder showing the name.
    package var namedImages: NamedImages

    /// How `html(options:)` writes an image whose source is a name
    /// (`AttachmentImageLifecycle.isName(_:)`: no URL scheme, not starting with `/` or `.`;
    /// an asset-catalog or SF Symbol name such as `smile` or `star.fill`, or a relative path
    /// such as `emoji/heart.png`). Images with a URL (`https:`, `file:`, `data:`) are `<img>`
    /// either way.
    package enum NamedImages: String, Sendable, Hashable, CaseIterable {
        /// `<img src="smile">`: the name as a relative URL, for a page served where names
        /// resolve to image files (the default).
        case image
        /// `<span class="rr-named-image" data-image="smile" role="img" aria-label="…">smile</span>`:
        /// a dashed box showing the name, at least the image's declared size (as widget
        /// placeholders), for a page that cannot load names (`rulegen preview`): no broken
        /// image icon.
        case placeholder
    }

    /// Options with the given base style, colors, class prefix and details; images whose
    /// source is a name are `<img>`.
    public init(
        base: TextStyle = TextStyle(), colorScheme: ColorScheme = .light, classPrefix: String = "rr", includesMatchDetails: Bool = false
    ) {
        self.init(
            base: base, colorScheme: colorScheme, classPrefix: classPrefix, includesMatchDetails: includesMatchDetails, namedImages: .image)
    }

    /// Options with the given base style, colors, class prefix, details and named images.
    package init(
        base: TextStyle = TextStyle(), colorScheme: ColorScheme = .light, classPrefix: String = "rr", includesMatchDetails: Bool = false,
        namedImages: NamedImages
    ) {
        self.base = base
        self.colorScheme = colorScheme
        self.classPrefix = classPrefix
        self.includesMatchDetails = includesMatchDetails
        self.namedImages = namedImages
    }
}

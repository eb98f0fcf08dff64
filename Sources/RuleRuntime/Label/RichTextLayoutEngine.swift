/// Makes layouts: the one thing a shell implements besides drawing. The label core calls it
/// for the text it shows and, when a line limit truncates the text, for candidate cuts
/// (O(log n) of them, see `LineTruncation`).
///
/// A TextKit shell builds the attributed string (`request.result.platformAttributedString`
/// with the request's options, images and attachment bounds), lays it out in a container
/// of `request.width` (and `maximumNumberOfLines = request.lineLimit ?? 0`,
/// `lineFragmentPadding = 0`) and wraps the layout manager in a `RichTextLayout`.
///
/// An engine may split the work that does not depend on the width (the attributed string,
/// its fonts and attachment bounds) into `prepare(_:)`: the core keeps what it returns for
/// the text it shows and lays that text out at each width SwiftUI or Auto Layout asks for
/// (the ideal, the minimum, the offered width) with `layout(_:prepared:)`.
public protocol RichTextLayoutEngine {
    /// A layout of `request.result`'s display at `request.width`.
    func layout(_ request: RichTextLayoutRequest) -> any RichTextLayout

    /// The width-independent part of laying out `request` (everything but `width` and
    /// `lineLimit`), to be laid out at several widths; `nil` when the engine has none.
    /// Default: `nil`.
    func prepare(_ request: RichTextLayoutRequest) -> (any PreparedRichText)?

    /// A layout of `request` at `request.width` from what `prepare(_:)` returned for a
    /// request that differs from it in `width` and `lineLimit` only. Default: `layout(request)`.
    func layout(_ request: RichTextLayoutRequest, prepared: any PreparedRichText) -> any RichTextLayout

    /// Whether the engine and its layouts work on the main thread only (TextKit's, which
    /// the shells' views own): the core then stops with a message naming the call when
    /// used on another thread (`RichLabelCore.size(forWidth:)` from a background
    /// measurement), instead of trapping inside the engine. Default: `false`.
    var requiresMainThread: Bool { get }
    /// What `prepare(_:)` returns for `request`, from `previous`, prepared for an earlier
    /// request whose display and styles agree with `request`'s before display offset
    /// `unchangedBefore` (a stream's last text, `RichLabelCore.apply(_:)`): an engine keeps
    /// what it prepared of the paragraphs before that offset. Default: `prepare(request)`.
    func prepare(_ request: RichTextLayoutRequest, reusing previous: any PreparedRichText, unchangedBefore: Int) -> (any PreparedRichText)?
    /// A layout of `request` from `prepared`, given `previous`, a layout at the same width
    /// and line limit of an earlier request whose display and styles agree with `request`'s
    /// before display offset `unchangedBefore`: an engine keeps the lines of the paragraphs
    /// before that offset and lays out from there (TextKit: invalidate from the paragraph).
    /// Default: `layout(request, prepared:)`.
    func layout(
        _ request: RichTextLayoutRequest, prepared: any PreparedRichText, reusing previous: any RichTextLayout, unchangedBefore: Int
    ) -> any RichTextLayout
}

/// What an engine prepared for laying a text out at several widths (its attributed string,
/// fonts, advances): opaque to the core, which only keeps it.
public protocol PreparedRichText: AnyObject {}

extension RichTextLayoutEngine {
    public var requiresMainThread: Bool { false }

    public func prepare(_ request: RichTextLayoutRequest) -> (any PreparedRichText)? { nil }

    public func layout(_ request: RichTextLayoutRequest, prepared: any PreparedRichText) -> any RichTextLayout {
        layout(request)
    }
    public func prepare(_ request: RichTextLayoutRequest, reusing previous: any PreparedRichText, unchangedBefore: Int) -> (
        any PreparedRichText
    )? {
        prepare(request)
    }
    public func layout(
        _ request: RichTextLayoutRequest, prepared: any PreparedRichText, reusing previous: any RichTextLayout, unchangedBefore: Int
    ) -> any RichTextLayout {
        layout(request, prepared: prepared)
    }
}

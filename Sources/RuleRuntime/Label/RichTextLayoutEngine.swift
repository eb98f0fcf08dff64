/// Makes layouts: the one thing a shell implements besides drawing. The label core calls it
/// for the text it shows and, when a line limit truncates the text, for candidate cuts
/// (O(log n) of them, see `LineTruncation`).
///
/// A TextKit shell builds the attributed string (`request.result.platformAttributedString`
/// with the request's options, images and attachment bounds), lays it out in a container
/// of `request.width` (and `maximumNumberOfLines = request.lineLimit ?? 0`,
/// `lineFragmentPadding = 0`) and wraps the layout manager in a `RichTextLayout`.
public protocol RichTextLayoutEngine {
    /// A layout of `request.result`'s display at `request.width`.
    func layout(_ request: RichTextLayoutRequest) -> any RichTextLayout

    /// Whether the engine and its layouts work on the main thread only (TextKit's, which
    /// the shells' views own): the core then stops with a message naming the call when
    /// used on another thread (`RichLabelCore.size(forWidth:)` from a background
    /// measurement), instead of trapping inside the engine. Default: `false`.
    var requiresMainThread: Bool { get }
}

extension RichTextLayoutEngine {
    public var requiresMainThread: Bool { false }
}

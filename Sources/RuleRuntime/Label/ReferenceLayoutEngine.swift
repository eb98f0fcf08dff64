/// Makes `ReferenceLayout`s, counting them (the label core's cost in layouts, for tests).
public final class ReferenceLayoutEngine: RichTextLayoutEngine {
    /// The layouts made so far.
    public private(set) var layoutCount = 0
    /// The texts prepared so far (`prepare(_:)`: advances and metrics, width-independent).
    public private(set) var preparedCount = 0

    public init() {}

    public func layout(_ request: RichTextLayoutRequest) -> any RichTextLayout {
        layoutCount += 1
        preparedCount += 1
        return ReferenceLayout(request)
    }

    public func prepare(_ request: RichTextLayoutRequest) -> (any PreparedRichText)? {
        preparedCount += 1
        return ReferenceLayout.Prepared(request)
    }

    /// The lines taken from previous layouts so far (a stream's appends,
    /// `layout(_:prepared:reusing:unchangedBefore:)`).
    public private(set) var reusedLineCount = 0

    public func prepare(_ request: RichTextLayoutRequest, reusing previous: any PreparedRichText, unchangedBefore: Int) -> (
        any PreparedRichText
    )? {
        preparedCount += 1
        return ReferenceLayout.Prepared(request, reusing: previous as? ReferenceLayout.Prepared, unchangedBefore: unchangedBefore)
    }

    public func layout(
        _ request: RichTextLayoutRequest, prepared: any PreparedRichText, reusing previous: any RichTextLayout, unchangedBefore: Int
    ) -> any RichTextLayout {
        guard let prepared = prepared as? ReferenceLayout.Prepared else { return layout(request) }
        layoutCount += 1
        let layout = ReferenceLayout(request, prepared: prepared, reusing: previous as? ReferenceLayout, unchangedBefore: unchangedBefore)
        reusedLineCount += layout.reusedLines
        return layout
    }

    public func layout(_ request: RichTextLayoutRequest, prepared: any PreparedRichText) -> any RichTextLayout {
        guard let prepared = prepared as? ReferenceLayout.Prepared else { return layout(request) }
        layoutCount += 1
        return ReferenceLayout(request, prepared: prepared)
    }
}

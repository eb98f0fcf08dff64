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

    public func layout(_ request: RichTextLayoutRequest, prepared: any PreparedRichText) -> any RichTextLayout {
        guard let prepared = prepared as? ReferenceLayout.Prepared else { return layout(request) }
        layoutCount += 1
        return ReferenceLayout(request, prepared: prepared)
    }
}

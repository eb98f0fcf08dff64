/// Makes `ReferenceLayout`s, counting them (the label core's cost in layouts, for tests).
public final class ReferenceLayoutEngine: RichTextLayoutEngine {
    /// The layouts made so far.
    public private(set) var layoutCount = 0

    public init() {}

    public func layout(_ request: RichTextLayoutRequest) -> any RichTextLayout {
        layoutCount += 1
        return ReferenceLayout(request)
    }
}

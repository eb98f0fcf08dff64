/// A tappable match for VoiceOver, with where it is.
///
/// A link that wraps over several lines has one rect per line (`rects`: for
/// `accessibilityPath`, which VoiceOver outlines instead of the frame), their union as
/// `frame` (`accessibilityFrame`), and an `activationPoint` at the centre of its first
/// rect: the union's centre may lie on other text, or on another link, between the lines.
/// An image or widget's rect is its attachment's frame.
public struct AccessibilityFrame: Sendable, Hashable {
    public var element: AccessibilityElement
    public var rects: [TextRect]
    public var frame: TextRect
    public var activationPoint: TextPoint

    public init(element: AccessibilityElement, rects: [TextRect], frame: TextRect, activationPoint: TextPoint) {
        self.element = element
        self.rects = rects
        self.frame = frame
        self.activationPoint = activationPoint
    }
}

extension RichLabelCore {
    /// How touches become taps and long presses (`RichLabelCore.init(engine:result:numberOfLines:touch:options:)`).
    public struct TouchConfiguration: Sendable, Hashable {
        /// How far (in points) a touch may move and still tap: UIKit's buttons allow about
        /// 10 points.
        public var slop: Double
        /// How long (in seconds) a press is held before it is a long press (UIKit's
        /// `UILongPressGestureRecognizer` default: 0.5).
        public var longPressDelay: Double

        public init(slop: Double = 10, longPressDelay: Double = 0.5) {
            self.slop = slop
            self.longPressDelay = longPressDelay
        }
    }
}

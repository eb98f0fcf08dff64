extension RichLabelCore {
    /// How touches become taps and long presses (`RichLabelCore.init(engine:result:numberOfLines:touch:options:)`).
    public struct TouchConfiguration: Sendable, Hashable {
        /// How far (in points) a touch may move and still tap: UIKit's buttons allow about
        /// 10 points.
        public var slop: Double
        /// How long (in seconds) a press is held before it is a long press (UIKit's
        /// `UILongPressGestureRecognizer` default: 0.5).
        public var longPressDelay: Double
        /// Whether a long press shows the label's menu (open, copy, share). Turn it off in
        /// a cell or view that has a context menu of its own
        /// (`UIContextMenuInteraction`, `.contextMenu`): both would fire. Off, a press
        /// held as long as it likes is still a tap when it is released over its match,
        /// unless the system took the touch (the cell's menu cancels it).
        public var showsMenuOnLongPress: Bool

        public init(slop: Double = 10, longPressDelay: Double = 0.5, showsMenuOnLongPress: Bool = true) {
            self.slop = slop
            self.longPressDelay = longPressDelay
            self.showsMenuOnLongPress = showsMenuOnLongPress
        }
    }
}

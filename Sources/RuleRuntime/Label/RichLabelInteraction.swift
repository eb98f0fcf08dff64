/// What lies under a point of a label: the display offset of the character there (`nil`
/// beside the text) and the tappable match it belongs to (`nil`: plain text, a match
/// without a tap, a widget that handles its own touches).
public struct LabelHit: Sendable, Hashable {
    public var displayOffset: Int?
    public var matchIndex: Int?

    public init(displayOffset: Int?, matchIndex: Int?) {
        self.displayOffset = displayOffset
        self.matchIndex = matchIndex
    }

    /// Nothing: beside the text.
    public static let besideText = LabelHit(displayOffset: nil, matchIndex: nil)
}

/// The touch state machine of a label: press, move, release, cancel, and the long-press
/// timer, with the time of each event given (seconds on any monotonic clock: `UITouch`'s
/// or `NSEvent`'s `timestamp`), so that it is deterministic and testable.
///
/// - A press over a tappable match shows it pressed (`pressedMatch`, for
///   `RichTextOptions(pressed:)`).
/// - A move farther than `slop` from where the press began cancels it: nothing is pressed
///   and the release does nothing.
/// - A release over the same match, within the slop and before the long-press delay, is a
///   tap (`Outcome.tap`): the shell dispatches it.
/// - A press on text held for `longPressDelay` is a long press (`Outcome.longPress`), when
///   the shell's timer calls `tick(time:)` at `longPressDeadline`, or at the next event
///   that comes at or after the deadline (then before that event counts). A press beside
///   the text has no long press. After a long press, the release is not a tap.
/// - `cancel()` (the system took the touch: a scroll view, an alert) ends the press.
public struct RichLabelInteraction: Sendable, Hashable {
    public struct Configuration: Sendable, Hashable {
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

    public enum Phase: Sendable, Hashable {
        /// No touch.
        case idle
        /// A touch is down and may still tap or long-press.
        case pressing
        /// The long press fired; waiting for the release.
        case longPressed
        /// The touch moved beyond the slop; waiting for the release.
        case cancelled
    }

    /// What an event produced for the shell.
    public enum Outcome: Sendable, Hashable {
        case none
        /// Dispatch the tap of this match.
        case tap(matchIndex: Int)
        /// Show the context menu of this match (`nil`: plain text at `displayOffset`).
        case longPress(matchIndex: Int?, displayOffset: Int)
    }

    /// An event's outcome, and whether the pressed match changed (redraw).
    public struct Update: Sendable, Hashable {
        public var outcome: Outcome
        public var pressedChanged: Bool

        public init(outcome: Outcome = .none, pressedChanged: Bool = false) {
            self.outcome = outcome
            self.pressedChanged = pressedChanged
        }
    }

    public var configuration: Configuration
    public private(set) var phase: Phase = .idle
    /// The match shown pressed (an index into the shown result's `matches`).
    public private(set) var pressedMatch: Int?
    /// Where and when the touch went down, and what was under it.
    public private(set) var start: TextPoint?
    public private(set) var startTime: Double?
    public private(set) var startHit: LabelHit = .besideText

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// When the long press fires if the touch stays: the shell's timer calls
    /// `tick(time:)` then. `nil` when no press on text is waiting for it.
    public var longPressDeadline: Double? {
        guard phase == .pressing, startHit.displayOffset != nil, let startTime else { return nil }
        return startTime + configuration.longPressDelay
    }

    /// A touch went down at `point` over `hit`.
    public mutating func press(at point: TextPoint, time: Double, hit: LabelHit) -> Update {
        let previous = pressedMatch
        phase = .pressing
        start = point
        startTime = time
        startHit = hit
        pressedMatch = hit.matchIndex
        return Update(pressedChanged: previous != pressedMatch)
    }

    /// The touch moved to `point`.
    public mutating func move(to point: TextPoint, time: Double) -> Update {
        if let fired = fireLongPress(at: time) { return fired }
        guard phase == .pressing, let start, point.distance(to: start) > configuration.slop else { return Update() }
        phase = .cancelled
        return clearPressed()
    }

    /// The touch went up at `point` over `hit`.
    public mutating func release(at point: TextPoint, time: Double, hit: LabelHit) -> Update {
        if var fired = fireLongPress(at: time) {
            // Held past the deadline with no tick: the long press, then the release.
            let cleared = finish()
            fired.pressedChanged = fired.pressedChanged || cleared.pressedChanged
            return fired
        }
        let wasPressing = phase == .pressing
        let pressed = pressedMatch
        let inSlop = start.map { point.distance(to: $0) <= configuration.slop } ?? false
        var update = finish()
        if wasPressing, inSlop, let pressed, hit.matchIndex == pressed { update.outcome = .tap(matchIndex: pressed) }
        return update
    }

    /// The system cancelled the touch.
    public mutating func cancel() -> Update { finish() }

    /// The long-press timer: fires the long press when `time` is at or past the deadline.
    public mutating func tick(time: Double) -> Update {
        fireLongPress(at: time) ?? Update()
    }

    private mutating func fireLongPress(at time: Double) -> Update? {
        guard let deadline = longPressDeadline, time >= deadline, let offset = startHit.displayOffset else { return nil }
        phase = .longPressed
        return Update(outcome: .longPress(matchIndex: startHit.matchIndex, displayOffset: offset))
    }

    private mutating func clearPressed() -> Update {
        let changed = pressedMatch != nil
        pressedMatch = nil
        return Update(pressedChanged: changed)
    }

    private mutating func finish() -> Update {
        phase = .idle
        start = nil
        startTime = nil
        startHit = .besideText
        return clearPressed()
    }
}

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
/// - With `showsMenuOnLongPress` off there is no long press: a press held any time is a
///   tap when released over its match within the slop.
/// - `cancel()` (the system took the touch: a scroll view, an alert) ends the press.
package struct RichLabelInteraction: Sendable, Hashable {
    package enum Phase: Sendable, Hashable {
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
    package enum Outcome: Sendable, Hashable {
        case none
        /// Dispatch the tap of this match.
        case tap(matchIndex: Int)
        /// Show the context menu of this match (`nil`: plain text at `displayOffset`).
        case longPress(matchIndex: Int?, displayOffset: Int)
    }

    /// An event's outcome, and whether the pressed match changed (redraw).
    package struct Update: Sendable, Hashable {
        package var outcome: Outcome
        package var pressedChanged: Bool

        package init(outcome: Outcome = .none, pressedChanged: Bool = false) {
            self.outcome = outcome
            self.pressedChanged = pressedChanged
        }
    }

    package var configuration: RichLabelCore.TouchConfiguration
    package private(set) var phase: Phase = .idle
    /// The match shown pressed (an index into the shown result's `matches`).
    package private(set) var pressedMatch: Int?
    /// Where and when the touch went down, and what was under it.
    package private(set) var start: TextPoint?
    package private(set) var startTime: Double?
    package private(set) var startHit: LabelHit = .besideText

    package init(configuration: RichLabelCore.TouchConfiguration = RichLabelCore.TouchConfiguration()) {
        self.configuration = configuration
    }

    /// When the long press fires if the touch stays: the shell's timer calls
    /// `tick(time:)` then. `nil` when no press on text is waiting for it.
    package var longPressDeadline: Double? {
        guard configuration.showsMenuOnLongPress, phase == .pressing, startHit.displayOffset != nil, let startTime else { return nil }
        return startTime + configuration.longPressDelay
    }

    /// A touch went down at `point` over `hit`.
    package mutating func press(at point: TextPoint, time: Double, hit: LabelHit) -> Update {
        let previous = pressedMatch
        phase = .pressing
        start = point
        startTime = time
        startHit = hit
        pressedMatch = hit.matchIndex
        return Update(pressedChanged: previous != pressedMatch)
    }

    /// The touch moved to `point`.
    package mutating func move(to point: TextPoint, time: Double) -> Update {
        if let fired = fireLongPress(at: time) { return fired }
        guard phase == .pressing, let start, point.distance(to: start) > configuration.slop else { return Update() }
        phase = .cancelled
        return clearPressed()
    }

    /// The touch went up at `point` over `hit`.
    package mutating func release(at point: TextPoint, time: Double, hit: LabelHit) -> Update {
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
    package mutating func cancel() -> Update { finish() }

    /// The long-press timer: fires the long press when `time` is at or past the deadline.
    package mutating func tick(time: Double) -> Update {
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

import Foundation
import RuleRuntime

/// Where a tap on the agreement text leads.
public enum Destination: Equatable, Sendable {
    case agreement
    case privacyPolicy
    case profile(String)
    case phoneCall(String)
    case document(tag: String, title: String)
    /// The "… more" token was tapped (the label has already expanded).
    case expanded
}

/// The screen showing the seed's agreement text: the app-side code of a label. The text is
/// rendered with the generated rules and handed to a `RichLabelCore`, which owns the rest —
/// the line limit and its "… more", the size for a width, the pressed highlight, taps,
/// long-press menus and accessibility frames. The screen only dispatches what the core
/// reports. It implements every handler the spec names: leaving one out is a compile error.
///
/// On a device the layout engine is TextKit's (the `RichLabel` / `RichText` shells make
/// one and forward touches); tests and previews use the deterministic `ReferenceLayoutEngine`.
@MainActor
public final class AgreementScreen: AgreementRules.Handlers {
    public static let text = "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice"

    /// Every destination opened, in order.
    public private(set) var opened: [Destination] = []
    /// The menu of the last long press, for the shell to show.
    public private(set) var menu: ContextMenu?
    /// The label's core: layout, truncation, touches, frames.
    public let label: RichLabelCore

    public init(text: String = AgreementScreen.text, layout: any RichTextLayoutEngine = ReferenceLayoutEngine(), lines: Int = 0) {
        label = RichLabelCore(engine: layout, result: AgreementRules.render(text), numberOfLines: lines)
    }

    /// The whole render (never truncated).
    public var rendered: RenderResult { label.result }
    /// The text as shown: tags without their markup, truncated to the line limit.
    public var display: String { label.shownResult.display }
    /// What the label draws: styled runs, the pressed match highlighted.
    public var attributedText: AttributedString { label.attributedString() }
    /// The match under the finger (an index into the shown result's matches).
    public var pressed: Int? { label.pressedMatch }

    // MARK: Touches (points in the text's coordinates, times in seconds)

    public func touchBegan(at point: TextPoint, time: Double) { handle(label.touchBegan(at: point, time: time)) }
    public func touchMoved(to point: TextPoint, time: Double) { handle(label.touchMoved(to: point, time: time)) }
    public func touchEnded(at point: TextPoint, time: Double) { handle(label.touchEnded(at: point, time: time)) }
    public func touchCancelled() { label.touchCancelled() }
    /// The shell's timer at `label.longPressDeadline`.
    public func tick(time: Double) { handle(label.tick(time: time)) }

    /// A link from the attributed string (SwiftUI's `OpenURLAction`): dispatches the match
    /// it names.
    @discardableResult
    public func open(_ url: URL) -> Bool {
        guard let match = label.shownResult.match(forLink: url) else { return false }
        return AgreementRules.dispatch(match, to: self)
    }

    private func handle(_ action: RichLabelAction?) {
        switch action {
        case .tap(let match)?: AgreementRules.dispatch(match, to: self)
        case .contextMenu(let menu)?: self.menu = menu
        case nil: break
        }
    }

    // MARK: AgreementRules.Handlers

    public func openAgreement() { opened.append(.agreement) }
    public func openPrivacy() { opened.append(.privacyPolicy) }
    public func openProfile(user: String) { opened.append(.profile(user)) }
    public func call(number: String) { opened.append(.phoneCall(number)) }
    public func onTag(name: String, text: String) { opened.append(.document(tag: name, title: text)) }
    public func expand() { opened.append(.expanded) }
}

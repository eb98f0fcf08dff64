import Foundation
import RuleRuntime

/// Where a tap on the agreement text leads.
public enum Destination: Equatable, Sendable {
    case agreement
    case privacyPolicy
    case profile(String)
    case phoneCall(String)
    case document(tag: String, title: String)
}

/// The screen showing the seed's agreement text: renders it with the generated rules,
/// hands the view an `AttributedString`, turns a touch into a pressed highlight and a
/// tap into navigation. It implements every handler the spec names — leaving one out is
/// a compile error.
///
/// What a label view does with it (UIKit, see README "Showing rich text"): show
/// `attributedText`; on touch down, find the character index under the finger with
/// TextKit and call `press(at:)`; on touch up, `tap(at:)`; on cancel, `release()`.
@MainActor
public final class AgreementScreen: AgreementRules.Handlers {
    public static let text = "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice"

    /// Every destination opened, in order.
    public private(set) var opened: [Destination] = []
    public let rendered: RenderResult
    /// The match under the finger, shown with its highlight.
    public private(set) var pressed: Int?

    public init(text: String = AgreementScreen.text) {
        rendered = AgreementRules.render(text)
    }

    /// The text as shown: tags without their markup.
    public var display: String { rendered.display }

    /// What the label shows: styled runs, taps as links, the pressed match highlighted.
    public var attributedText: AttributedString {
        rendered.attributedString(options: RichTextOptions(pressed: pressed))
    }

    /// A touch went down at `offset` (UTF-16, as TextKit's character index): highlights
    /// the tappable match there. Returns whether there is one.
    @discardableResult
    public func press(at offset: Int) -> Bool {
        pressed = rendered.matchIndex(atDisplayOffset: offset)
        return pressed != nil
    }

    /// The touch was cancelled (the finger moved away).
    public func release() { pressed = nil }

    /// A tap on the display text at `offset` (UTF-16): dispatches the tapped match's target.
    @discardableResult
    public func tap(at offset: Int) -> Bool {
        defer { pressed = nil }
        guard let match = rendered.match(atDisplayOffset: offset) else { return false }
        return AgreementRules.dispatch(match, to: self)
    }

    /// A link from the attributed string (SwiftUI's `OpenURLAction`, `UITextView`'s
    /// delegate): dispatches the match it names.
    @discardableResult
    public func open(_ url: URL) -> Bool {
        guard let match = rendered.match(forLink: url) else { return false }
        return AgreementRules.dispatch(match, to: self)
    }

    // MARK: AgreementRules.Handlers

    public func openAgreement() { opened.append(.agreement) }
    public func openPrivacy() { opened.append(.privacyPolicy) }
    public func openProfile(user: String) { opened.append(.profile(user)) }
    public func call(number: String) { opened.append(.phoneCall(number)) }
    public func onTag(name: String, text: String) { opened.append(.document(tag: name, title: text)) }
}

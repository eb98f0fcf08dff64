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

/// The screen showing the seed's agreement text: renders it with the generated rules and
/// turns taps into navigation. It implements every handler the spec names — leaving one
/// out is a compile error.
@MainActor
public final class AgreementScreen: AgreementRules.Handlers {
    public static let text = "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. cc @alice"

    /// Every destination opened, in order.
    public private(set) var opened: [Destination] = []
    public let rendered: RenderResult

    public init(text: String = AgreementScreen.text) {
        rendered = AgreementRules.render(text)
    }

    /// The text as shown: tags without their markup.
    public var display: String { rendered.display }

    /// A tap on the display text at `offset` (UTF-16): dispatches the tapped match's target.
    @discardableResult
    public func tap(at offset: Int) -> Bool {
        guard let match = rendered.matches.first(where: { $0.displayRange.location <= offset && offset < $0.displayRange.upperBound })
        else { return false }
        return AgreementRules.dispatch(match, to: self)
    }

    // MARK: AgreementRules.Handlers

    public func openAgreement() { opened.append(.agreement) }
    public func openPrivacy() { opened.append(.privacyPolicy) }
    public func openProfile(user: String) { opened.append(.profile(user)) }
    public func call(number: String) { opened.append(.phoneCall(number)) }
    public func onTag(name: String, text: String) { opened.append(.document(tag: name, title: text)) }
}

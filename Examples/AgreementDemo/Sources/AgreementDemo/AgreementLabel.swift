// The agreement text on screen, through the RichRules shells. CI (Linux) does not build
// this file: it is the Apple side of `AgreementScreen`, whose logic the tests run on the
// reference layout.
#if canImport(UIKit) && !os(watchOS)
    import RichRulesUI
    import RuleRuntime
    import UIKit

    extension AgreementScreen {
        /// A UIKit label showing the screen's text: taps dispatch to the screen's handlers.
        public func makeLabel(numberOfLines: Int = 0) -> RichLabel {
            let label = RichLabel()
            label.numberOfLines = numberOfLines
            label.result = rendered
            label.onTap = { [unowned self] match in _ = AgreementRules.dispatch(match, to: self) }
            return label
        }
    }
#endif

#if canImport(SwiftUI) && !os(watchOS) && (canImport(UIKit) || canImport(AppKit))
    import RichRulesUI
    import SwiftUI

    /// The agreement text in SwiftUI: at most three lines, "… more" expands.
    public struct AgreementText: View {
        let screen: AgreementScreen

        public init(screen: AgreementScreen) { self.screen = screen }

        public var body: some View {
            RichText(screen.rendered) { match in _ = AgreementRules.dispatch(match, to: screen) }
                .lineLimit(3)
        }
    }
#endif

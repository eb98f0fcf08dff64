// RichText: the label in SwiftUI, a representable around `RichLabel` (UIKit or AppKit):
// the same taps, pressed state, truncation, long-press menus, images and widgets, with the
// exact spec colours (`Text` draws links in the tint colour).
// CI (Linux) compiles this file against stub modules (Scripts/typecheck-apple.sh); only a
// Mac runs it.
//
// APIs relied on, checked against Apple's documentation:
//   UIViewRepresentable / NSViewRepresentable: makeUIView(context:), updateUIView(_:context:),
//     @MainActor @preconcurrency func sizeThatFits(_: ProposedViewSize, uiView:, context:) -> CGSize?
//     (iOS 16; the NSViewRepresentable twin, macOS 13, is not on a page I could open: assumed the same);
//     Context.environment; ProposedViewSize.width: CGFloat? (nil: the ideal size)
//   EnvironmentValues.lineLimit: Int? (nil: no limit; `.lineLimit(_:)` sets it)
// sizeThatFits may come before updateUIView with new values (a practitioners' observation,
// not documented), so both apply the values.
import RuleRuntime

#if canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
    import SwiftUI

    /// A rich-text label for SwiftUI.
    ///
    /// ```swift
    /// RichText(SocialRules.render(post), imageStore: store) { match in
    ///     _ = SocialRules.dispatch(match, to: handlers)
    /// }
    /// .lineLimit(3)          // the spec's truncation token ends a longer text; a tap on it expands
    /// ```
    ///
    /// `options` (style and attribute hooks) are read when the view is made.
    @MainActor
    public struct RichText {
        public var result: RenderResult
        public var imageStore: AttachmentImageStore?
        public var options: RichTextOptions
        public var onTap: (RuleMatch) -> Void
        #if canImport(UIKit)
            public var widgetView: ((AttachmentFrame) -> UIView?)?
        #else
            public var widgetView: ((AttachmentFrame) -> NSView?)?
        #endif

        public init(
            _ result: RenderResult, imageStore: AttachmentImageStore? = nil, options: RichTextOptions = RichTextOptions(),
            onTap: @escaping (RuleMatch) -> Void = { _ in }
        ) {
            self.result = result
            self.imageStore = imageStore
            self.options = options
            self.onTap = onTap
        }
    }

    #if canImport(UIKit)
        extension RichText: UIViewRepresentable {
            public func makeUIView(context: Context) -> RichLabel {
                let label = RichLabel()
                label.options = options
                label.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
                return label
            }

            public func updateUIView(_ label: RichLabel, context: Context) {
                update(label, lineLimit: context.environment.lineLimit)
            }

            public func sizeThatFits(_ proposal: ProposedViewSize, uiView label: RichLabel, context: Context) -> CGSize? {
                update(label, lineLimit: context.environment.lineLimit)
                return label.fittingSize(forWidth: proposal.width)
            }

            private func update(_ label: RichLabel, lineLimit: Int?) {
                if label.result != result { label.result = result }
                label.numberOfLines = lineLimit.map { max(1, $0) } ?? 0
                if label.imageStore !== imageStore { label.imageStore = imageStore }
                label.onTap = onTap
                label.widgetView = widgetView
            }
        }
    #else
        extension RichText: NSViewRepresentable {
            public func makeNSView(context: Context) -> RichLabel {
                let label = RichLabel()
                label.options = options
                label.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
                return label
            }

            public func updateNSView(_ label: RichLabel, context: Context) {
                update(label, lineLimit: context.environment.lineLimit)
            }

            public func sizeThatFits(_ proposal: ProposedViewSize, nsView label: RichLabel, context: Context) -> CGSize? {
                update(label, lineLimit: context.environment.lineLimit)
                return label.fittingSize(forWidth: proposal.width)
            }

            private func update(_ label: RichLabel, lineLimit: Int?) {
                if label.result != result { label.result = result }
                label.numberOfLines = lineLimit.map { max(1, $0) } ?? 0
                if label.imageStore !== imageStore { label.imageStore = imageStore }
                label.onTap = onTap
                label.widgetView = widgetView
            }
        }
    #endif
#endif

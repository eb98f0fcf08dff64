// RichText: the label in SwiftUI, a representable around `RichLabel` (UIKit or AppKit):
// the same taps, pressed state, truncation, long-press menus, images and widgets, with the
// exact spec colours (`Text` draws links in the tint colour), fonts by the environment's
// Dynamic Type size, Bold Text and layout direction.
// CI (Linux) compiles this file against stub modules (Scripts/typecheck-apple.sh); only a
// Mac runs it. Not on watchOS (no representables there: use `Text(result.attributedString())`).
//
// APIs relied on, checked against Apple's documentation:
//   UIViewRepresentable / NSViewRepresentable: makeUIView(context:), updateUIView(_:context:),
//     @MainActor @preconcurrency func sizeThatFits(_: ProposedViewSize, uiView:, context:) -> CGSize?
//     (iOS 16; the NSViewRepresentable twin, macOS 13, is not on a page I could open: assumed the same);
//     Context.environment; ProposedViewSize.width: CGFloat? (nil: the ideal size; 0: "the view responds
//     with its minimum size"; infinity: its maximum)
//   EnvironmentValues.lineLimit: Int? (nil: no limit; `.lineLimit(_:)` sets it);
//     EnvironmentValues.dynamicTypeSize: DynamicTypeSize (iOS 15, macOS 12), legibilityWeight:
//     LegibilityWeight? (nil: unknown), layoutDirection: LayoutDirection
// sizeThatFits may come before updateUIView with new values (a practitioners' observation,
// not documented), so both apply the values; in sizeThatFits the label does not invalidate its
// intrinsic size (SwiftUI is asking for the size already).
import RuleRuntime

#if canImport(SwiftUI) && !os(watchOS) && (canImport(UIKit) || canImport(AppKit))
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
    /// `options` (style and attribute hooks) are read when the view is made. A zero width
    /// proposal gets the minimum size (the widest word), the same on iOS and macOS.
    @MainActor
    public struct RichText {
        public var result: RenderResult
        /// A stream's change that made `result` (`init(_:imageStore:options:onTap:)` with a
        /// `StreamChange`): the label applies it, laying out from the first changed paragraph.
        public var change: StreamChange?
        public var imageStore: AttachmentImageStore?
        public var options: RichTextOptions
        public var onTap: (RuleMatch) -> Void
        /// Whether a long press shows the label's menu: `false` under a `.contextMenu`; `nil`
        /// (default): the platform's default (on, but off on Mac Catalyst).
        public var showsMenuOnLongPress: Bool?
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

        /// The render of a stream's append (`RichStream.append`), applied as a change: what
        /// did not change keeps its press, images and lines. An update SwiftUI skipped makes
        /// the label show the result whole (`RichLabelCore.apply(_:)`).
        public init(
            _ change: StreamChange, imageStore: AttachmentImageStore? = nil, options: RichTextOptions = RichTextOptions(),
            onTap: @escaping (RuleMatch) -> Void = { _ in }
        ) {
            self.init(change.result, imageStore: imageStore, options: options, onTap: onTap)
            self.change = change
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
                update(label, environment: context.environment)
            }

            public func sizeThatFits(_ proposal: ProposedViewSize, uiView label: RichLabel, context: Context) -> CGSize? {
                label.measuring {
                    update(label, environment: context.environment)
                    return label.size(for: SizeProposal(swiftUI: proposal.width.map { Double($0) }))
                }
            }

            private func update(_ label: RichLabel, environment: EnvironmentValues) {
                if label.result != result {
                    if let change, change.result == result { label.apply(change) } else { label.result = result }
                }
                label.numberOfLines = environment.lineLimit.map { max(1, $0) } ?? 0
                label.traitsOverride = LabelTraits(environment)
                if let showsMenuOnLongPress { label.showsMenuOnLongPress = showsMenuOnLongPress }
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
                update(label, environment: context.environment)
            }

            public func sizeThatFits(_ proposal: ProposedViewSize, nsView label: RichLabel, context: Context) -> CGSize? {
                label.measuring {
                    update(label, environment: context.environment)
                    return label.size(for: SizeProposal(swiftUI: proposal.width.map { Double($0) }))
                }
            }

            private func update(_ label: RichLabel, environment: EnvironmentValues) {
                if label.result != result {
                    if let change, change.result == result { label.apply(change) } else { label.result = result }
                }
                label.numberOfLines = environment.lineLimit.map { max(1, $0) } ?? 0
                label.traitsOverride = LabelTraits(environment)
                if let showsMenuOnLongPress { label.showsMenuOnLongPress = showsMenuOnLongPress }
                if label.imageStore !== imageStore { label.imageStore = imageStore }
                label.onTap = onTap
                label.widgetView = widgetView
            }
        }
    #endif

    extension LabelTraits {
        /// The traits of a SwiftUI environment: its Dynamic Type size, Bold Text (unknown:
        /// regular) and layout direction.
        public init(_ environment: EnvironmentValues) {
            let size: LabelTraits.ContentSize
            switch environment.dynamicTypeSize {
            case .xSmall: size = .extraSmall
            case .small: size = .small
            case .medium: size = .medium
            case .large: size = .large
            case .xLarge: size = .extraLarge
            case .xxLarge: size = .extraExtraLarge
            case .xxxLarge: size = .extraExtraExtraLarge
            case .accessibility1: size = .accessibilityMedium
            case .accessibility2: size = .accessibilityLarge
            case .accessibility3: size = .accessibilityExtraLarge
            case .accessibility4: size = .accessibilityExtraExtraLarge
            case .accessibility5: size = .accessibilityExtraExtraExtraLarge
            @unknown default: size = .large
            }
            self.init(
                contentSize: size, legibilityWeight: environment.legibilityWeight == .bold ? .bold : .regular,
                layoutDirection: environment.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight)
        }
    }
#endif

// The layout engine of the UIKit and AppKit `RichLabel`: `TextKit2Layout`s (see that file
// for TextKit 2 and the APIs relied on). CI (Linux) compiles this file against stub UIKit
// and AppKit modules (Scripts/typecheck-apple.sh); only a Mac runs it.
import RuleRuntime

#if !os(watchOS) && (canImport(UIKit) || canImport(AppKit))
    import Foundation
    #if canImport(UIKit)
        import UIKit
    #else
        import AppKit
    #endif

    /// Makes `TextKit2Layout`s: the label core's engine in the UIKit and AppKit `RichLabel`.
    /// Main-actor bound, as the views that own it: the core calls it from their main-actor
    /// methods, and stops with a message naming the call when one comes from another
    /// thread (`requiresMainThread`: an app measuring a cell with `size(forWidth:)` in the
    /// background), before the conformance's own run-time check would trap without one.
    @MainActor
    package final class TextKit2LayoutEngine: @preconcurrency RichTextLayoutEngine {
        /// The font size where neither a size nor a text style sets one.
        package var defaultFontSize: Double

        package init(defaultFontSize: Double = 17) {
            self.defaultFontSize = defaultFontSize
        }

        /// `true`: TextKit 2 and the views' layouts on the main thread only.
        package nonisolated var requiresMainThread: Bool { true }

        package func layout(_ request: RichTextLayoutRequest) -> any RichTextLayout {
            layout(request, prepared: TextKit2PreparedText(request, defaultFontSize: defaultFontSize))
        }

        /// The platform string of `request`, for every width (the label core keeps it).
        package func prepare(_ request: RichTextLayoutRequest) -> (any PreparedRichText)? {
            TextKit2PreparedText(request, defaultFontSize: defaultFontSize)
        }

        package func layout(_ request: RichTextLayoutRequest, prepared: any PreparedRichText) -> any RichTextLayout {
            guard let prepared = prepared as? TextKit2PreparedText else { return layout(request) }
            guard request.width.isFinite else {
                // The natural width: a layout without a width limit, then one at its widest
                // line, so that centred, right-aligned and right-to-left lines are aligned
                // within the text (as `ReferenceLayout` does), not within a huge container.
                let unbounded = TextKit2Layout(request, prepared: prepared, containerWidth: TextKit2Layout.unboundedWidth)
                return TextKit2Layout(request, prepared: prepared, containerWidth: CGFloat(unbounded.size.width.rounded(.up) + 1))
            }
            return TextKit2Layout(request, prepared: prepared, containerWidth: CGFloat(max(1, request.width)))
        }
    }
#endif

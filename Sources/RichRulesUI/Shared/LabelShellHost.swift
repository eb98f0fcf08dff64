import Foundation
import RuleRuntime

/// What a view around a `LabelShell` does in its platform's terms: the UIKit and AppKit
/// `RichLabel` (and the tests' fake view) implement it; the shell decides when.
@MainActor
package protocol LabelShellHost: AnyObject, Sendable {
    /// `UIImage` or `NSImage`.
    associatedtype Image
    /// `UIView` or `NSView`.
    associatedtype WidgetView: AnyObject

    /// Whether the view is in a window: images load only then.
    var isInWindow: Bool { get }
    /// The image of loaded bytes at `scale` pixels per point (`UIImage(data:scale:)`, the
    /// store's scale), decoded and ready to draw (`preparingForDisplay()`), off the main
    /// actor; `nil` when they do not decode. Never called from `draw`.
    nonisolated func decodeForDisplay(_ data: Data, scale: Double) async -> sending Image?
    /// The image of a name (the view's `imageNamed`: asset catalog, SF Symbols).
    func image(named name: String) -> Image?
    /// An image's size in points.
    func size(of image: Image) -> TextSize
    /// The view of a widget (the view's `widgetView`), `nil` for none.
    func makeWidgetView(for frame: AttachmentFrame) -> WidgetView?
    /// A widget view's size: its intrinsic size, else what Auto Layout fits it to
    /// (`systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)`, `NSView.fittingSize`:
    /// a view built with constraints has no intrinsic size), else its frame's.
    func measure(_ widget: WidgetView) -> TextSize
    /// Adds a widget view as a subview.
    func addWidgetView(_ widget: WidgetView)
    /// Removes a widget view from the view.
    func removeWidgetView(_ widget: WidgetView)
    /// Sets a widget view's frame (in the text's coordinates); a tappable widget's touches
    /// are the match's tap, the label's.
    func place(_ widget: WidgetView, at rect: TextRect, isTappable: Bool)
    /// Redoes what the core says changed (`RichLabelCore.onInvalidate`); `.size` never
    /// comes while SwiftUI measures the view (`LabelShell.measuring(_:)`).
    func invalidate(_ change: RichLabelInvalidation)
}

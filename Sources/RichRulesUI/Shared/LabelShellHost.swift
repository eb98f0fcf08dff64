import Foundation
import RuleRuntime

/// What a view around a `LabelShell` does in its platform's terms: the UIKit and AppKit
/// `RichLabel` (and the tests' fake view) implement it; the shell decides when.
@MainActor
package protocol LabelShellHost: AnyObject {
    /// `UIImage` or `NSImage`.
    associatedtype Image
    /// `UIView` or `NSView`.
    associatedtype WidgetView: AnyObject

    /// Whether the view is in a window: images load only then.
    var isInWindow: Bool { get }
    /// The image of loaded bytes (`UIImage(data:)`), `nil` when they do not decode.
    func decodeImage(_ data: Data) -> Image?
    /// The image of a name (the view's `imageNamed`: asset catalog, SF Symbols).
    func image(named name: String) -> Image?
    /// An image's size in points.
    func size(of image: Image) -> TextSize
    /// The view of a widget (the view's `widgetView`), `nil` for none.
    func makeWidgetView(for frame: AttachmentFrame) -> WidgetView?
    /// A widget view's fitting size (`intrinsicContentSize`).
    func fittingSize(of widget: WidgetView) -> TextSize
    /// Adds a widget view as a subview.
    func addWidgetView(_ widget: WidgetView)
    /// Removes a widget view from the view.
    func removeWidgetView(_ widget: WidgetView)
    /// Sets a widget view's frame (in the text's coordinates); a tappable widget's touches
    /// are the match's tap, the label's.
    func place(_ widget: WidgetView, at rect: TextRect, isTappable: Bool)
    /// Redoes what the core says changed (`RichLabelCore.onInvalidate`).
    func invalidate(_ change: RichLabelInvalidation)
}

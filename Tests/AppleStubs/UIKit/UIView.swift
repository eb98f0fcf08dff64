// UIKit's responders, views and view controllers, as far as the shells use them. Every
// class here is main-actor isolated, as UIView's page shows ("@MainActor class UIView"); the
// README lists the pages not read.
@_exported import AppleFoundation
@_exported import CoreGraphics
@_exported import QuartzCore

// Views, responders and interactions: not on watchOS (UIView's page lists no watchOS).
#if !WATCHOS

// https://developer.apple.com/documentation/uikit/uiresponder
// `@MainActor class UIResponder`
@MainActor
open class UIResponder: NSObject {
    public override init() { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiresponder/next
    // `var next: UIResponder? { get }`
    open var next: UIResponder? { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiresponder/touchesbegan(_:with:) and siblings:
    // `func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?)`
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { fatalError() }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { fatalError() }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { fatalError() }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uitouch
// `@MainActor class UITouch`
@MainActor
open class UITouch: NSObject {
    // https://developer.apple.com/documentation/uikit/uitouch/location(in:)
    // `func location(in view: UIView?) -> CGPoint`
    @discardableResult
    open func location(in view: UIView?) -> CGPoint { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uievent
// `@MainActor class UIEvent`
@MainActor
open class UIEvent: NSObject {}

// https://developer.apple.com/documentation/uikit/uilayoutpriority
// `struct UILayoutPriority` (raw value `Float`)
public struct UILayoutPriority: RawRepresentable, Hashable, Sendable {
    public let rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let defaultLow = UILayoutPriority(250)
    // https://developer.apple.com/documentation/uikit/uilayoutpriority/fittingsizelevel
    // `static var fittingSizeLevel: UILayoutPriority { get }` (raw value 50)
    public static let fittingSizeLevel = UILayoutPriority(50)
}

// https://developer.apple.com/documentation/uikit/nslayoutconstraint/axis-swift.enum
extension NSLayoutConstraint {
    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }
}

// https://developer.apple.com/documentation/uikit/nslayoutconstraint
@MainActor
open class NSLayoutConstraint: NSObject {}

// https://developer.apple.com/documentation/uikit/uiinteraction
// `@MainActor protocol UIInteraction: NSObjectProtocol`
@MainActor
public protocol UIInteraction: NSObjectProtocol {}

// https://developer.apple.com/documentation/uikit/uiview
// `@MainActor class UIView`
@MainActor
open class UIView: UIResponder, @preconcurrency NSCoding {
    // https://developer.apple.com/documentation/uikit/uiview/contentmode-swift.enum
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0
        case scaleAspectFit = 1
        case scaleAspectFill = 2
        case redraw = 3
        case center = 4
    }

    // https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) { fatalError() }
    // NSObject's `init()`: UIView's designated initializers are `init(frame:)` and `init(coder:)`.
    public convenience override init() { fatalError() }
    public func encode(with coder: NSCoder) { fatalError() }

    // https://developer.apple.com/documentation/uikit/uiview/frame, bounds
    open var frame: CGRect {
        get { fatalError() }
        set { fatalError() }
    }
    open var bounds: CGRect {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/uikit/uiview/isopaque, contentmode, isuserinteractionenabled
    open var isOpaque: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var contentMode: UIView.ContentMode {
        get { fatalError() }
        set { fatalError() }
    }
    open var isUserInteractionEnabled: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/uikit/uiview/window
    // `var window: UIWindow? { get }`
    open var window: UIWindow? { fatalError() }
    // https://developer.apple.com/documentation/uikit/uitraitenvironment/traitcollection
    // `var traitCollection: UITraitCollection { get }`
    open var traitCollection: UITraitCollection { fatalError() }

    // https://developer.apple.com/documentation/uikit/uiview/addsubview(_:), removefromsuperview()
    open func addSubview(_ view: UIView) { fatalError() }
    open func removeFromSuperview() { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiview/addinteraction(_:)
    // `func addInteraction(_ interaction: any UIInteraction)`
    open func addInteraction(_ interaction: any UIInteraction) { fatalError() }

    // https://developer.apple.com/documentation/uikit/uiview/didmovetowindow()
    open func didMoveToWindow() { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiview/sizethatfits(_:)
    // `func sizeThatFits(_ size: CGSize) -> CGSize`
    @discardableResult
    open func sizeThatFits(_ size: CGSize) -> CGSize { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiview/intrinsiccontentsize
    // `var intrinsicContentSize: CGSize { get }`
    open var intrinsicContentSize: CGSize { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiview/invalidateintrinsiccontentsize()
    open func invalidateIntrinsicContentSize() { fatalError() }

    // https://developer.apple.com/documentation/uikit/uiaccessibilitycontainer/accessibilityelements
    // `@MainActor var accessibilityElements: [Any]? { get set }`, declared on NSObject (the
    // UIAccessibilityContainer informal protocol); here on the class, as the label overrides it.
    open var accessibilityElements: [Any]? {
        get { fatalError() }
        set { fatalError() }
    }

    // https://developer.apple.com/documentation/uikit/uiview/systemlayoutsizefitting(_:)
    // `func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize`
    @discardableResult
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiview/systemlayoutsizefitting(_:withhorizontalfittingpriority:verticalfittingpriority:)
    // `func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority:
    //   UILayoutPriority, verticalFittingPriority: UILayoutPriority) -> CGSize`
    @discardableResult
    open func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiview/layoutfittingcompressedsize
    // `class let layoutFittingCompressedSize: CGSize`
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    // https://developer.apple.com/documentation/uikit/uiview/layoutsubviews(), setneedslayout()
    open func layoutSubviews() { fatalError() }
    open func setNeedsLayout() { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiview/draw(_:), setneedsdisplay()
    open func draw(_ rect: CGRect) { fatalError() }
    open func setNeedsDisplay() { fatalError() }
    // https://developer.apple.com/documentation/uikit/uitraitenvironment/traitcollectiondidchange(_:)
    // `func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)`
    // (deprecated in iOS 17; the package's floor is iOS 16)
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiview/setcontentcompressionresistancepriority(_:for:)
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        fatalError()
    }
}

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor
open class UIWindow: UIView {}

// https://developer.apple.com/documentation/uikit/uiviewcontroller
// `@MainActor class UIViewController`
@MainActor
open class UIViewController: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    // `func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)`
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        fatalError()
    }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/popoverpresentationcontroller
    // `var popoverPresentationController: UIPopoverPresentationController? { get }`
    open var popoverPresentationController: UIPopoverPresentationController? { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller
@MainActor
open class UIPopoverPresentationController: NSObject {
    // https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller/sourceview
    open var sourceView: UIView? {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller/sourcerect
    open var sourceRect: CGRect {
        get { fatalError() }
        set { fatalError() }
    }
}

// Sharing: not on tvOS (the page lists no tvOS).
#if !TVOS
// https://developer.apple.com/documentation/uikit/uiactivityviewcontroller
// `@MainActor class UIActivityViewController`
@MainActor
open class UIActivityViewController: UIViewController {
    // https://developer.apple.com/documentation/uikit/uiactivityviewcontroller/init(activityitems:applicationactivities:)
    // `init(activityItems: [Any], applicationActivities: [UIActivity]?)`
    public init(activityItems: [Any], applicationActivities: [UIActivity]?) { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uiactivity
@MainActor
open class UIActivity: NSObject {}
#endif

#endif

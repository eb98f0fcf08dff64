// AppKit's responders, views, windows, events and drawing contexts, as far as the shells
// use them. Views, windows, responders and events are main-actor isolated ("@MainActor
// class NSView"; the README lists the pages not read).
@_exported import AppleFoundation
@_exported import CoreGraphics
@_exported import QuartzCore

// https://developer.apple.com/documentation/appkit/nsresponder
// `@MainActor class NSResponder`
@MainActor
open class NSResponder: NSObject {
    public override init() { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsresponder/mousedown(with:) and siblings:
    // `func mouseDown(with event: NSEvent)`
    open func mouseDown(with event: NSEvent) { fatalError() }
    open func mouseDragged(with event: NSEvent) { fatalError() }
    open func mouseUp(with event: NSEvent) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsresponder/menu
    open var menu: NSMenu? {
        get { fatalError() }
        set { fatalError() }
    }
}

// https://developer.apple.com/documentation/appkit/nsevent
// `@MainActor class NSEvent`
@MainActor
open class NSEvent: NSObject {
    // https://developer.apple.com/documentation/appkit/nsevent/locationinwindow
    // `var locationInWindow: NSPoint { get }`
    open var locationInWindow: NSPoint { fatalError() }
}

// https://developer.apple.com/documentation/appkit/nswindow
// `@MainActor class NSWindow`
@MainActor
open class NSWindow: NSResponder {
    // https://developer.apple.com/documentation/appkit/nswindow/backingscalefactor
    // `var backingScaleFactor: CGFloat { get }`
    open var backingScaleFactor: CGFloat { fatalError() }
    // https://developer.apple.com/documentation/appkit/nswindow/invalidatecursorrects(for:)
    // `func invalidateCursorRects(for view: NSView)`
    open func invalidateCursorRects(for view: NSView) { fatalError() }
}

// https://developer.apple.com/documentation/appkit/nslayoutconstraint/priority
// `struct Priority` (raw value `Float`)
extension NSLayoutConstraint {
    public struct Priority: RawRepresentable, Hashable, Sendable {
        public let rawValue: Float
        public init(rawValue: Float) { self.rawValue = rawValue }
        public init(_ rawValue: Float) { self.rawValue = rawValue }
        public static let required = Priority(1000)
        public static let defaultHigh = Priority(750)
        public static let defaultLow = Priority(250)
    }

    // https://developer.apple.com/documentation/appkit/nslayoutconstraint/orientation-swift.enum
    public enum Orientation: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }
}

// https://developer.apple.com/documentation/appkit/nslayoutconstraint
@MainActor
open class NSLayoutConstraint: NSObject {}

// https://developer.apple.com/documentation/appkit/nsview
// `@MainActor class NSView`
@MainActor
open class NSView: NSResponder, @preconcurrency NSCoding {
    // https://developer.apple.com/documentation/appkit/nsview/init(frame:)
    // `init(frame frameRect: NSRect)`
    public init(frame frameRect: NSRect) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/init(coder:)
    public required init?(coder: NSCoder) { fatalError() }
    // NSObject's `init()`: NSView's designated initializers are `init(frame:)` and `init(coder:)`.
    public convenience override init() { fatalError() }
    public func encode(with coder: NSCoder) { fatalError() }

    // https://developer.apple.com/documentation/appkit/nsview/frame, bounds
    open var frame: NSRect {
        get { fatalError() }
        set { fatalError() }
    }
    open var bounds: NSRect {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/appkit/nsview/isflipped
    // `var isFlipped: Bool { get }`
    open var isFlipped: Bool { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/window
    open var window: NSWindow? { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/needslayout, needsdisplay
    open var needsLayout: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var needsDisplay: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/appkit/nsview/intrinsiccontentsize
    open var intrinsicContentSize: NSSize { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/invalidateintrinsiccontentsize()
    open func invalidateIntrinsicContentSize() { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/fittingsize
    // `var fittingSize: NSSize { get }` (macOS 10.7)
    open var fittingSize: NSSize { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/visiblerect
    // `var visibleRect: NSRect { get }`
    open var visibleRect: NSRect { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/resetcursorrects()
    // `func resetCursorRects()`
    open func resetCursorRects() { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/addcursorrect(_:cursor:)
    // `func addCursorRect(_ rect: NSRect, cursor object: NSCursor)`
    open func addCursorRect(_ rect: NSRect, cursor object: NSCursor) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/isaccessibilityelement()
    // `func isAccessibilityElement() -> Bool` (the Objective-C `accessibilityElement` property's getter)
    open func isAccessibilityElement() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/accessibilitychildren()
    // `func accessibilityChildren() -> [Any]?`
    open func accessibilityChildren() -> [Any]? { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/accessibilitylabel()
    // `func accessibilityLabel() -> String?`
    open func accessibilityLabel() -> String? { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/userinterfacelayoutdirection
    // `var userInterfaceLayoutDirection: NSUserInterfaceLayoutDirection { get set }`
    open var userInterfaceLayoutDirection: NSUserInterfaceLayoutDirection {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/appkit/nsview/effectiveappearance
    // `var effectiveAppearance: NSAppearance { get }`
    open var effectiveAppearance: NSAppearance { fatalError() }

    // https://developer.apple.com/documentation/appkit/nsview/addsubview(_:), removefromsuperview()
    open func addSubview(_ view: NSView) { fatalError() }
    open func removeFromSuperview() { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/isdescendant(of:)
    @discardableResult
    open func isDescendant(of view: NSView) -> Bool { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/draw(_:)
    open func draw(_ dirtyRect: NSRect) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/layout()
    open func layout() { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/setframesize(_:)
    open func setFrameSize(_ newSize: NSSize) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/viewdidmovetowindow()
    open func viewDidMoveToWindow() { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/viewdidchangeeffectiveappearance()
    open func viewDidChangeEffectiveAppearance() { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview, convert(_: NSPoint, from:)
    // `func convert(_ point: NSPoint, from view: NSView?) -> NSPoint`
    @discardableResult
    open func convert(_ point: NSPoint, from view: NSView?) -> NSPoint { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/hittest(_:)
    // `func hitTest(_ point: NSPoint) -> NSView?`
    @discardableResult
    open func hitTest(_ point: NSPoint) -> NSView? { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/menu(for:)
    // `func menu(for event: NSEvent) -> NSMenu?`
    @discardableResult
    open func menu(for event: NSEvent) -> NSMenu? { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsview/setcontentcompressionresistancepriority(_:for:)
    open func setContentCompressionResistancePriority(
        _ priority: NSLayoutConstraint.Priority, for orientation: NSLayoutConstraint.Orientation
    ) {
        fatalError()
    }
}

// https://developer.apple.com/documentation/appkit/nsappearance
// `class NSAppearance`
open class NSAppearance: NSObject {
    // https://developer.apple.com/documentation/appkit/nsappearance/name-swift.struct
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let aqua = Name(rawValue: "NSAppearanceNameAqua")
        public static let darkAqua = Name(rawValue: "NSAppearanceNameDarkAqua")
    }
    // https://developer.apple.com/documentation/appkit/nsappearance/bestmatch(from:)
    // `func bestMatch(from appearances: [NSAppearance.Name]) -> NSAppearance.Name?`
    @discardableResult
    open func bestMatch(from appearances: [NSAppearance.Name]) -> NSAppearance.Name? { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsappearance/performascurrentdrawingappearance(_:)
    // `func performAsCurrentDrawingAppearance(_ block: () -> Void)` (macOS 11)
    open func performAsCurrentDrawingAppearance(_ block: () -> Void) { fatalError() }
}

// https://developer.apple.com/documentation/appkit/nsgraphicscontext
// `class NSGraphicsContext` (main-actor isolated here: the stricter reading, page not read)
@MainActor
open class NSGraphicsContext: NSObject {
    // https://developer.apple.com/documentation/appkit/nsgraphicscontext/current
    // `class var current: NSGraphicsContext? { get set }`
    open class var current: NSGraphicsContext? {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/appkit/nsgraphicscontext/cgcontext
    // `var cgContext: CGContext { get }`
    open var cgContext: CGContext { fatalError() }
}

// https://developer.apple.com/documentation/appkit/nscursor
// `class NSCursor` (main-actor isolated here: the stricter reading)
@MainActor
open class NSCursor: NSObject {
    // https://developer.apple.com/documentation/appkit/nscursor/pointinghand
    // `class var pointingHand: NSCursor { get }`
    open class var pointingHand: NSCursor { fatalError() }
}

// https://developer.apple.com/documentation/appkit/nsuserinterfacelayoutdirection
// `enum NSUserInterfaceLayoutDirection` (leftToRight 0, rightToLeft 1)
public enum NSUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}

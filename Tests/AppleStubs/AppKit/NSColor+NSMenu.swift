// AppKit's colours, fonts, images, menus, pasteboard, sharing, accessibility and attribute
// scope, as far as the shells use them.
import CoreText

// MARK: Colours, fonts, images

// https://developer.apple.com/documentation/appkit/nscolor
// `class NSColor`
open class NSColor: NSObject {
    // https://developer.apple.com/documentation/appkit/nscolor/init(srgbred:green:blue:alpha:)
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nscolor/init(name:dynamicprovider:)
    // `init(name colorName: NSColor.Name?, dynamicProvider: @escaping (NSAppearance) -> NSColor)` (macOS 10.15)
    public init(name colorName: NSColor.Name?, dynamicProvider: @escaping (NSAppearance) -> NSColor) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nscolor/cgcolor
    // `var cgColor: CGColor { get }`
    open var cgColor: CGColor { fatalError() }

    // https://developer.apple.com/documentation/appkit/nscolor/name
    public typealias Name = String
}

// https://developer.apple.com/documentation/appkit/nsfont
// `class NSFont`; toll-free bridged with CTFont (see CoreText).
open class NSFont: CTFont {
    // https://developer.apple.com/documentation/appkit/nsfont/init(name:size:)
    // `init?(name fontName: String, size fontSize: CGFloat)`
    public init?(name fontName: String, size fontSize: CGFloat) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsfont/init(descriptor:size:)
    // `init?(descriptor fontDescriptor: NSFontDescriptor, size fontSize: CGFloat)`
    public init?(descriptor fontDescriptor: NSFontDescriptor, size fontSize: CGFloat) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsfont/systemfont(ofsize:weight:)
    // `class func systemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont`
    @discardableResult
    open class func systemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsfont/fontdescriptor
    open var fontDescriptor: NSFontDescriptor { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsfont/pointsize, ascender, descender, capheight
    open var pointSize: CGFloat { fatalError() }
    open var ascender: CGFloat { fatalError() }
    open var descender: CGFloat { fatalError() }
    open var capHeight: CGFloat { fatalError() }

    // https://developer.apple.com/documentation/appkit/nsfont/weight
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }
}

// https://developer.apple.com/documentation/appkit/nsfontdescriptor
// `class NSFontDescriptor`
open class NSFontDescriptor: NSObject {
    // https://developer.apple.com/documentation/appkit/nsfontdescriptor/symbolictraits-swift.property
    open var symbolicTraits: NSFontDescriptor.SymbolicTraits { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsfontdescriptor/withsymbolictraits(_:)
    // `func withSymbolicTraits(_ symbolicTraits: NSFontDescriptor.SymbolicTraits) -> NSFontDescriptor`
    @discardableResult
    open func withSymbolicTraits(_ symbolicTraits: NSFontDescriptor.SymbolicTraits) -> NSFontDescriptor { fatalError() }

    // https://developer.apple.com/documentation/appkit/nsfontdescriptor/symbolictraits-swift.struct
    public struct SymbolicTraits: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let italic = SymbolicTraits(rawValue: 1 << 0)
        public static let bold = SymbolicTraits(rawValue: 1 << 1)
    }
}

// https://developer.apple.com/documentation/appkit/nscompositingoperation
public enum NSCompositingOperation: UInt, Sendable {
    case clear = 0
    case copy = 1
    case sourceOver = 2
}

// https://developer.apple.com/documentation/appkit/nsimagerep/hintkey
extension NSImageRep {
    public struct HintKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

// https://developer.apple.com/documentation/appkit/nsimagerep
open class NSImageRep: NSObject {
    // https://developer.apple.com/documentation/appkit/nsimagerep/pixelswide
    // `var pixelsWide: Int { get set }`
    open var pixelsWide: Int {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/appkit/nsimagerep/pixelshigh
    // `var pixelsHigh: Int { get set }`
    open var pixelsHigh: Int {
        get { fatalError() }
        set { fatalError() }
    }
}

// https://developer.apple.com/documentation/appkit/nsbitmapimagerep
// `class NSBitmapImageRep` (not main-actor isolated)
open class NSBitmapImageRep: NSImageRep {
    // https://developer.apple.com/documentation/appkit/nsbitmapimagerep/init(data:)
    // `init?(data: Data)`
    public init?(data: Data) { fatalError() }
}

// https://developer.apple.com/documentation/appkit/nsimage
// `class NSImage`
open class NSImage: NSObject {
    // https://developer.apple.com/documentation/appkit/nsimage/name
    public typealias Name = String
    // https://developer.apple.com/documentation/appkit/nsimage/init(size:)
    public init(size: NSSize) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsimage/init(data:)
    // `init?(data: Data)`
    public init?(data: Data) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsimage/init(named:)
    // `init?(named name: NSImage.Name)`
    public init?(named name: NSImage.Name) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsimage/init(systemsymbolname:accessibilitydescription:)
    // `init?(systemSymbolName name: String, accessibilityDescription description: String?)` (macOS 11)
    public init?(systemSymbolName name: String, accessibilityDescription description: String?) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsimage/addrepresentation(_:)
    // `func addRepresentation(_ imageRep: NSImageRep)`
    open func addRepresentation(_ imageRep: NSImageRep) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsimage/size
    open var size: NSSize {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/appkit/nsimage/draw(in:from:operation:fraction:respectflipped:hints:)
    // `func draw(in dstSpacePortionRect: NSRect, from srcSpacePortionRect: NSRect, operation op: NSCompositingOperation,
    //   fraction requestedAlpha: CGFloat, respectFlipped respectContextIsFlipped: Bool, hints: [NSImageRep.HintKey : Any]?)`
    open func draw(
        in dstSpacePortionRect: NSRect, from srcSpacePortionRect: NSRect, operation op: NSCompositingOperation,
        fraction requestedAlpha: CGFloat, respectFlipped respectContextIsFlipped: Bool, hints: [NSImageRep.HintKey: Any]?
    ) { fatalError() }
}

// MARK: Menus

// https://developer.apple.com/documentation/appkit/nsmenu
// `@MainActor class NSMenu`
@MainActor
open class NSMenu: NSObject {
    // https://developer.apple.com/documentation/appkit/nsmenu/init(title:)
    public init(title: String) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsmenu/additem(_:)
    open func addItem(_ newItem: NSMenuItem) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsmenu/popupcontextmenu(_:with:for:)
    // `class func popUpContextMenu(_ menu: NSMenu, with event: NSEvent, for view: NSView)`
    open class func popUpContextMenu(_ menu: NSMenu, with event: NSEvent, for view: NSView) { fatalError() }
}

// https://developer.apple.com/documentation/appkit/nsmenuitem
// `@MainActor class NSMenuItem`
@MainActor
open class NSMenuItem: NSObject {
    // https://developer.apple.com/documentation/appkit/nsmenuitem/init(title:action:keyequivalent:)
    // `init(title string: String, action selector: Selector?, keyEquivalent charCode: String)`
    public init(title string: String, action selector: Selector?, keyEquivalent charCode: String) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsmenuitem/target
    // `weak var target: AnyObject? { get set }`
    open weak var target: AnyObject? {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/appkit/nsmenuitem/representedobject
    // `var representedObject: Any? { get set }`
    open var representedObject: Any? {
        get { fatalError() }
        set { fatalError() }
    }
}

// MARK: Pasteboard and sharing

// https://developer.apple.com/documentation/appkit/nspasteboardwriting
public protocol NSPasteboardWriting: NSObjectProtocol {}
extension NSURL: NSPasteboardWriting {}
extension NSString: NSPasteboardWriting {}

// https://developer.apple.com/documentation/appkit/nspasteboard
// `class NSPasteboard`
open class NSPasteboard: NSObject {
    // https://developer.apple.com/documentation/appkit/nspasteboard/general
    // `class var general: NSPasteboard { get }`
    open class var general: NSPasteboard { fatalError() }
    // https://developer.apple.com/documentation/appkit/nspasteboard/clearcontents()
    // `func clearContents() -> Int`
    @discardableResult
    open func clearContents() -> Int { fatalError() }
    // https://developer.apple.com/documentation/appkit/nspasteboard/setstring(_:fortype:)
    // `func setString(_ string: String, forType dataType: NSPasteboard.PasteboardType) -> Bool`
    @discardableResult
    open func setString(_ string: String, forType dataType: NSPasteboard.PasteboardType) -> Bool { fatalError() }
    // https://developer.apple.com/documentation/appkit/nspasteboard/writeobjects(_:)
    // `func writeObjects(_ objects: [any NSPasteboardWriting]) -> Bool`
    @discardableResult
    open func writeObjects(_ objects: [any NSPasteboardWriting]) -> Bool { fatalError() }

    // https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype
    public struct PasteboardType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let string = PasteboardType(rawValue: "public.utf8-plain-text")
    }
}

// https://developer.apple.com/documentation/appkit/nssharingservicepicker
// `@MainActor class NSSharingServicePicker`
@MainActor
open class NSSharingServicePicker: NSObject {
    // https://developer.apple.com/documentation/appkit/nssharingservicepicker/init(items:)
    // `init(items: [Any])`
    public init(items: [Any]) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nssharingservicepicker/show(relativeto:of:preferrededge:)
    // `func show(relativeTo rect: NSRect, of view: NSView, preferredEdge: NSRectEdge)`
    open func show(relativeTo rect: NSRect, of view: NSView, preferredEdge: NSRectEdge) { fatalError() }
}

// MARK: Accessibility

// https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct
public struct NSAccessibility {
    // https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/role
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let group = Role(rawValue: "AXGroup")
        public static let button = Role(rawValue: "AXButton")
        public static let image = Role(rawValue: "AXImage")
        public static let link = Role(rawValue: "AXLink")
    }

    // https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/screenrect(fromview:rect:)
    // `static func screenRect(fromView view: NSView, rect: NSRect) -> NSRect`
    @discardableResult
    public static func screenRect(fromView view: NSView, rect: NSRect) -> NSRect { fatalError() }

    // https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/notification
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/notification/layoutchanged
        // `static let layoutChanged: NSAccessibility.Notification` (macOS 10.9)
        public static let layoutChanged = Notification(rawValue: "AXLayoutChanged")
    }

    // https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/post(element:notification:)
    // `static func post(element: Any, notification: NSAccessibility.Notification)`
    public static func post(element: Any, notification: NSAccessibility.Notification) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/post(element:notification:userinfo:)
    // `static func post(element: Any, notification: NSAccessibility.Notification, userInfo:
    //   [NSAccessibility.NotificationUserInfoKey : Any]?)` (macOS 10.7)
    public static func post(
        element: Any, notification: NSAccessibility.Notification, userInfo: [NSAccessibility.NotificationUserInfoKey: Any]?
    ) { fatalError() }

    // https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/notificationuserinfokey
    public struct NotificationUserInfoKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/notificationuserinfokey/uielements
        // `static let uiElements: NSAccessibility.NotificationUserInfoKey` (what `.layoutChanged` asks for)
        public static let uiElements = NotificationUserInfoKey(rawValue: "AXUIElementsKey")
    }
}

// https://developer.apple.com/documentation/appkit/nsaccessibilityelementprotocol
// `protocol NSAccessibilityElementProtocol : NSObjectProtocol`
public protocol NSAccessibilityElementProtocol: NSObjectProtocol {}

// https://developer.apple.com/documentation/appkit/nsaccessibilitycustomrotor
// `class NSAccessibilityCustomRotor` (macOS 10.13; not main-actor isolated)
open class NSAccessibilityCustomRotor: NSObject {
    // https://developer.apple.com/documentation/appkit/nsaccessibilitycustomrotor/init(rotortype:itemsearchdelegate:)
    // `init(rotorType: NSAccessibilityCustomRotor.RotorType, itemSearchDelegate: any
    //   NSAccessibilityCustomRotorItemSearchDelegate)` (the delegate is held weakly)
    public init(rotorType: NSAccessibilityCustomRotor.RotorType, itemSearchDelegate: any NSAccessibilityCustomRotorItemSearchDelegate) {
        fatalError()
    }

    // https://developer.apple.com/documentation/appkit/nsaccessibilitycustomrotor/rotortype
    // `enum RotorType` (the cases the shell uses)
    public enum RotorType: Int, Sendable {
        case custom = 0
        case link = 1
    }

    // https://developer.apple.com/documentation/appkit/nsaccessibilitycustomrotor/searchdirection
    // `enum SearchDirection`: previous (0), next (1)
    public enum SearchDirection: Int, Sendable {
        case previous = 0
        case next = 1
    }

    // https://developer.apple.com/documentation/appkit/nsaccessibilitycustomrotor/searchparameters
    // `class SearchParameters`
    open class SearchParameters: NSObject {
        // `var currentItem: NSAccessibilityCustomRotor.ItemResult? { get set }` (nil: from an end)
        open var currentItem: NSAccessibilityCustomRotor.ItemResult? {
            get { fatalError() }
            set { fatalError() }
        }
        // `var searchDirection: NSAccessibilityCustomRotor.SearchDirection { get set }`
        open var searchDirection: NSAccessibilityCustomRotor.SearchDirection {
            get { fatalError() }
            set { fatalError() }
        }
    }

    // https://developer.apple.com/documentation/appkit/nsaccessibilitycustomrotor/itemresult
    // `class ItemResult`
    open class ItemResult: NSObject {
        // https://developer.apple.com/documentation/appkit/nsaccessibilitycustomrotor/itemresult/init(targetelement:)
        // `init(targetElement: any NSAccessibilityElementProtocol)`
        public init(targetElement: any NSAccessibilityElementProtocol) { fatalError() }
        // `weak var targetElement: (any NSAccessibilityElementProtocol)? { get }`
        open weak var targetElement: (any NSAccessibilityElementProtocol)? { fatalError() }
    }
}

// https://developer.apple.com/documentation/appkit/nsaccessibilitycustomrotoritemsearchdelegate
// `protocol NSAccessibilityCustomRotorItemSearchDelegate : NSObjectProtocol` (macOS 10.13; not
// main-actor isolated)
public protocol NSAccessibilityCustomRotorItemSearchDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/appkit/nsaccessibilitycustomrotoritemsearchdelegate/rotor(_:resultfor:)
    // `func rotor(_ rotor: NSAccessibilityCustomRotor, resultFor searchParameters:
    //   NSAccessibilityCustomRotor.SearchParameters) -> NSAccessibilityCustomRotor.ItemResult?`
    func rotor(_ rotor: NSAccessibilityCustomRotor, resultFor searchParameters: NSAccessibilityCustomRotor.SearchParameters)
        -> NSAccessibilityCustomRotor.ItemResult?
}

// The NSAccessibility protocol's setters on NSView:
// https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/setaccessibilityrole(_:)
// https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/setaccessibilitylabel(_:)
// https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/setaccessibilitychildren(_:)
// https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/setaccessibilitycustomrotors(_:)
// (`func setAccessibilityCustomRotors(_ accessibilityCustomRotors: [NSAccessibilityCustomRotor])`, 10.13)
extension NSView {
    public func setAccessibilityRole(_ accessibilityRole: NSAccessibility.Role?) { fatalError() }
    public func setAccessibilityLabel(_ accessibilityLabel: String?) { fatalError() }
    public func setAccessibilityChildren(_ accessibilityChildren: [Any]?) { fatalError() }
    public func setAccessibilityCustomRotors(_ accessibilityCustomRotors: [NSAccessibilityCustomRotor]) { fatalError() }
}

// NSView is an NSAccessibilityElementProtocol (the NSAccessibility informal protocol's views).
extension NSView: NSAccessibilityElementProtocol {}

// https://developer.apple.com/documentation/appkit/nsaccessibilityelement-swift.class
// `class NSAccessibilityElement` (as its page shows: not main-actor isolated)
open class NSAccessibilityElement: NSObject, NSAccessibilityElementProtocol {
    // NSObject's `init()` (no page of its own)
    public override init() { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/setaccessibilityrole(_:)
    // `func setAccessibilityRole(_ accessibilityRole: NSAccessibility.Role?)`
    open func setAccessibilityRole(_ accessibilityRole: NSAccessibility.Role?) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/setaccessibilitylabel(_:)
    // `func setAccessibilityLabel(_ accessibilityLabel: String?)`
    open func setAccessibilityLabel(_ accessibilityLabel: String?) { fatalError() }
    // The Objective-C `@property (weak) id accessibilityParent`'s setter (the getter's page:
    // https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/accessibilityparent())
    // `func setAccessibilityParent(_ accessibilityParent: Any?)`
    open func setAccessibilityParent(_ accessibilityParent: Any?) { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsaccessibilitybutton/accessibilityperformpress()
    // `func accessibilityPerformPress() -> Bool`: a member of the NSAccessibility protocol the
    // class adopts (`@interface NSAccessibilityElement : NSObject <NSAccessibility>`), so a
    // subclass overrides it (here on the class, as Linux has no Objective-C protocol import)
    @discardableResult
    open func accessibilityPerformPress() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/appkit/nsaccessibilityelement/element(withrole:frame:label:parent:)
    // `class func element(withRole role: NSAccessibility.Role, frame: NSRect, label: String?, parent: Any?) -> Any`
    @discardableResult
    open class func element(withRole role: NSAccessibility.Role, frame: NSRect, label: String?, parent: Any?) -> Any {
        fatalError()
    }
    // https://developer.apple.com/documentation/appkit/nsaccessibilityelement/setaccessibilityframeinparentspace(_:)
    open func setAccessibilityFrameInParentSpace(_ accessibilityFrameInParentSpace: NSRect) { fatalError() }
}

// MARK: Attribute scope

// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes
// `struct AppKitAttributes: AttributeScope` (macOS 12)
extension AttributeScopes {
    public struct AppKitAttributes: AttributeScope {
        public let foundation: AttributeScopes.FoundationAttributes
    }
    public var appKit: AppKitAttributes.Type { AppKitAttributes.self }
}

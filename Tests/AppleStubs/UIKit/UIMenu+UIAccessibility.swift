// UIKit's edit menus, pasteboard, accessibility and attribute scope, as far as the shells
// use them.

// Not on watchOS: menus, pasteboard and accessibility elements belong to views.
#if !WATCHOS

// MARK: Edit menus (iOS 16)

// https://developer.apple.com/documentation/uikit/uimenuelement
// `@MainActor class UIMenuElement`
@MainActor
open class UIMenuElement: NSObject {}

// https://developer.apple.com/documentation/uikit/uimenu
// `@MainActor class UIMenu`
@MainActor
open class UIMenu: UIMenuElement {
    // https://developer.apple.com/documentation/uikit/uimenu/init(title:image:identifier:options:children:)
    // `@MainActor @preconcurrency convenience init(title: String = "", image: UIImage? = nil,
    //   identifier: UIMenu.Identifier? = nil, options: UIMenu.Options = [], children: [UIMenuElement] = [])`
    public convenience init(
        title: String = "", image: UIImage? = nil, identifier: UIMenu.Identifier? = nil, options: UIMenu.Options = [],
        children: [UIMenuElement] = []
    ) { fatalError() }

    // https://developer.apple.com/documentation/uikit/uimenu/identifier
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    // https://developer.apple.com/documentation/uikit/uimenu/options-swift.struct
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1 << 0)
        public static let destructive = Options(rawValue: 1 << 1)
    }
}

// https://developer.apple.com/documentation/uikit/uiactionhandler
// `typealias UIActionHandler = (UIAction) -> Void` (not `@MainActor`, not `@Sendable`: a
// closure written on the main actor stays isolated to it)
public typealias UIActionHandler = (UIAction) -> Void

// https://developer.apple.com/documentation/uikit/uiaction
// `@MainActor class UIAction`
@MainActor
open class UIAction: UIMenuElement {
    // https://developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
    // `@MainActor @preconcurrency convenience init(title: String = "", image: UIImage? = nil,
    //   identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil,
    //   attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping UIActionHandler)`
    public convenience init(
        title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) { fatalError() }

    // https://developer.apple.com/documentation/uikit/uiaction/identifier
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

extension UIMenuElement {
    // https://developer.apple.com/documentation/uikit/uimenuelement/attributes
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
    }

    // https://developer.apple.com/documentation/uikit/uimenuelement/state
    public enum State: Int, Sendable {
        case off = 0
        case on = 1
        case mixed = 2
    }
}

// The edit menu and the pasteboard: not on tvOS (their pages list no tvOS).
#if !TVOS

// https://developer.apple.com/documentation/uikit/uieditmenuconfiguration
// `@MainActor class UIEditMenuConfiguration`
@MainActor
open class UIEditMenuConfiguration: NSObject {
    // https://developer.apple.com/documentation/uikit/uieditmenuconfiguration/init(identifier:sourcepoint:)
    // `@MainActor @preconcurrency convenience init(identifier: AnyHashable?, sourcePoint: CGPoint)`
    public convenience init(identifier: AnyHashable?, sourcePoint: CGPoint) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uieditmenuconfiguration/sourcepoint
    open var sourcePoint: CGPoint { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uieditmenuinteractiondelegate
// `protocol UIEditMenuInteractionDelegate : NSObjectProtocol`: not main-actor isolated (its
// interaction is); every requirement `optional`.
public protocol UIEditMenuInteractionDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uieditmenuinteractiondelegate/editmenuinteraction(_:menufor:suggestedactions:)
    // `optional func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration, suggestedActions: [UIMenuElement]) -> UIMenu?`
    func editMenuInteraction(
        _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration, suggestedActions: [UIMenuElement]
    ) -> UIMenu?
    // https://developer.apple.com/documentation/uikit/uieditmenuinteractiondelegate/editmenuinteraction(_:targetrectfor:)
    // `optional func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect`
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect
}

extension UIEditMenuInteractionDelegate {
    // Optional requirements (an Objective-C protocol's `@optional`): defaults here.
    public func editMenuInteraction(
        _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration, suggestedActions: [UIMenuElement]
    ) -> UIMenu? { fatalError() }
    public func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration)
        -> CGRect
    { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uieditmenuinteraction
// `@MainActor class UIEditMenuInteraction`
@MainActor
open class UIEditMenuInteraction: NSObject, UIInteraction {
    // https://developer.apple.com/documentation/uikit/uieditmenuinteraction/init(delegate:)
    // `init(delegate: (any UIEditMenuInteractionDelegate)?)`
    public init(delegate: (any UIEditMenuInteractionDelegate)?) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uieditmenuinteraction/presenteditmenu(with:)
    open func presentEditMenu(with configuration: UIEditMenuConfiguration) { fatalError() }
}

// MARK: Pasteboard

// https://developer.apple.com/documentation/uikit/uipasteboard
// `class UIPasteboard` (not main-actor isolated)
open class UIPasteboard: NSObject {
    // https://developer.apple.com/documentation/uikit/uipasteboard/general
    // `class var general: UIPasteboard { get }`
    open class var general: UIPasteboard { fatalError() }
    // https://developer.apple.com/documentation/uikit/uipasteboard/string
    open var string: String? {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/uikit/uipasteboard/url
    open var url: URL? {
        get { fatalError() }
        set { fatalError() }
    }
}

#endif

// MARK: Accessibility

// https://developer.apple.com/documentation/uikit/uiaccessibilitytraits
// `struct UIAccessibilityTraits: OptionSet` (raw value `UInt64`)
public struct UIAccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
}

// The UIAccessibility informal protocol on NSObject:
// https://developer.apple.com/documentation/uikit/uiaccessibility-protocol
// `accessibilityLabel`, `accessibilityTraits`: `@MainActor` here, as the informal protocol's
// `accessibilityActivate()` page shows (the stricter reading for the others).
// (UIAccessibilityContainer's `accessibilityElements` is on UIView here: the shell overrides it.)
extension NSObject {
    @MainActor public var accessibilityLabel: String? {
        get { fatalError() }
        set { fatalError() }
    }
    @MainActor public var accessibilityTraits: UIAccessibilityTraits {
        get { fatalError() }
        set { fatalError() }
    }
}

// https://developer.apple.com/documentation/uikit/uiaccessibilityelement
// `@MainActor class UIAccessibilityElement`
@MainActor
open class UIAccessibilityElement: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiaccessibilityelement/init(accessibilitycontainer:)
    // `init(accessibilityContainer container: Any)`
    public init(accessibilityContainer container: Any) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiaccessibilityelement/accessibilityframeincontainerspace
    open var accessibilityFrameInContainerSpace: CGRect {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/objectivec/nsobject-swift.class/accessibilityactivate()
    // `@MainActor func accessibilityActivate() -> Bool`, declared on NSObject (the UIAccessibility
    // informal protocol); here on the class, as a subclass overrides it.
    @discardableResult
    open func accessibilityActivate() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/objectivec/nsobject-swift.class/accessibilitypath
    // `@MainActor var accessibilityPath: UIBezierPath? { get set }`, declared on NSObject; here on
    // the class, as a subclass overrides it.
    open var accessibilityPath: UIBezierPath? {
        get { fatalError() }
        set { fatalError() }
    }
}

// https://developer.apple.com/documentation/uikit/uiaccessibility
public struct UIAccessibility {
    // https://developer.apple.com/documentation/uikit/uiaccessibility/notification
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/uikit/uiaccessibility/notification/layoutchanged
        // `static let layoutChanged: UIAccessibility.Notification` (nonisolated, as the page of
        // its sibling `announcement` shows)
        public static let layoutChanged = Notification(rawValue: 1001)
    }

    // https://developer.apple.com/documentation/uikit/uiaccessibility/post(notification:argument:)
    // `@MainActor static func post(notification: UIAccessibility.Notification, argument: Any?)`
    @MainActor public static func post(notification: UIAccessibility.Notification, argument: Any?) { fatalError() }

    // https://developer.apple.com/documentation/uikit/uiaccessibility/converttoscreencoordinates(_:in:)-6dx4a
    // `@MainActor static func convertToScreenCoordinates(_ path: UIBezierPath, in view: UIView) -> UIBezierPath`
    @discardableResult
    @MainActor public static func convertToScreenCoordinates(_ path: UIBezierPath, in view: UIView) -> UIBezierPath {
        fatalError()
    }
}

#endif

// MARK: Attribute scope

// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes
// `struct UIKitAttributes: AttributeScope` (iOS 15)
extension AttributeScopes {
    public struct UIKitAttributes: AttributeScope {
        public let foundation: AttributeScopes.FoundationAttributes
    }
    public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
}

// UIKit's VoiceOver state, custom rotors and context menus, as far as the shells use them.
// Not on watchOS (their pages list no watchOS).
#if !WATCHOS

// https://developer.apple.com/documentation/uikit/uiaccessibility/isvoiceoverrunning
// `@MainActor static var isVoiceOverRunning: Bool { get }`
extension UIAccessibility {
    @MainActor public static var isVoiceOverRunning: Bool { fatalError() }
}

// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/accessibilitycustomrotors
// `@MainActor var accessibilityCustomRotors: [UIAccessibilityCustomRotor]? { get set }` (iOS 10, tvOS 10)
extension NSObject {
    @MainActor public var accessibilityCustomRotors: [UIAccessibilityCustomRotor]? {
        get { fatalError() }
        set { fatalError() }
    }
}

// https://developer.apple.com/documentation/uikit/uiaccessibilitycustomrotor
// `@MainActor class UIAccessibilityCustomRotor`
@MainActor
open class UIAccessibilityCustomRotor: NSObject {
    // https://developer.apple.com/documentation/uikit/uiaccessibilitycustomrotor/search
    // `@MainActor typealias Search = (UIAccessibilityCustomRotorSearchPredicate) -> UIAccessibilityCustomRotorItemResult?`
    public typealias Search = @MainActor (UIAccessibilityCustomRotorSearchPredicate) -> UIAccessibilityCustomRotorItemResult?

    // https://developer.apple.com/documentation/uikit/uiaccessibilitycustomrotor/init(systemtype:itemsearch:)
    // `init(systemType type: UIAccessibilityCustomRotor.SystemRotorType, itemSearch itemSearchBlock:
    //   @escaping UIAccessibilityCustomRotor.Search)` (iOS 11, tvOS 11)
    public init(systemType type: UIAccessibilityCustomRotor.SystemRotorType, itemSearch itemSearchBlock: @escaping Search) {
        fatalError()
    }

    // https://developer.apple.com/documentation/uikit/uiaccessibilitycustomrotor/systemrotortype-swift.enum
    // `enum SystemRotorType` (the cases the shells use)
    public enum SystemRotorType: Int, Sendable {
        case none = 0
        case link = 1
    }

    // https://developer.apple.com/documentation/uikit/uiaccessibilitycustomrotor/direction
    // `enum Direction`: `case previous` (0), `case next` (1)
    public enum Direction: Int, Sendable {
        case previous = 0
        case next = 1
    }
}

// https://developer.apple.com/documentation/uikit/uiaccessibilitycustomrotorsearchpredicate
// `@MainActor class UIAccessibilityCustomRotorSearchPredicate`
@MainActor
open class UIAccessibilityCustomRotorSearchPredicate: NSObject {
    // https://developer.apple.com/documentation/uikit/uiaccessibilitycustomrotorsearchpredicate/currentitem
    // `var currentItem: UIAccessibilityCustomRotorItemResult { get set }` (non-optional; its
    // `targetElement` is nil on the first search)
    open var currentItem: UIAccessibilityCustomRotorItemResult {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/uikit/uiaccessibilitycustomrotorsearchpredicate/searchdirection
    // `var searchDirection: UIAccessibilityCustomRotor.Direction { get set }`
    open var searchDirection: UIAccessibilityCustomRotor.Direction {
        get { fatalError() }
        set { fatalError() }
    }
}

// https://developer.apple.com/documentation/uikit/uiaccessibilitycustomrotoritemresult
// `@MainActor class UIAccessibilityCustomRotorItemResult`
@MainActor
open class UIAccessibilityCustomRotorItemResult: NSObject {
    // https://developer.apple.com/documentation/uikit/uiaccessibilitycustomrotoritemresult/init(targetelement:targetrange:)
    // `init(targetElement: any NSObjectProtocol, targetRange: UITextRange?)`
    public init(targetElement: any NSObjectProtocol, targetRange: UITextRange?) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiaccessibilitycustomrotoritemresult/targetelement
    // `weak var targetElement: (any NSObjectProtocol)? { get set }`
    open weak var targetElement: (any NSObjectProtocol)?
}

// https://developer.apple.com/documentation/uikit/uitextrange
// `@MainActor class UITextRange`
@MainActor
open class UITextRange: NSObject {}

// MARK: Context menus (Mac Catalyst's right click)

// https://developer.apple.com/documentation/uikit/uicontextmenuinteraction
// `@MainActor class UIContextMenuInteraction` (iOS 13, Mac Catalyst 13.1, tvOS 17)
@MainActor
open class UIContextMenuInteraction: NSObject, UIInteraction {
    // https://developer.apple.com/documentation/uikit/uicontextmenuinteraction/init(delegate:)
    // `init(delegate: any UIContextMenuInteractionDelegate)`
    public init(delegate: any UIContextMenuInteractionDelegate) { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uicontextmenuinteractiondelegate
// `@MainActor protocol UIContextMenuInteractionDelegate : NSObjectProtocol`
@MainActor
public protocol UIContextMenuInteractionDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uicontextmenuinteractiondelegate/contextmenuinteraction(_:configurationformenuatlocation:)
    // `func contextMenuInteraction(_ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint)
    //   -> UIContextMenuConfiguration?`
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint)
        -> UIContextMenuConfiguration?
}

// https://developer.apple.com/documentation/uikit/uicontextmenuactionprovider
// `typealias UIContextMenuActionProvider = ([UIMenuElement]) -> UIMenu?`
public typealias UIContextMenuActionProvider = ([UIMenuElement]) -> UIMenu?
// https://developer.apple.com/documentation/uikit/uicontextmenucontentpreviewprovider
// `typealias UIContextMenuContentPreviewProvider = () -> UIViewController?`
public typealias UIContextMenuContentPreviewProvider = () -> UIViewController?

// https://developer.apple.com/documentation/uikit/uicontextmenuconfiguration
// `@MainActor class UIContextMenuConfiguration`
@MainActor
open class UIContextMenuConfiguration: NSObject {
    // https://developer.apple.com/documentation/uikit/uicontextmenuconfiguration/init(identifier:previewprovider:actionprovider:)
    // `convenience init(identifier: (any NSCopying)?, previewProvider: UIContextMenuContentPreviewProvider?,
    //   actionProvider: UIContextMenuActionProvider? = nil)`
    public convenience init(
        identifier: (any NSCopying)?, previewProvider: UIContextMenuContentPreviewProvider?,
        actionProvider: UIContextMenuActionProvider? = nil
    ) { fatalError() }
}

#endif

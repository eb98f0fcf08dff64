// The text system UIKit and AppKit share (TextKit 1 and 2, paragraph styles, attachments,
// the attribute keys), compiled into both stub modules as Apple declares it in both
// frameworks: the same declarations, with UIKit's or AppKit's font, colour and image types
// (`-D UIKIT` or `-D APPKIT`). The pages cited are UIKit's; AppKit's are the same path
// under /documentation/appkit/.
//
// None of these classes is main-actor isolated in Apple's documentation (unlike views).

// MARK: Attribute keys

// https://developer.apple.com/documentation/foundation/nsattributedstring/key
// UIKit/AppKit: `static let font: NSAttributedString.Key` … (each key its own page).
extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key("NSFont")
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    public static let kern = NSAttributedString.Key("NSKern")
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    public static let attachment = NSAttributedString.Key("NSAttachment")
}

// MARK: Paragraph styles

// https://developer.apple.com/documentation/uikit/nstextalignment
// `enum NSTextAlignment` (AppKit's raw values differ; the cases are the same).
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}

// https://developer.apple.com/documentation/uikit/nswritingdirection
public enum NSWritingDirection: Int, Sendable {
    case natural = -1
    case leftToRight = 0
    case rightToLeft = 1
}

// https://developer.apple.com/documentation/uikit/nsunderlinestyle
// `struct NSUnderlineStyle: OptionSet` (raw value `Int`).
public struct NSUnderlineStyle: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

// https://developer.apple.com/documentation/uikit/nsparagraphstyle
// `class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, NSSecureCoding`; the
// properties are read-only here and settable on NSMutableParagraphStyle.
open class NSParagraphStyle: NSObject, NSCopying {
    public override init() { fatalError() }
    open class var `default`: NSParagraphStyle { fatalError() }
    open var alignment: NSTextAlignment { fatalError() }
    open var lineSpacing: CGFloat { fatalError() }
    open var minimumLineHeight: CGFloat { fatalError() }
    open var maximumLineHeight: CGFloat { fatalError() }
    open var paragraphSpacing: CGFloat { fatalError() }
    // https://developer.apple.com/documentation/uikit/nsparagraphstyle/headindent
    // `var headIndent: CGFloat { get }` (from the leading margin, always nonnegative)
    open var headIndent: CGFloat { fatalError() }
    // https://developer.apple.com/documentation/uikit/nsparagraphstyle/firstlineheadindent
    // `var firstLineHeadIndent: CGFloat { get }`
    open var firstLineHeadIndent: CGFloat { fatalError() }
    open var baseWritingDirection: NSWritingDirection { fatalError() }
    @discardableResult
    open func copy(with zone: NSZone? = nil) -> Any { fatalError() }
}

// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var alignment: NSTextAlignment {
        get { fatalError() }
        set { fatalError() }
    }
    open override var lineSpacing: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
    open override var minimumLineHeight: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
    open override var maximumLineHeight: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
    open override var paragraphSpacing: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/headindent
    // `var headIndent: CGFloat { get set }`
    open override var headIndent: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/firstlineheadindent
    // `var firstLineHeadIndent: CGFloat { get set }`
    open override var firstLineHeadIndent: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
    open override var baseWritingDirection: NSWritingDirection {
        get { fatalError() }
        set { fatalError() }
    }
}

// MARK: Attachments

// https://developer.apple.com/documentation/uikit/nstextattachment
// `class NSTextAttachment: NSObject`; designated `init(data:ofType:)`, so `init()` is
// NSObject's, a convenience initializer here.
open class NSTextAttachment: NSObject {
    public init(data contentData: Data?, ofType uti: String?) { fatalError() }
    public convenience override init() { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextattachment/image
    #if UIKIT
        open var image: UIImage? {
            get { fatalError() }
            set { fatalError() }
        }
    #else
        open var image: NSImage? {
            get { fatalError() }
            set { fatalError() }
        }
    #endif
    // https://developer.apple.com/documentation/uikit/nstextattachment/bounds
    open var bounds: CGRect {
        get { fatalError() }
        set { fatalError() }
    }
}

// TextKit 2: not on watchOS (NSTextContentStorage's page lists no watchOS).
#if !WATCHOS

// MARK: TextKit 2

// https://developer.apple.com/documentation/uikit/nstextlocation
// `protocol NSTextLocation: NSObjectProtocol`
public protocol NSTextLocation: NSObjectProtocol {
    func compare(_ location: any NSTextLocation) -> ComparisonResult
}

// https://developer.apple.com/documentation/uikit/nstextrange
open class NSTextRange: NSObject {
    // https://developer.apple.com/documentation/uikit/nstextrange/init(location:end:)
    // `init?(location: any NSTextLocation, end: (any NSTextLocation)?)`
    public init?(location: any NSTextLocation, end: (any NSTextLocation)?) { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextrange/init(location:)
    public convenience init(location: any NSTextLocation) { fatalError() }
    open var location: any NSTextLocation { fatalError() }
    open var endLocation: any NSTextLocation { fatalError() }
    open var isEmpty: Bool { fatalError() }
}

// https://developer.apple.com/documentation/uikit/nstextcontentmanager
// `class NSTextContentManager: NSObject, NSSecureCoding, NSTextElementProvider`
open class NSTextContentManager: NSObject {
    public override init() { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextcontentmanager/addtextlayoutmanager(_:)
    open func addTextLayoutManager(_ textLayoutManager: NSTextLayoutManager) { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextcontentmanager/performeditingtransaction(_:)
    // `func performEditingTransaction(_ transaction: () -> Void)`
    open func performEditingTransaction(_ transaction: () -> Void) { fatalError() }
    // NSTextElementProvider:
    // https://developer.apple.com/documentation/uikit/nstextelementprovider/documentrange
    open var documentRange: NSTextRange { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextelementprovider/location(_:offsetby:)
    // `func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)?`
    @discardableResult
    open func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)? { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextelementprovider/offset(from:to:)
    // `func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int`
    @discardableResult
    open func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int { fatalError() }
}

// https://developer.apple.com/documentation/uikit/nstextcontentstorage
open class NSTextContentStorage: NSTextContentManager {
    // https://developer.apple.com/documentation/uikit/nstextcontentstorage/attributedstring
    // `@NSCopying var attributedString: NSAttributedString? { get set }`
    open var attributedString: NSAttributedString? {
        get { fatalError() }
        set { fatalError() }
    }
}

// https://developer.apple.com/documentation/uikit/nstextcontainer
open class NSTextContainer: NSObject {
    // https://developer.apple.com/documentation/uikit/nstextcontainer/init(size:)
    public init(size: CGSize) { fatalError() }
    public convenience override init() { fatalError() }
    open var size: CGSize {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/uikit/nstextcontainer/linefragmentpadding
    open var lineFragmentPadding: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
}

// https://developer.apple.com/documentation/uikit/nstextlayoutmanager
open class NSTextLayoutManager: NSObject {
    public override init() { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlayoutmanager/textcontainer
    // `var textContainer: NSTextContainer? { get set }`
    open var textContainer: NSTextContainer? {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/uikit/nstextlayoutmanager/documentrange
    open var documentRange: NSTextRange { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlayoutmanager, ensureLayout(for: NSTextRange)
    open func ensureLayout(for range: NSTextRange) { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlayoutmanager/enumeratetextlayoutfragments(from:options:using:)
    @discardableResult
    open func enumerateTextLayoutFragments(
        from location: (any NSTextLocation)?, options: NSTextLayoutFragment.EnumerationOptions = [],
        using block: (NSTextLayoutFragment) -> Bool
    ) -> (any NSTextLocation)? { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlayoutmanager, textLayoutFragment(for: CGPoint)
    @discardableResult
    open func textLayoutFragment(for position: CGPoint) -> NSTextLayoutFragment? { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlayoutmanager, textLayoutFragment(for: any NSTextLocation)
    @discardableResult
    open func textLayoutFragment(for location: any NSTextLocation) -> NSTextLayoutFragment? { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlayoutmanager/enumeratetextsegments(in:type:options:using:)
    open func enumerateTextSegments(
        in textRange: NSTextRange, type: NSTextLayoutManager.SegmentType, options: NSTextLayoutManager.SegmentOptions = [],
        using block: (NSTextRange?, CGRect, CGFloat, NSTextContainer) -> Bool
    ) { fatalError() }

    // https://developer.apple.com/documentation/uikit/nstextlayoutmanager/segmenttype
    public enum SegmentType: Int, Sendable {
        case standard = 0
        case selection = 1
        case highlight = 2
    }

    // https://developer.apple.com/documentation/uikit/nstextlayoutmanager/segmentoptions
    public struct SegmentOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let rangeNotRequired = SegmentOptions(rawValue: 1 << 0)
        public static let middleFragmentsExcluded = SegmentOptions(rawValue: 1 << 1)
        public static let headSegmentExtended = SegmentOptions(rawValue: 1 << 2)
        public static let tailSegmentExtended = SegmentOptions(rawValue: 1 << 3)
        public static let upstreamAffinity = SegmentOptions(rawValue: 1 << 4)
    }
}

// https://developer.apple.com/documentation/uikit/nstextlayoutfragment
open class NSTextLayoutFragment: NSObject {
    // https://developer.apple.com/documentation/uikit/nstextlayoutfragment/textlinefragments
    open var textLineFragments: [NSTextLineFragment] { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlayoutfragment/layoutfragmentframe
    open var layoutFragmentFrame: CGRect { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlayoutfragment/rangeinelement
    open var rangeInElement: NSTextRange { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlayoutfragment/draw(at:in:)
    open func draw(at point: CGPoint, in context: CGContext) { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlayoutfragment/framefortextattachment(at:)
    // `func frameForTextAttachment(at location: any NSTextLocation) -> CGRect`
    @discardableResult
    open func frameForTextAttachment(at location: any NSTextLocation) -> CGRect { fatalError() }

    // https://developer.apple.com/documentation/uikit/nstextlayoutfragment/enumerationoptions
    public struct EnumerationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let reverse = EnumerationOptions(rawValue: 1 << 0)
        public static let estimatesSize = EnumerationOptions(rawValue: 1 << 1)
        public static let ensuresLayout = EnumerationOptions(rawValue: 1 << 2)
        public static let ensuresExtraLineFragment = EnumerationOptions(rawValue: 1 << 3)
    }
}

// https://developer.apple.com/documentation/uikit/nstextlinefragment
open class NSTextLineFragment: NSObject {
    // https://developer.apple.com/documentation/uikit/nstextlinefragment/characterrange
    open var characterRange: NSRange { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlinefragment/typographicbounds
    open var typographicBounds: CGRect { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlinefragment/glyphorigin
    open var glyphOrigin: CGPoint { fatalError() }
    // https://developer.apple.com/documentation/uikit/nstextlinefragment/characterindex(for:)
    @discardableResult
    open func characterIndex(for point: CGPoint) -> Int { fatalError() }
}

#endif

// UIKit's traits, colours, fonts, images and drawing, as far as the shells use them.
import CoreText

// https://developer.apple.com/documentation/uikit/uitraitcollection
// `class UITraitCollection` (not main-actor isolated)
open class UITraitCollection: NSObject {
    // https://developer.apple.com/documentation/uikit/uitraitcollection/displayscale
    open var displayScale: CGFloat { fatalError() }
    // https://developer.apple.com/documentation/uikit/uitraitcollection/preferredcontentsizecategory
    open var preferredContentSizeCategory: UIContentSizeCategory { fatalError() }
    // https://developer.apple.com/documentation/uikit/uitraitcollection/userinterfacestyle
    open var userInterfaceStyle: UIUserInterfaceStyle { fatalError() }
    // https://developer.apple.com/documentation/uikit/uitraitcollection/legibilityweight
    // `var legibilityWeight: UILegibilityWeight { get }` (iOS 13, tvOS 13)
    open var legibilityWeight: UILegibilityWeight { fatalError() }
    // https://developer.apple.com/documentation/uikit/uitraitcollection/layoutdirection
    // `var layoutDirection: UITraitEnvironmentLayoutDirection { get }` (iOS 10, tvOS 10)
    open var layoutDirection: UITraitEnvironmentLayoutDirection { fatalError() }
    // https://developer.apple.com/documentation/uikit/uitraitcollection/init(preferredcontentsizecategory:)
    // `init(preferredContentSizeCategory: UIContentSizeCategory)` (iOS 10, tvOS 10)
    public init(preferredContentSizeCategory: UIContentSizeCategory) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uitraitcollection/hasdifferentcolorappearance(comparedto:)
    // `func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool`
    @discardableResult
    open func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uiuserinterfacestyle
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
}

// https://developer.apple.com/documentation/uikit/uicontentsizecategory
// `struct UIContentSizeCategory` (raw value `String`)
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // Each `static let <name>: UIContentSizeCategory` of the page's topics.
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")
}

// https://developer.apple.com/documentation/uikit/uilegibilityweight
// `enum UILegibilityWeight` (raw values: unspecified -1, regular 0, bold 1)
public enum UILegibilityWeight: Int, Sendable {
    case unspecified = -1
    case regular = 0
    case bold = 1
}

// https://developer.apple.com/documentation/uikit/uitraitenvironmentlayoutdirection
// `enum UITraitEnvironmentLayoutDirection` (raw values: unspecified -1, leftToRight 0, rightToLeft 1)
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1
    case leftToRight = 0
    case rightToLeft = 1
}

// https://developer.apple.com/documentation/uikit/uicolor
// `class UIColor`
open class UIColor: NSObject {
    // https://developer.apple.com/documentation/uikit/uicolor/init(red:green:blue:alpha:)
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uicolor/init(dynamicprovider:)
    // `init(dynamicProvider: @escaping (UITraitCollection) -> UIColor)`
    public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uicolor/resolvedcolor(with:)
    @discardableResult
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor { fatalError() }
    // https://developer.apple.com/documentation/uikit/uicolor/cgcolor
    // `var cgColor: CGColor { get }`
    open var cgColor: CGColor { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uifont
// `class UIFont`; toll-free bridged with CTFont (see CoreText).
open class UIFont: CTFont {
    // https://developer.apple.com/documentation/uikit/uifont/init(name:size:)
    // `init?(name fontName: String, size fontSize: CGFloat)`
    public init?(name fontName: String, size fontSize: CGFloat) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uifont/init(descriptor:size:)
    // `init(descriptor: UIFontDescriptor, size pointSize: CGFloat)`
    public init(descriptor: UIFontDescriptor, size pointSize: CGFloat) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uifont/systemfont(ofsize:weight:)
    // `class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont`
    @discardableResult
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { fatalError() }
    // https://developer.apple.com/documentation/uikit/uifont/fontdescriptor
    open var fontDescriptor: UIFontDescriptor { fatalError() }
    // https://developer.apple.com/documentation/uikit/uifont/pointsize, ascender, descender, capheight
    open var pointSize: CGFloat { fatalError() }
    open var ascender: CGFloat { fatalError() }
    open var descender: CGFloat { fatalError() }
    open var capHeight: CGFloat { fatalError() }

    // https://developer.apple.com/documentation/uikit/uifont/weight
    // `struct Weight` (raw value `CGFloat`)
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

    // https://developer.apple.com/documentation/uikit/uifont/textstyle
    // `struct TextStyle` (raw value `String`)
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }
}

// https://developer.apple.com/documentation/uikit/uifontdescriptor
// `class UIFontDescriptor`
open class UIFontDescriptor: NSObject {
    // https://developer.apple.com/documentation/uikit/uifontdescriptor/symbolictraits-swift.property
    open var symbolicTraits: UIFontDescriptor.SymbolicTraits { fatalError() }
    // https://developer.apple.com/documentation/uikit/uifontdescriptor/withsymbolictraits(_:)
    // `func withSymbolicTraits(_ symbolicTraits: UIFontDescriptor.SymbolicTraits) -> UIFontDescriptor?`
    @discardableResult
    open func withSymbolicTraits(_ symbolicTraits: UIFontDescriptor.SymbolicTraits) -> UIFontDescriptor? { fatalError() }

    // https://developer.apple.com/documentation/uikit/uifontdescriptor/symbolictraits-swift.struct
    public struct SymbolicTraits: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
    }
}

// https://developer.apple.com/documentation/uikit/uifontmetrics
// `class UIFontMetrics`
open class UIFontMetrics: NSObject {
    // https://developer.apple.com/documentation/uikit/uifontmetrics/init(fortextstyle:)
    public init(forTextStyle textStyle: UIFont.TextStyle) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uifontmetrics/scaledfont(for:)
    // `func scaledFont(for font: UIFont) -> UIFont`
    @discardableResult
    open func scaledFont(for font: UIFont) -> UIFont { fatalError() }
    // https://developer.apple.com/documentation/uikit/uifontmetrics/scaledfont(for:compatiblewith:)
    // `func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont`
    // (iOS 11, tvOS 11; not listed for watchOS)
    @discardableResult
    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uiimage
// `class UIImage`
open class UIImage: NSObject {
    public override init() { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiimage/init(data:)
    // `init?(data: Data)`
    public init?(data: Data) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiimage/init(data:scale:)
    // `init?(data: Data, scale: CGFloat)`
    public init?(data: Data, scale: CGFloat) { fatalError() }
    #if !WATCHOS
        // https://developer.apple.com/documentation/uikit/uiimage/preparingfordisplay()
        // `func preparingForDisplay() -> UIImage?` (iOS 15, tvOS 15, visionOS 1; not watchOS):
        // decodes now, on the calling thread
        @discardableResult
        open func preparingForDisplay() -> UIImage? { fatalError() }
    #endif
    // https://developer.apple.com/documentation/uikit/uiimage/init(named:)
    // `init?(named name: String)`
    public init?(named name: String) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiimage/init(systemname:)
    // `init?(systemName name: String)`
    public init?(systemName name: String) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiimage/size
    open var size: CGSize { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiimage/draw(in:)
    open func draw(in rect: CGRect) { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uibezierpath
// `class UIBezierPath`
open class UIBezierPath: NSObject {
    public override init() { fatalError() }
    // https://developer.apple.com/documentation/uikit/uibezierpath/init(rect:)
    public convenience init(rect: CGRect) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uibezierpath/append(_:)
    open func append(_ bezierPath: UIBezierPath) { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uigraphicsgetcurrentcontext()
// `func UIGraphicsGetCurrentContext() -> CGContext?` ("may be called from any thread")
@discardableResult
public func UIGraphicsGetCurrentContext() -> CGContext? { fatalError() }

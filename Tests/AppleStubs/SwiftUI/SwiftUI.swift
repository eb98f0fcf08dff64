// SwiftUI, as far as the shells use it: the view protocols and the representables (UIKit's
// with `-D UIKIT`, AppKit's with `-D APPKIT`), fonts, colours, text line styles, the
// attribute scope and the environment's line limit. SwiftUI re-exports UIKit (iOS) or
// AppKit (macOS): a file that imports SwiftUI alone can name `UIView` or `NSView`.
import CoreText

#if UIKIT
    @_exported import UIKit
#else
    @_exported import AppKit
#endif

// MARK: Views

// https://developer.apple.com/documentation/swiftui/view
// `@MainActor @preconcurrency protocol View`
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swiftui/view (Never: View, for views without a body)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
    public init() { fatalError() }
    // https://developer.apple.com/documentation/swiftui/environmentvalues/linelimit
    // `var lineLimit: Int? { get set }`
    public var lineLimit: Int? {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/swiftui/environmentvalues/dynamictypesize
    // `var dynamicTypeSize: DynamicTypeSize { get set }` (iOS 15, macOS 12, tvOS 15, watchOS 8)
    public var dynamicTypeSize: DynamicTypeSize {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/swiftui/environmentvalues/legibilityweight
    // `var legibilityWeight: LegibilityWeight? { get set }` (nil: unknown)
    public var legibilityWeight: LegibilityWeight? {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/swiftui/environmentvalues/layoutdirection
    // `var layoutDirection: LayoutDirection { get set }`
    public var layoutDirection: LayoutDirection {
        get { fatalError() }
        set { fatalError() }
    }
}

// https://developer.apple.com/documentation/swiftui/dynamictypesize
// `enum DynamicTypeSize`: Comparable, CaseIterable, Sendable
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}

// https://developer.apple.com/documentation/swiftui/legibilityweight
// `enum LegibilityWeight`: `case regular`, `case bold`
public enum LegibilityWeight: Hashable, Sendable {
    case regular, bold
}

// https://developer.apple.com/documentation/swiftui/layoutdirection
// `enum LayoutDirection`: `case leftToRight`, `case rightToLeft`
public enum LayoutDirection: Hashable, Sendable {
    case leftToRight, rightToLeft
}

// https://developer.apple.com/documentation/swiftui/proposedviewsize
// `@frozen struct ProposedViewSize` (iOS 16, macOS 13)
@frozen
public struct ProposedViewSize: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/proposedviewsize/width
    // `var width: CGFloat?`
    public var width: CGFloat?
    public var height: CGFloat?
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }
}

#if WATCHOS
    // No representables on watchOS (UIViewRepresentable's page lists no watchOS).
#elseif UIKIT
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable
    // `@MainActor @preconcurrency protocol UIViewRepresentable : View where Self.Body == Never`
    @MainActor @preconcurrency
    public protocol UIViewRepresentable: View where Self.Body == Never {
        associatedtype UIViewType: UIView
        associatedtype Coordinator = Void
        typealias Context = UIViewRepresentableContext<Self>
        // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makeuiview(context:)
        @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
        // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/updateuiview(_:context:)
        @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
        // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/dismantleuiview(_:coordinator:)
        @MainActor @preconcurrency static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)
        // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makecoordinator()
        @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
        // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/sizethatfits(_:uiview:context:)
        // `@MainActor @preconcurrency func sizeThatFits(_ proposal: ProposedViewSize, uiView: Self.UIViewType, context: Self.Context) -> CGSize?` (iOS 16)
        @MainActor @preconcurrency func sizeThatFits(_ proposal: ProposedViewSize, uiView: Self.UIViewType, context: Self.Context)
            -> CGSize?
    }

    extension UIViewRepresentable {
        public static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator) { fatalError() }
        public func sizeThatFits(_ proposal: ProposedViewSize, uiView: Self.UIViewType, context: Self.Context) -> CGSize? {
            fatalError()
        }
        public var body: Never { fatalError() }
    }

    extension UIViewRepresentable where Self.Coordinator == Void {
        public func makeCoordinator() -> Self.Coordinator { fatalError() }
    }

    // https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext
    // `@MainActor @preconcurrency struct UIViewRepresentableContext<Representable> where Representable : UIViewRepresentable`
    @MainActor @preconcurrency
    public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
        public let coordinator: Representable.Coordinator
        // https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext/environment
        // `var environment: EnvironmentValues { get }`
        public var environment: EnvironmentValues { fatalError() }
    }
#else
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentable
    // `@MainActor @preconcurrency protocol NSViewRepresentable : View where Self.Body == Never`
    @MainActor @preconcurrency
    public protocol NSViewRepresentable: View where Self.Body == Never {
        associatedtype NSViewType: NSView
        associatedtype Coordinator = Void
        typealias Context = NSViewRepresentableContext<Self>
        // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/makensview(context:)
        @MainActor @preconcurrency func makeNSView(context: Self.Context) -> Self.NSViewType
        // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/updatensview(_:context:)
        @MainActor @preconcurrency func updateNSView(_ nsView: Self.NSViewType, context: Self.Context)
        // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/dismantlensview(_:coordinator:)
        @MainActor @preconcurrency static func dismantleNSView(_ nsView: Self.NSViewType, coordinator: Self.Coordinator)
        // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/makecoordinator()
        @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
        // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/sizethatfits(_:nsview:context:)
        // `@MainActor @preconcurrency func sizeThatFits(_ proposal: ProposedViewSize, nsView: Self.NSViewType, context: Self.Context) -> CGSize?` (macOS 13)
        @MainActor @preconcurrency func sizeThatFits(_ proposal: ProposedViewSize, nsView: Self.NSViewType, context: Self.Context)
            -> CGSize?
    }

    extension NSViewRepresentable {
        public static func dismantleNSView(_ nsView: Self.NSViewType, coordinator: Self.Coordinator) { fatalError() }
        public func sizeThatFits(_ proposal: ProposedViewSize, nsView: Self.NSViewType, context: Self.Context) -> CGSize? {
            fatalError()
        }
        public var body: Never { fatalError() }
    }

    extension NSViewRepresentable where Self.Coordinator == Void {
        public func makeCoordinator() -> Self.Coordinator { fatalError() }
    }

    // https://developer.apple.com/documentation/swiftui/nsviewrepresentablecontext
    // `@MainActor @preconcurrency struct NSViewRepresentableContext<Representable> where Representable : NSViewRepresentable`
    @MainActor @preconcurrency
    public struct NSViewRepresentableContext<Representable: NSViewRepresentable> {
        public let coordinator: Representable.Coordinator
        // https://developer.apple.com/documentation/swiftui/nsviewrepresentablecontext/environment
        public var environment: EnvironmentValues { fatalError() }
    }
#endif

// MARK: Fonts, colours, text

// https://developer.apple.com/documentation/swiftui/font
// `@frozen struct Font`: Hashable, Sendable
@frozen
public struct Font: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/font/init(_:)
    // `init(_ font: CTFont)`
    public init(_ font: CTFont) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/font/system(_:design:weight:)
    // `static func system(_ style: Font.TextStyle, design: Font.Design? = nil, weight: Font.Weight? = nil) -> Font`
    // (iOS 16, macOS 13, tvOS 16, watchOS 9)
    public static func system(_ style: Font.TextStyle, design: Font.Design? = nil, weight: Font.Weight? = nil) -> Font {
        fatalError()
    }
    // https://developer.apple.com/documentation/swiftui/font/system(size:weight:design:)-697b2
    // `static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font` (iOS 16)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { fatalError() }
    // https://developer.apple.com/documentation/swiftui/font/custom(_:size:relativeto:)
    // `static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font.TextStyle) -> Font` (iOS 14)
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font.TextStyle) -> Font { fatalError() }
    // https://developer.apple.com/documentation/swiftui/font/custom(_:fixedsize:)
    // `static func custom(_ name: String, fixedSize: CGFloat) -> Font` (iOS 14)
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { fatalError() }
    // https://developer.apple.com/documentation/swiftui/font/italic()
    // `func italic() -> Font`
    public func italic() -> Font { fatalError() }
    // https://developer.apple.com/documentation/swiftui/font/weight(_:)
    // `func weight(_ weight: Font.Weight) -> Font`
    public func weight(_ weight: Font.Weight) -> Font { fatalError() }

    // https://developer.apple.com/documentation/swiftui/font/textstyle
    // `enum TextStyle`
    public enum TextStyle: Hashable, CaseIterable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    // https://developer.apple.com/documentation/swiftui/font/design
    // `enum Design`
    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    // https://developer.apple.com/documentation/swiftui/font/weight
    // `@frozen struct Weight`: each weight a static property
    @frozen
    public struct Weight: Hashable, Sendable {
        public static var ultraLight: Weight { fatalError() }
        public static var thin: Weight { fatalError() }
        public static var light: Weight { fatalError() }
        public static var regular: Weight { fatalError() }
        public static var medium: Weight { fatalError() }
        public static var semibold: Weight { fatalError() }
        public static var bold: Weight { fatalError() }
        public static var heavy: Weight { fatalError() }
        public static var black: Weight { fatalError() }
    }
}

// https://developer.apple.com/documentation/swiftui/color
// `@frozen struct Color`: Hashable, Sendable
@frozen
public struct Color: Hashable, Sendable {
    #if UIKIT
        // https://developer.apple.com/documentation/swiftui/color/init(uicolor:)
        // `init(uiColor: UIColor)` (iOS 15)
        public init(uiColor: UIColor) { fatalError() }
    #else
        // https://developer.apple.com/documentation/swiftui/color/init(nscolor:)
        // `init(nsColor: NSColor)` (macOS 12)
        public init(nsColor: NSColor) { fatalError() }
    #endif
    // https://developer.apple.com/documentation/swiftui/color/primary
    // `static let primary: Color`
    public static var primary: Color { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/text
@frozen
public struct Text: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/text, init(_: AttributedString)
    // `init(_ attributedContent: AttributedString)`
    public init(_ attributedContent: AttributedString) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/text/linestyle
    // `struct LineStyle`: Hashable, Sendable (iOS 16, macOS 13)
    public struct LineStyle: Hashable, Sendable {
        // https://developer.apple.com/documentation/swiftui/text/linestyle/init(pattern:color:)
        // `init(pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil)`
        public init(pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) { fatalError() }

        // https://developer.apple.com/documentation/swiftui/text/linestyle/pattern
        public struct Pattern: Hashable, Sendable {
            public static var solid: Pattern { fatalError() }
            public static var dot: Pattern { fatalError() }
            public static var dash: Pattern { fatalError() }
            public static var dashDot: Pattern { fatalError() }
            public static var dashDotDot: Pattern { fatalError() }
        }
    }
}

// MARK: Attribute scope

// https://developer.apple.com/documentation/foundation/attributescopes/swiftuiattributes
// `struct SwiftUIAttributes: AttributeScope` (iOS 15, macOS 12); each attribute its page under it.
extension AttributeScopes {
    public struct SwiftUIAttributes: AttributeScope {
        public let font: FontAttribute
        public let foregroundColor: ForegroundColorAttribute
        public let backgroundColor: BackgroundColorAttribute
        public let strikethroughStyle: StrikethroughStyleAttribute
        public let underlineStyle: UnderlineStyleAttribute
        public let kern: KerningAttribute
        public let baselineOffset: BaselineOffsetAttribute
        public let foundation: AttributeScopes.FoundationAttributes

        public enum FontAttribute: AttributedStringKey {
            public typealias Value = Font
            public static let name = "SwiftUI.Font"
        }
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.ForegroundColor"
        }
        public enum BackgroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.BackgroundColor"
        }
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.StrikethroughStyle"
        }
        public enum UnderlineStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.UnderlineStyle"
        }
        public enum KerningAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.Kern"
        }
        public enum BaselineOffsetAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.BaselineOffset"
        }
    }

    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}

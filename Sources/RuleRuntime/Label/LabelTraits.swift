/// The traits of the view a label is shown in that change how its text is laid out: the
/// text size the user chose (Dynamic Type), Bold Text, and the layout direction. A shell
/// reads them from its own view (`UITraitCollection`, SwiftUI's environment) — not from the
/// app-wide setting — so `traitOverrides` and `.dynamicTypeSize(_:)` on one screen apply.
///
/// The core carries them in every layout request (`RichTextLayoutRequest.traits`); a
/// change relayouts. What they do to a font is decided here
/// (`FontSpec.pointSize(defaultSize:traits:)`, `FontSpec.weight(traits:)`), so that every
/// engine (TextKit's, `ReferenceLayout`) and the SwiftUI bridge agree.
public struct LabelTraits: Sendable, Hashable {
    /// The user's preferred text size, as `UIContentSizeCategory` names the steps.
    public var contentSize: ContentSize
    /// Bold Text (`UITraitCollection.legibilityWeight`).
    public var legibilityWeight: LegibilityWeight
    /// The view's layout direction: the direction of a paragraph without a strong
    /// character (digits, punctuation, only a link), which the text itself cannot decide.
    public var layoutDirection: WritingDirection

    public init(
        contentSize: ContentSize = .large, legibilityWeight: LegibilityWeight = .regular, layoutDirection: WritingDirection = .leftToRight
    ) {
        self.contentSize = contentSize
        self.legibilityWeight = legibilityWeight
        self.layoutDirection = layoutDirection
    }

    /// Dynamic Type's text sizes, smallest first (`UIContentSizeCategory`, SwiftUI's
    /// `DynamicTypeSize`); `large` is the default.
    public enum ContentSize: String, Sendable, Hashable, CaseIterable, Comparable {
        case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
        case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
        case accessibilityExtraExtraExtraLarge

        /// Whether this is one of the accessibility sizes (AX1–AX5).
        public var isAccessibilitySize: Bool { self >= .accessibilityMedium }

        public static func < (a: ContentSize, b: ContentSize) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// Whether the user turned on Bold Text.
    public enum LegibilityWeight: String, Sendable, Hashable {
        case regular, bold
    }
}

extension DynamicTypeStyle {
    /// The point size of this style at `size`, from the iOS Dynamic Type sizes table of
    /// Apple's Human Interface Guidelines (Typography, "Dynamic Type sizes"): the sizes
    /// `UIFont.preferredFont(forTextStyle:compatibleWith:)` gives the system font. At
    /// `.large` it is `defaultSize.points`.
    public func pointSize(at size: LabelTraits.ContentSize) -> Double {
        let column = LabelTraits.ContentSize.allCases.firstIndex(of: size)!
        return Double(Self.sizes[self]![column])
    }

    /// Each style's sizes, by content size from extra small to AX5.
    private static let sizes: [DynamicTypeStyle: [Int]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]
}

extension FontWeight {
    /// The weight Bold Text shows this weight at: regular text as semibold (as the system
    /// font's Bold Text does), every other weight one step heavier, black stays.
    public var bolder: FontWeight {
        switch self {
        case .ultraLight: return .thin
        case .thin: return .light
        case .light: return .regular
        case .regular: return .semibold
        case .medium: return .semibold
        case .semibold: return .bold
        case .bold: return .heavy
        case .heavy, .black: return .black
        }
    }
}

extension FontSpec {
    /// The point size of this font in a view with `traits`: a Dynamic Type style's size at
    /// the view's content size, else the fixed size (or `defaultSize`): fixed sizes do not
    /// scale, as in UIKit.
    public func pointSize(defaultSize: Double = 17, traits: LabelTraits = LabelTraits()) -> Double {
        if let textStyle { return textStyle.pointSize(at: traits.contentSize) }
        return size ?? defaultSize
    }

    /// The weight of this font in a view with `traits`: the spec's (else its Dynamic Type
    /// style's, else regular), one step bolder with Bold Text.
    public func weight(traits: LabelTraits = LabelTraits()) -> FontWeight {
        let weight = self.weight ?? textStyle?.defaultSize.weight ?? .regular
        return traits.legibilityWeight == .bold ? weight.bolder : weight
    }
}

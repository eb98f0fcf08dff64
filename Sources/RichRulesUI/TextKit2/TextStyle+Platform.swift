// Thin Apple glue: the platform colours, fonts, line styles, attributes and paragraph
// styles of the core's typed styles, for `RenderResult.platformAttributedString` and the
// SwiftUI bridge. CI (Linux) compiles this file against stub UIKit and AppKit modules
// (Scripts/typecheck-apple.sh); only a Mac runs it.
//
// APIs relied on beyond the attribute keys, checked against Apple's documentation:
//   UIFontDescriptor.withSymbolicTraits(_:) -> UIFontDescriptor?; UIFont(descriptor:size:)
//   NSFontDescriptor.withSymbolicTraits(_:) -> NSFontDescriptor; NSFont(descriptor:size:) -> NSFont?
//   UIFontMetrics(forTextStyle:).scaledFont(for:compatibleWith:) with UITraitCollection(preferredContentSizeCategory:):
//     the view's text size, not the app's
//   NSMutableParagraphStyle: alignment, lineSpacing, minimumLineHeight, maximumLineHeight,
//     paragraphSpacing, headIndent, firstLineHeadIndent (both from the leading margin, so
//     mirrored in a right-to-left paragraph), baseWritingDirection (mutate before attaching,
//     then copy)
import RuleRuntime

#if !os(watchOS) && (canImport(UIKit) || canImport(AppKit))
    import Foundation
    #if canImport(UIKit)
        import UIKit
        package typealias RichRulesColor = UIColor
        package typealias RichRulesFont = UIFont
        package typealias RichRulesImage = UIImage
    #else
        import AppKit
        package typealias RichRulesColor = NSColor
        package typealias RichRulesFont = NSFont
        package typealias RichRulesImage = NSImage
    #endif

    extension StyleColor {
        /// The platform color: a fixed sRGB value, or one that follows light and dark appearance.
        package var platformColor: RichRulesColor {
            func make(_ c: RGBA) -> RichRulesColor {
                let f = c.fractions
                #if canImport(UIKit)
                    return UIColor(red: f.red, green: f.green, blue: f.blue, alpha: f.alpha)
                #else
                    return NSColor(srgbRed: f.red, green: f.green, blue: f.blue, alpha: f.alpha)
                #endif
            }
            let light = make(resolved(dark: false)), dark = make(resolved(dark: true))
            if light == dark { return light }
            #if canImport(UIKit)
                return UIColor { $0.userInterfaceStyle == .dark ? dark : light }
            #else
                return NSColor(name: nil) { $0.bestMatch(from: [.darkAqua, .aqua]) == .darkAqua ? dark : light }
            #endif
        }
    }

    extension FontSpec {
        private static let weights: [FontWeight: RichRulesFont.Weight] = [
            .ultraLight: .ultraLight, .thin: .thin, .light: .light, .regular: .regular, .medium: .medium, .semibold: .semibold,
            .bold: .bold, .heavy: .heavy, .black: .black,
        ]

        /// The platform font in a view with `traits`; `defaultSize` where neither a size nor a
        /// text style is given. A Dynamic Type style sets the size (as in `html()`: `font:
        /// headline` on a rule is not pinned to the base's size) at the view's text size; Bold
        /// Text makes every weight one step bolder (`FontSpec.weight(traits:)`).
        package func platformFont(defaultSize: Double = 17, traits: LabelTraits = LabelTraits()) -> RichRulesFont {
            #if canImport(UIKit)
                // UIFontMetrics scales from the size at Large, by the view's content size.
                let pointSize = CGFloat(pointSize(defaultSize: defaultSize))
            #else
                let pointSize = CGFloat(pointSize(defaultSize: defaultSize, traits: traits))
            #endif
            let weight = Self.weights[self.weight(traits: traits)] ?? .regular
            var font = family.flatMap { RichRulesFont(name: $0, size: pointSize) } ?? .systemFont(ofSize: pointSize, weight: weight)
            // Italic through the font descriptor, keeping the traits the font has (bold).
            #if canImport(UIKit)
                if italic == true,
                    let descriptor = font.fontDescriptor.withSymbolicTraits(font.fontDescriptor.symbolicTraits.union(.traitItalic))
                {
                    font = UIFont(descriptor: descriptor, size: pointSize)
                }
                if let textStyle, let uiStyle = Self.textStyles[textStyle] {
                    font = UIFontMetrics(forTextStyle: uiStyle).scaledFont(
                        for: font, compatibleWith: UITraitCollection(preferredContentSizeCategory: traits.contentSizeCategory))
                }
            #else
                // Not NSFontManager: its shared instance is main-thread-only AppKit state.
                if italic == true {
                    let descriptor = font.fontDescriptor.withSymbolicTraits(font.fontDescriptor.symbolicTraits.union(.italic))
                    font = NSFont(descriptor: descriptor, size: pointSize) ?? font
                }
            #endif
            return font
        }

        #if canImport(UIKit)
            private static let textStyles: [DynamicTypeStyle: UIFont.TextStyle] = [
                .largeTitle: .largeTitle, .title1: .title1, .title2: .title2, .title3: .title3, .headline: .headline,
                .subheadline: .subheadline, .body: .body, .callout: .callout, .footnote: .footnote, .caption1: .caption1,
                .caption2: .caption2,
            ]
        #endif
    }

    extension LineStyle {
        /// The `NSUnderlineStyle` of this line style.
        package var platformStyle: NSUnderlineStyle {
            switch self {
            case .none: return []
            case .single: return .single
            case .double: return .double
            case .thick: return .thick
            case .dotted: return [.single, .patternDot]
            case .dashed: return [.single, .patternDash]
            }
        }
    }

    extension TextStyle {
        /// `NSAttributedString` attributes for this style.
        package func platformAttributes(defaultFontSize: Double = 17, traits: LabelTraits = LabelTraits()) -> [NSAttributedString.Key: Any]
        {
            var attributes: [NSAttributedString.Key: Any] = [
                .font: (font ?? FontSpec()).platformFont(defaultSize: defaultFontSize, traits: traits)
            ]
            attributes[.foregroundColor] = color?.platformColor
            attributes[.backgroundColor] = background?.platformColor
            attributes[.underlineStyle] = underline.map { $0.platformStyle.rawValue }
            attributes[.underlineColor] = underlineColor?.platformColor
            attributes[.strikethroughStyle] = strikethrough.map { $0.platformStyle.rawValue }
            attributes[.strikethroughColor] = strikethroughColor?.platformColor
            attributes[.kern] = kern
            attributes[.baselineOffset] = baselineOffset
            return attributes
        }
    }

    extension ParagraphStyle {
        /// The `NSParagraphStyle` of these paragraph properties in a paragraph of `direction`:
        /// only what the spec sets (the rest is `NSParagraphStyle.default`'s), and the base
        /// writing direction the runtime found, which `natural` alignment follows.
        package func platformParagraphStyle(direction: WritingDirection) -> NSParagraphStyle {
            let style = NSMutableParagraphStyle()
            style.baseWritingDirection = direction == .rightToLeft ? .rightToLeft : .leftToRight
            switch alignment {
            case .natural?: style.alignment = .natural
            case .left?: style.alignment = .left
            case .center?: style.alignment = .center
            case .right?: style.alignment = .right
            case .justified?: style.alignment = .justified
            case nil: break
            }
            if let lineSpacing { style.lineSpacing = CGFloat(lineSpacing) }
            if let lineHeight {
                style.minimumLineHeight = CGFloat(lineHeight)
                style.maximumLineHeight = CGFloat(lineHeight)
            }
            if let paragraphSpacing { style.paragraphSpacing = CGFloat(paragraphSpacing) }
            if let headIndent { style.headIndent = CGFloat(headIndent) }
            if let firstLineHeadIndent { style.firstLineHeadIndent = CGFloat(firstLineHeadIndent) }
            // Frozen before it is attached (a mutable style must not change once in a string).
            return style.copy() as? NSParagraphStyle ?? style
        }
    }
#endif

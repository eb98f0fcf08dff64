// Thin Apple glue: maps the values the tested core computes to UIKit/AppKit attributes,
// plus seed 004's TextKit tap recipe. CI (Linux) does not build this file.
#if canImport(UIKit) || canImport(AppKit)
    import Foundation
    #if canImport(UIKit)
        import UIKit
        public typealias RichRulesColor = UIColor
        public typealias RichRulesFont = UIFont
        public typealias RichRulesImage = UIImage
    #else
        import AppKit
        public typealias RichRulesColor = NSColor
        public typealias RichRulesFont = NSFont
        public typealias RichRulesImage = NSImage
    #endif

    extension StyleColor {
        /// The platform color: a fixed sRGB value, or one that follows light and dark appearance.
        public var platformColor: RichRulesColor {
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

        /// The platform font; `defaultSize` where neither a size nor a text style is given.
        public func platformFont(defaultSize: Double = 17) -> RichRulesFont {
            let style = textStyle?.defaultSize
            // A Dynamic Type style sets the size (as in `html()`): `font: headline` on a rule
            // is not pinned to the base's size.
            let pointSize = CGFloat(style?.points ?? size ?? defaultSize)
            let weight = Self.weights[self.weight ?? style?.weight ?? .regular] ?? .regular
            var font = family.flatMap { RichRulesFont(name: $0, size: pointSize) } ?? .systemFont(ofSize: pointSize, weight: weight)
            #if canImport(UIKit)
                if italic == true, let descriptor = font.fontDescriptor.withSymbolicTraits(.traitItalic) {
                    font = UIFont(descriptor: descriptor, size: pointSize)
                }
                if let textStyle, let uiStyle = Self.textStyles[textStyle] {
                    font = UIFontMetrics(forTextStyle: uiStyle).scaledFont(for: font)
                }
            #else
                if italic == true { font = NSFontManager.shared.convert(font, toHaveTrait: .italicFontMask) }
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
        public var platformStyle: NSUnderlineStyle {
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
        public func platformAttributes(defaultFontSize: Double = 17) -> [NSAttributedString.Key: Any] {
            var attributes: [NSAttributedString.Key: Any] = [.font: (font ?? FontSpec()).platformFont(defaultSize: defaultFontSize)]
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

    extension RenderResult {
        /// The display as an `NSAttributedString` for `UILabel`/`UITextView`/`NSTextField`:
        /// styles, links, paragraph directions, and `NSTextAttachment`s sized and aligned by
        /// `Attachment.bounds` (`image` supplies loaded images; widgets get an empty
        /// attachment the view covers with its own subview).
        public func platformAttributedString(
            options: RichTextOptions = RichTextOptions(), defaultFontSize: Double = 17,
            image: (Attachment) -> RichRulesImage? = { _ in nil }
        ) -> NSAttributedString {
            let attributed = attributedString(options: options)
            let output = NSMutableAttributedString()
            for run in attributed.runs {
                var attributes = (run.richRules.style ?? TextStyle()).platformAttributes(defaultFontSize: defaultFontSize)
                attributes[.link] = run.link
                let paragraph = NSMutableParagraphStyle()
                paragraph.baseWritingDirection = run.richRules.writingDirection == .rightToLeft ? .rightToLeft : .leftToRight
                attributes[.paragraphStyle] = paragraph
                if let attachment = run.richRules.attachment, let font = attributes[.font] as? RichRulesFont {
                    let text = NSTextAttachment()
                    text.image = image(attachment)
                    let metrics = FontMetrics(
                        pointSize: font.pointSize, ascender: font.ascender, descender: font.descender, capHeight: font.capHeight)
                    let size = text.image.map { (width: Double($0.size.width), height: Double($0.size.height)) }
                    let b = attachment.bounds(intrinsic: size, font: metrics)
                    text.bounds = CGRect(x: b.x, y: b.y, width: b.width, height: b.height)
                    attributes[.attachment] = text
                }
                let string = String(String.UnicodeScalarView(attributed[run.range].unicodeScalars))
                output.append(NSAttributedString(string: string, attributes: attributes))
            }
            return output
        }
    }

    #if canImport(UIKit)
        /// Seed 004's recipe: TextKit finds the character under a touch in a `UILabel`, the
        /// result finds the match. Keep one per label; call `update` when its text or size changes.
        @MainActor
        public final class RichTextHitTester {
            private let layoutManager = NSLayoutManager()
            private let textContainer = NSTextContainer(size: .zero)
            private let textStorage = NSTextStorage()

            public init() {
                layoutManager.addTextContainer(textContainer)
                textStorage.addLayoutManager(layoutManager)
                textContainer.lineFragmentPadding = 0
            }

            public func update(for label: UILabel) {
                textStorage.setAttributedString(label.attributedText ?? NSAttributedString())
                textContainer.size = label.bounds.size
                textContainer.lineBreakMode = label.lineBreakMode
                textContainer.maximumNumberOfLines = label.numberOfLines
            }

            /// The UTF-16 offset of the character under `point` (in the label's coordinates), or
            /// `nil` when the point is beside the text. `UILabel` centres its text vertically.
            public func displayOffset(at point: CGPoint, in label: UILabel) -> Int? {
                let used = layoutManager.usedRect(for: textContainer)
                let location = CGPoint(x: point.x, y: point.y - ((label.bounds.height - used.height) / 2 - used.minY))
                let index = layoutManager.characterIndex(
                    for: location, in: textContainer, fractionOfDistanceBetweenInsertionPoints: nil)
                guard index < textStorage.length else { return nil }
                let glyphs = layoutManager.glyphRange(forCharacterRange: NSRange(location: index, length: 1), actualCharacterRange: nil)
                return layoutManager.boundingRect(forGlyphRange: glyphs, in: textContainer).contains(location) ? index : nil
            }

            /// The tappable match under `point`: dispatch it with the generated `dispatch(_:to:)`.
            public func match(at point: CGPoint, in label: UILabel, result: RenderResult) -> RuleMatch? {
                displayOffset(at: point, in: label).flatMap(result.match(atDisplayOffset:))
            }
        }
    #endif
#endif

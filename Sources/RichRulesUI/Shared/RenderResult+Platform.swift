// Thin Apple glue: maps the values the tested core computes to UIKit/AppKit attributes,
// plus seed 004's TextKit tap recipe. CI (Linux) compiles this file against stub UIKit and
// AppKit modules (Scripts/typecheck-apple.sh); only a Mac runs it.
//
// APIs relied on beyond the attribute keys, checked against Apple's documentation:
//   UIFontDescriptor.withSymbolicTraits(_:) -> UIFontDescriptor?; UIFont(descriptor:size:)
//   NSFontDescriptor.withSymbolicTraits(_:) -> NSFontDescriptor; NSFont(descriptor:size:) -> NSFont?
//   UIFontMetrics(forTextStyle:).scaledFont(for:)
//   NSMutableParagraphStyle: alignment, lineSpacing, minimumLineHeight, maximumLineHeight,
//     paragraphSpacing, baseWritingDirection (mutate before attaching, then copy)
//   NSAttributedString.init<S: AttributeScope>(_: AttributedString, including: S.Type) throws
//   AttributeScopes.UIKitAttributes / AppKitAttributes / FoundationAttributes
import RuleRuntime

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
            // Italic through the font descriptor, keeping the traits the font has (bold).
            #if canImport(UIKit)
                if italic == true,
                    let descriptor = font.fontDescriptor.withSymbolicTraits(font.fontDescriptor.symbolicTraits.union(.traitItalic))
                {
                    font = UIFont(descriptor: descriptor, size: pointSize)
                }
                if let textStyle, let uiStyle = Self.textStyles[textStyle] {
                    font = UIFontMetrics(forTextStyle: uiStyle).scaledFont(for: font)
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

    extension ParagraphStyle {
        /// The `NSParagraphStyle` of these paragraph properties in a paragraph of `direction`:
        /// only what the spec sets (the rest is `NSParagraphStyle.default`'s), and the base
        /// writing direction the runtime found, which `natural` alignment follows.
        public func platformParagraphStyle(direction: WritingDirection) -> NSParagraphStyle {
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
            // Frozen before it is attached (a mutable style must not change once in a string).
            return style.copy() as? NSParagraphStyle ?? style
        }
    }

    /// The attribute scopes whose attributes the `attributes` hook may add and the platform
    /// string keeps (`RichTextOptions.attributes`: framework attributes such as a shadow, a
    /// ligature setting or a link of the app's own).
    private struct PlatformHookScope: AttributeScope {
        #if canImport(UIKit)
            let uiKit: AttributeScopes.UIKitAttributes
        #else
            let appKit: AttributeScopes.AppKitAttributes
        #endif
        let foundation: AttributeScopes.FoundationAttributes
    }

    extension RenderResult {
        /// The display as an `NSAttributedString` for `UILabel`/`UITextView`/`NSTextField` and
        /// the TextKit shells: each run's typed style (fonts, colours, lines, kern, baseline),
        /// paragraph styles only where the spec sets paragraph properties (`richRules.paragraph`,
        /// so a view's own alignment applies elsewhere), `NSTextAttachment`s sized and aligned
        /// by `Attachment.bounds` (`image` supplies loaded images; widgets get an empty
        /// attachment the view covers with its own subview), and whatever the `attributes`
        /// hook of `options` adds, over the rest.
        ///
        /// No `.link`: a link makes `UILabel`, `UITextView` and TextKit 2 draw their own link
        /// colour over the spec's; taps come from `RichLabelCore` (or `RichTextHitTester`).
        /// A hook may still add one.
        @MainActor
        public func platformAttributedString(
            options: RichTextOptions = RichTextOptions(), defaultFontSize: Double = 17,
            image: (Attachment) -> RichRulesImage? = { _ in nil }
        ) -> NSAttributedString {
            platformAttributedString(options: options, defaultFontSize: defaultFontSize) { _, attachment, font in
                let image = image(attachment)
                let size = image.map { (width: Double($0.size.width), height: Double($0.size.height)) }
                let b = attachment.bounds(intrinsic: size, font: font)
                return (image, TextRect(x: b.x, y: b.y, width: b.width, height: b.height))
            }
        }

        /// `platformAttributedString(options:defaultFontSize:image:)` with each attachment's
        /// image and bounds (y up from the baseline, as `NSTextAttachment.bounds` takes them)
        /// from `attachment`, given the match index, the attachment and the metrics of the font
        /// around it. A `nil` image is an empty one: nothing drawn (the shell draws it, or
        /// covers it with a view).
        @MainActor
        public func platformAttributedString(
            options: RichTextOptions = RichTextOptions(), defaultFontSize: Double = 17,
            attachment: (_ matchIndex: Int, _ attachment: Attachment, _ font: FontMetrics) -> (image: RichRulesImage?, bounds: TextRect)
        ) -> NSAttributedString {
            var options = options
            options.links = false
            let attributed = attributedString(options: options)
            let output = NSMutableAttributedString(string: "")
            var paragraphStyles: [ParagraphStyle: [WritingDirection: NSParagraphStyle]] = [:]
            for run in attributed.runs {
                var attributes = (run.richRules.style ?? TextStyle()).platformAttributes(defaultFontSize: defaultFontSize)
                if let paragraph = run.richRules.paragraph, !paragraph.isEmpty {
                    let direction = run.richRules.writingDirection ?? .leftToRight
                    let style = paragraphStyles[paragraph]?[direction] ?? paragraph.platformParagraphStyle(direction: direction)
                    paragraphStyles[paragraph, default: [:]][direction] = style
                    attributes[.paragraphStyle] = style
                }
                if let shown = run.richRules.attachment, let index = run.richRules.matchIndex,
                    let font = attributes[.font] as? RichRulesFont
                {
                    let metrics = FontMetrics(
                        pointSize: Double(font.pointSize), ascender: Double(font.ascender), descender: Double(font.descender),
                        capHeight: Double(font.capHeight))
                    let (image, bounds) = attachment(index, shown, metrics)
                    let text = NSTextAttachment()
                    text.image = image ?? Self.emptyImage()
                    text.bounds = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height)
                    attributes[.attachment] = text
                }
                let string = String(String.UnicodeScalarView(attributed[run.range].unicodeScalars))
                output.append(NSAttributedString(string: string, attributes: attributes))
            }
            // What the hook added (framework attributes), over RichRules' own.
            if options.attributes != nil, let hooked = try? NSAttributedString(attributed, including: PlatformHookScope.self) {
                hooked.enumerateAttributes(in: NSRange(location: 0, length: hooked.length)) { values, range, _ in
                    if !values.isEmpty { output.addAttributes(values, range: range) }
                }
            }
            return output
        }

        /// An image that draws nothing: an attachment without an image may show a placeholder.
        @MainActor
        static func emptyImage() -> RichRulesImage {
            #if canImport(UIKit)
                return UIImage()
            #else
                return NSImage(size: .zero)
            #endif
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
                textStorage.setAttributedString(label.attributedText ?? NSAttributedString(string: ""))
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

// Thin Apple glue: the display as an `NSAttributedString` (UIKit or AppKit attributes) from
// the values the tested core computes. CI (Linux) compiles this file against stub UIKit and
// AppKit modules (Scripts/typecheck-apple.sh); only a Mac runs it.
//
// APIs relied on beyond the attribute keys, checked against Apple's documentation:
//   NSAttributedString.init<S: AttributeScope>(_: AttributedString, including: S.Type) throws
//   AttributeScopes.UIKitAttributes / AppKitAttributes / FoundationAttributes
import RuleRuntime

#if !os(watchOS) && (canImport(UIKit) || canImport(AppKit))
    import Foundation
    #if canImport(UIKit)
        import UIKit
    #else
        import AppKit
    #endif

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
        #if canImport(UIKit)
            /// The display as an `NSAttributedString` for `UILabel`/`UITextView`/`NSTextField` and
            /// the TextKit shells: each run's typed style (fonts, colours, lines, kern, baseline),
            /// paragraph styles only where the spec sets paragraph properties (`RichRulesAttributes.ParagraphAttribute`,
            /// so a view's own alignment applies elsewhere), `NSTextAttachment`s sized and aligned
            /// by `Attachment.bounds` (`image` supplies loaded images; widgets get an empty
            /// attachment the view covers with its own subview), and whatever the `attributes`
            /// hook of `options` adds, over the rest.
            ///
            /// No `.link`: a link makes `UILabel`, `UITextView` and TextKit 2 draw their own link
            /// colour over the spec's; taps come from `RichLabelCore`. A hook may still add one.
            @MainActor
            public func platformAttributedString(
                options: RichTextOptions = RichTextOptions(), defaultFontSize: Double = 17, image: (Attachment) -> UIImage? = { _ in nil }
            ) -> NSAttributedString {
                platformString(options: options, defaultFontSize: defaultFontSize, image: image)
            }

            /// `platformAttributedString(options:defaultFontSize:image:)` with each attachment's
            /// image and bounds (y up from the baseline, as `NSTextAttachment.bounds` takes them)
            /// from `attachment`, given the match index, the attachment and the metrics of the font
            /// around it. A `nil` image is an empty one: nothing drawn (the shell draws it, or
            /// covers it with a view).
            @MainActor
            public func platformAttributedString(
                options: RichTextOptions = RichTextOptions(), defaultFontSize: Double = 17,
                attachment: (_ matchIndex: Int, _ attachment: Attachment, _ font: FontMetrics) -> (image: UIImage?, bounds: TextRect)
            ) -> NSAttributedString {
                platformString(options: options, defaultFontSize: defaultFontSize, attachment: attachment)
            }
        #else
            /// `platformAttributedString` with AppKit's attributes and images (see the UIKit one).
            @MainActor
            public func platformAttributedString(
                options: RichTextOptions = RichTextOptions(), defaultFontSize: Double = 17, image: (Attachment) -> NSImage? = { _ in nil }
            ) -> NSAttributedString {
                platformString(options: options, defaultFontSize: defaultFontSize, image: image)
            }

            /// `platformAttributedString` with each attachment's image and bounds (see the UIKit one).
            @MainActor
            public func platformAttributedString(
                options: RichTextOptions = RichTextOptions(), defaultFontSize: Double = 17,
                attachment: (_ matchIndex: Int, _ attachment: Attachment, _ font: FontMetrics) -> (image: NSImage?, bounds: TextRect)
            ) -> NSAttributedString {
                platformString(options: options, defaultFontSize: defaultFontSize, attachment: attachment)
            }
        #endif

        /// `platformAttributedString(options:defaultFontSize:image:)` (the platform's image type).
        @MainActor
        package func platformString(
            options: RichTextOptions, defaultFontSize: Double, image: (Attachment) -> RichRulesImage?
        ) -> NSAttributedString {
            platformString(options: options, defaultFontSize: defaultFontSize) { _, attachment, font in
                let image = image(attachment)
                let size = image.map { (width: Double($0.size.width), height: Double($0.size.height)) }
                let b = attachment.bounds(intrinsic: size, font: font)
                return (image, TextRect(x: b.x, y: b.y, width: b.width, height: b.height))
            }
        }

        /// `platformAttributedString(options:defaultFontSize:attachment:)` (the platform's image type).
        @MainActor
        package func platformString(
            options: RichTextOptions, defaultFontSize: Double,
            attachment: (_ matchIndex: Int, _ attachment: Attachment, _ font: FontMetrics) -> (image: RichRulesImage?, bounds: TextRect)
        ) -> NSAttributedString {
            var options = options
            options.links = false
            let attributed = attributedString(options: options)
            let output = NSMutableAttributedString(string: "")
            var paragraphStyles: [ParagraphStyle: [WritingDirection: NSParagraphStyle]] = [:]
            for run in attributed.runs {
                var attributes = (run.richRules.style ?? TextStyle()).platformAttributes(
                    defaultFontSize: defaultFontSize, traits: options.traits)
                let direction = run[RichRulesAttributes.WritingDirectionAttribute.self] ?? .leftToRight
                // Paragraph properties, or a right-to-left paragraph (one without a strong
                // character takes the view's layout direction, which TextKit cannot know).
                let paragraph = run[RichRulesAttributes.ParagraphAttribute.self] ?? ParagraphStyle()
                if !paragraph.isEmpty || direction == .rightToLeft {
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
#endif

// Thin Apple glue: SwiftUI attributes from the core's typed styles. CI (Linux) does not
// build this file.
#if canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
    import SwiftUI

    extension RenderResult {
        /// The display for `Text`: each run's typed style as SwiftUI attributes, taps as
        /// links (handle them with `OpenURLAction` and `match(forLink:)`). `Text` cannot show
        /// attachments: their character becomes their alt text.
        public func swiftUIAttributedString(options: RichTextOptions = RichTextOptions(), defaultFontSize: Double = 17) -> AttributedString
        {
            let attributed = attributedString(options: options)
            var output = AttributedString()
            for run in attributed.runs {
                var piece = AttributedString(attributed[run.range])
                if let attachment = run.richRules.attachment {
                    piece = AttributedString(attachment.alternateText ?? "", attributes: run.attributes)
                }
                if let style = run.richRules.style {
                    var container = AttributeContainer()
                    container.swiftUI.font = Font((style.font ?? FontSpec()).platformFont(defaultSize: defaultFontSize) as CTFont)
                    container.swiftUI.foregroundColor = style.color.map(Self.color)
                    container.swiftUI.backgroundColor = style.background.map(Self.color)
                    container.swiftUI.underlineStyle = style.underline.flatMap { Self.line($0, style.underlineColor) }
                    container.swiftUI.strikethroughStyle = style.strikethrough.flatMap { Self.line($0, style.strikethroughColor) }
                    container.swiftUI.kern = style.kern.map { CGFloat($0) }
                    container.swiftUI.baselineOffset = style.baselineOffset.map { CGFloat($0) }
                    piece.mergeAttributes(container)
                }
                output.append(piece)
            }
            return output
        }

        private static func color(_ color: StyleColor) -> Color {
            #if canImport(UIKit)
                return Color(uiColor: color.platformColor)
            #else
                return Color(nsColor: color.platformColor)
            #endif
        }

        private static func line(_ line: LineStyle, _ color: StyleColor?) -> Text.LineStyle? {
            guard line != .none else { return nil }
            let pattern: Text.LineStyle.Pattern = line == .dotted ? .dot : line == .dashed ? .dash : .solid
            return Text.LineStyle(pattern: pattern, color: color.map(Self.color))
        }
    }
#endif

// Thin Apple glue: SwiftUI attributes from the core's typed styles. CI (Linux) compiles
// this file against stub modules (Scripts/typecheck-apple.sh); only a Mac runs it.
//
// APIs relied on, checked against Apple's documentation: Text(_: AttributedString);
// AttributeScopes.SwiftUIAttributes (font, foregroundColor, backgroundColor, underlineStyle,
// strikethroughStyle, kern, baselineOffset); Text.LineStyle(pattern:color:);
// AttributedString.mergeAttributes(_:mergePolicy:) with .keepCurrent; Color(uiColor:), Color(nsColor:);
// Font(_: CTFont) with `font as CTFont` (CoreText imported: SwiftUI is not documented to re-export it).
import RuleRuntime

#if canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
    import CoreText
    import SwiftUI

    extension RenderResult {
        /// The display for `Text`: each run's typed style as SwiftUI attributes, taps as
        /// links (handle them with `OpenURLAction` and `match(forLink:)`). `Text` cannot show
        /// attachments: their character becomes their alt text.
        ///
        /// Every run gets an explicit foreground colour (the spec's, else `Color.primary`),
        /// link runs too: `Text` draws links in the tint colour otherwise, and the spec's colour
        /// is lost. (Whether every OS version lets a run's colour win over the tint on a link
        /// is not documented; where exact colours matter, use `RichText`, which draws them.)
        /// The link stays only on tappable runs, for `OpenURLAction`. What the `attributes`
        /// hook of `options` sets wins over these attributes.
        public func swiftUIAttributedString(options: RichTextOptions = RichTextOptions(), defaultFontSize: Double = 17) -> AttributedString
        {
            let attributed = attributedString(options: options)
            var output = AttributedString()
            for run in attributed.runs {
                var piece = AttributedString(attributed[run.range])
                if let attachment = run.richRules.attachment {
                    piece = AttributedString(attachment.alternateText ?? "", attributes: run.attributes)
                }
                let style = run.richRules.style ?? TextStyle()
                var container = AttributeContainer()
                container.swiftUI.font = Font((style.font ?? FontSpec()).platformFont(defaultSize: defaultFontSize) as CTFont)
                container.swiftUI.foregroundColor = style.color.map(Self.color) ?? Color.primary
                container.swiftUI.backgroundColor = style.background.map(Self.color)
                container.swiftUI.underlineStyle = style.underline.flatMap { Self.line($0, style.underlineColor) }
                container.swiftUI.strikethroughStyle = style.strikethrough.flatMap { Self.line($0, style.strikethroughColor) }
                container.swiftUI.kern = style.kern.map { CGFloat($0) }
                container.swiftUI.baselineOffset = style.baselineOffset.map { CGFloat($0) }
                // The hook's SwiftUI attributes are already on the piece: they stay.
                piece.mergeAttributes(container, mergePolicy: .keepCurrent)
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

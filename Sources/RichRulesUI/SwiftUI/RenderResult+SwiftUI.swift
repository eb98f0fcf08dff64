// Thin Apple glue: SwiftUI attributes from the core's typed styles. CI (Linux) compiles
// this file against stub modules (Scripts/typecheck-apple.sh); only a Mac runs it.
//
// APIs relied on, checked against Apple's documentation: Text(_: AttributedString);
// AttributeScopes.SwiftUIAttributes (font, foregroundColor, backgroundColor, underlineStyle,
// strikethroughStyle, kern, baselineOffset); Text.LineStyle(pattern:color:);
// AttributedString.mergeAttributes(_:mergePolicy:) with .keepCurrent; Color(uiColor:), Color(nsColor:);
// Font.system(_:design:weight:) and Font.system(size:weight:design:) (iOS 16, macOS 13),
// Font.custom(_:size:relativeTo:) and Font.custom(_:fixedSize:) (iOS 14), Font.italic(), Font.weight(_:).
import RuleRuntime

#if canImport(SwiftUI) && !os(watchOS) && (canImport(UIKit) || canImport(AppKit))
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
                container.swiftUI.font = Self.font(style.font ?? FontSpec(), defaultSize: defaultFontSize)
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

        /// The SwiftUI font of a spec's font: a Dynamic Type style is SwiftUI's text style (a
        /// family scales relative to it), so `Text` follows the environment's
        /// `dynamicTypeSize` and Bold Text as its own fonts do; a fixed size stays fixed.
        private static func font(_ spec: FontSpec, defaultSize: Double) -> Font {
            let weight = weights[spec.weight()] ?? .regular
            var font: Font
            if let style = spec.textStyle, let textStyle = textStyles[style] {
                font =
                    spec.family.map { .custom($0, size: CGFloat(style.defaultSize.points), relativeTo: textStyle).weight(weight) }
                    ?? .system(textStyle, weight: weight)
            } else {
                let size = CGFloat(spec.size ?? defaultSize)
                font = spec.family.map { .custom($0, fixedSize: size).weight(weight) } ?? .system(size: size, weight: weight)
            }
            return spec.italic == true ? font.italic() : font
        }

        private static let textStyles: [DynamicTypeStyle: Font.TextStyle] = [
            .largeTitle: .largeTitle, .title1: .title, .title2: .title2, .title3: .title3, .headline: .headline,
            .subheadline: .subheadline, .body: .body, .callout: .callout, .footnote: .footnote, .caption1: .caption,
            .caption2: .caption2,
        ]

        private static let weights: [FontWeight: Font.Weight] = [
            .ultraLight: .ultraLight, .thin: .thin, .light: .light, .regular: .regular, .medium: .medium, .semibold: .semibold,
            .bold: .bold, .heavy: .heavy, .black: .black,
        ]

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

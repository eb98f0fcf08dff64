import RuleRuntime
import RuleSpec

extension Sema {
    static let properties = [
        "font", "color", "background", "underline", "underlineColor", "strikethrough", "strikethroughColor", "kern",
        "baseline",
    ]

    /// Checks a style block's properties and values.
    mutating func style(from block: StyleBlock, in file: SourceFile) -> TextStyle {
        var style = TextStyle()
        var seen: [String: SourceRef] = [:]
        for property in block.properties {
            let name = property.name.name
            guard Self.properties.contains(name) else {
                error(
                    .unknownProperty, "unknown style property '\(name)'\(Spelling.hint(name, Self.properties))",
                    file, property.name.span)
                continue
            }
            if let first = seen[name] {
                error(
                    .duplicate, "style property '\(name)' is set twice", file, property.name.span,
                    notes: [.init("first set here", at: first)])
                continue
            }
            seen[name] = ref(file, property.name.span)
            let values = property.values
            switch name {
            case "font": style.font = font(values, file)
            case "color": style.color = color(values, property, file)
            case "background": style.background = color(values, property, file)
            case "underlineColor": style.underlineColor = color(values, property, file)
            case "strikethroughColor": style.strikethroughColor = color(values, property, file)
            case "underline":
                let (line, lineColor) = lineStyle(values, property, file)
                style.underline = line
                if let lineColor { style.underlineColor = lineColor }
            case "strikethrough":
                let (line, lineColor) = lineStyle(values, property, file)
                style.strikethrough = line
                if let lineColor { style.strikethroughColor = lineColor }
            case "kern": style.kern = number(values, property, file)
            default: style.baselineOffset = number(values, property, file)
            }
        }
        return style
    }

    /// `font: 14`, `font: 15 semibold italic`, `font: "Helvetica Neue" 14`, `font: body`.
    mutating func font(_ values: [StyleValue], _ file: SourceFile) -> FontSpec {
        var font = FontSpec()
        for value in values {
            switch value {
            case .number(let n):
                guard n.value > 0, n.value <= 1000, font.size == nil else {
                    error(
                        .invalidValue, font.size == nil ? "font size must be between 0 and 1000" : "font size given twice", file, n.span)
                    continue
                }
                font.size = n.value
            case .string(let family, let span):
                guard !family.isEmpty, font.family == nil else {
                    error(.invalidValue, "font family must be a single non-empty name", file, span)
                    continue
                }
                font.family = family
            case .word(let id):
                if let weight = FontWeight(rawValue: id.name), font.weight == nil {
                    font.weight = weight
                } else if let textStyle = DynamicTypeStyle(rawValue: id.name), font.textStyle == nil {
                    font.textStyle = textStyle
                } else if id.name == "italic", font.italic == nil {
                    font.italic = true
                } else {
                    let words = FontWeight.allCases.map(\.rawValue) + DynamicTypeStyle.allCases.map(\.rawValue) + ["italic"]
                    error(
                        .invalidValue,
                        "unknown font attribute '\(id.name)'\(Spelling.hint(id.name, words)) (a font is a size, a weight, 'italic', a text style such as 'body', or a family in quotes)",
                        file, id.span)
                }
            case .color(_, let span):
                error(.invalidValue, "a font cannot be a color", file, span)
            }
        }
        return font
    }

    mutating func color(_ values: [StyleValue], _ property: StyleProperty, _ file: SourceFile) -> StyleColor? {
        guard values.count == 1 else {
            error(.invalidValue, "'\(property.name.name)' takes one color", file, values[1].span)
            return nil
        }
        return color(values[0], file)
    }

    mutating func color(_ value: StyleValue, _ file: SourceFile) -> StyleColor? {
        switch value {
        case .color(let hex, let span):
            guard let normalized = Colors.normalizeHex(hex) else {
                error(.invalidValue, "invalid color '#\(hex)': write #RGB, #RRGGBB or #RRGGBBAA in hex digits", file, span)
                return nil
            }
            return StyleColor("#" + normalized)
        case .word(let id):
            guard let system = SystemColor(rawValue: id.name) else {
                let names = SystemColor.allCases.map(\.rawValue)
                error(.invalidValue, "unknown color '\(id.name)'\(Spelling.hint(id.name, names))", file, id.span)
                return nil
            }
            return .system(system)
        default:
            error(.invalidValue, "expected a color (#RRGGBB or a name such as 'systemBlue')", file, value.span)
            return nil
        }
    }

    /// `underline: single`, `underline: double #FF0000`.
    mutating func lineStyle(_ values: [StyleValue], _ property: StyleProperty, _ file: SourceFile) -> (LineStyle?, StyleColor?) {
        guard case .word(let id) = values[0], let line = LineStyle(rawValue: id.name) else {
            let names = LineStyle.allCases.map(\.rawValue)
            let word: String
            if case .word(let id) = values[0] { word = "'\(id.name)'\(Spelling.hint(id.name, names))" } else { word = "this value" }
            error(.invalidValue, "unknown line style \(word); use \(names.joined(separator: ", "))", file, values[0].span)
            return (nil, nil)
        }
        guard values.count <= 2 else {
            error(.invalidValue, "'\(property.name.name)' takes a line style and an optional color", file, values[2].span)
            return (line, nil)
        }
        return (line, values.count == 2 ? color(values[1], file) : nil)
    }

    mutating func number(_ values: [StyleValue], _ property: StyleProperty, _ file: SourceFile) -> Double? {
        guard values.count == 1, case .number(let n) = values[0] else {
            error(.invalidValue, "'\(property.name.name)' takes one number", file, values[values.count > 1 ? 1 : 0].span)
            return nil
        }
        guard abs(n.value) <= 1000 else {
            error(.invalidValue, "'\(property.name.name)' must be between -1000 and 1000", file, n.span)
            return nil
        }
        return n.value
    }
}

import RuleRuntime
import RuleSpec

extension Sema {
    static let properties =
        [
            "font", "color", "background", "underline", "underlineColor", "strikethrough", "strikethroughColor", "kern",
            "baseline",
        ] + paragraphProperties
    /// The properties of a whole paragraph (`NSParagraphStyle`).
    static let paragraphProperties = [
        "alignment", "lineSpacing", "lineHeight", "paragraphSpacing", "headIndent", "firstLineHeadIndent",
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
            case "baseline": style.baselineOffset = number(values, property, file)
            case "alignment": style.alignment = alignment(values, property, file)
            case "lineSpacing": style.lineSpacing = number(values, property, file, minimum: 0)
            case "lineHeight": style.lineHeight = number(values, property, file, minimum: 0, positive: true)
            case "paragraphSpacing": style.paragraphSpacing = number(values, property, file, minimum: 0)
            case "headIndent": style.headIndent = number(values, property, file, minimum: 0)
            default: style.firstLineHeadIndent = number(values, property, file, minimum: 0)
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

    /// A color property's value: a color, or a fixed color and its dark variant.
    mutating func color(_ values: [StyleValue], _ property: StyleProperty, _ file: SourceFile) -> StyleColor? {
        color(values[...], property, file)
    }

    /// `COLOR` or `COLOR dark COLOR` (`#333333 dark #CCCCCC`): both sides fixed colors (hex,
    /// or a name that is the same in both appearances, such as `white`).
    mutating func color(_ values: ArraySlice<StyleValue>, _ property: StyleProperty, _ file: SourceFile) -> StyleColor? {
        let first = values.startIndex
        let takes = "'\(property.name.name)' takes a color, or a color and its dark variant ('#333333 dark #CCCCCC')"
        guard values.count > 1 else { return color(values[first], file) }
        guard case .word(let keyword) = values[first + 1], keyword.name == "dark" else {
            if values.count == 2 || values.count > 3 {
                error(.invalidValue, takes, file, values[first + 1].span)
            } else {
                var found = "a color"
                if case .word(let word) = values[first + 1] { found = "'\(word.name)'" }
                error(.invalidValue, "expected 'dark' between a color and its dark variant, found \(found)", file, values[first + 1].span)
            }
            return nil
        }
        guard values.count == 3 else {
            let (message, at) = values.count == 2 ? ("expected the dark color after 'dark'", first + 1) : (takes, first + 3)
            error(.invalidValue, message, file, values[at].span)
            return nil
        }
        let light = color(values[first], file)
        let dark = color(values[first + 2], file)
        guard let light, let dark else { return nil }
        var fixed: [RGBA] = []
        for (value, color) in [(values[first], light), (values[first + 2], dark)] {
            switch color {
            case .rgba(let rgba): fixed.append(rgba)
            case .system(let system) where system.isFixed: fixed.append(system.light)
            case .system(let system):
                error(
                    .invalidValue,
                    "'\(system.rawValue)' adapts to dark appearance by itself; 'dark' pairs two fixed colors (hex, or a fixed name such as 'white')",
                    file, value.span)
                return nil
            case .dynamic:
                return nil
            }
        }
        return fixed[0] == fixed[1] ? .rgba(fixed[0]) : .dynamic(light: fixed[0], dark: fixed[1])
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

    /// `alignment: center`.
    mutating func alignment(_ values: [StyleValue], _ property: StyleProperty, _ file: SourceFile) -> ParagraphAlignment? {
        let names = ParagraphAlignment.allCases.map(\.rawValue)
        guard values.count == 1 else {
            error(.invalidValue, "'alignment' takes one of \(names.joined(separator: ", "))", file, values[1].span)
            return nil
        }
        guard case .word(let id) = values[0] else {
            error(.invalidValue, "'alignment' takes one of \(names.joined(separator: ", "))", file, values[0].span)
            return nil
        }
        guard let alignment = ParagraphAlignment(rawValue: id.name) else {
            let list = names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
            error(.invalidValue, "unknown alignment '\(id.name)'\(Spelling.hint(id.name, names)) (\(list))", file, id.span)
            return nil
        }
        return alignment
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
        return (line, values.count >= 2 ? color(values[1...], property, file) : nil)
    }

    /// One number from `minimum` (or above it, with `positive`) to 1000; without a minimum,
    /// from -1000.
    mutating func number(
        _ values: [StyleValue], _ property: StyleProperty, _ file: SourceFile, minimum: Double? = nil, positive: Bool = false
    ) -> Double? {
        let name = property.name.name
        guard values.count == 1, case .number(let n) = values[0] else {
            error(.invalidValue, "'\(name)' takes one number", file, values[values.count > 1 ? 1 : 0].span)
            return nil
        }
        if let minimum {
            guard n.value <= 1000, positive ? n.value > minimum : n.value >= minimum else {
                let range = positive ? "greater than \(Int(minimum)) and at most 1000" : "between \(Int(minimum)) and 1000"
                error(.invalidValue, "'\(name)' must be \(range) points", file, n.span)
                return nil
            }
        } else {
            guard abs(n.value) <= 1000 else {
                error(.invalidValue, "'\(name)' must be between -1000 and 1000", file, n.span)
                return nil
            }
        }
        return n.value
    }
}

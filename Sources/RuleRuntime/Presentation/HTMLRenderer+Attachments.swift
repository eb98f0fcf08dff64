extension HTMLRenderer {
    /// An image or a widget placeholder.
    mutating func attachment(_ attachment: Attachment, style: TextStyle) -> String {
        let label = attachment.accessibilityLabel
        switch attachment.kind {
        case .image(let source):
            var attributes: [(String, String)] = [("class", "\(prefix)-image")]
            if Self.isSafeImageSource(source) { attributes.append(("src", source)) }
            attributes.append(("alt", label))
            if let width = attachment.width { attributes.append(("width", Self.number(width))) }
            if let height = attachment.height { attributes.append(("height", Self.number(height))) }
            attributes.append(("style", "vertical-align:" + Self.verticalAlign(attachment)))
            return "<img" + Self.attributes(attributes) + ">"
        case .widget(let name):
            // The label is 0.6em; an intrinsic dimension is the text's em (1 / 0.6 of the
            // label's), an intrinsic width grows with the name.
            var css = [
                "display:inline-flex", "align-items:center", "justify-content:center", "box-sizing:border-box",
                "font-size:0.6em", "line-height:1",
            ]
            if let width = attachment.width {
                css.append("width:" + Self.number(width) + "px")
            } else {
                css += ["min-width:1.667em", "padding:0 0.3em"]
            }
            css.append("height:" + (attachment.height.map { Self.number($0) + "px" } ?? "1.667em"))
            css += [
                "border:1px solid currentColor", "border-radius:3px", "overflow:hidden", "white-space:nowrap", "text-decoration:none",
                "vertical-align:" + Self.verticalAlign(attachment),
            ]
            let attributes: [(String, String)] = [
                ("class", "\(prefix)-widget"), ("data-widget", name), ("role", "img"), ("aria-label", label),
                ("style", css.joined(separator: ";")),
            ]
            return "<span" + Self.attributes(attributes) + ">" + Self.escape(name) + "</span>"
        }
    }

    static func verticalAlign(_ attachment: Attachment) -> String {
        switch attachment.alignment {
        case .middle: return "middle"
        case .baseline: return "baseline"
        case .aboveBaseline: return "0.1em"
        case .belowBaseline: return attachment.height.map { "-" + number($0) + "px" } ?? "-1em"
        case .top: return "text-top"
        case .bottom: return "text-bottom"
        }
    }

    /// Whether an image source may be an `<img src>`: `http:`, `https:`, `data:image/…`,
    /// or a relative URL. The scheme is read as a browser reads it: leading and trailing
    /// spaces and control characters are ignored, and tabs and line breaks anywhere
    /// (`java\tscript:` is `javascript:`).
    static func isSafeImageSource(_ source: String) -> Bool {
        var scalars = source.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        let url = String(String.UnicodeScalarView(scalars)).lowercased()
        guard !url.isEmpty else { return false }
        // A scheme: a letter, then letters, digits, `+`, `-`, `.`, up to the first `:`
        // that comes before any `/`, `?` or `#`.
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar == ":" {
                guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return true }
                return scheme == "http" || scheme == "https" || (scheme == "data" && url.hasPrefix("data:image/"))
            }
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar)
            else { return true }
            scheme.unicodeScalars.append(scalar)
        }
        return true
    }
}

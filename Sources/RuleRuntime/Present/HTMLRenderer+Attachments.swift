extension HTMLRenderer {
    /// An image (`<img>`, or a placeholder for a name with `NamedImages.placeholder`) or a
    /// widget placeholder.
    mutating func attachment(_ attachment: Attachment, style: TextStyle) -> String {
        let label = attachment.accessibilityLabel
        switch attachment.kind {
        case .image(let source):
            if options.namedImages == .placeholder, AttachmentImageLifecycle.isName(source) {
                let name = source.trimmingCharacters(in: .whitespaces)
                return placeholder(attachment, kind: "named-image", data: ("data-image", name), name: name, border: "dashed")
            }
            var attributes: [(String, String)] = [("class", "\(prefix)-image")]
            if Self.isSafeImageSource(source) { attributes.append(("src", source)) }
            attributes.append(("alt", label))
            if let width = attachment.width { attributes.append(("width", Self.number(width))) }
            if let height = attachment.height { attributes.append(("height", Self.number(height))) }
            attributes.append(("style", "vertical-align:" + Self.verticalAlign(attachment)))
            return "<img" + Self.attributes(attributes) + ">"
        case .widget(let name):
            return placeholder(attachment, kind: "widget", data: ("data-widget", name), name: name, border: "solid")
        }
    }

    /// `<span class="rr-<kind>" data-…="name" role="img" aria-label="…">name</span>`: a box
    /// showing `name` in small type, at least as large as the attachment's bounds with no
    /// intrinsic size (`Attachment.bounds(intrinsic: nil, font:)`, as the reference layout
    /// takes them): its declared size, a missing side equal to the declared one, the text's
    /// em when neither is declared. It grows to fit the name, which is never clipped. Where
    /// a paragraph indents its first line, it resets `text-indent`, which it would inherit.
    func placeholder(_ attachment: Attachment, kind: String, data: (String, String), name: String, border: String) -> String {
        // The name is 0.6em: the text's em is 1 / 0.6 of the name's.
        let em = "1.667em"
        let width = (attachment.width ?? attachment.height).map { Self.number($0) + "px" } ?? em
        let height = (attachment.height ?? attachment.width).map { Self.number($0) + "px" } ?? em
        var css = [
            "display:inline-flex", "align-items:center", "justify-content:center", "box-sizing:border-box", "font-size:0.6em",
            "line-height:1", "min-width:" + width, "min-height:" + height, "padding:0 0.3em", "border:1px \(border) currentColor",
            "border-radius:3px", "white-space:nowrap", "text-decoration:none", "vertical-align:" + Self.verticalAlign(attachment),
        ]
        if indentsFirstLines { css.append("text-indent:0") }
        let attributes: [(String, String)] = [
            ("class", "\(prefix)-\(kind)"), data, ("role", "img"), ("aria-label", attachment.accessibilityLabel),
            ("style", css.joined(separator: ";")),
        ]
        return "<span" + Self.attributes(attributes) + ">" + Self.escape(name) + "</span>"
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
    /// or a relative URL. The scheme is read as a browser reads it: leading spaces and
    /// control characters are ignored, and tabs and line breaks anywhere
    /// (`java\tscript:` is `javascript:`); ASCII letters in any case. Reads only up to the
    /// end of the scheme (and `image/` after `data:`): linear in the spaces before it.
    static func isSafeImageSource(_ source: String) -> Bool {
        var scalars = source.unicodeScalars.lazy.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }.makeIterator()
        var next = scalars.next()
        while let scalar = next, scalar.value <= 0x20 { next = scalars.next() }
        guard next != nil else { return false }
        // A scheme: a letter, then letters, digits, `+`, `-`, `.`, up to the first `:`
        // that comes before any `/`, `?` or `#`.
        var scheme = ""
        while let scalar = next {
            if scalar == ":" {
                guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic else { return true }
                switch scheme.lowercased() {
                case "http", "https": return true
                case "data":
                    var type = ""
                    while type.unicodeScalars.count < 6, let scalar = scalars.next() { type.unicodeScalars.append(scalar) }
                    return type.lowercased() == "image/"
                default: return false
                }
            }
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar)
            else { return true }
            scheme.unicodeScalars.append(scalar)
            next = scalars.next()
        }
        return true
    }
}

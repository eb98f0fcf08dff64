extension HTMLTree {
    /// The elements whose text is written as is (the serialisation's raw text parents).
    static let rawTextParents: Set<String> = [
        "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript",
    ]

    /// The children of `node` serialised as a browser's `innerHTML` is (the HTML fragment
    /// serialisation algorithm): what `HTMLCorpusTests` compares with Chromium's tree.
    package func innerHTML(of node: Int = 0) -> String {
        var out = ""
        for child in nodes[node].children { serialize(child, into: &out) }
        return out
    }

    private func serialize(_ index: Int, into out: inout String) {
        let node = nodes[index]
        switch node.kind {
        case .root:
            out += innerHTML(of: index)
        case .comment:
            out += "<!--" + text(of: index) + "-->"
        case .text:
            let parent = nodes[node.parent]
            if parent.kind == .element, Self.rawTextParents.contains(parent.name) {
                out += text(of: index)
            } else {
                out += Self.escape(text(of: index), attribute: false)
            }
        case .element:
            out += "<" + node.name
            for attribute in node.attributes {
                out += " " + attribute.name + "=\"" + Self.escape(value(of: attribute.name, in: index) ?? "", attribute: true) + "\""
            }
            out += ">"
            guard !HTMLTreeBuilder.void.contains(node.name) else { return }
            for child in node.children { serialize(child, into: &out) }
            out += "</" + node.name + ">"
        }
    }

    /// `&`, U+00A0, `<`, `>` escaped, and `"` in an attribute value: the serialisation's
    /// escaping (not `HTMLRenderer.escape`'s, which also writes `'` and control characters
    /// as references), with its run copying.
    static func escape(_ text: String, attribute: Bool) -> String {
        HTMLRenderer.escaped(text) { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "\u{A0}": return "&nbsp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"" where attribute: return "&quot;"
            default: return nil
            }
        }
    }
}

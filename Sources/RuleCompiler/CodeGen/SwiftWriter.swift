/// An indentation-aware text writer for generated Swift.
struct SwiftWriter {
    /// The width within which `expression` keeps a line when it can break it: the line
    /// length of the package's `.swift-format`, so that the generated files lint clean.
    static let width = 140

    private(set) var text = ""
    private var level = 0

    /// One line at the current indentation (empty lines stay empty).
    mutating func line(_ s: String = "") {
        text += s.isEmpty ? "\n" : String(repeating: "    ", count: level) + s + "\n"
    }

    /// A compiler directive (`#sourceLocation`), in the first column.
    mutating func directive(_ s: String) { text += s + "\n" }

    /// `header {`, the body indented, `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        indented(body)
        line("}")
    }

    /// The body one level further in.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// `prefix`, the expression and `suffix`: on one line when that fits within `width`,
    /// otherwise a call with one argument per line (the closing parenthesis after the last
    /// one) and a literal with one element per line (each with a comma, the bracket on a
    /// line of its own), each part printed the same way.
    mutating func expression(_ expression: SwiftExpression, prefix: String = "", suffix: String = "") {
        let flat = prefix + expression.flat + suffix
        guard expression.canBreak, level * 4 + flat.count > Self.width else {
            line(flat)
            return
        }
        switch expression {
        case .literal:
            line(flat)
        case .call(let callee, let arguments):
            line(prefix + callee + "(")
            indented { w in
                for (index, argument) in arguments.enumerated() {
                    let last = index == arguments.count - 1
                    w.expression(argument.value, prefix: argument.prefix, suffix: last ? ")" + suffix : ",")
                }
            }
        case .array(let elements):
            // One element takes no trailing comma (swift-format reads such a literal as one line).
            let comma = elements.count > 1 ? "," : ""
            line(prefix + "[")
            indented { w in
                for element in elements { w.expression(element, suffix: comma) }
            }
            line("]" + suffix)
        case .dictionary(let entries):
            let comma = entries.count > 1 ? "," : ""
            line(prefix + "[")
            indented { w in
                for entry in entries { w.expression(entry.value, prefix: entry.key.flat + ": ", suffix: comma) }
            }
            line("]" + suffix)
        }
    }
}

// Printers for `rulegen dump --ast`: a parsed spec file as an indented outline.

extension SpecFile {
    /// The file for `rulegen dump --ast`: its path and version, then one statement a line
    /// (`line:column`, what it is, its text on one line), the items of rules, tag families
    /// and `tag` blocks indented under them. `detail` adds lines under an item (the
    /// compiler adds a regex rule's parsed pattern); `includes` picks the rules and tag
    /// families to show by name (other statements always show).
    public func dumpDescription(
        includes: (String) -> Bool = { _ in true }, detail: (_ rule: String, _ item: Item) -> [String] = { _, _ in [] }
    ) -> String {
        var lines = ["file \(source.path)" + (version.map { " (richrules \(source.text(of: $0.span)))" } ?? " (no version)")]
        for statement in statements {
            switch statement {
            case .rule(let rule):
                guard includes(rule.name.name) else { continue }
                lines.append("  \(location(rule.span)) rule \(rule.name.name)")
                dump(rule.items, rule: rule.name.name, depth: 2, into: &lines, detail: detail)
            case .tags(let family):
                guard includes(family.family.name) else { continue }
                lines.append("  \(location(family.span)) tags \(family.family.name)")
                dump(family.items, rule: family.family.name, depth: 2, into: &lines, detail: detail)
            case .truncation(let decl):
                lines.append("  \(location(decl.span)) truncation \(oneLine(decl.text.span))")
                dump(decl.items, rule: "", depth: 2, into: &lines, detail: detail)
            case .importFile(_, let span), .importBuiltin(_, let span), .base(_, let span), .highlight(_, let span):
                lines.append("  \(location(span)) \(oneLine(span))")
            case .style(let decl):
                lines.append("  \(location(decl.span)) \(oneLine(decl.span))")
            case .example(let example):
                lines.append("  \(location(example.span)) example \(oneLine(example.text.span))")
                if let display = example.display {
                    lines.append("    \(location(display.span)) display \(oneLine(display.span))")
                }
                for item in example.items { lines.append("    \(location(item.span)) \(oneLine(item.span))") }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func dump(
        _ items: [Item], rule: String, depth: Int, into lines: inout [String], detail: (String, Item) -> [String]
    ) {
        let indent = String(repeating: "  ", count: depth)
        for item in items {
            if case .tag(let block) = item {
                let conditions =
                    block.conditions.isEmpty
                    ? ""
                    : " where "
                        + block.conditions.map { condition in
                            "\(condition.field.name) \(condition.op) \(oneLine(condition.value.span))"
                        }.joined(separator: " and ")
                lines.append(indent + "\(location(block.span)) tag \(block.name.name)\(conditions)")
                dump(block.items, rule: rule, depth: depth + 1, into: &lines, detail: detail)
                continue
            }
            lines.append(indent + "\(location(item.span)) \(item.keyword): \(oneLine(item.span, dropping: item.keyword))")
            lines.append(contentsOf: detail(rule, item).map { indent + "  " + $0 })
        }
    }

    private func location(_ span: SourceSpan) -> String { "\(source.location(of: span.start))" }

    /// The text of `span` on one line (runs of white space as one space), without a
    /// leading `keyword`.
    private func oneLine(_ span: SourceSpan, dropping keyword: String = "") -> String {
        var text = source.text(of: span)
        if !keyword.isEmpty, text.hasPrefix(keyword) { text.removeFirst(keyword.count) }
        var out = ""
        var pendingSpace = false
        for c in text.unicodeScalars {
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out += " " }
            pendingSpace = false
            out.unicodeScalars.append(c)
        }
        return out
    }
}

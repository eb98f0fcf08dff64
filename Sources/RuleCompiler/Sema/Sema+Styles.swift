import RuleRuntime
import RuleSpec

extension Sema {
    /// Base, named styles (with inheritance) and the default highlight, in file order.
    mutating func collectStyles() {
        var seen: [String: SourceRef] = [:]
        for file in spec.files {
            var baseSeen: SourceRef?
            for statement in file.statements {
                switch statement {
                case .style(let decl):
                    if declare(decl.name, in: file.source, kind: "style", table: &seen) {
                        styleDecls[decl.name.name] = (decl, file.source)
                    }
                case .base(_, let span):
                    if let first = baseSeen {
                        error(
                            .duplicate, "'base' is declared twice in this file", file.source, span,
                            notes: [.init("first declared here", at: first)])
                    }
                    baseSeen = ref(file.source, span)
                default: continue
                }
            }
        }
        for name in styleDecls.keys.sorted() { _ = resolveStyle(name, chain: []) }
        for file in spec.files {
            var highlightSeen: SourceRef?
            for statement in file.statements {
                switch statement {
                case .base(let block, _):
                    base = base.merged(with: style(from: block, in: file.source))
                case .highlight(let ref, let span):
                    if let first = highlightSeen {
                        error(
                            .duplicate, "default 'highlight' is declared twice in this file", file.source, span,
                            notes: [.init("first declared here", at: first)])
                    }
                    highlightSeen = self.ref(file.source, span)
                    defaultHighlight = highlight(ref, in: file.source) ?? nil
                default: continue
                }
            }
        }
    }

    /// The merged style of a named style; reports inheritance cycles once.
    @discardableResult
    mutating func resolveStyle(_ name: String, chain: [String]) -> TextStyle {
        if let done = resolvedStyles[name] { return done }
        guard let (decl, file) = styleDecls[name] else { return TextStyle() }
        if chain.contains(name) {
            let cycle = (chain.drop { $0 != name } + [name]).map { "'\($0)'" }.joined(separator: " → ")
            error(.styleCycle, "style inheritance cycle: \(cycle)", file, decl.parent?.span ?? decl.name.span)
            resolvedStyles[name] = TextStyle()
            return TextStyle()
        }
        var result = TextStyle()
        if let parent = decl.parent {
            if styleDecls[parent.name] == nil {
                error(.unknownStyle, "unknown style '\(parent.name)'\(Spelling.hint(parent.name, styleDecls.keys))", file, parent.span)
            } else {
                result = resolveStyle(parent.name, chain: chain + [name])
            }
        }
        if resolvedStyles[name] != nil { return resolvedStyles[name]! }
        result = result.merged(with: style(from: decl.block, in: file))
        resolvedStyles[name] = result
        return result
    }

    /// A style reference as a style (unmerged with base) plus its name.
    mutating func style(_ ref: StyleRef, in file: SourceFile) -> (TextStyle, String?) {
        switch ref {
        case .inline(let block): return (style(from: block, in: file), nil)
        case .named(let id):
            guard styleDecls[id.name] != nil else {
                error(.unknownStyle, "unknown style '\(id.name)'\(Spelling.hint(id.name, styleDecls.keys))", file, id.span)
                return (TextStyle(), nil)
            }
            return (resolveStyle(id.name, chain: []), id.name)
        }
    }

    /// A highlight reference: `.some(nil)` for `none`, `nil` after an error.
    mutating func highlight(_ ref: HighlightRef, in file: SourceFile) -> TextStyle?? {
        switch ref {
        case .none: return .some(nil)
        case .inline(let block): return .some(style(from: block, in: file))
        case .named(let id):
            guard styleDecls[id.name] != nil else {
                error(.unknownStyle, "unknown style '\(id.name)'\(Spelling.hint(id.name, styleDecls.keys + ["none"]))", file, id.span)
                return nil
            }
            return .some(resolveStyle(id.name, chain: []))
        }
    }
}

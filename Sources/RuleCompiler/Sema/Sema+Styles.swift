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
        for name in styleDecls.keys.sorted() { _ = resolveStyle(name) }
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
    ///
    /// Note: iterative, so that a chain of thousands of `style a : b` levels cannot
    /// overflow the stack. The walk goes up the parents until a resolved style, a style
    /// without a parent, an unknown parent or a cycle, then merges back down. In a cycle
    /// the style where it closes resolves to nothing (after one error) and the others to
    /// their own blocks over it, as if the cycle were cut at that style's parent.
    @discardableResult
    mutating func resolveStyle(_ name: String) -> TextStyle {
        if let done = resolvedStyles[name] { return done }
        var chain: [String] = []
        var indexInChain: [String: Int] = [:]
        var base = TextStyle()
        var cycleHead: Int?
        var current = name
        while let (decl, file) = styleDecls[current] {
            if let done = resolvedStyles[current] {
                base = done
                break
            }
            if let index = indexInChain[current] {
                let cycle = (chain[index...] + [current]).map { "'\($0)'" }.joined(separator: " → ")
                error(.styleCycle, "style inheritance cycle: \(cycle)", file, decl.parent?.span ?? decl.name.span)
                cycleHead = index
                break
            }
            indexInChain[current] = chain.count
            chain.append(current)
            guard let parent = decl.parent else { break }
            guard styleDecls[parent.name] != nil else {
                error(.unknownStyle, "unknown style '\(parent.name)'\(Spelling.hint(parent.name, styleDecls.keys))", file, parent.span)
                break
            }
            current = parent.name
        }
        if let head = cycleHead {
            resolvedStyles[chain[head]] = TextStyle()
            mergeDown(chain[(head + 1)...], over: TextStyle())
            mergeDown(chain[..<head], over: TextStyle())
        } else {
            mergeDown(chain[...], over: base)
        }
        return resolvedStyles[name] ?? TextStyle()
    }

    /// Resolves `chain` (each style the child of the next) from its last style up to its
    /// first, each merged over the one after it, the last over `base`.
    private mutating func mergeDown(_ chain: ArraySlice<String>, over base: TextStyle) {
        var result = base
        for name in chain.reversed() {
            guard let (decl, file) = styleDecls[name] else { continue }
            result = result.merged(with: style(from: decl.block, in: file))
            resolvedStyles[name] = result
        }
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
            return (resolveStyle(id.name), id.name)
        }
    }

    /// A highlight reference: `.some(nil)` for `none`, `nil` after an error. A pressed
    /// highlight changes how text looks, not its layout: paragraph properties are errors.
    mutating func highlight(_ ref: HighlightRef, in file: SourceFile) -> TextStyle?? {
        switch ref {
        case .none: return .some(nil)
        case .inline(let block):
            for property in block.properties where Self.paragraphProperties.contains(property.name.name) {
                error(
                    .invalidValue,
                    "'\(property.name.name)' is a paragraph property: a pressed highlight changes how text looks, not its layout", file,
                    property.name.span)
            }
            return .some(style(from: block, in: file).withoutParagraphProperties)
        case .named(let id):
            guard styleDecls[id.name] != nil else {
                error(.unknownStyle, "unknown style '\(id.name)'\(Spelling.hint(id.name, styleDecls.keys + ["none"]))", file, id.span)
                return nil
            }
            let style = resolveStyle(id.name)
            if style.hasParagraphProperties {
                let set = Self.paragraphProperties.filter { name in
                    switch name {
                    case "alignment": return style.alignment != nil
                    case "lineSpacing": return style.lineSpacing != nil
                    case "lineHeight": return style.lineHeight != nil
                    case "paragraphSpacing": return style.paragraphSpacing != nil
                    case "headIndent": return style.headIndent != nil
                    default: return style.firstLineHeadIndent != nil
                    }
                }
                let names = set.map { "'\($0)'" }
                let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
                let what = names.count == 1 ? "a paragraph property" : "paragraph properties"
                error(
                    .invalidValue,
                    "style '\(id.name)' sets \(list), \(what): a pressed highlight changes how text looks, not its layout", file, id.span)
            }
            return .some(style.withoutParagraphProperties)
        }
    }
}

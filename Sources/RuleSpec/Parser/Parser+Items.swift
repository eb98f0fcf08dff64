extension Parser {
    /// One statement of a rule, tag family or tag block; `nil` when it is not allowed
    /// there (reported, then parsed and dropped).
    mutating func parseItem(_ context: Context) throws(Failure) -> Item? {
        guard let word = tok.identifier, context.itemKeywords.contains(word) || word == "tag" else {
            let list = context.allowed.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw fail("expected a statement of \(context.name) (\(list)), found \(tok.description)")
        }
        let keyword = tok.span
        if !context.allowed.contains(word) {
            diagnostics.report(.syntax, "'\(word)' is not allowed in \(context.name)", at: ref(keyword))
            advance()
            _ = try parseItemBody(word, keyword: keyword, context: context)
            return nil
        }
        advance()
        return try parseItemBody(word, keyword: keyword, context: context)
    }

    mutating func parseItemBody(_ word: String, keyword: SourceSpan, context: Context) throws(Failure) -> Item {
        func span(_ p: Parser) -> SourceSpan { SourceSpan(start: keyword.start, end: p.prevEnd) }
        switch word {
        case "match":
            let matcher = try parseMatcher()
            return .match(matcher, span(self))
        case "priority":
            let value = try expectNumber("an integer after 'priority'")
            return .priority(value, span(self))
        case "style":
            if tok.isPunct("{") { return .style(.inline(try parseStyleBlock(after: "'style'")), span(self)) }
            let name = try expectIdentifier("a style name or '{' after 'style'")
            return .style(.named(name), span(self))
        case "highlight":
            let ref = try parseHighlightRef()
            return .highlight(ref, span(self))
        case "tap":
            let tap = try parseTap()
            return .tap(tap, span(self))
        case "replace":
            let text = try expectString("the display text in quotes after 'replace'")
            return .replace(text, span(self))
        case "image":
            let source = try expectString("an image name or URL in quotes after 'image'")
            var size: SizeLiteral?
            if tok.isKeyword("size") {
                advance()
                size = try parseSize()
            }
            return .image(ImageDecl(source: source, size: size, span: span(self)))
        case "widget":
            let name = try expectIdentifier("a widget name after 'widget'")
            var size: SizeLiteral?
            var align: Identifier?
            while true {
                if tok.isKeyword("size"), size == nil {
                    advance()
                    size = try parseSize()
                } else if tok.isKeyword("align"), align == nil {
                    advance()
                    align = try expectIdentifier("an alignment after 'align'")
                } else {
                    break
                }
            }
            return .widget(WidgetDecl(name: name, size: size, align: align, span: span(self)))
        case "allow":
            guard tok.isKeyword("overlap") else { throw fail("expected 'overlap' after 'allow' (write 'allow overlap <rule>')") }
            advance()
            let other = try expectIdentifier("a rule name after 'allow overlap'")
            return .allowOverlap(other, span(self))
        default:  // "tag"
            let name = try expectIdentifier("a tag name after 'tag' (e.g. 'tag h1')")
            let items = try parseBlock(.tagBlock, owner: "tag '\(name.name)'")
            return .tag(TagBlock(name: name, items: items, span: span(self)))
        }
    }

    /// `/re/flags`, `detector(kind)`, `prefix "…"`, `tag <a attr…>`, `tag <img attr…/>`.
    mutating func parseMatcher() throws(Failure) -> MatcherDecl {
        if tok.isPunct("/") {
            tok = lexer.rescanAsRegex(tok)
            guard case .regex(let pattern, let patternSpan, let flags, let flagsSpan) = tok.kind else { throw Failure() }
            advance()
            return .regex(pattern: pattern, patternSpan: patternSpan, flags: flags, flagsSpan: flagsSpan)
        }
        switch tok.identifier {
        case "detector":
            advance()
            _ = try expectPunct("(", "after 'detector'")
            let kind = try expectIdentifier("a detector kind ('link', 'email' or 'phone')")
            _ = try expectPunct(")", "after the detector kind")
            return .detector(kind)
        case "prefix":
            advance()
            return .prefix(try expectString("a prefix in quotes after 'prefix' (e.g. prefix \"#\")"))
        case "tag":
            advance()
            _ = try expectPunct("<", "after 'tag' (write 'tag <a href>' or 'tag <img src/>')")
            let name = try expectIdentifier("an element name after '<'")
            var attributes: [Identifier] = []
            while let attr = tok.identifier {
                attributes.append(Identifier(attr, span: tok.span))
                advance()
            }
            var isVoid = false
            if tok.isPunct("/") {
                isVoid = true
                advance()
            }
            _ = try expectPunct(">", "to close the element pattern")
            return .element(name: name, attributes: attributes, isVoid: isVoid)
        default:
            throw fail("expected a pattern '/…/', 'detector(…)', 'prefix \"…\"' or 'tag <…>' after 'match', found \(tok.description)")
        }
    }

    /// `handler` or `handler(label: value, …)`.
    mutating func parseTap() throws(Failure) -> TapDecl {
        let handler = try expectIdentifier("a handler name after 'tap'")
        guard tok.isPunct("("), !tok.startsLine else { return TapDecl(handler: handler, arguments: [], span: handler.span) }
        let open = tok.span
        advance()
        var arguments: [TapDecl.Argument] = []
        while !tok.isPunct(")") {
            var label: Identifier?
            if let name = tok.identifier {
                label = Identifier(name, span: tok.span)
                advance()
                _ = try expectPunct(":", "after the argument label '\(name)'")
            }
            let value: TemplateLiteral
            switch tok.kind {
            case .reference(let piece):
                value = TemplateLiteral(pieces: [SpannedPiece(piece: piece, span: tok.span)], span: tok.span)
                advance()
            case .string:
                value = try expectString("an argument value")
            default:
                throw fail("expected an argument value ('$0', '${name}' or a string), found \(tok.description)")
            }
            arguments.append(.init(label: label, value: value))
            if tok.isPunct(",") {
                advance()
            } else if !tok.isPunct(")") {
                throw fail("expected ',' or ')' in the argument list of '\(handler.name)', found \(tok.description)")
            }
        }
        let close = tok.span
        advance()
        return TapDecl(handler: handler, arguments: arguments, span: open.union(close))
    }

    mutating func parseSize() throws(Failure) -> SizeLiteral {
        guard case .size(let w, let h) = tok.kind else { throw fail("expected a size like '17x17', found \(tok.description)") }
        let size = SizeLiteral(width: w, height: h, span: tok.span)
        advance()
        return size
    }

    mutating func parseHighlightRef() throws(Failure) -> HighlightRef {
        if tok.isPunct("{") { return .inline(try parseStyleBlock(after: "'highlight'")) }
        let name = try expectIdentifier("a style name, 'none' or '{' after 'highlight'")
        return name.name == "none" ? .none(name.span) : .named(name)
    }

    /// `{ name: value…; … }`; a property ends at `;`, `,`, `}`, a line break, or the
    /// next `name:`.
    mutating func parseStyleBlock(after owner: String) throws(Failure) -> StyleBlock {
        let open = try expectPunct("{", "after \(owner)")
        var properties: [StyleProperty] = []
        while !tok.isPunct("}") {
            // A statement on a new line (not a property: no ':' after its name) means the
            // block lacks its '}'.
            if tok.kind == .end || startsTopLevelStatement
                || (tok.startsLine && tok.identifier.map(Context.rule.itemKeywords.contains) == true && !peekNext().isPunct(":"))
            {
                // `style 'link'` names a declaration; `'style'`, `'base'`… the keyword before it.
                unclosed(owner.hasPrefix("'") ? "the style block after \(owner)" : owner, open: open)
                return StyleBlock(properties: properties, span: open.union(SourceSpan(start: prevEnd, end: prevEnd)))
            }
            if tok.isPunct(";") || tok.isPunct(",") {
                advance()
                continue
            }
            let name = try expectIdentifier("a style property name (e.g. 'color')")
            _ = try expectPunct(":", "after the property name '\(name.name)'")
            var values: [StyleValue] = []
            while !(tok.isPunct(";") || tok.isPunct(",") || tok.isPunct("}") || tok.kind == .end) {
                if !values.isEmpty, tok.startsLine { break }
                if tok.identifier != nil, peekNext().isPunct(":") { break }
                switch tok.kind {
                case .identifier(let word):
                    values.append(.word(Identifier(word, span: tok.span)))
                    advance()
                case .number, .punct("-"), .punct("+"):
                    values.append(.number(try expectNumber("a number")))
                case .color(let hex):
                    values.append(.color(hex, tok.span))
                    advance()
                case .string(let pieces):
                    let literal = TemplateLiteral(pieces: pieces, span: tok.span)
                    values.append(.string(literal.plainText ?? "", tok.span))
                    advance()
                default:
                    throw fail("unexpected \(tok.description) in the value of '\(name.name)'")
                }
            }
            if values.isEmpty { throw fail("expected a value for '\(name.name)', found \(tok.description)") }
            properties.append(StyleProperty(name: name, values: values, span: name.span.union(values.last!.span)))
        }
        let close = tok.span
        advance()
        return StyleBlock(properties: properties, span: open.union(close))
    }
}

extension Parser {
    /// One statement of a rule, tag family or tag block; `nil` when it is not allowed
    /// there (reported, then parsed and dropped).
    mutating func parseItem(_ context: Context) throws(Failure) -> Item? {
        guard let word = tok.identifier, context.itemKeywords.contains(word) else {
            let html = Item.layoutWords.union(["before", "after"])
            let list = context.allowed.subtracting(html).map { $0 == "in" ? "in arguments" : $0 }.sorted().map { "'\($0)'" }
                .joined(separator: ", ")
            let htmlList =
                context.allowed.isSuperset(of: html) ? "; HTML specs: 'before', 'after', 'inline', 'block', 'paragraph', 'pre', 'hide'" : ""
            throw fail("expected a statement of \(context.name) (\(list)\(htmlList)), found \(tok.description)")
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
            let options = try parseAttachmentOptions()
            return .image(ImageDecl(source: source, options: options, span: span(self)))
        case "widget":
            let name = try expectIdentifier("a widget name after 'widget'")
            let options = try parseAttachmentOptions()
            return .widget(WidgetDecl(name: name, options: options, span: span(self)))
        case "alt":
            let text = try expectString("the accessibility text in quotes after 'alt'")
            return .alt(text, span(self))
        case "show":
            guard case .reference(let piece) = tok.kind else {
                throw fail("expected a group after 'show' ('$1' or '${name}'), found \(tok.description)")
            }
            let literal = TemplateLiteral(pieces: [SpannedPiece(piece: piece, span: tok.span)], span: tok.span)
            advance()
            return .show(literal, span(self))
        case "nest":
            return .nest(keyword)
        case "inline", "block", "paragraph", "pre", "hide":
            return .layout(Identifier(word, span: keyword))
        case "before", "after":
            let text = try expectString("the text in quotes after '\(word)'")
            return .generated(before: word == "before", text, span(self))
        case "in":
            guard tok.isKeyword("arguments") else { throw fail("expected 'arguments' after 'in' (write 'in arguments')") }
            advance()
            return .inArguments(span(self))
        case "allow":
            guard tok.isKeyword("overlap") else { throw fail("expected 'overlap' after 'allow' (write 'allow overlap <rule>')") }
            advance()
            let other = try expectIdentifier("a rule name after 'allow overlap'")
            return .allowOverlap(other, span(self))
        case "where":
            // `where FIELD OP VALUE [and …] { … }`: a conditional block for every tag of the
            // rule (`tag * where …`).
            let conditions = try parseTagConditions()
            let items = try parseBlock(.conditionalTagBlock, owner: "the 'where' block")
            return .tag(TagBlock(name: Identifier("*", span: keyword), conditions: conditions, items: items, span: span(self)))
        default:  // "tag"
            let name: Identifier
            if tok.isPunct("*") {
                name = Identifier("*", span: tok.span)
                advance()
            } else {
                name = try expectIdentifier("a tag name after 'tag' (e.g. 'tag h1')")
            }
            var conditions: [TagConditionDecl] = []
            if tok.isKeyword("where") {
                advance()
                conditions = try parseTagConditions()
            } else if name.name == "*" {
                throw fail("'tag *' needs a condition: write 'tag * where index == 0 { … }'", at: name.span)
            }
            let items = try parseBlock(conditions.isEmpty ? .tagBlock : .conditionalTagBlock, owner: "tag '\(name.name)'")
            return .tag(TagBlock(name: name, conditions: conditions, items: items, span: span(self)))
        }
    }

    /// `/re/flags`, `detector(kind)`, `detector(link, schemes: "…", …)`, `prefix "…"`, `tag <a attr…>`,
    /// `tag <img attr…/>`.
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
            let kind = try expectIdentifier("a detector kind ('link', 'email', 'phone', 'mention', 'hashtag' or 'cashtag')")
            var schemes: [TemplateLiteral] = []
            if tok.isPunct(",") {
                advance()
                guard tok.identifier == "schemes" else {
                    throw fail("expected 'schemes:' after ',' in 'detector(…)', found \(tok.description)")
                }
                advance()
                _ = try expectPunct(":", "after 'schemes'")
                schemes.append(try expectString("a scheme in quotes (e.g. schemes: \"https\", \"myapp\")"))
                while tok.isPunct(",") {
                    advance()
                    schemes.append(try expectString("a scheme in quotes after ','"))
                }
            }
            _ = try expectPunct(")", "after the detector kind")
            return .detector(kind, schemes: schemes)
        case "entity":
            let span = tok.span
            advance()
            return .entity(span)
        case "prefix":
            advance()
            return .prefix(try expectString("a prefix in quotes after 'prefix' (e.g. prefix \"#\")"))
        case "tag":
            advance()
            _ = try expectPunct("<", "after 'tag' (write 'tag <a href>' or 'tag <img src/>')")
            let name: Identifier
            if tok.isPunct("*") {
                // The catch-all element: tags no other rule names.
                name = Identifier("*", span: tok.span)
                advance()
            } else {
                name = try expectIdentifier("an element name (or '*') after '<'")
            }
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
            throw fail(
                "expected a pattern '/…/', 'detector(…)', 'prefix \"…\"', 'tag <…>' or 'entity' after 'match', found \(tok.description)")
        }
    }

    /// `TEST [and TEST …]` after `where`.
    mutating func parseTagConditions() throws(Failure) -> [TagConditionDecl] {
        var conditions = [try parseTagCondition()]
        while tok.isKeyword("and") {
            advance()
            conditions.append(try parseTagCondition())
        }
        return conditions
    }

    /// `FIELD OP VALUE`: `index == 0`, `level >= 2`, `text != "x"`, `href == "/terms"`, and
    /// CSS's attribute tests in words: `class has "hashtag"` (`~=`), `href starts with
    /// "https:"` (`^=`), `href ends with ".pdf"` (`$=`), `text contains "x"` (`*=`).
    mutating func parseTagCondition() throws(Failure) -> TagConditionDecl {
        let field = try expectIdentifier("a tag field after 'where' ('index', 'level', 'text', 'name' or an attribute)")
        let start = tok.span
        var op = ""
        if tok.isKeyword("has") || tok.isKeyword("contains") {
            op = tok.identifier!
            advance()
        } else if tok.isKeyword("starts") || tok.isKeyword("ends") {
            let word = tok.identifier!
            advance()
            guard tok.isKeyword("with") else { throw fail("expected 'with' after '\(word)' ('\(word) with \"…\"')") }
            advance()
            op = word + " with"
        } else if let c = tok.punct, "=!<>".contains(c) {
            op.append(c)
            advance()
            if tok.isPunct("="), tok.span.start == start.end {
                op.append("=")
                advance()
            }
        }
        let opSpan = start.union(SourceSpan(start: prevEnd, end: prevEnd))
        guard ["==", "!=", "<", "<=", ">", ">=", "has", "contains", "starts with", "ends with"].contains(op) else {
            throw fail(
                "expected a comparison ('==', '!=', '<', '<=', '>', '>=', 'has', 'contains', 'starts with', 'ends with') after '\(field.name)'",
                at: opSpan)
        }
        let value: StyleValue
        switch tok.kind {
        case .number, .punct("-"):
            value = .number(try expectNumber("a number"))
        case .string(let pieces):
            let literal = TemplateLiteral(pieces: pieces, span: tok.span)
            guard let text = literal.plainText else { throw fail("a condition compares with plain text, not '$' references") }
            value = .string(text, tok.span)
            advance()
        default:
            throw fail("expected a number or a string after '\(op)', found \(tok.description)")
        }
        return TagConditionDecl(field: field, op: op, opSpan: opSpan, value: value)
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

    /// `size …`, `align …`, `position …`, `tappable true|false`, each at most once, any order.
    mutating func parseAttachmentOptions() throws(Failure) -> AttachmentOptions {
        var options = AttachmentOptions()
        while let word = tok.identifier {
            if word == "size", options.size == nil {
                advance()
                options.size = try parseSize()
            } else if word == "align", options.align == nil {
                advance()
                options.align = try expectIdentifier("an alignment after 'align'")
            } else if word == "position", options.position == nil {
                advance()
                options.position = try expectIdentifier("'replace', 'before' or 'after' after 'position'")
            } else if word == "tappable", options.tappable == nil {
                advance()
                guard let value = tok.identifier, value == "true" || value == "false" else {
                    throw fail("expected 'true' or 'false' after 'tappable', found \(tok.description)")
                }
                options.tappable = (value == "true", tok.span)
                advance()
            } else {
                break
            }
        }
        return options
    }

    /// `17x17`, `auto`, or `W x H` with each dimension a number, `$n`, `${name}` or `auto`.
    mutating func parseSize() throws(Failure) -> SizeDecl {
        let start = tok.span
        if case .size(let w, let h) = tok.kind {
            advance()
            let span = start
            return SizeDecl(width: .points(w, span), height: .points(h, span), span: span)
        }
        if tok.isKeyword("auto"), !peekNext().isKeyword("x") {
            advance()
            return SizeDecl(width: .auto(start), height: .auto(start), span: start)
        }
        let width = try parseDimension()
        // `x` alone, or glued to the height (`${w}x80` lexes `x80` as one word).
        guard let word = tok.identifier, word.first == "x" else {
            throw fail("expected 'x' between the width and the height (e.g. 'size ${width}x${height}'), found \(tok.description)")
        }
        let height: DimensionDecl
        if word == "x" {
            advance()
            height = try parseDimension()
        } else {
            let rest = word.dropFirst()
            let span = SourceSpan(start: tok.span.start + 1, end: tok.span.end)
            if rest == "auto" {
                height = .auto(span)
            } else if rest.allSatisfy(\.isNumber), let value = Double(rest) {
                height = .points(value, span)
            } else {
                throw fail("expected a height after 'x' (a number, '$1', '${name}' or 'auto'), found '\(rest)'", at: span)
            }
            advance()
        }
        return SizeDecl(width: width, height: height, span: start.union(SourceSpan(start: prevEnd, end: prevEnd)))
    }

    private mutating func parseDimension() throws(Failure) -> DimensionDecl {
        switch tok.kind {
        case .number(let value, _):
            let span = tok.span
            advance()
            return .points(value, span)
        case .reference(let piece):
            let literal = TemplateLiteral(pieces: [SpannedPiece(piece: piece, span: tok.span)], span: tok.span)
            advance()
            return .reference(literal)
        case .identifier("auto"):
            let span = tok.span
            advance()
            return .auto(span)
        default:
            throw fail("expected a size like '17x17', 'auto' or '${width}x${height}', found \(tok.description)")
        }
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

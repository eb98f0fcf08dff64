extension Parser {
    mutating func parseFile() -> SpecFile {
        var version: NumberLiteral?
        if tok.isKeyword("richrules") {
            let keyword = tok.span
            advance()
            if case .number(let value, true) = tok.kind {
                version = NumberLiteral(value: value, isInteger: true, span: tok.span)
                advance()
            } else {
                _ = fail("expected a language version after 'richrules' (write 'richrules 1')", at: keyword.union(tok.span))
            }
        } else if tok.kind != .end {
            _ = fail("a spec must start with the header 'richrules 1'", at: tok.span)
        } else {
            _ = fail("empty spec: a spec must start with the header 'richrules 1'", at: SourceSpan(start: 0, end: 0))
        }
        var statements: [Statement] = []
        while tok.kind != .end {
            if tok.isPunct(";") {
                advance()
                continue
            }
            do throws(Failure) {
                statements.append(try parseStatement())
            } catch {
                recoverTopLevel()
            }
        }
        return SpecFile(source: file, version: version, statements: statements)
    }

    mutating func parseStatement() throws(Failure) -> Statement {
        guard let word = tok.identifier, Self.topKeywords.contains(word) else {
            if tok.identifier == "richrules" { throw fail("the header 'richrules' must be the first statement") }
            throw fail(
                "expected a statement ('rule', 'tags', 'style', 'base', 'highlight', 'truncation', 'import' or 'example'), found \(tok.description)"
            )
        }
        let start = tok.span.start
        advance()
        func span(_ p: Parser) -> SourceSpan { SourceSpan(start: start, end: p.prevEnd) }
        switch word {
        case "example":
            return .example(try parseExample(keyword: SourceSpan(start: start, end: prevEnd)))
        case "import":
            if let name = tok.identifier {
                // `import html`: a spec built into rulegen.
                let id = Identifier(name, span: tok.span)
                advance()
                guard name == "html" else {
                    throw fail("unknown built-in spec '\(name)' (built in: html); a file is imported by its name in quotes", at: id.span)
                }
                return .importBuiltin(id, span(self))
            }
            let path = try expectString("a file name in quotes after 'import', or 'html' (the built-in HTML spec)")
            return .importFile(path, span(self))
        case "base":
            let block = try parseStyleBlock(after: "'base'")
            return .base(block, span(self))
        case "style":
            let name = try expectIdentifier("a style name after 'style'")
            var parent: Identifier?
            if tok.isPunct(":") {
                advance()
                parent = try expectIdentifier("the name of the style to inherit from after ':'")
            }
            let block = try parseStyleBlock(after: "style '\(name.name)'")
            return .style(StyleDecl(name: name, parent: parent, block: block, span: span(self)))
        case "highlight":
            let ref = try parseHighlightRef()
            return .highlight(ref, span(self))
        case "truncation":
            let text = try expectString("the truncation token in quotes after 'truncation' (e.g. truncation \"…more\")")
            var items: [Item] = []
            if tok.isPunct("{") {
                items = try parseBlock(.truncation, owner: "the truncation token")
            } else {
                // Options on the same line: `truncation "…more" style link tap expand`.
                while !tok.startsLine, let word = tok.identifier, Context.truncation.allowed.contains(word) {
                    if let item = try parseItem(.truncation) { items.append(item) }
                }
            }
            return .truncation(TruncationDecl(text: text, items: items, span: span(self)))
        case "tags":
            let family = try expectIdentifier("a tag family name after 'tags' (e.g. 'tags h')")
            let items = try parseBlock(.family, owner: "tag family '\(family.name)'")
            return .tags(TagsDecl(family: family, items: items, span: span(self)))
        default:
            let name = try expectIdentifier("a rule name after 'rule'")
            let items = try parseBlock(.rule, owner: "rule '\(name.name)'")
            return .rule(RuleDecl(name: name, items: items, span: span(self)))
        }
    }

    /// `{ item* }`, recovering inside.
    mutating func parseBlock(_ context: Context, owner: String) throws(Failure) -> [Item] {
        let open = try expectPunct("{", "to open \(owner)")
        var items: [Item] = []
        while !tok.isPunct("}") {
            if tok.kind == .end || startsTopLevelStatement {
                // The items so far still count: the owner is checked as if it were closed.
                unclosed(owner, open: open)
                return items
            }
            if tok.isPunct(";") {
                advance()
                continue
            }
            do throws(Failure) {
                if let item = try parseItem(context) { items.append(item) }
            } catch {
                recoverInBlock(context)
            }
        }
        advance()
        return items
    }
}

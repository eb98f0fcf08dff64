extension Parser {
    /// `example "TEXT" { [display "…"] ITEM* }` after the keyword, where an item is
    /// `RULE "matched text" [tap HANDLER[(label: "value", …)]] [display "…"]` (DESIGN.md
    /// "Spec examples"). Items may share a line or take one each; `;` and `,` between them
    /// are allowed.
    mutating func parseExample(keyword: SourceSpan) throws(Failure) -> ExampleDecl {
        let text = try expectExampleString(
            "the example text in quotes after 'example' (e.g. example \"Hi @alice\" { mention \"@alice\" })")
        let open = try expectPunct("{", "after the example text (write '{ }' when the text has no match)")
        var decl = ExampleDecl(keyword: keyword, text: text, display: nil, items: [], span: keyword)
        while !tok.isPunct("}") {
            if tok.kind == .end || startsTopLevelStatement {
                unclosed("the example", open: open)
                decl.span = SourceSpan(start: keyword.start, end: prevEnd)
                return decl
            }
            if tok.isPunct(";") || tok.isPunct(",") {
                advance()
                continue
            }
            do throws(Failure) {
                try parseExampleEntry(into: &decl)
            } catch {
                recoverInExample()
            }
        }
        advance()
        decl.span = SourceSpan(start: keyword.start, end: prevEnd)
        return decl
    }

    /// One entry of an example's block: the whole text's `display "…"` (before the
    /// items), or an item with its options.
    private mutating func parseExampleEntry(into decl: inout ExampleDecl) throws(Failure) {
        guard let word = tok.identifier else {
            throw fail("expected an expected match ('RULE \"matched text\"') or '}' in the example, found \(tok.description)")
        }
        if word == "display", decl.items.isEmpty, peekNext().isString {
            let start = tok.span
            advance()
            let display = try expectExampleString("the display text in quotes after 'display'")
            if decl.display != nil {
                throw fail("the example's display text is given twice", at: start.union(display.span))
            }
            decl.display = display
            return
        }
        if word == "tap" || word == "display", !decl.items.isEmpty {
            // An option after a match that lacks its value (`tap` with no handler).
            let next = peekNext()
            if word == "tap", next.identifier == nil, !next.isString {
                advance()
                throw fail("expected a handler name after 'tap', found \(tok.description)")
            }
            if word == "display", !next.isString {
                advance()
                throw fail("expected the display text in quotes after 'display', found \(tok.description)")
            }
        }
        let rule = Identifier(word, span: tok.span)
        advance()
        let text = try expectExampleString("the matched text in quotes after the rule name '\(word)' (e.g. \(word) \"…\")")
        var item = ExampleItem(rule: rule, text: text, tap: nil, display: nil, span: SourceSpan(start: rule.span.start, end: prevEnd))
        while true {
            let next = peekNext()
            if tok.isKeyword("tap"), next.identifier != nil {
                let start = tok.span
                advance()
                let tap = try parseExampleTap(start: start)
                if item.tap != nil { throw fail("'tap' is given twice for the expected match '\(word)'", at: tap.span) }
                item.tap = tap
            } else if tok.isKeyword("display"), next.isString {
                let start = tok.span
                advance()
                let display = try expectExampleString("the display text in quotes after 'display'")
                if item.display != nil {
                    throw fail(
                        "'display' is given twice for the expected match '\(word)' (the whole text's display comes first, before the matches)",
                        at: start.union(display.span))
                }
                item.display = display
            } else {
                break
            }
        }
        item.span = SourceSpan(start: rule.span.start, end: prevEnd)
        decl.items.append(item)
    }

    /// `HANDLER` or `HANDLER(label: "value", "value", …)` after `tap` (at `start`).
    private mutating func parseExampleTap(start: SourceSpan) throws(Failure) -> ExampleTap {
        let handler = try expectIdentifier("a handler name after 'tap'")
        guard tok.isPunct("("), !tok.startsLine else {
            return ExampleTap(handler: handler, arguments: [], span: start.union(handler.span))
        }
        advance()
        var arguments: [ExampleTap.Argument] = []
        while !tok.isPunct(")") {
            var label: Identifier?
            if let name = tok.identifier {
                label = Identifier(name, span: tok.span)
                advance()
                _ = try expectPunct(":", "after the argument label '\(name)'")
            }
            let value = try expectExampleString("an argument value in quotes (the text the handler gets)")
            arguments.append(.init(label: label, value: value))
            if tok.isPunct(",") {
                advance()
            } else if !tok.isPunct(")") {
                throw fail("expected ',' or ')' in the argument list of '\(handler.name)', found \(tok.description)")
            }
        }
        let close = tok.span
        advance()
        return ExampleTap(handler: handler, arguments: arguments, span: start.union(close))
    }

    /// A string without `$` holes: an example states texts as they are.
    mutating func expectExampleString(_ what: String) throws(Failure) -> ExampleString {
        guard tok.isString else { throw fail("expected \(what), found \(tok.description)") }
        let literal = try expectString(what)
        guard let value = literal.plainText else {
            let hole = literal.pieces.first { if case .text = $0.piece { return false } else { return true } }
            throw fail(
                "an example's texts are plain text, without '$' references: write '\\$' for a dollar sign", at: hole?.span ?? literal.span)
        }
        return ExampleString(value, span: literal.span)
    }

    /// After an error in an example: skips to its `}`, to the next line that starts with a
    /// name (the next expected match), or to a top-level statement.
    mutating func recoverInExample() {
        var first = true
        while tok.kind != .end, !tok.isPunct("}"), !startsTopLevelStatement {
            if !first, tok.startsLine, tok.identifier != nil { return }
            first = false
            advance()
        }
    }
}

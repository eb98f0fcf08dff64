/// A recursive-descent parser that reports every error of a file: after an error it
/// skips to the next statement keyword (or the end of the enclosing block) and goes on.
public struct Parser {
    var lexer: Lexer
    let file: SourceFile
    var tok: Token
    var prevEnd = 0
    var diagnostics = DiagnosticBag()

    static let topKeywords: Set<String> = ["import", "base", "style", "highlight", "tags", "rule", "truncation", "example"]

    /// Where an item statement appears.
    enum Context {
        case rule, family, tagBlock, conditionalTagBlock, truncation

        var allowed: Set<String> {
            switch self {
            case .rule:
                return Set([
                    "match", "priority", "style", "highlight", "tap", "replace", "image", "widget", "alt", "show", "nest", "in", "allow",
                    "where", "before", "after",
                ]).union(Item.layoutWords)
            case .family:
                return Set([
                    "priority", "style", "highlight", "tap", "replace", "image", "widget", "alt", "nest", "in", "allow", "tag", "where",
                    "before", "after",
                ]).union(Item.layoutWords)
            case .tagBlock:
                return Set(["style", "highlight", "tap", "replace", "image", "widget", "alt", "before", "after"]).union(Item.layoutWords)
            case .truncation: return ["style", "highlight", "tap"]
            case .conditionalTagBlock: return Set(["style", "tap", "before", "after"]).union(Item.layoutWords)
            }
        }
        var itemKeywords: Set<String> { Context.rule.allowed.union(Context.family.allowed) }
        var name: String {
            switch self {
            case .rule: return "a rule"
            case .family: return "a tag family"
            case .tagBlock: return "a tag block"
            case .truncation: return "the truncation token"
            case .conditionalTagBlock: return "a 'where' tag block"
            }
        }
    }

    struct Failure: Error {}

    public init(file: SourceFile) {
        self.file = file
        self.lexer = Lexer(file: file)
        self.tok = Token(kind: .end, span: SourceSpan(start: 0, end: 0), startsLine: true)
        self.tok = lexer.next()
    }

    /// Parses a whole file; the diagnostics hold every syntax error found.
    public static func parse(_ file: SourceFile) -> (SpecFile, [Diagnostic]) {
        var parser = Parser(file: file)
        let spec = parser.parseFile()
        var all = parser.lexer.diagnostics
        all.add(contentsOf: parser.diagnostics.all)
        return (spec, all.sorted)
    }

    // MARK: - Token helpers

    mutating func advance() {
        prevEnd = tok.span.end
        tok = lexer.next()
    }

    func ref(_ span: SourceSpan) -> SourceRef { SourceRef(file: file, span: span) }

    mutating func fail(_ message: String, at span: SourceSpan? = nil, notes: [Diagnostic.Note] = []) -> Failure {
        if tok.kind != .invalid || span != nil {
            diagnostics.report(.syntax, message, at: ref(span ?? tok.span), notes: notes)
        }
        return Failure()
    }

    mutating func expectPunct(_ c: Character, _ what: String) throws(Failure) -> SourceSpan {
        guard tok.isPunct(c) else { throw fail("expected '\(c)' \(what), found \(tok.description)") }
        let span = tok.span
        advance()
        return span
    }

    mutating func expectIdentifier(_ what: String) throws(Failure) -> Identifier {
        guard let name = tok.identifier else { throw fail("expected \(what), found \(tok.description)") }
        let id = Identifier(name, span: tok.span)
        advance()
        return id
    }

    mutating func expectString(_ what: String) throws(Failure) -> TemplateLiteral {
        guard case .string(let pieces) = tok.kind else { throw fail("expected \(what), found \(tok.description)") }
        let literal = TemplateLiteral(pieces: pieces, span: tok.span)
        advance()
        return literal
    }

    /// An optionally signed number.
    mutating func expectNumber(_ what: String) throws(Failure) -> NumberLiteral {
        var sign = 1.0
        let start = tok.span.start
        if tok.isPunct("-") || tok.isPunct("+") {
            sign = tok.isPunct("-") ? -1 : 1
            advance()
        }
        guard case .number(let value, let isInteger) = tok.kind else { throw fail("expected \(what), found \(tok.description)") }
        let literal = NumberLiteral(value: sign * value, isInteger: isInteger, span: SourceSpan(start: start, end: tok.span.end))
        advance()
        return literal
    }

    /// The token after the current one, without consuming anything.
    func peekNext() -> Token {
        var copy = lexer
        return copy.next()
    }

    /// The two tokens after the current one, without consuming anything.
    func peekTwo() -> (Token, Token) {
        var copy = lexer
        let first = copy.next()
        return (first, copy.next())
    }

    /// Whether the current token starts a line and a top-level statement that cannot be
    /// an item of a block: `rule name`, `tags name`, `base {`, `import "…"`, and `style
    /// name {` or `style name :` (a declaration, where an item says `style name` alone).
    /// A block still open there lacks its `}`.
    var startsTopLevelStatement: Bool {
        guard tok.startsLine, let word = tok.identifier else { return false }
        let (next, after) = peekTwo()
        switch word {
        case "rule", "tags": return next.identifier != nil
        case "base": return next.isPunct("{")
        case "import", "truncation", "example":
            if case .string = next.kind { return true }
            return false
        case "style": return next.identifier != nil && (after.isPunct("{") || after.isPunct(":"))
        default: return false
        }
    }

    /// Reports a block whose `}` never came, at its opening brace: before the next
    /// statement (noted) or the end of the file. Not when an unterminated string, pattern
    /// or comment inside it already explains it (it swallowed the `}`).
    mutating func unclosed(_ what: String, open: SourceSpan) {
        if lexer.unterminated.contains(where: { $0 > open.start }) { return }
        if tok.kind == .end {
            diagnostics.report(.syntax, "unclosed '{' of \(what): expected '}' before the end of the file", at: ref(open))
        } else {
            diagnostics.report(
                .syntax, "unclosed '{' of \(what): expected '}' before the next statement", at: ref(open),
                notes: [.init("the next statement starts here", at: ref(tok.span))])
        }
    }

    // MARK: - Recovery

    /// Skips to the next top-level statement keyword at brace depth 0.
    mutating func recoverTopLevel() {
        var depth = 0
        while tok.kind != .end {
            if depth == 0, let word = tok.identifier, Self.topKeywords.contains(word), tok.startsLine || prevEndsStatement {
                return
            }
            if tok.isPunct("{") { depth += 1 }
            if tok.isPunct("}") {
                depth -= 1
                if depth <= 0 {
                    advance()
                    if depth < 0 { depth = 0 }
                    continue
                }
            }
            if depth == 0, tok.isPunct(";") {
                advance()
                return
            }
            advance()
        }
    }

    /// Skips to the next item keyword of the block, to its closing brace, or to a
    /// top-level statement (the block then lacks its `}`).
    mutating func recoverInBlock(_ context: Context) {
        var depth = 0
        var first = true
        while tok.kind != .end {
            if depth == 0, !first {
                if tok.isPunct("}") || startsTopLevelStatement { return }
                if let word = tok.identifier, context.itemKeywords.contains(word), tok.startsLine || prevEndsStatement { return }
            }
            first = false
            if tok.isPunct("{") { depth += 1 }
            if tok.isPunct("}") {
                if depth == 0 { return }
                depth -= 1
            }
            if depth == 0, tok.isPunct(";") {
                advance()
                return
            }
            advance()
        }
    }

    var prevEndsStatement: Bool {
        prevEnd > 0 && (file.scalars[prevEnd - 1] == ";" || file.scalars[prevEnd - 1] == "}")
    }
}

/// A piece of a string literal: text, or a reference to a capture (`$1`, `${name}`).
public enum TemplatePiece: Sendable, Hashable {
    case text(String)
    case group(Int)
    case name(String)
}

/// A piece with the span it came from (references are checked against the rule).
public struct SpannedPiece: Sendable, Hashable {
    public var piece: TemplatePiece
    public var span: SourceSpan
}

/// The kinds of token. Keywords are contextual, so they lex as identifiers.
public enum TokenKind: Sendable, Hashable {
    case identifier(String)
    case number(Double, isInteger: Bool)
    /// `17x17`
    case size(Double, Double)
    /// `#RGB`, `#RRGGBB`, `#RRGGBBAA` (digits not yet validated).
    case color(String)
    case string([SpannedPiece])
    /// `/pattern/flags`: the pattern verbatim and where it and the flags are.
    case regex(pattern: String, patternSpan: SourceSpan, flags: String, flagsSpan: SourceSpan)
    /// `$0`, `${name}` outside a string.
    case reference(TemplatePiece)
    case punct(Character)
    case end
    /// Something that cannot start a token (already reported).
    case invalid
}

public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    public var span: SourceSpan
    /// Whether a line break separates this token from the previous one.
    public var startsLine: Bool

    public var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }
    public func isPunct(_ c: Character) -> Bool { kind == .punct(c) }
    public var punct: Character? {
        if case .punct(let c) = kind { return c }
        return nil
    }
    public func isKeyword(_ word: String) -> Bool { identifier == word }
    public var isString: Bool {
        if case .string = kind { return true }
        return false
    }

    /// How the token is named in "expected …, found …" messages.
    public var description: String {
        switch kind {
        case .identifier(let name): return "'\(name)'"
        case .number, .size: return "a number"
        case .color: return "a color"
        case .string: return "a string"
        case .regex: return "a pattern"
        case .reference: return "a capture reference"
        case .punct(let c): return "'\(c)'"
        case .end: return "end of file"
        case .invalid: return "an invalid character"
        }
    }
}

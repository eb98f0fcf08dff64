/// Where a `/pattern/` literal ends, decided by the regex syntax rather than by the
/// lexer: the ICU front end (RuleCompiler) reads the pattern with its own tokenizer, so
/// that a `/` inside `\Q…\E`, a class (`[]/]`), a `(?#…)` comment or after `\c` belongs to
/// the pattern exactly where ICU would read it so.
public struct PatternEnd: Sendable {
    /// Given the source's scalars and the index just after the opening `/`, the index of
    /// the closing `/`, or `nil` when the syntax cannot tell (the lexer's own scan then
    /// decides, and the regex parser reports what is wrong).
    public let find: @Sendable ([Unicode.Scalar], Int) -> Int?

    public init(_ find: @escaping @Sendable ([Unicode.Scalar], Int) -> Int?) {
        self.find = find
    }
}

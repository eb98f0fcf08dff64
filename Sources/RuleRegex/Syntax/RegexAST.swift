// Regex front end: the syntax tree of an ICU regular expression.
//
// Pipeline: `RegexParser.parse` reads a pattern exactly as ICU (NSRegularExpression)
// does and produces a `RegexAST`; analyses over it live in `RegexAST+Analysis.swift`;
// the automaton lowering consumes it. Spans live on this tree only: every node
// and every class item carries the range of pattern text it came from, counted in Unicode
// scalars from the start of the pattern string.

/// A range of pattern text, in Unicode scalars from the start of the pattern string.
package struct RegexSpan: Hashable, Sendable, CustomStringConvertible {
    /// Index of the first scalar.
    package var offset: Int
    /// Number of scalars.
    package var length: Int

    package init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }

    /// Index one past the last scalar.
    package var end: Int { offset + length }

    /// The span from the start of `self` to the end of `other`.
    package func extended(to other: RegexSpan) -> RegexSpan {
        RegexSpan(offset: offset, length: max(other.end, end) - offset)
    }

    package var description: String { "\(offset)+\(length)" }
}

/// The ICU match modes in effect at a node: the compile flags, changed by `(?i)`-style
/// groups. ICU's `u` flag has no effect and is not represented.
package struct RegexOptions: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `i`: case-insensitive matching (full case folding).
    package static let caseInsensitive = RegexOptions(rawValue: 1 << 0)
    /// `m`: `^` and `$` match at line boundaries.
    package static let multiline = RegexOptions(rawValue: 1 << 1)
    /// `s`: `.` matches line terminators too.
    package static let dotAll = RegexOptions(rawValue: 1 << 2)
    /// `x`: white space and `#` comments in the pattern are ignored.
    package static let extended = RegexOptions(rawValue: 1 << 3)
    /// `d`: only `\n` is a line terminator for `.`, `^` and `$`.
    package static let unixLines = RegexOptions(rawValue: 1 << 4)
    /// `w`: `\b` uses Unicode word-break rules.
    package static let unicodeWord = RegexOptions(rawValue: 1 << 5)

    /// The options equivalent to a rule's compile flags.
    package init(_ flags: RegexFlags) {
        self = []
        if flags.contains(.caseInsensitive) { insert(.caseInsensitive) }
        if flags.contains(.multiline) { insert(.multiline) }
        if flags.contains(.dotMatchesLineSeparators) { insert(.dotAll) }
        if flags.contains(.extended) { insert(.extended) }
    }

    /// The option named by an inline flag letter (`i m s x d w`); `u` and unknown letters
    /// give `nil`.
    package init?(flagLetter: UInt32) {
        switch flagLetter {
        case 0x69: self = .caseInsensitive
        case 0x6D: self = .multiline
        case 0x73: self = .dotAll
        case 0x78: self = .extended
        case 0x64: self = .unixLines
        case 0x77: self = .unicodeWord
        default: return nil
        }
    }
}

/// An invalid pattern: what is wrong and where.
package struct RegexSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Lower-case, no trailing period, e.g. `missing closing ')'`.
    package var message: String
    /// Start of the offending text, in Unicode scalars into the pattern.
    package var offset: Int
    /// Length of the offending text, in Unicode scalars (0 at the end of the pattern).
    package var length: Int

    package init(message: String, offset: Int, length: Int) {
        self.message = message
        self.offset = offset
        self.length = length
    }

    package init(_ message: String, _ span: RegexSpan) {
        self.init(message: message, offset: span.offset, length: span.length)
    }

    package var description: String { "\(message) (at \(offset), length \(length))" }
}

/// A parsed pattern.
package struct RegexAST: Equatable, Sendable {
    /// The whole pattern.
    package var root: RegexNode
    /// Number of capturing groups; group 0 is the whole match and is not counted.
    package var captureCount: Int
    /// Named groups: name → group index (1-based).
    package var captureNames: [String: Int]

    package init(root: RegexNode, captureCount: Int, captureNames: [String: Int]) {
        self.root = root
        self.captureCount = captureCount
        self.captureNames = captureNames
    }
}

/// One node of the tree: what it is, where it was written, and the match modes in effect.
package struct RegexNode: Equatable, Sendable {
    package var kind: Kind
    package var span: RegexSpan
    /// The modes in effect where the node was written (after any `(?i)` before it).
    package var options: RegexOptions

    package init(_ kind: Kind, span: RegexSpan, options: RegexOptions) {
        self.kind = kind
        self.span = span
        self.options = options
    }

    package indirect enum Kind: Equatable, Sendable {
        /// Matches the empty string: an empty alternative or group body, `\Q\E`, a comment.
        case empty
        /// One code point: a literal, an escape (`\u00e9`, `\x{…}`, `\0101`, `\cA`, `\t` …),
        /// `\N{NAME}`, or a character inside `\Q…\E`. May be a lone surrogate (`\uD800`).
        case scalar(UInt32)
        /// `.`
        case dot
        /// A bracketed class `[…]` (also a lone `[:alpha:]`).
        case characterClass(RegexClass)
        /// `\w \W \d \D \s \S \h \H \v \V` outside brackets.
        case shorthand(RegexShorthand)
        /// `\p{…}` or `\P{…}` outside brackets.
        case property(RegexProperty)
        /// `\R`: CR LF, or one of `\n \v \f \r \u0085 \u2028 \u2029`.
        case lineBreak
        /// `\X`: one extended grapheme cluster.
        case graphemeCluster
        /// A zero-width assertion.
        case anchor(RegexAnchor)
        /// A parenthesized group.
        case group(RegexGroup)
        /// `(?i-m)`: changes the modes for the rest of the enclosing group. The change is
        /// already applied to the `options` of the nodes after it.
        case flagChange(RegexFlagChange)
        /// `a|b|…`, leftmost alternative first.
        case alternation([RegexNode])
        /// Items matched one after the other.
        case concatenation([RegexNode])
        /// A repeated node.
        case quantified(RegexQuantifier)
        /// `\1`, `\k<name>`.
        case backreference(RegexBackreference)
    }
}

/// Zero-width assertions. `^`, `$` and `\Z` depend on the `multiline` and `unixLines`
/// options of their node, `\b`/`\B` on `unicodeWord`.
package enum RegexAnchor: Equatable, Sendable {
    /// `^`
    case caret
    /// `$`
    case dollar
    /// `\A`
    case startOfInput
    /// `\z`
    case endOfInput
    /// `\Z`: end of input, or before a line terminator that ends the input.
    case endOfInputBeforeFinalTerminator
    /// `\b`
    case wordBoundary
    /// `\B`
    case nonWordBoundary
    /// `\G`: where the previous match ended.
    case previousMatchEnd
}

/// A mode change: `(?ix-m)` or the flag part of `(?ix-m:…)`. Letters are applied in
/// order, so a letter after `-` clears what an earlier one set.
package struct RegexFlagChange: Equatable, Sendable {
    /// Modes switched on.
    package var enabled: RegexOptions
    /// Modes switched off.
    package var disabled: RegexOptions

    package init(enabled: RegexOptions = [], disabled: RegexOptions = []) {
        self.enabled = enabled
        self.disabled = disabled
    }

    /// The options after applying the change to `options`.
    package func applied(to options: RegexOptions) -> RegexOptions {
        options.union(enabled).subtracting(disabled)
    }
}

/// A parenthesized group and its body.
package struct RegexGroup: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// `(…)` or `(?<name>…)`; `index` counts open parentheses from 1.
        case capturing(index: Int, name: String?)
        /// `(?:…)`
        case nonCapturing
        /// `(?>…)`
        case atomic
        /// `(?=…)`, or `(?!…)` when `negative`.
        case lookahead(negative: Bool)
        /// `(?<=…)`, or `(?<!…)` when `negative`.
        case lookbehind(negative: Bool)
        /// `(?i-m:…)`: the change applies to the body only.
        case scopedFlags(RegexFlagChange)
    }

    package var kind: Kind
    package var child: RegexNode

    package init(kind: Kind, child: RegexNode) {
        self.kind = kind
        self.child = child
    }
}

/// `* + ? {n} {n,} {n,m}` with an optional `?` (lazy) or `+` (possessive) suffix.
package struct RegexQuantifier: Equatable, Sendable {
    package enum Kind: Equatable, Sendable { case greedy, lazy, possessive }
    /// How the bounds were written; ICU treats `??` and `{0,1}?` differently in
    /// look-behind length checks.
    package enum Notation: Equatable, Sendable { case star, plus, questionMark, braces }

    package var min: Int
    /// `nil` for unbounded.
    package var max: Int?
    package var kind: Kind
    package var notation: Notation
    package var child: RegexNode

    package init(min: Int, max: Int?, kind: Kind, notation: Notation, child: RegexNode) {
        self.min = min
        self.max = max
        self.kind = kind
        self.notation = notation
        self.child = child
    }
}

/// A reference to what a capturing group matched.
package struct RegexBackreference: Equatable, Sendable {
    /// The group index (1-based).
    package var index: Int
    /// The name, for `\k<name>`.
    package var name: String?

    package init(index: Int, name: String? = nil) {
        self.index = index
        self.name = name
    }
}

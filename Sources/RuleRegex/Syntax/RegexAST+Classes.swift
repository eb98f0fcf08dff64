// Character classes of the regex syntax tree.

/// A bracketed class `[…]`: the set described by `expression`, complemented when
/// `negated`. With `caseInsensitive` in the node's options ICU closes the set (and every
/// nested set) over case before negating it.
package struct RegexClass: Equatable, Sendable {
    /// `[^…]`
    package var negated: Bool
    package var expression: RegexClassExpression

    package init(negated: Bool = false, expression: RegexClassExpression) {
        self.negated = negated
        self.expression = expression
    }
}

/// The set operations inside brackets.
///
/// Note: ICU evaluates a class with an operator stack, and the tree here is the result of
/// running that evaluation symbolically, so it already has ICU's (unusual) grouping:
/// `--` and `&&` bind loosest; adjacent items are a union; a single `-` or `&` between a
/// nested set and the next `[` binds tightest and takes as left operand the set that was
/// being accumulated (so `[a\p{Lu}-[B]]` is `({a} ∪ Lu) − {B}`, while in
/// `[[a]-[b]-c]` the second `-` is a literal added to `[b]`).
package indirect enum RegexClassExpression: Equatable, Sendable {
    case item(RegexClassItem)
    /// All members of all operands. `union([])` is the empty set.
    case union([RegexClassExpression])
    /// `&&`, or `&` between two nested classes.
    case intersection(RegexClassExpression, RegexClassExpression)
    /// `--`, or `-` between two nested classes.
    case difference(RegexClassExpression, RegexClassExpression)

    /// The items of this expression, depth-first, nested classes included.
    package var items: [RegexClassItem] {
        switch self {
        case .item(let item):
            if case .nested(let inner) = item.kind { return [item] + inner.expression.items }
            return [item]
        case .union(let operands): return operands.flatMap(\.items)
        case .intersection(let lhs, let rhs), .difference(let lhs, let rhs): return lhs.items + rhs.items
        }
    }
}

/// One member of a bracketed class.
package struct RegexClassItem: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// A code point (literal or escaped). May be a lone surrogate.
        case scalar(UInt32)
        /// `a-z`, bounds included (`lower <= upper`).
        case range(UInt32, UInt32)
        /// A nested `[…]`.
        case nested(RegexClass)
        /// `\w \W \d \D \s \S \h \H \v \V`.
        case shorthand(RegexShorthand)
        /// `\p{…}`, `\P{…}`, `[:name:]`, `[:^name:]`.
        case property(RegexProperty)
    }

    package var kind: Kind
    package var span: RegexSpan

    package init(_ kind: Kind, span: RegexSpan) {
        self.kind = kind
        self.span = span
    }
}

/// The backslash classes, with ICU's Unicode definitions.
package enum RegexShorthand: Equatable, Sendable, CaseIterable {
    /// `\w`: Alphabetic, Mark, Decimal_Number, Connector_Punctuation, ZWJ, ZWNJ.
    case word, nonWord
    /// `\d`: Decimal_Number.
    case digit, nonDigit
    /// `\s`: White_Space.
    case space, nonSpace
    /// `\h`: Space_Separator and tab.
    case horizontalSpace, nonHorizontalSpace
    /// `\v`: `\n \v \f \r \u0085 \u2028 \u2029`.
    case verticalSpace, nonVerticalSpace

    /// The shorthand written `\letter`, if any.
    package init?(letter: UInt32) {
        switch letter {
        case 0x77: self = .word
        case 0x57: self = .nonWord
        case 0x64: self = .digit
        case 0x44: self = .nonDigit
        case 0x73: self = .space
        case 0x53: self = .nonSpace
        case 0x68: self = .horizontalSpace
        case 0x48: self = .nonHorizontalSpace
        case 0x76: self = .verticalSpace
        case 0x56: self = .nonVerticalSpace
        default: return nil
        }
    }

    /// Whether this is the complement of another shorthand (`\W`, `\D` …).
    package var isNegated: Bool {
        switch self {
        case .nonWord, .nonDigit, .nonSpace, .nonHorizontalSpace, .nonVerticalSpace: return true
        default: return false
        }
    }
}

/// A Unicode property set: `\p{name}`, `\P{name}`, `[:name:]`, `[:^name:]`.
package struct RegexProperty: Equatable, Sendable {
    package enum Notation: Equatable, Sendable {
        /// `\p{…}` / `\P{…}`
        case backslash
        /// `[:…:]` / `[:^…:]`
        case posix
    }

    /// What the name denotes, as far as it is known without ICU's property tables.
    package enum Value: Equatable, Sendable {
        /// A union of general categories, as two-letter codes (`Lu`, `Nd` …).
        case generalCategories([String])
        /// Every code point (`Any`, `all`).
        case any
        /// Every assigned code point (`Assigned`).
        case assigned
        /// U+0000…U+007F (`ASCII`).
        case ascii
        /// ICU's `\w` set (`word`).
        case word
        /// Anything else ICU accepts (scripts, blocks, binary properties, `Name=…`, Java
        /// names …); membership must come from ICU itself.
        case other
    }

    /// The name as ICU received it (escapes resolved, `x`-mode white space removed).
    package var name: String
    /// `\P`, `[:^…:]`.
    package var negated: Bool
    package var notation: Notation
    package var value: Value

    package init(name: String, negated: Bool, notation: Notation, value: Value) {
        self.name = name
        self.negated = negated
        self.notation = notation
        self.value = value
    }
}

/// A text written by the app with holes for values from users: a localised format
/// (`"<h1>%@</h1> mentioned you: %@"`) and its arguments, or a string interpolation.
///
/// An argument's characters are never markup: `RuleEngine.render(template:)` keeps tags, elements,
/// entities and the matches of rules without `in arguments` in the template's own text
/// (docs/Language.md, "Untrusted text"). An argument is *rich* (the default: rules with
/// `in arguments` may match inside it) or *plain* (no rule matches inside it; only a match
/// that holds it, such as `<h1>%@</h1>`, styles it).
///
/// ```swift
/// let result = engine.render(template: "<h1>\(plain: name)</h1> mentioned you: \(message)")
/// let same = engine.render(template: "<h1>%@</h1> mentioned you: %@", arguments: [.plain(name), .rich(message)])
/// result.arguments    // where `name` and `message` are in `result.text`
/// ```
public struct RichTemplate: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// What rules may match inside an argument.
    package enum ArgumentRole: String, Sendable, Hashable {
        /// Rules with `in arguments` may match inside it: mentions and links in a message.
        case rich
        /// No rule matches inside it, `in arguments` or not: a display name that must not
        /// become a link. Only a match that holds it whole (a tag, an element or a `nest`
        /// container around its placeholder) styles it.
        case plain
    }

    /// A value from a user, with its role: `.plain(name)`, `.rich(message)`.
    public struct Argument: Sendable, Hashable {
        public var text: String
        package var role: ArgumentRole

        /// An argument in which rules with `in arguments` may match (`rich(_:)`).
        public init(_ text: String) { self.init(text, role: .rich) }

        package init(_ text: String, role: ArgumentRole) {
            self.text = text
            self.role = role
        }

        /// An argument in which rules with `in arguments` may match.
        public static func rich(_ text: String) -> Argument { Argument(text, role: .rich) }
        /// An argument in which no rule matches.
        public static func plain(_ text: String) -> Argument { Argument(text, role: .plain) }
    }

    /// A run of the template's own text, or an argument.
    package enum Piece: Sendable, Hashable {
        case text(String)
        /// An argument's text, its number (0-based: `%1$@` is 0) and its role.
        case argument(String, index: Int, role: ArgumentRole = .rich)
    }

    /// The pieces in order.
    package var pieces: [Piece]

    package init(pieces: [Piece]) { self.pieces = pieces }

    /// A format as `String(format:)` writes it: `%@` takes the next argument, `%N$@` the
    /// N-th (from 1; it may repeat or come in any order), `%%` is a literal `%`. Any other
    /// `%` stays as written; a placeholder without its argument is an empty argument.
    /// (`%@` counts its own arguments, whatever positional ones come before it.) Every
    /// argument is rich.
    public init(format: String, arguments: [String]) {
        self.init(format: format, arguments: arguments.map { Argument($0) })
    }

    /// A format filled with arguments of either role: `[.plain(name), .rich(message)]`
    /// (see `init(format:arguments:)` for the placeholders).
    @_disfavoredOverload  // `arguments: []` means the `[String]` form (the same template).
    public init(format: String, arguments: [Argument]) {
        var pieces: [Piece] = []
        var text = ""
        var next = 0
        var scalars = Array(format.unicodeScalars)[...]
        func argument(_ index: Int) {
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            let argument = index < arguments.count ? arguments[index] : Argument("")
            pieces.append(.argument(argument.text, index: index, role: argument.role))
        }
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                text.unicodeScalars.append(scalar)
                continue
            }
            if scalars.first == "%" {
                scalars.removeFirst()
                text.append("%")
            } else if scalars.first == "@" {
                scalars.removeFirst()
                argument(next)
                next += 1
            } else if let position = Self.positional(scalars) {
                scalars.removeFirst(position.length)
                argument(position.index)
            } else {
                text.append("%")
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// `N$@` at the start of `scalars` (N ≥ 1, no leading zero): argument N - 1, and how
    /// many scalars it takes.
    private static func positional(_ scalars: ArraySlice<Unicode.Scalar>) -> (index: Int, length: Int)? {
        var number = 0
        var length = 0
        for scalar in scalars {
            guard let digit = scalar.properties.numericType == .decimal && scalar.isASCII ? Int(String(scalar)) : nil else { break }
            if length == 0, digit == 0 { return nil }
            number = number * 10 + digit
            length += 1
            if number > 1_000_000 { return nil }
        }
        guard length > 0 else { return nil }
        let rest = scalars.dropFirst(length)
        guard rest.count >= 2, rest[rest.startIndex] == "$", rest[rest.startIndex + 1] == "@" else { return nil }
        return (number - 1, length + 2)
    }

    public init(stringLiteral value: String) { pieces = value.isEmpty ? [] : [.text(value)] }

    public init(stringInterpolation: StringInterpolation) { pieces = stringInterpolation.pieces }

    /// Literal segments are template text; every interpolated value is an argument (its
    /// `description`), numbered in order: rich, or plain when written `\(plain: name)`.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var pieces: [Piece] = []
        var count = 0

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            if case .text(let before)? = pieces.last {
                pieces[pieces.count - 1] = .text(before + literal)
            } else {
                pieces.append(.text(literal))
            }
        }

        /// A rich argument: rules with `in arguments` may match inside it.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            append(value.description, role: .rich)
        }

        /// A plain argument: no rule matches inside it (`"\(plain: name) mentioned you"`).
        public mutating func appendInterpolation(plain value: some CustomStringConvertible) {
            append(value.description, role: .plain)
        }

        private mutating func append(_ text: String, role: ArgumentRole) {
            pieces.append(.argument(text, index: count, role: role))
            count += 1
        }
    }

    /// The filled text: the template's text with every argument in place.
    public var text: String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let s), .argument(let s, _, _): text += s
            }
        }
        return text
    }

    /// Where each argument is in `text` (UTF-16), by argument number, then position (an
    /// argument used twice has two ranges; one never used, none).
    public var argumentRanges: [TextRange] { numberedArguments.map(\.range) }

    /// `placedArguments` in the order of `argumentRanges`: by number, then position.
    package var numberedArguments: [(index: Int, range: TextRange, role: ArgumentRole)] {
        placedArguments.sorted { ($0.index, $0.range.location) < ($1.index, $1.range.location) }
    }

    /// Every argument piece's number, range in `text` and role, in text order.
    package var placedArguments: [(index: Int, range: TextRange, role: ArgumentRole)] {
        var placed: [(index: Int, range: TextRange, role: ArgumentRole)] = []
        var location = 0
        for piece in pieces {
            switch piece {
            case .text(let s):
                location += s.utf16.count
            case .argument(let s, let index, let role):
                let length = s.utf16.count
                placed.append((index, TextRange(location: location, length: length), role))
                location += length
            }
        }
        return placed
    }
}

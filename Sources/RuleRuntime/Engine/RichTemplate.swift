/// A text written by the app with holes for values from users: a localised format
/// (`"<h1>%@</h1> mentioned you: %@"`) and its arguments, or a string interpolation.
///
/// An argument's characters are never markup: `RuleEngine.render(template:)` keeps tags, elements,
/// entities and the matches of rules without `in arguments` in the template's own text
/// (docs/Language.md, "Untrusted text").
///
/// ```swift
/// let result = engine.render(template: "<h1>\(name)</h1> mentioned you: \(message)")
/// let same = engine.render(template: "<h1>%@</h1> mentioned you: %@", arguments: [name, message])
/// result.arguments    // where `name` and `message` are in `result.text`
/// ```
public struct RichTemplate: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// A run of the template's own text, or an argument.
    public enum Piece: Sendable, Hashable {
        case text(String)
        /// An argument's text and its number (0-based: `%1$@` is 0).
        case argument(String, index: Int)
    }

    /// The pieces in order.
    public var pieces: [Piece]

    public init(pieces: [Piece]) { self.pieces = pieces }

    /// A format as `String(format:)` writes it: `%@` takes the next argument, `%N$@` the
    /// N-th (from 1; it may repeat or come in any order), `%%` is a literal `%`. Any other
    /// `%` stays as written; a placeholder without its argument is an empty argument.
    /// (`%@` counts its own arguments, whatever positional ones come before it.)
    public init(format: String, arguments: [String]) {
        var pieces: [Piece] = []
        var text = ""
        var next = 0
        var scalars = Array(format.unicodeScalars)[...]
        func argument(_ index: Int) {
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            pieces.append(.argument(index < arguments.count ? arguments[index] : "", index: index))
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
    /// `description`), numbered in order.
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

        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            pieces.append(.argument(value.description, index: count))
            count += 1
        }
    }

    /// The filled text: the template's text with every argument in place.
    public var text: String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let s), .argument(let s, _): text += s
            }
        }
        return text
    }

    /// Where each argument is in `text` (UTF-16), by argument number, then position (an
    /// argument used twice has two ranges; one never used, none).
    public var argumentRanges: [TextRange] {
        placedArguments.sorted { ($0.index, $0.range.location) < ($1.index, $1.range.location) }.map(\.range)
    }

    /// Every argument piece's number and range in `text`, in text order.
    var placedArguments: [(index: Int, range: TextRange)] {
        var placed: [(index: Int, range: TextRange)] = []
        var location = 0
        for piece in pieces {
            switch piece {
            case .text(let s):
                location += s.utf16.count
            case .argument(let s, let index):
                let length = s.utf16.count
                placed.append((index, TextRange(location: location, length: length)))
                location += length
            }
        }
        return placed
    }
}

/// The expressions of generated Swift, as a tree: `TableLiteral` builds them from a style
/// table's values, `SwiftWriter.expression` prints them (on one line when they fit,
/// otherwise one argument or element per line).
///
/// Leaves are spelled already: `literal` holds text such as an escaped string literal
/// (`Quoting.string`), a number or `nil`, and names are Swift identifiers chosen by
/// the emitter, never spec text.
indirect enum SwiftExpression: Equatable {
    /// Text printed as is: a literal, or a name.
    case literal(String)
    /// `callee(label: value, …)`: an initializer (`TextStyle(…)`), an enum case with
    /// associated values (`.system(…)`) or a function.
    case call(String, [Argument])
    /// `[a, b]`.
    case array([SwiftExpression])
    /// `[key: value, …]`; `[:]` when empty.
    case dictionary([Entry])

    struct Argument: Equatable {
        /// `nil`: an unlabelled argument.
        var label: String?
        var value: SwiftExpression
    }

    struct Entry: Equatable {
        var key: SwiftExpression
        var value: SwiftExpression
    }

    /// An enum case or static member without arguments: `.bold`.
    static func member(_ name: String) -> SwiftExpression { .literal("." + name) }

    /// The expression on one line.
    var flat: String {
        switch self {
        case .literal(let text):
            return text
        case .call(let callee, let arguments):
            return callee + "(" + arguments.map(\.flat).joined(separator: ", ") + ")"
        case .array(let elements):
            return "[" + elements.map(\.flat).joined(separator: ", ") + "]"
        case .dictionary(let entries):
            if entries.isEmpty { return "[:]" }
            return "[" + entries.map { $0.key.flat + ": " + $0.value.flat }.joined(separator: ", ") + "]"
        }
    }

    /// Whether printing it can take several lines (a call or literal with something inside).
    var canBreak: Bool {
        switch self {
        case .literal: return false
        case .call(_, let arguments): return !arguments.isEmpty
        case .array(let elements): return !elements.isEmpty
        case .dictionary(let entries): return !entries.isEmpty
        }
    }
}

extension SwiftExpression.Argument {
    /// `label: ` or nothing, before the value.
    var prefix: String { label.map { $0 + ": " } ?? "" }
    var flat: String { prefix + value.flat }
}

/// The arguments of a call, leaving out those at their default value.
struct SwiftArguments {
    private(set) var list: [SwiftExpression.Argument] = []

    /// An argument that is always written (no default).
    mutating func add(_ label: String?, _ value: SwiftExpression) {
        list.append(.init(label: label, value: value))
    }

    /// An argument written only when set (its default is `nil`).
    mutating func add(_ label: String, ifSet value: SwiftExpression?) {
        if let value { add(label, value) }
    }
}

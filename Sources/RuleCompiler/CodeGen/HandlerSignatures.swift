@_spi(Generated) import RuleRuntime

/// The Swift type of each argument of each handler of a table, for the generated
/// `Handlers` protocol and `dispatch`, read from every tap that calls the handler:
///
/// - `Int` when the argument is exactly `${index}` (the tag's ordinal) of a tag family or
///   an element at every call;
/// - `Int?` when it is exactly such an `${index}` or a tag family's `${level}` at every
///   call, and `${level}` at one at least (`nil` for a tag without digits, `<h>`);
/// - `String` otherwise: text around the reference, `$0`, a regex rule's named group
///   `index`, an element's declared attribute of that name, the truncation token's plain
///   strings.
struct HandlerSignatures {
    /// The Swift type of a handler argument.
    enum ArgumentType: Hashable {
        case string, int, optionalInt

        /// The type as written in the generated Swift.
        var swift: String {
            switch self {
            case .string: "String"
            case .int: "Int"
            case .optionalInt: "Int?"
            }
        }
    }

    /// What one call passes for an argument.
    enum Value: Hashable {
        /// The tag's ordinal: `${index}` of a tag family or of an element without a
        /// declared attribute `index`.
        case index
        /// A family tag's level: `${level}` of a tag family.
        case level
        /// Any other template.
        case other

        init(_ template: MatchTemplate, matcher: MatcherSpec?) {
            guard template.parts.count == 1, case .name(let name) = template.parts[0] else {
                self = .other
                return
            }
            switch (matcher, name) {
            case (.tagFamily?, "index"): self = .index
            case (.tagFamily?, "level"): self = .level
            // A declared attribute wins over the tag field (`RuleMatch.named`).
            case (.element(_, let attributes, _)?, "index") where !attributes.contains("index"): self = .index
            default: self = .other
            }
        }
    }

    /// Handler name → what its calls pass, per argument.
    private let values: [String: [Set<Value>]]

    init(table: StyleTable) {
        var values: [String: [Set<Value>]] = [:]
        for (tap, matcher) in Self.calls(in: table) {
            let passed = tap.arguments.map { Value($0.value, matcher: matcher) }
            let seen = values[tap.handler] ?? Array(repeating: [], count: passed.count)
            // Calls with another argument count (not from a checked spec) make every argument a String.
            values[tap.handler] =
                seen.count == passed.count ? zip(seen, passed).map { $0.union([$1]) } : seen.map { $0.union([.other]) }
        }
        self.values = values
    }

    /// The types of the `count` arguments of `handler`: `String` for each when no tap of
    /// the table calls it with `count` arguments.
    func types(of handler: String, count: Int) -> [ArgumentType] {
        guard let values = values[handler], values.count == count else { return Array(repeating: .string, count: count) }
        return values.map { passed in
            if passed == [.index] { return .int }
            if passed.contains(.level) && passed.isSubset(of: [.index, .level]) { return .optionalInt }
            return .string
        }
    }

    /// Every tap of the table, with the matcher of its rule (`nil` for the truncation
    /// token's): each rule's, each tag block's of a family, and each `where` block's.
    static func calls(in table: StyleTable) -> [(tap: TapSpec, matcher: MatcherSpec?)] {
        var calls: [(tap: TapSpec, matcher: MatcherSpec?)] = []
        for rule in table.rules {
            for presentation in [rule.presentation] + rule.tags.values {
                if let tap = presentation.tap { calls.append((tap, rule.matcher)) }
            }
            for conditional in rule.conditionalStyles {
                if case .tap(let tap)? = conditional.tap { calls.append((tap, rule.matcher)) }
            }
        }
        if let tap = table.truncation?.tap { calls.append((tap, nil)) }
        return calls
    }
}

/// Why a `RuleEngine` could not be made for a table.
public enum RuleEngineError: Error, Equatable, CustomStringConvertible {
    /// `NSRegularExpression` rejected the pattern of the named rule.
    case invalidRegex(rule: String, pattern: String, reason: String)

    public var description: String {
        switch self {
        case .invalidRegex(let rule, let pattern, let reason):
            return "rule '\(rule)': invalid regular expression /\(pattern)/: \(reason)"
        }
    }
}

/// Swift spelling of spec names and comments (string literals: `Quoting`).
public enum SwiftLiteral {
    /// A Swift identifier for a spec name (backticked when it is a keyword).
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// An argument label at a call site: only `inout` needs backticks there
    /// (others draw a warning).
    static func callLabel(_ name: String) -> String {
        name == "inout" ? "`\(name)`" : name
    }

    /// Stored property names for spec names (the handlers of `Actions`), one per name and
    /// all distinct: `Type`, `Protocol`, `init` and `self` cannot name a stored property even
    /// in backticks (or would read wrong), so they get trailing underscores as `caseNames`
    /// does.
    static func propertyNames(_ names: [String]) -> [String] {
        uniqueNames(names, reserved: ["Type", "Protocol", "init", "self"])
    }

    /// Enum case names for spec names, one per name and all distinct: `Type` and
    /// `Protocol` cannot name a type member even in backticks, and `allCases`,
    /// `rawValue`, `hashValue` would clash with the enum's own members, so they get
    /// trailing underscores — as many as it takes not to meet another name of the set
    /// (`Type` beside `Type_` becomes `Type__`). The raw value keeps the spec's name.
    static func caseNames(_ names: [String]) -> [String] {
        uniqueNames(names, reserved: ["Type", "Protocol", "allCases", "rawValue", "hashValue"])
    }

    /// `names` as identifiers, those in `reserved` with trailing underscores until they
    /// meet no other name of the set.
    private static func uniqueNames(_ names: [String], reserved: Set<String>) -> [String] {
        var taken = Set(names.filter { !reserved.contains($0) })
        return names.map { name in
            guard reserved.contains(name) else { return identifier(name) }
            var candidate = name + "_"
            while taken.contains(candidate) { candidate += "_" }
            taken.insert(candidate)
            return candidate
        }
    }

    /// Text for a `//` or `///` comment: anything that could end the comment's line or
    /// hide what follows (control characters, line and paragraph separators, format
    /// characters such as bidirectional overrides) becomes `?`, and a backtick `'` (the
    /// text is shown in code voice).
    public static func comment(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            let category = c.properties.generalCategory
            if c == "`" {
                out += "'"
            } else if category == .control || category == .format || category == .lineSeparator || category == .paragraphSeparator {
                out += "?"
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]
}

import Foundation

/// A test on a tag of a family or an element (`where index == 0`, `level >= 2`,
/// `text == "Terms"`, `href == "/terms"`).
@_spi(Generated) public struct TagCondition: Sendable, Hashable {
    @_spi(Generated) public enum Field: Sendable, Hashable {
        /// Integers: the tag's ordinal and its level (a tag without digits, and every
        /// element, has no level and fails every `level` test).
        case index, level
        /// Strings: the tag's content and its lower-case name.
        case text, name
        /// A string: an element's declared attribute (lower-case name); an absent attribute
        /// is the empty string.
        case attribute(String)
    }
    @_spi(Generated) public enum Operator: String, Codable, Sendable, Hashable, CaseIterable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        /// Strings, as CSS's attribute selectors test them (case-sensitive; an empty value
        /// never holds): the value is one of the whitespace-separated words (`~=`: `class
        /// has "hashtag"`), a prefix (`^=`), a suffix (`$=`), a substring (`*=`).
        case has = "has", contains = "contains", startsWith = "starts with", endsWith = "ends with"

        /// Whether the operator compares strings only (CSS's attribute tests).
        public var isStringTest: Bool {
            switch self {
            case .has, .contains, .startsWith, .endsWith: return true
            default: return false
            }
        }
    }
    @_spi(Generated) public enum Value: Sendable, Hashable, Codable {
        case integer(Int)
        case text(String)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                let number = try container.decode(Double.self)
                guard let integer = Int(exactly: number) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "a condition's number must be an integer")
                }
                self = .integer(integer)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .integer(let n): try container.encode(n)
            case .text(let s): try container.encode(s)
            }
        }
    }

    public var field: Field
    public var op: Operator
    public var value: Value

    public init(field: Field, op: Operator, value: Value) {
        self.field = field
        self.op = op
        self.value = value
    }

    /// Whether `tag` passes the test.
    public func holds(for tag: TagInfo) -> Bool {
        switch (field, value) {
        case (.index, .integer(let n)): return compare(tag.index, n)
        case (.level, .integer(let n)): return tag.level.map { compare($0, n) } ?? false
        case (.text, .text(let s)): return test(tag.text, s)
        case (.name, .text(let s)): return test(tag.name, s)
        case (.attribute(let name), .text(let s)): return test(tag.attributes[name] ?? "", s)
        default: return false
        }
    }

    /// ASCII white space, which separates the words of a list (HTML's class list, `has`): a
    /// value holding it is no word.
    public static func separatesWords(_ c: Character) -> Bool { " \t\n\r\u{0C}".contains(c) }

    private func test(_ a: String, _ b: String) -> Bool {
        guard op.isStringTest else { return compare(a, b) }
        guard !b.isEmpty else { return false }
        switch op {
        case .has:
            guard !b.contains(where: Self.separatesWords) else { return false }
            return a.split(whereSeparator: Self.separatesWords).contains { $0 == b }
        case .contains: return a.contains(b)
        case .startsWith: return a.hasPrefix(b)
        case .endsWith: return a.hasSuffix(b)
        default: return false
        }
    }

    private func compare<T: Comparable>(_ a: T, _ b: T) -> Bool {
        switch op {
        case .equal: return a == b
        case .notEqual: return a != b
        case .less: return a < b
        case .lessOrEqual: return a <= b
        case .greater: return a > b
        case .greaterOrEqual: return a >= b
        case .has, .contains, .startsWith, .endsWith: return false
        }
    }
}

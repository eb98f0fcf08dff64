/// A JSON document with the place of every value and key: what a style table from outside
/// is read into (`StyleTable(jsonData:)`) before it is decoded, so that every error, of
/// syntax, of type or of meaning, names its line and column.
///
/// `JSONScanner` reads it (strict RFC 8259, duplicate keys refused), `JSONValueDecoder`
/// decodes a `Decodable` from it (reporting the keys nobody read), and `JSONPath` names a
/// value in it and finds where it is.
package struct JSONValue: Sendable {
    package enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONValue])
        case object(JSONObject)
    }

    package var kind: Kind
    /// The offset of the value's first byte in the document.
    package var offset: Int

    /// What the value is, for messages: `an object`, `a string`, `null`…
    var what: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A number as written (`-12`, `1.5e3`): read as an integer or a `Double` when asked.
package struct JSONNumber: Sendable {
    /// The literal, which the JSON grammar checked.
    package var text: String

    /// The value as a `Double` (infinite when the literal is beyond its range).
    package var double: Double { Double(text) ?? .nan }

    /// The value when it is an integer that fits in `Int` (`1e2` is 100; `1.5` is not one).
    package var integer: Int? {
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return Int(text) }
        let value = double
        // `Int(exactly:)` of a `Double` at or past 2^63 is nil, and the literal's digits past
        // the double's precision are lost: only integers the double holds exactly count.
        guard value.magnitude < 0x1p53 else { return nil }
        return Int(exactly: value)
    }
}

/// An object's members in document order, each key once.
package struct JSONObject: Sendable {
    package struct Member: Sendable {
        package var key: String
        /// The offset of the key's opening quote.
        package var keyOffset: Int
        package var value: JSONValue
    }

    package private(set) var members: [Member] = []
    private var index: [String: Int] = [:]

    /// The member named `key`.
    package subscript(key: String) -> Member? { index[key].map { members[$0] } }

    /// Adds a member; returns the member already named `key` instead when there is one.
    mutating func add(_ member: Member) -> Member? {
        if let existing = index[member.key] { return members[existing] }
        index[member.key] = members.count
        members.append(member)
        return nil
    }
}

/// Why a style table was refused (`StyleTable(jsonData:)`, `StyleTable.validate()`): what is
/// wrong, the key path of the value, and where it is in the JSON.
///
/// ```
/// style table:12:19: capture group -1 does not exist: this rule has $0 to $1 (at rules[0].presentation.show)
/// ```
public struct StyleTableError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// Not a JSON document (RFC 8259), or an object with a key twice.
        case syntax
        /// `formatVersion` is not the one this runtime reads.
        case unsupportedFormatVersion(found: Int, supported: Int)
        /// A missing or unknown key, a value of the wrong type, a name the schema does not
        /// have, a number out of its range, a reference to something the table does not
        /// have (a capture group, a style, a handler).
        case invalid
    }

    public var kind: Kind
    /// What is wrong, without the place.
    public var message: String
    /// The value's key path from the top of the table (`rules[0].presentation.show`,
    /// `styles["my style"].font`); empty for the document itself.
    public var path: String
    /// Where the value (or the key, for a key that is wrong) is in the JSON; `nil` for a
    /// table that was not read from JSON (`validate()`).
    public var location: JSONLocation?

    public init(kind: Kind, message: String, path: String, location: JSONLocation?) {
        self.kind = kind
        self.message = message
        self.path = path
        self.location = location
    }

    /// `style table:LINE:COLUMN: MESSAGE (at PATH)`.
    public var description: String {
        "style table\(location.map { ":\($0)" } ?? ""): \(message)\(path.isEmpty ? "" : " (at \(path))")"
    }
}

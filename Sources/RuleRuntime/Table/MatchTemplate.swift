/// A string with holes filled from a match: `"open ${href}"`, `"$1"`. Used for tap
/// arguments, replacement text and image sources.
@_spi(Generated) public struct MatchTemplate: Codable, Sendable, Hashable {
    @_spi(Generated) public enum Part: Sendable, Hashable {
        /// Literal text.
        case text(String)
        /// Capture group by number; `0` is the whole match (for tags: the raw markup).
        case group(Int)
        /// Named capture group, tag attribute or tag field (`text`, `name`, `level`, `index`).
        case name(String)
    }

    public var parts: [Part]

    public init(_ parts: [Part]) { self.parts = parts }

    /// A template of literal text only.
    public init(text: String) { self.parts = text.isEmpty ? [] : [.text(text)] }

    /// Fills the holes; a group that did not participate gives the empty string.
    public func render(group: (Int) -> String?, name: (String) -> String?) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .group(let index): out += group(index) ?? ""
            case .name(let key): out += name(key) ?? ""
            }
        }
        return out
    }
}

extension MatchTemplate.Part: Codable {
    private enum Key: String, CodingKey { case text, group, name }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let keys = [Key.text, .group, .name].filter { c.contains($0) }
        guard keys.count == 1 else {
            let found = keys.isEmpty ? "none" : keys.map { "'\($0.stringValue)'" }.joined(separator: " and ")
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "a template part has one of 'text', 'group' or 'name', found \(found)"
                ))
        }
        switch keys[0] {
        case .text: self = .text(try c.decode(String.self, forKey: .text))
        case .group: self = .group(try c.decode(Int.self, forKey: .group))
        case .name: self = .name(try c.decode(String.self, forKey: .name))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .text(let text): try c.encode(text, forKey: .text)
        case .group(let index): try c.encode(index, forKey: .group)
        case .name(let key): try c.encode(key, forKey: .name)
        }
    }
}

import Foundation

/// Errors loading a style table.
public enum StyleTableError: Error, Equatable, CustomStringConvertible {
    case unsupportedFormatVersion(found: Int, supported: Int)
    case malformed(String)

    public var description: String {
        switch self {
        case .unsupportedFormatVersion(let found, let supported):
            return
                "style table has formatVersion \(found); this runtime reads formatVersion \(supported) (regenerate it with the matching rulegen)"
        case .malformed(let message):
            return "malformed style table: \(message)"
        }
    }
}

extension StyleTable {
    /// Decodes a table, checking `formatVersion` before anything else.
    public init(jsonData data: Data) throws {
        struct VersionProbe: Decodable {
            var formatVersion: Int?
            enum Key: String, CodingKey { case formatVersion }
            init(from decoder: Decoder) throws {
                formatVersion = try decoder.container(keyedBy: Key.self).decodeInteger(forKey: .formatVersion)
            }
        }
        let probe: VersionProbe
        do {
            probe = try JSONDecoder().decode(VersionProbe.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw StyleTableError.malformed(Self.describe(.dataCorrupted(context)))
        } catch {
            throw StyleTableError.malformed("not a JSON object (\(error))")
        }
        guard let version = probe.formatVersion else { throw StyleTableError.malformed("missing 'formatVersion'") }
        guard version == Self.currentFormatVersion else {
            throw StyleTableError.unsupportedFormatVersion(found: version, supported: Self.currentFormatVersion)
        }
        do {
            self = try JSONDecoder().decode(StyleTable.self, from: data)
        } catch let error as DecodingError {
            throw StyleTableError.malformed(Self.describe(error))
        }
    }

    /// Byte-deterministic JSON: sorted keys, pretty-printed, no escaped slashes, final newline.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)' at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }
}

extension MatcherSpec: Codable {
    private enum Key: String, CodingKey { case kind, pattern, flags, detector, prefix, family, element, attributes, void }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "regex":
            self = .regex(
                pattern: try c.decode(String.self, forKey: .pattern),
                flags: try c.decodeIfPresent(RegexFlags.self, forKey: .flags) ?? [],
                detector: try c.decodeIfPresent(String.self, forKey: .detector))
        case "prefix": self = .prefix(try c.decode(String.self, forKey: .prefix))
        case "tagFamily": self = .tagFamily(try c.decode(String.self, forKey: .family))
        case "entity": self = .entity
        case "element":
            self = .element(
                name: try c.decode(String.self, forKey: .element),
                attributes: try c.decodeIfPresent([String].self, forKey: .attributes) ?? [],
                isVoid: try c.decodeIfPresent(Bool.self, forKey: .void) ?? false)
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown matcher kind '\(kind)'")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .regex(let pattern, let flags, let detector):
            try c.encode("regex", forKey: .kind)
            try c.encode(pattern, forKey: .pattern)
            try c.encode(flags, forKey: .flags)
            try c.encodeIfPresent(detector, forKey: .detector)
        case .prefix(let prefix):
            try c.encode("prefix", forKey: .kind)
            try c.encode(prefix, forKey: .prefix)
        case .tagFamily(let family):
            try c.encode("tagFamily", forKey: .kind)
            try c.encode(family, forKey: .family)
        case .entity:
            try c.encode("entity", forKey: .kind)
        case .element(let name, let attributes, let isVoid):
            try c.encode("element", forKey: .kind)
            try c.encode(name, forKey: .element)
            try c.encode(attributes, forKey: .attributes)
            try c.encode(isVoid, forKey: .void)
        }
    }
}

extension RuleEntry: Codable {
    private enum Key: String, CodingKey {
        case name, match, priority, presentation, tags, conditionalStyles, captureNames, nest, inArguments
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(
            name: try c.decode(String.self, forKey: .name),
            matcher: try c.decode(MatcherSpec.self, forKey: .match),
            priority: try c.decodeInteger(forKey: .priority) ?? 0,
            presentation: try c.decode(Presentation.self, forKey: .presentation),
            tags: try c.decodeIfPresent([String: Presentation].self, forKey: .tags) ?? [:],
            conditionalStyles: try c.decodeIfPresent([ConditionalStyle].self, forKey: .conditionalStyles) ?? [],
            captureNames: try c.decodeIntegers(forKey: .captureNames),
            nest: try c.decodeIfPresent(Bool.self, forKey: .nest) ?? false,
            inArguments: try c.decodeIfPresent(Bool.self, forKey: .inArguments) ?? false)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(name, forKey: .name)
        try c.encode(matcher, forKey: .match)
        try c.encode(priority, forKey: .priority)
        try c.encode(presentation, forKey: .presentation)
        try c.encode(tags, forKey: .tags)
        if !conditionalStyles.isEmpty { try c.encode(conditionalStyles, forKey: .conditionalStyles) }
        try c.encode(captureNames, forKey: .captureNames)
        if nest { try c.encode(true, forKey: .nest) }
        if inArguments { try c.encode(true, forKey: .inArguments) }
    }
}

extension KeyedDecodingContainer {
    /// An optional integer. A number that is not one (`1.5`) or does not fit an `Int`
    /// (`1e300`) is a decoding error at its key; Foundation's own `Int` decoding reports it
    /// as "not valid JSON" for the whole document.
    func decodeInteger(forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let value = try? decode(Int.self, forKey: key) { return value }
        let number = try decode(Double.self, forKey: key)
        throw DecodingError.dataCorruptedError(
            forKey: key, in: self, debugDescription: "'\(key.stringValue)' must be an integer that fits in Int, found \(number)")
    }

    /// A dictionary of integers, checked as `decodeInteger` checks one.
    func decodeIntegers(forKey key: Key) throws -> [String: Int] {
        guard contains(key), try !decodeNil(forKey: key) else { return [:] }
        if let values = try? decode([String: Int].self, forKey: key) { return values }
        let numbers = try decode([String: Double].self, forKey: key)
        var values: [String: Int] = [:]
        for (name, number) in numbers {
            guard let value = Int(exactly: number) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self,
                    debugDescription: "'\(key.stringValue)' must map names to integers that fit in Int, found \(number) for '\(name)'")
            }
            values[name] = value
        }
        return values
    }
}

extension TagCondition: Codable {
    private enum Key: String, CodingKey { case field, attribute, op, value }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let name = try c.decode(String.self, forKey: .field)
        let field: Field
        switch name {
        case "index": field = .index
        case "level": field = .level
        case "text": field = .text
        case "name": field = .name
        case "attribute": field = .attribute(try c.decode(String.self, forKey: .attribute))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .field, in: c, debugDescription: "unknown condition field '\(name)' (index, level, text, name or attribute)")
        }
        self.init(field: field, op: try c.decode(Operator.self, forKey: .op), value: try c.decode(Value.self, forKey: .value))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch field {
        case .index: try c.encode("index", forKey: .field)
        case .level: try c.encode("level", forKey: .field)
        case .text: try c.encode("text", forKey: .field)
        case .name: try c.encode("name", forKey: .field)
        case .attribute(let attribute):
            try c.encode("attribute", forKey: .field)
            try c.encode(attribute, forKey: .attribute)
        }
        try c.encode(op, forKey: .op)
        try c.encode(value, forKey: .value)
    }
}

extension ConditionalStyle: Codable {
    private enum Key: String, CodingKey { case tag, conditions, style, tap }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        var tap: TapOverride?
        if c.contains(.tap) {
            if let word = try? c.decode(String.self, forKey: .tap) {
                guard word == "none" else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .tap, in: c, debugDescription: "a conditional tap is a tap object or \"none\", found '\(word)'")
                }
                tap = .notTappable
            } else {
                tap = .tap(try c.decode(TapSpec.self, forKey: .tap))
            }
        }
        self.init(
            tag: try c.decodeIfPresent(String.self, forKey: .tag), conditions: try c.decode([TagCondition].self, forKey: .conditions),
            style: try c.decodeIfPresent(TextStyle.self, forKey: .style) ?? TextStyle(), tap: tap)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encodeIfPresent(tag, forKey: .tag)
        try c.encode(conditions, forKey: .conditions)
        try c.encode(style, forKey: .style)
        switch tap {
        case .tap(let spec)?: try c.encode(spec, forKey: .tap)
        case .notTappable?: try c.encode("none", forKey: .tap)
        case nil: break
        }
    }
}

import Foundation

extension StyleTable {
    /// Reads a table from its JSON, validated whole: a table from outside (a server, a
    /// file that may be damaged) either gives a table every render can trust, or throws
    /// the problem that comes first in the document, with its line, column and key path.
    ///
    /// In order: the JSON itself (strict RFC 8259; a key twice in one object is an error),
    /// `formatVersion` (another version is `.unsupportedFormatVersion`, naming both), the
    /// schema (every key known, every value of its type, every name one the schema has,
    /// numbers finite and integers exact), then the meaning (`validate()`: numbers in
    /// range, references to capture groups, styles and handlers that exist, regex patterns
    /// ICU accepts).
    public init(jsonData data: Data) throws(StyleTableError) {
        let bytes = [UInt8](data)
        let root: JSONValue
        do throws(JSONScanner.SyntaxError) {
            root = try JSONScanner.parse(bytes)
        } catch {
            throw StyleTableError(kind: .syntax, message: error.message, path: "", location: JSONLocation(offset: error.offset, in: bytes))
        }
        func refuse(_ message: String, at path: JSONPath, key: Bool = false, kind: StyleTableError.Kind = .invalid) -> StyleTableError {
            StyleTableError(
                kind: kind, message: message, path: path.description,
                location: JSONLocation(offset: path.offset(in: root, key: key), in: bytes))
        }
        guard case .object(let top) = root.kind else {
            throw refuse("expected an object (a style table), found \(root.what)", at: JSONPath())
        }
        guard let version = top["formatVersion"]?.value else { throw refuse("missing key 'formatVersion'", at: JSONPath()) }
        guard case .number(let number) = version.kind, let found = number.integer else {
            var what = version.what
            if case .number(let number) = version.kind { what = number.text }
            throw refuse("'formatVersion' is an integer, found \(what)", at: JSONPath() + "formatVersion")
        }
        guard found == Self.currentFormatVersion || found == Self.htmlFormatVersion else {
            let kind = StyleTableError.Kind.unsupportedFormatVersion(found: found, supported: Self.currentFormatVersion)
            throw refuse(
                "formatVersion is \(found); this runtime reads formatVersion \(Self.currentFormatVersion) (and \(Self.htmlFormatVersion) for HTML tables; regenerate the table with the matching rulegen)",
                at: JSONPath() + "formatVersion", kind: kind)
        }
        let decoded: (value: StyleTable, unknownKeys: [JSONValueDecoder.UnknownKey])
        do {
            decoded = try JSONValueDecoder.decode(StyleTable.self, from: root)
        } catch let error as DecodingError {
            let (message, codingPath) = Self.describe(error)
            throw refuse(message, at: JSONPath(codingPath: codingPath, in: root))
        } catch {
            throw refuse("\(error)", at: JSONPath())
        }
        if let unknown = decoded.unknownKeys.first {
            throw refuse(
                "unknown key \(JSONScanner.quoted(unknown.key)) (keys here: \(unknown.known.joined(separator: ", ")))",
                at: JSONPath(codingPath: unknown.objectPath, in: root) + unknown.key,
                key: true)
        }
        let issues = TableValidator.issues(of: decoded.value)
        if let first = issues.min(by: { $0.path.offset(in: root, key: $0.atKey) < $1.path.offset(in: root, key: $1.atKey) }) {
            throw refuse(first.message, at: first.path, key: first.atKey)
        }
        self = decoded.value
    }

    /// Checks what a table's types cannot say, as `StyleTable(jsonData:)` does after
    /// decoding: numbers in their ranges (font sizes, spacings, attachment sizes,
    /// priorities), capture groups that the rule's pattern has (`show`, `$n`, named
    /// captures), names a rule gives its templates (`${name}`), styles and handlers the
    /// table declares (and the labels it declares them with), detector names, tag and
    /// element names, one display per match, regex patterns ICU accepts. Throws the first
    /// problem, without a `location` (a table built in code has no JSON).
    public func validate() throws(StyleTableError) {
        if let issue = TableValidator.issues(of: self).first {
            throw StyleTableError(kind: .invalid, message: issue.message, path: issue.path.description, location: nil)
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

    /// A decoding error's message and the coding path of the value it is about.
    private static func describe(_ error: DecodingError) -> (String, [any CodingKey]) {
        switch error {
        case .keyNotFound(let key, let context): return ("missing key '\(key.stringValue)'", context.codingPath)
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return (context.debugDescription, context.codingPath)
        @unknown default: return ("\(error)", [])
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
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c, debugDescription: "unknown matcher kind '\(kind)' (regex, prefix, tagFamily, element or entity)")
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
            priority: try c.decodeIfPresent(Int.self, forKey: .priority) ?? 0,
            presentation: try c.decode(RulePresentation.self, forKey: .presentation),
            tags: try c.decodeIfPresent([String: RulePresentation].self, forKey: .tags) ?? [:],
            conditionalStyles: try c.decodeIfPresent([ConditionalStyle].self, forKey: .conditionalStyles) ?? [],
            captureNames: try c.decodeIfPresent([String: Int].self, forKey: .captureNames) ?? [:],
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
    private enum Key: String, CodingKey { case tag, conditions, style, tap, layout, before, after }

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
            style: try c.decodeIfPresent(TextStyle.self, forKey: .style) ?? TextStyle(), tap: tap,
            layout: try c.decodeIfPresent(ElementLayout.self, forKey: .layout), before: try c.decodeIfPresent(String.self, forKey: .before),
            after: try c.decodeIfPresent(String.self, forKey: .after))
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
        try c.encodeIfPresent(layout, forKey: .layout)
        try c.encodeIfPresent(before, forKey: .before)
        try c.encodeIfPresent(after, forKey: .after)
    }
}

// The enums of names the table spells as strings: an unknown one is an error that lists them.
extension FontWeight: JSONNamedValue {}
extension DynamicTypeStyle: JSONNamedValue {}
extension LineStyle: JSONNamedValue {}
extension ParagraphAlignment: JSONNamedValue {}
extension AttachmentAlignment: JSONNamedValue {}
extension AttachmentPosition: JSONNamedValue {}
extension TagCondition.Operator: JSONNamedValue {}

/// Decodes a `Decodable` from a `JSONValue`, as `JSONDecoder` does from bytes, and lists
/// the keys of the objects it decoded that no decoding step asked for: keys the schema
/// does not have (a misspelt `"colour"` would otherwise be ignored without a word).
///
/// Values are taken strictly:
/// - an integer type takes a number that is an integer it holds (`1e2` is 100; `1.5`,
///   `1e300` and `99999999999999999999` are errors), `Double` and `Float` any number they
///   hold finitely (`1e400` is an error, never infinity);
/// - `null` is a value only for `decodeNil` and optionals;
/// - a `JSONNamedValue` (an enum of names such as `FontWeight`) takes one of its names, and
///   an error lists them.
///
/// Errors are `DecodingError`s whose coding path names the value (`JSONPath(codingPath:in:)`
/// finds it in the document).
enum JSONValueDecoder {
    /// A key no decoding step read.
    struct UnknownKey {
        /// The coding path of the object that holds it.
        var objectPath: [any CodingKey]
        var key: String
        var keyOffset: Int
        /// The keys decoding asked for in that object: the ones it has.
        var known: [String]
    }

    static func decode<T: Decodable>(_ type: T.Type, from root: JSONValue) throws -> (value: T, unknownKeys: [UnknownKey]) {
        let reads = Reads()
        let value = try TreeDecoder(node: root, codingPath: [], reads: reads).decodeValue(T.self)
        var unknown: [UnknownKey] = []
        for (offset, opened) in reads.objects {
            let read = reads.keys[offset] ?? []
            for member in opened.object.members where !read.contains(member.key) {
                unknown.append(UnknownKey(objectPath: opened.path, key: member.key, keyOffset: member.keyOffset, known: read.sorted()))
            }
        }
        return (value, unknown.sorted { $0.keyOffset < $1.keyOffset })
    }

    /// The objects decoded through a keyed container (by offset), and the keys asked for.
    final class Reads {
        var objects: [Int: (object: JSONObject, path: [any CodingKey])] = [:]
        var keys: [Int: Set<String>] = [:]

        func open(_ object: JSONObject, at offset: Int, path: [any CodingKey]) {
            if objects[offset] == nil { objects[offset] = (object, path) }
        }

        func read(_ key: String, of offset: Int) { keys[offset, default: []].insert(key) }
    }
}

/// An enum of names in a JSON schema (`"bold"`, `"middle"`): decoded from one of its raw
/// values, and otherwise an error that lists them.
protocol JSONNamedValue: Decodable {
    init?(rawValue: String)
    static var names: [String] { get }
}

extension JSONNamedValue where Self: CaseIterable & RawRepresentable, RawValue == String {
    static var names: [String] { allCases.map(\.rawValue) }
}

/// A coding key of an array element.
private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}

/// The decoder of one value, and its single-value container.
private struct TreeDecoder: Decoder, SingleValueDecodingContainer {
    let node: JSONValue
    let codingPath: [any CodingKey]
    let reads: JSONValueDecoder.Reads
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = node.kind else { throw mismatch([String: Any].self, "an object") }
        reads.open(object, at: node.offset, path: codingPath)
        return KeyedDecodingContainer(KeyedContainer<Key>(object: object, offset: node.offset, codingPath: codingPath, reads: reads))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node.kind else { throw mismatch([Any].self, "an array") }
        return UnkeyedContainer(elements: elements, codingPath: codingPath, reads: reads)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// `T` from this value (a `JSONNamedValue` from one of its names).
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let named = T.self as? any JSONNamedValue.Type, let value = try decodeNamed(named) as? T { return value }
        return try T(from: self)
    }

    private func decodeNamed<N: JSONNamedValue>(_ type: N.Type) throws -> N {
        let name = try decode(String.self)
        guard let value = N(rawValue: name) else {
            throw corrupted("unknown value \(JSONScanner.quoted(name)); expected one of \(N.names.joined(separator: ", "))")
        }
        return value
    }

    func decodeNil() -> Bool {
        if case .null = node.kind { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = node.kind else { throw mismatch(type, "a boolean") }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = node.kind else { throw mismatch(type, "a string") }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = node.kind else { throw mismatch(type, "a number") }
        let value = number.double
        guard value.isFinite else { throw corrupted("number \(number.text) is out of range") }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float {
        let value = Float(try decode(Double.self))
        guard value.isFinite else { throw corrupted("number \(number) is out of range") }
        return value
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    private var number: String {
        if case .number(let number) = node.kind { return number.text }
        return node.what
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let number) = node.kind else { throw mismatch(type, "an integer") }
        guard let value = number.integer.flatMap({ I(exactly: $0) }) else {
            throw corrupted("expected an integer from \(I.min) to \(I.max), found \(number.text)")
        }
        return value
    }

    private func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(node.what)"))
    }

    func corrupted(_ message: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    /// The object's offset: its identity for `Reads`.
    let offset: Int
    let codingPath: [any CodingKey]
    let reads: JSONValueDecoder.Reads

    var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool {
        reads.read(key.stringValue, of: offset)
        return object[key.stringValue] != nil
    }

    private func decoder(_ key: Key) throws -> TreeDecoder {
        reads.read(key.stringValue, of: offset)
        guard let member = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing key '\(key.stringValue)'"))
        }
        return TreeDecoder(node: member.value, codingPath: codingPath + [key], reads: reads)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder(key).unkeyedContainer() }
    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(key) }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "no 'super' key"))
        }
        return try decoder(key)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    let reads: JSONValueDecoder.Reads
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey], reads: JSONValueDecoder.Reads) {
        self.elements = elements
        self.codingPath = codingPath
        self.reads = reads
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// Decodes the next element with `body` and moves past it.
    private mutating func next<T>(_ body: (TreeDecoder) throws -> T) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                T.self, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "the array has no more elements"))
        }
        let value = try body(TreeDecoder(node: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)], reads: reads))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex].kind else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next { try $0.decodeValue(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next { try $0.unkeyedContainer() } }
    mutating func superDecoder() throws -> any Decoder { try next { $0 } }
}

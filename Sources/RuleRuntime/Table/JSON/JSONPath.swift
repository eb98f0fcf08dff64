/// The place of a value in a JSON document, as the keys and indices that lead to it from
/// the root; written `rules[0].presentation.show`, `styles["my style"].font` (a key that is
/// not an identifier in brackets and double quotes, escaped as JSON escapes it).
struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    var components: [Component] = []

    init(_ components: [Component] = []) { self.components = components }

    /// The path a decoder's coding path names in `root`: in an object a coding key is its
    /// string, in an array its integer (a dictionary's coding key `"12"` also has the
    /// integer 12).
    init(codingPath: [any CodingKey], in root: JSONValue) {
        var node: JSONValue? = root
        for key in codingPath {
            switch node?.kind {
            case .array(let elements)?:
                let index = key.intValue ?? -1
                components.append(.index(index))
                node = elements.indices.contains(index) ? elements[index] : nil
            case .object(let object)?:
                components.append(.key(key.stringValue))
                node = object[key.stringValue]?.value
            default:
                components.append(key.intValue.map(Component.index) ?? .key(key.stringValue))
                node = nil
            }
        }
    }

    static func + (path: JSONPath, component: Component) -> JSONPath { JSONPath(path.components + [component]) }
    static func + (path: JSONPath, key: String) -> JSONPath { path + .key(key) }
    static func + (path: JSONPath, index: Int) -> JSONPath { path + .index(index) }

    /// The offset of what the path names in `root`: the value's first byte, or with
    /// `key`, the opening quote of the key that names it (the value's when the path ends
    /// in an index). The nearest enclosing value's when the path goes past the document.
    func offset(in root: JSONValue, key: Bool = false) -> Int {
        var node = root
        var keyOffset: Int?
        for component in components {
            switch (component, node.kind) {
            case (.index(let index), .array(let elements)) where elements.indices.contains(index):
                node = elements[index]
                keyOffset = nil
            case (.key(let name), .object(let object)):
                guard let member = object[name] else { return node.offset }
                node = member.value
                keyOffset = member.keyOffset
            default:
                return node.offset
            }
        }
        return key ? keyOffset ?? node.offset : node.offset
    }

    var description: String {
        var out = ""
        for component in components {
            switch component {
            case .index(let index): out += "[\(index)]"
            case .key(let name) where Self.isIdentifier(name): out += out.isEmpty ? name : "." + name
            case .key(let name): out += "[" + Self.jsonString(name) + "]"
            }
        }
        return out
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    private static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u" + JSONScanner.hex(scalar.value, 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

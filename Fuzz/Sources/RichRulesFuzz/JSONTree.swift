/// A JSON value the table mutator edits and writes back: numbers keep their literal (so
/// that `1e400`, `-0` or `9223372036854775808` can be written), objects keep their members
/// in order and may hold a key twice (what a strict reader must refuse).
indirect enum JSONTree: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([(key: String, value: JSONTree)])

    static func == (a: JSONTree, b: JSONTree) -> Bool { a.text == b.text }

    /// The value's children: an object's members' values or an array's elements.
    var children: [JSONTree] {
        switch self {
        case .array(let elements): return elements
        case .object(let members): return members.map(\.value)
        default: return []
        }
    }

    /// Every value of the tree, this one first.
    var all: [JSONTree] { [self] + children.flatMap(\.all) }

    /// The keys of every object of the tree.
    var keys: [String] {
        var keys: [String] = []
        if case .object(let members) = self { keys = members.map(\.key) }
        return keys + children.flatMap(\.keys)
    }

    /// The strings of the tree (values only).
    var strings: [String] { all.compactMap { if case .string(let s) = $0 { return s } else { return nil } } }

    /// Compact JSON.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let literal): out += literal
        case .string(let string): Self.write(string, to: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.write(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    static func write(_ string: String, to out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONTree {
    /// Reads JSON that `JSONEncoder` wrote (well-formed: this is no validator).
    init?(parsing text: String) {
        var reader = Reader(scalars: Array(text.unicodeScalars))
        guard let value = reader.value() else { return nil }
        self = value
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var i = 0

        mutating func skip() {
            while i < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[i]) { i += 1 }
        }

        mutating func value() -> JSONTree? {
            skip()
            guard i < scalars.count else { return nil }
            switch scalars[i] {
            case "{":
                i += 1
                var members: [(key: String, value: JSONTree)] = []
                skip()
                if i < scalars.count, scalars[i] == "}" {
                    i += 1
                    return .object(members)
                }
                while true {
                    skip()
                    guard let key = string() else { return nil }
                    skip()
                    guard i < scalars.count, scalars[i] == ":" else { return nil }
                    i += 1
                    guard let value = value() else { return nil }
                    members.append((key, value))
                    skip()
                    guard i < scalars.count else { return nil }
                    i += 1
                    if scalars[i - 1] == "}" { return .object(members) }
                }
            case "[":
                i += 1
                var elements: [JSONTree] = []
                skip()
                if i < scalars.count, scalars[i] == "]" {
                    i += 1
                    return .array(elements)
                }
                while true {
                    guard let value = value() else { return nil }
                    elements.append(value)
                    skip()
                    guard i < scalars.count else { return nil }
                    i += 1
                    if scalars[i - 1] == "]" { return .array(elements) }
                }
            case "\"":
                return string().map(JSONTree.string)
            case "t":
                i += 4
                return .bool(true)
            case "f":
                i += 5
                return .bool(false)
            case "n":
                i += 4
                return .null
            default:
                let start = i
                while i < scalars.count, "-+.eE0123456789".unicodeScalars.contains(scalars[i]) { i += 1 }
                return .number(String(String.UnicodeScalarView(scalars[start..<i])))
            }
        }

        mutating func string() -> String? {
            guard i < scalars.count, scalars[i] == "\"" else { return nil }
            i += 1
            var out = String.UnicodeScalarView()
            var pendingHigh: UInt32?
            while i < scalars.count, scalars[i] != "\"" {
                var scalar = scalars[i]
                i += 1
                if scalar == "\\", i < scalars.count {
                    let escape = scalars[i]
                    i += 1
                    switch escape {
                    case "n": scalar = "\n"
                    case "r": scalar = "\r"
                    case "t": scalar = "\t"
                    case "b": scalar = "\u{8}"
                    case "f": scalar = "\u{C}"
                    case "u":
                        let hex = String(String.UnicodeScalarView(scalars[i..<min(i + 4, scalars.count)]))
                        i += 4
                        let value = UInt32(hex, radix: 16) ?? 0xFFFD
                        if (0xD800...0xDBFF).contains(value) {
                            pendingHigh = value
                            continue
                        }
                        if let high = pendingHigh, (0xDC00...0xDFFF).contains(value) {
                            scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)) ?? "\u{FFFD}"
                        } else {
                            scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                        }
                        pendingHigh = nil
                    default: scalar = escape
                    }
                }
                out.append(scalar)
            }
            i += 1
            return String(out)
        }
    }
}

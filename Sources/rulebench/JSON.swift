/// A JSON value with ordered object keys, printed compactly or pretty. Non-finite numbers
/// print as `null`.
indirect enum JSON {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    /// `.number(value)`, or `.null` when `value` is `nil`.
    static func number(_ value: Double?) -> JSON { value.map { .number($0) } ?? .null }
    static func string(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
    static func bool(_ value: Bool?) -> JSON { value.map { .bool($0) } ?? .null }

    /// Compact, on one line.
    var text: String {
        var out = ""
        write(to: &out, indent: nil)
        return out
    }

    /// Two-space indentation.
    var pretty: String {
        var out = ""
        write(to: &out, indent: "")
        return out
    }

    private func write(to out: inout String, indent: String?) {
        let inner = indent.map { $0 + "  " }
        let newline = indent == nil ? "" : "\n"
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d): out += d.isFinite ? "\(d)" : "null"
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else { return out += "[]" }
            // Arrays of scalars stay on one line even when pretty.
            let scalars = items.allSatisfy {
                if case .array = $0 { return false } else if case .object = $0 { return false } else { return true }
            }
            out += "["
            for (i, item) in items.enumerated() {
                out += i == 0 ? "" : ","
                if scalars { out += i == 0 || indent == nil ? "" : " " } else { out += newline + (inner ?? "") }
                item.write(to: &out, indent: inner)
            }
            out += scalars ? "]" : newline + (indent ?? "") + "]"
        case .object(let fields):
            guard !fields.isEmpty else { return out += "{}" }
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                out += (i == 0 ? "" : ",") + newline + (inner ?? "")
                Self.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
                value.write(to: &out, indent: inner)
            }
            out += newline + (indent ?? "") + "}"
        }
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

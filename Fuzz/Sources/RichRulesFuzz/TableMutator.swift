/// The structure-aware way to a style table: a valid table from `Fuzz/Corpus`
/// (`TableSeeds`), edited where the input's bytes say — a number at or past its bounds, a
/// name the table has or does not have, a key dropped, duplicated, renamed or unknown, a
/// subtree copied elsewhere, an array's elements dropped, duplicated or swapped — so that
/// most inputs still decode and reach the validator's edges and the renderer.
enum TableMutator {
    /// The input's bytes, read in turn (zeros once they run out).
    struct Bytes {
        let bytes: [UInt8]
        var offset = 0

        mutating func next() -> UInt8 {
            defer { offset += 1 }
            return offset < bytes.count ? bytes[offset] : 0
        }

        /// A number in `0..<n` (two bytes when `n` is past 256).
        mutating func below(_ n: Int) -> Int {
            guard n > 1 else { return 0 }
            let value = n > 256 ? Int(next()) << 8 | Int(next()) : Int(next())
            return value % n
        }

        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    /// Numbers at and past the bounds the table's fields have.
    static let numbers = [
        "-1", "0", "-0", "1", "2", "3", "9", "0.5", "-0.5", "1.5", "1E2", "255", "256", "999.5", "1000", "1000.5", "1001", "-1000",
        "-1001", "10000", "10000.5", "10001", "65536", "1000000", "1000001", "-1000000", "-1000001", "2147483648",
        "9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "1e308",
        "-1e308", "1e400", "-1e400", "1e-400", "4.9e-324",
    ]

    /// Names and strings a table's fields take, and some they do not.
    static let strings = [
        "", " ", "x", "a b", "link", "email", "phone", "mention", "hashtag", "cashtag", "lnk", "url", "host", "scheme", "number",
        "user", "tag", "text", "name", "level", "index", "attribute", "href", "src", "alt", "class", "h", "h1", "h01", "h1x", "H1",
        "*", "a", "A", "img", "b", "regex", "prefix", "tagFamily", "element", "entity", "imsx", "mi", "ii", "q", "==", "!=", "<",
        ">=", "=", "middle", "baseline", "top", "before", "after", "replace", "none", "single", "dashed", "semibold", "bold", "body",
        "largeTitle", "justified", "natural", "systemBlue", "label", "clear", "#FF000080", "#ff0000", "#FF0000", "#GGGGGG",
        "#333333 dark #CCCCCC", "@\\w+", "(a", "(a)(b)", "(?<n>x)y", "\\b", "\\1", "a*", "(?=a)", "[", "é", "\u{0}", "\u{202E}",
        "😀", "ﬀ", "0123456789abcdef", String(repeating: "a", count: 300),
    ]

    /// Keys no table has.
    static let unknownKeys = ["colour", "x", "", "Name", "rules ", "__proto__", "allowOverlap", "location"]

    /// A seed table edited as `bytes` say, as JSON text.
    static func table(_ bytes: inout Bytes) -> String {
        let seeds = TableSeeds.all
        var tree = seeds[bytes.below(seeds.count)]
        for _ in 0..<(1 + bytes.below(4)) { mutate(&tree, &bytes, depth: 0) }
        return tree.text
    }

    /// Goes down the tree as the bytes say and edits the value where it stops.
    static func mutate(_ node: inout JSONTree, _ bytes: inout Bytes, depth: Int) {
        let count = node.children.count
        if count > 0, depth < 16, bytes.next() >= 40 {
            let index = bytes.below(count)
            switch node {
            case .array(var elements):
                mutate(&elements[index], &bytes, depth: depth + 1)
                node = .array(elements)
            case .object(var members):
                mutate(&members[index].value, &bytes, depth: depth + 1)
                node = .object(members)
            default: break
            }
            return
        }
        edit(&node, &bytes)
    }

    /// One edit of `node`.
    static func edit(_ node: inout JSONTree, _ bytes: inout Bytes) {
        let names = TableSeeds.names
        switch bytes.below(12) {
        case 0: node = .number(bytes.pick(numbers))
        case 1: node = .string(bytes.below(2) == 0 ? bytes.pick(strings) : bytes.pick(names))
        case 2: node = bytes.pick([.null, .bool(true), .bool(false), .array([]), .object([]), .number("0"), .string("")])
        case 3:
            // A number moved a little, or past a bound.
            guard case .number(let literal) = node, let value = Double(literal) else {
                node = .number(bytes.pick(numbers))
                return
            }
            let moved = bytes.pick([value + 1, value - 1, -value, value * 2, value + 0.5, value * 1e300, value / 3])
            node = .number(moved == moved.rounded() && abs(moved) < 1e15 ? String(Int(moved)) : "\(moved)")
        case 4, 5, 6, 7:
            guard case .object(var members) = node else { return edit(&node, &bytes) }
            let index = bytes.below(max(members.count, 1))
            switch bytes.below(4) {
            case 0 where !members.isEmpty: members.remove(at: index)
            case 1 where !members.isEmpty:
                // The same key again, with its value or another.
                let value = bytes.below(2) == 0 ? members[index].value : bytes.pick(TableSeeds.values)
                members.insert((members[index].key, value), at: bytes.below(members.count + 1))
            case 2 where !members.isEmpty:
                members[index].key = bytes.below(2) == 0 ? bytes.pick(TableSeeds.keys) : bytes.pick(unknownKeys)
            default:
                members.append((bytes.below(3) == 0 ? bytes.pick(unknownKeys) : bytes.pick(TableSeeds.keys), bytes.pick(TableSeeds.values)))
            }
            node = .object(members)
        case 8:
            guard case .array(var elements) = node, !elements.isEmpty else { return edit(&node, &bytes) }
            let index = bytes.below(elements.count)
            switch bytes.below(3) {
            case 0: elements.remove(at: index)
            case 1: elements.insert(elements[index], at: bytes.below(elements.count + 1))
            default: elements.swapAt(index, bytes.below(elements.count))
            }
            node = .array(elements)
        case 9, 10: node = bytes.pick(TableSeeds.values)
        default:
            guard case .string(let string) = node else { return edit(&node, &bytes) }
            switch bytes.below(4) {
            case 0: node = .string(string + bytes.pick(["1", "x", "$", " ", "é", "\\", ")"]))
            case 1: node = .string(String(string.dropLast()))
            case 2: node = .string(string.uppercased())
            default: node = .string(string + string)
            }
        }
    }
}

// Printers for `rulegen dump` (see `RegexProgram+Dump.swift`).

extension ScalarSet {
    /// The set in a regex-like notation for dumps: `[0-9 A-Z _ a-z]`, printable ASCII as
    /// itself (but `[ ] - \ ^`), other code points as `\x{HEX}`; past `maxRanges` ranges,
    /// `…` and how many ranges and code points the set holds in all.
    package func dumpDescription(maxRanges: Int = 8) -> String {
        if ranges.isEmpty { return "[]" }
        if ranges == ScalarSet.all.ranges { return "[any]" }
        let parts = ranges.prefix(maxRanges).map { range -> String in
            let low = Self.dumpScalar(range.lowerBound)
            if range.lowerBound == range.upperBound { return low }
            return low + "-" + Self.dumpScalar(range.upperBound)
        }
        var text = "[" + parts.joined(separator: " ")
        if ranges.count > maxRanges { text += " … (\(ranges.count) ranges, \(count) code points)" }
        return text + "]"
    }

    /// A code point in `dumpDescription`.
    package static func dumpScalar(_ value: UInt32) -> String {
        if (0x21...0x7E).contains(value), !"[]-\\^".unicodeScalars.contains(where: { $0.value == value }) {
            return String(Unicode.Scalar(UInt8(value)))
        }
        return "\\x{" + String(value, radix: 16, uppercase: true) + "}"
    }
}

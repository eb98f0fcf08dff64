/// HTML character references in UTF-16 text: `&name;` for the WHATWG named references
/// (`HTMLEntityTable`), `&#DDDD;` decimal and `&#xHHHH;` / `&#XHHHH;` hexadecimal.
///
/// The `;` is always required: the legacy names without it (`&amp`, `&copy`) are not
/// references. Names are case-sensitive (`&AMP;` and `&amp;` are references, `&Amp;` is
/// not). A numeric reference names a scalar other than U+0000, with at most `maxDigits`
/// digits (leading zeros count); anything else is not a reference and stays as written.
/// A match never reads more than `maxDigits + 3` or `HTMLEntityTable.longestName` units
/// past the `&`, so scanning a text with many `&` stays linear.
enum HTMLEntity {
    /// The most digits a numeric reference may have, leading zeros included.
    static let maxDigits = 16

    /// The character reference starting at `units[start]`, if `units[start]` is `&` and a
    /// complete reference (ending with `;`) starts there: its length in UTF-16 units,
    /// counting the `&` and the `;`, and the text it stands for (one or two scalars).
    /// `nil` when `start` is outside `units`.
    static func match(_ units: UnsafeBufferPointer<UInt16>, at start: Int) -> (length: Int, decoded: String)? {
        guard start >= 0, start + 2 < units.count, units[start] == ampersand else { return nil }
        if units[start + 1] == numberSign { return numeric(units, at: start) }
        // A name is ASCII letters and digits, then `;`.
        let nameStart = start + 1
        let limit = min(units.count, nameStart + HTMLEntityTable.longestName)
        var end = nameStart
        while end < limit, isASCIIAlphanumeric(units[end]) { end += 1 }
        guard end > nameStart, end < limit, units[end] == semicolon,
            let decoded = named.value(of: UnsafeBufferPointer(rebasing: units[nameStart...end]))
        else { return nil }
        return (end + 1 - start, decoded)
    }

    /// Every named reference of `HTMLEntityTable`, in table order: the name with its `;`
    /// (without the `&`) and the text it stands for.
    static var namedReferences: [(name: String, value: String)] { named.entries }

    /// `&#…;` at `start` (`units[start + 1]` is `#`): decimal, or hexadecimal after `x`/`X`.
    private static func numeric(_ units: UnsafeBufferPointer<UInt16>, at start: Int) -> (length: Int, decoded: String)? {
        var index = start + 2
        var radix: UInt32 = 10
        if units[index] == 0x78 || units[index] == 0x58 {  // x, X
            radix = 16
            index += 1
        }
        let digitsStart = index
        let limit = min(units.count, digitsStart + maxDigits + 1)
        // Saturates above the last scalar, so no digit string overflows.
        var value: UInt32 = 0
        while index < limit, let digit = digitValue(units[index], radix: radix) {
            value = min(value * radix + digit, 0x11_0000)
            index += 1
        }
        guard index > digitsStart, index < limit, units[index] == semicolon, value != 0,
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (index + 1 - start, String(scalar))
    }

    /// The named references, parsed from `HTMLEntityTable.entries` at first use.
    private static let named = NamedReferences(parsing: HTMLEntityTable.entries)
}

/// The named references with a hash index over their UTF-16 names.
private struct NamedReferences: Sendable {
    /// The names with their `;`, one after the other, in table order.
    private var names: [UInt16] = []
    /// Where each name starts in `names`, and a last element for the end of the last name.
    private var nameStarts: [Int32] = [0]
    /// The value of each name.
    private var values: [String] = []
    /// An open-addressing hash table with linear probing: each slot holds an entry's index
    /// plus one, or 0 when empty. Its size is a power of two, at least twice the count.
    private var slots: [UInt16]

    /// Parses the text of `HTMLEntityTable.entries`.
    init(parsing text: String) {
        values.reserveCapacity(HTMLEntityTable.count)
        for entry in text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x0A }) {
            guard let semicolonIndex = entry.firstIndex(of: UInt8(ascii: ";")) else { preconditionFailure("an entry without `;`") }
            names.append(contentsOf: entry[...semicolonIndex].map { UInt16($0) })
            nameStarts.append(Int32(names.count))
            var value = ""
            var code: UInt32 = 0
            for byte in entry[entry.index(after: semicolonIndex)...] {
                if byte == UInt8(ascii: "+") {
                    value.unicodeScalars.append(Unicode.Scalar(code)!)
                    code = 0
                } else {
                    code = code << 4 | UInt32(byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : byte - UInt8(ascii: "A") + 10)
                }
            }
            value.unicodeScalars.append(Unicode.Scalar(code)!)
            values.append(value)
        }
        precondition(values.count == HTMLEntityTable.count, "HTMLEntityTable.count disagrees with its entries")
        var size = 1
        while size < 2 * values.count { size <<= 1 }
        slots = [UInt16](repeating: 0, count: size)
        for index in values.indices {
            names.withUnsafeBufferPointer { names in
                var slot = Self.hash(UnsafeBufferPointer(rebasing: names[Int(nameStarts[index])..<Int(nameStarts[index + 1])]))
                while slots[slot & (size - 1)] != 0 { slot += 1 }
                slots[slot & (size - 1)] = UInt16(index + 1)
            }
        }
    }

    /// The value of the name `key` (with its `;`, without the `&`), if it is in the table.
    func value(of key: UnsafeBufferPointer<UInt16>) -> String? {
        names.withUnsafeBufferPointer { names in
            nameStarts.withUnsafeBufferPointer { starts in
                slots.withUnsafeBufferPointer { slots in
                    let mask = slots.count - 1
                    var slot = Self.hash(key) & mask
                    while slots[slot] != 0 {
                        let index = Int(slots[slot]) - 1
                        let name = UnsafeBufferPointer(rebasing: names[Int(starts[index])..<Int(starts[index + 1])])
                        if name.elementsEqual(key) { return values[index] }
                        slot = (slot + 1) & mask
                    }
                    return nil
                }
            }
        }
    }

    /// Every name with its `;`, and its value, in table order.
    var entries: [(name: String, value: String)] {
        values.indices.map { index in
            (utf16String(names[Int(nameStarts[index])..<Int(nameStarts[index + 1])]), values[index])
        }
    }

    /// FNV-1a over the units, folded so that its low bits (the slot) depend on every unit.
    private static func hash(_ units: UnsafeBufferPointer<UInt16>) -> Int {
        var hash: UInt32 = 0x811C_9DC5
        for unit in units { hash = (hash ^ UInt32(unit)) &* 0x0100_0193 }
        return Int(hash ^ hash >> 16)
    }
}

/// `&`, which starts every reference.
private let ampersand: UInt16 = 0x26
/// `#`, which starts a numeric reference after the `&`.
private let numberSign: UInt16 = 0x23
/// `;`, which ends every reference.
private let semicolon: UInt16 = 0x3B

/// Whether `unit` is an ASCII letter or digit, the characters of every name in the table.
@inline(__always) private func isASCIIAlphanumeric(_ unit: UInt16) -> Bool {
    let lower = unit | 0x20
    return (unit >= 0x30 && unit <= 0x39) || (lower >= 0x61 && lower <= 0x7A)
}

/// The value of `unit` as an ASCII digit of `radix` (10 or 16), or `nil`.
@inline(__always) private func digitValue(_ unit: UInt16, radix: UInt32) -> UInt32? {
    let unit = UInt32(unit)
    if unit >= 0x30 && unit <= 0x39 { return unit - 0x30 }
    guard radix == 16 else { return nil }
    let lower = unit | 0x20
    return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : nil
}

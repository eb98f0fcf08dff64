/// HTML character references (interim: the five XML names and numeric references).
enum HTMLEntity {
    /// The character reference starting at `start` (an `&`): its length in UTF-16 units and
    /// the text it stands for; `nil` when none starts there.
    static func match(_ units: UnsafeBufferPointer<UInt16>, at start: Int) -> (length: Int, decoded: String)? {
        guard start < units.count, units[start] == 0x26 else { return nil }
        var end = start + 1
        while end < units.count, end - start <= 33, units[end] != 0x3B { end += 1 }
        guard end < units.count, units[end] == 0x3B else { return nil }
        let body = utf16String(units[start..<end + 1])
        let decoded = decodeHTMLEntities(body)
        return decoded == body ? nil : (end + 1 - start, decoded)
    }
}

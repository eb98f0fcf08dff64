/// Where bytes stop being UTF-8, for errors that say where (spec files, texts files).
public enum UTF8Validation {
    /// The first ill-formed UTF-8 sequence from `start` on: its maximal subpart (the
    /// longest prefix of a well-formed sequence, or one byte).
    public static func firstIllFormedSequence(_ bytes: [UInt8], from start: Int) -> Range<Int>? {
        var i = start
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            // The sequence's length and the range of its second byte (Unicode Table 3-7).
            let length: Int
            let second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return i..<i + 1
            }
            var n = 1
            while n < length, i + n < bytes.count, (n == 1 ? second : 0x80...0xBF).contains(bytes[i + n]) { n += 1 }
            if n < length { return i..<i + n }
            i += length
        }
        return nil
    }
}

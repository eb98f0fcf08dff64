import RuleRegex

/// A text the lazy DFA reads: UTF-16 units, or a string's own UTF-8 bytes (then positions
/// are byte offsets, and nothing is transcoded unless ICU's lookaround evaluator must
/// answer). The searches are generic over it and specialized for each.
protocol SearchText {
    var count: Int { get }
    /// The class of the code point at `position` (its final variant where a line
    /// terminator ends the text) and its length.
    func inputClass(_ classes: ClassMap, at position: Int) -> (Int, Int)
    /// The look-behind context of `position`.
    func context(_ classes: ClassMap, at position: Int) -> Int
    /// The code point that ends at `position` and its length.
    func scalar(before position: Int) -> (UInt32, Int)
    /// The code point boundary `units` UTF-16 units before `position` (or after it, the
    /// first boundary at most that far back), not below 0.
    func back(units: Int, from position: Int) -> Int
    /// The first occurrence of an ASCII code point (or of `second`) at or after `from`; on
    /// UTF-8, not one followed by a byte of `notBefore` (the UTF-16 text stops at those too,
    /// and its caller's follow test skips them).
    func next(ascii: UInt8, or second: UInt8?, from: Int, notBefore: (UInt8, UInt8)?) -> Int?
    /// The first position at or after `from` whose code point may begin a match (`count`
    /// when none).
    func nextStart(_ units: StartUnits, from: Int) -> Int
    /// The farthest code point boundary at most `units` UTF-16 units before `position`
    /// whose code point may begin a match (`nil` when none).
    func farthestStart(_ starts: StartUnits, back units: Int, from position: Int) -> Int?
    /// Whether the code point at `position` may be one of `units` (`false` at the end).
    func mayStart(_ units: StartUnits, at position: Int) -> Bool
    /// The UTF-16 text and offset for ICU's lookaround evaluator at `position`.
    func utf16(at position: Int) -> (text: UnsafeBufferPointer<UInt16>, offset: Int)
}

struct UTF16SearchText: SearchText {
    let text: UnsafeBufferPointer<UInt16>

    var count: Int { text.count }

    @inline(__always) func inputClass(_ classes: ClassMap, at position: Int) -> (Int, Int) {
        classes.utf16Class(text, at: position)
    }

    @inline(__always) func context(_ classes: ClassMap, at position: Int) -> Int { classes.context(text, at: position) }

    func scalar(before position: Int) -> (UInt32, Int) {
        let (scalar, length) = UTF16Text.decode(text, before: position)
        return (scalar, length)
    }

    func back(units: Int, from position: Int) -> Int {
        var from = max(0, position - units)
        // Not inside a surrogate pair (that pair's start is out of reach anyway).
        if from > 0, from < text.count, text[from] & 0xFC00 == 0xDC00, text[from - 1] & 0xFC00 == 0xD800 { from += 1 }
        return from
    }

    func next(ascii: UInt8, or second: UInt8?, from: Int, notBefore: (UInt8, UInt8)?) -> Int? {
        LazyDFACache.next(UInt16(ascii), or: UInt16(second ?? ascii), in: text, from: from)
    }

    @inline(__always) func nextStart(_ units: StartUnits, from: Int) -> Int { units.next(in: text, from: from) }

    func farthestStart(_ starts: StartUnits, back units: Int, from position: Int) -> Int? {
        starts.farthest(in: text, back: units, from: position)
    }

    @inline(__always) func mayStart(_ units: StartUnits, at position: Int) -> Bool { units.mayStart(utf16: text, at: position) }

    func utf16(at position: Int) -> (text: UnsafeBufferPointer<UInt16>, offset: Int) { (text, position) }
}

struct UTF8SearchText: SearchText {
    let text: UnsafeBufferPointer<UInt8>
    /// The text's UTF-16 units and offsets, for ICU's evaluator (rare).
    let mirror: UTF16Mirror

    var count: Int { text.count }

    @inline(__always) func inputClass(_ classes: ClassMap, at position: Int) -> (Int, Int) {
        classes.utf8Class(text, at: position)
    }

    @inline(__always) func context(_ classes: ClassMap, at position: Int) -> Int { classes.context(text, at: position) }

    func scalar(before position: Int) -> (UInt32, Int) { UTF8Text.decode(text, before: position) }

    func back(units: Int, from position: Int) -> Int {
        var at = position
        var read = 0
        while at > 0, read < units {
            let (scalar, length) = UTF8Text.decode(text, before: at)
            let width = scalar >= 0x10000 ? 2 : 1
            guard read + width <= units else { break }
            read += width
            at -= length
        }
        return at
    }

    func next(ascii: UInt8, or second: UInt8?, from: Int, notBefore: (UInt8, UInt8)?) -> Int? {
        guard from < text.count, let base = text.baseAddress else { return nil }
        let found =
            if let notBefore {
                Prefilter.skip(base, text.count, from: from, ascii, or: second ?? ascii, notBefore: notBefore)
            } else {
                Prefilter.skip(base, text.count, from: from, ascii, or: second ?? ascii)
            }
        return found < text.count ? found : nil
    }

    @inline(__always) func nextStart(_ units: StartUnits, from: Int) -> Int { units.next(utf8: text, from: from) }

    func farthestStart(_ starts: StartUnits, back units: Int, from position: Int) -> Int? {
        starts.farthest(utf8: text, back: units, from: position)
    }

    @inline(__always) func mayStart(_ units: StartUnits, at position: Int) -> Bool { units.mayStart(utf8: text, at: position) }

    func utf16(at position: Int) -> (text: UnsafeBufferPointer<UInt16>, offset: Int) {
        (mirror.units(), mirror.offset(of: position, in: text))
    }
}

/// A UTF-8 text's UTF-16 units, made when first asked, and the UTF-16 offsets of its byte
/// offsets, counted from the last one asked (either way).
final class UTF16Mirror {
    private let make: () -> UnsafeBufferPointer<UInt16>
    private var byte = 0
    private var unit = 0

    init(_ make: @escaping () -> UnsafeBufferPointer<UInt16>) { self.make = make }

    func units() -> UnsafeBufferPointer<UInt16> { make() }

    func offset(of position: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        if position >= byte {
            unit += UTF8Text.utf16Count(text, from: byte, to: position)
        } else {
            unit -= UTF8Text.utf16Count(text, from: position, to: byte)
        }
        byte = position
        return unit
    }
}

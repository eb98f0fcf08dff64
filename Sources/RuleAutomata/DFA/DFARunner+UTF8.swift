import RuleRegex

/// The DFA on a string's own UTF-8: the same searches as on UTF-16 (`DFARunner.swift`), with
/// byte offsets. An ASCII byte is read through the class table as a code unit is; a
/// multi-byte code point is decoded in place and read as one code point (its class from
/// the BMP page tables, or the range table above them), so no text is transcoded and the
/// DFA keeps its size. Line terminators that end the text take their final classes as on
/// UTF-16 (a final `\r\n` counts as one).
///
/// Note: why not a DFA over bytes. Spelling each code point DFA out byte by byte (as
/// regex-automata compiles its UTF-8 automata) was built and measured: it agreed with the
/// code point DFA on every random pattern and text, but Unicode classes split continuation
/// bytes finely — on the random pattern grammar of the differential tests, about 1,260
/// intermediate states per rule and up to a hundred byte classes for `\d` with `\w` — so
/// the tables grew by two orders of magnitude, for the few code points a match reads that
/// are not ASCII. Decoding those costs about what the extra table steps would.
extension DFARunner {
    @inline(__always)
    func utf8Class(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> (Int, Int) { classes.utf8Class(text, at: position) }

    /// `matchAnchored` on UTF-8: the end of the leftmost-first match that starts exactly at
    /// byte `start` (a code point's first byte), -1 when there is none, or `gaveUp` when the
    /// DFA was still alive after `limit` bytes. Adds the bytes read to `steps`.
    func matchAnchored(_ text: UnsafeBufferPointer<UInt8>, at start: Int, limit: Int, steps: inout Int) -> Int {
        // A first code point that no match begins with ends the attempt before any context.
        if text[start] >= 0x80, !startClasses[utf8Class(text, at: start).0] {
            steps += 1
            return -1
        }
        return continueAnchored(
            text, from: start, row: anchoredRows[context(text, at: start)], at: start, end: -1, limit: limit, steps: &steps)
    }

    /// `continueAnchored` on UTF-8 (`row` is a row offset of `entries`).
    ///
    /// Note: runs of ASCII bytes before the text's last two bytes step through
    /// `asciiEntries` (one load a byte); other code points, and the last two bytes (where a
    /// line terminator may end the text), go through their classes.
    @inline(__always)
    func continueAnchored(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, row: Int, at position: Int, end: Int, limit: Int, steps: inout Int
    ) -> Int {
        let count = text.count
        let stop = count - start > limit ? start + limit : count
        let stateEntries = stateEntries.buffer
        var state = row / columns
        var position = position
        var end = end
        if let ascii = asciiEntries?.buffer {
            let fastStop = min(stop, count - 2)
            while true {
                while position < fastStop {
                    let byte = text[position]
                    if byte >= 0x80 { break }
                    let entry = Int(ascii[state << 7 | Int(byte)])
                    if entry & 1 != 0 { end = position }
                    state = entry >> 3
                    if state == 0 {
                        steps += position - start + 1
                        return end
                    }
                    position += 1
                }
                if position >= stop { break }
                let (inputClass, length) = utf8Class(text, at: position)
                let entry = Int(stateEntries[state * columns + inputClass])
                if entry & 1 != 0 { end = position }
                state = entry >> 3
                if state == 0 {
                    steps += position - start + 1
                    return end
                }
                position += length
            }
        } else {
            while position < stop {
                let (inputClass, length) = utf8Class(text, at: position)
                let entry = Int(stateEntries[state * columns + inputClass])
                if entry & 1 != 0 { end = position }
                state = entry >> 3
                if state == 0 {
                    steps += position - start + 1
                    return end
                }
                position += length
            }
        }
        steps += position - start
        guard position >= count else { return Self.gaveUp }
        return eoiMatch[state] != 0 ? count : end
    }

    @inline(__always)
    func context(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Int { classes.context(text, at: position) }
}

/// Reading valid UTF-8 (a Swift string's own bytes) by code point.
package enum UTF8Text {
    /// The code point starting at `position` and its length in bytes.
    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> (UInt32, Int) {
        let b0 = UInt32(text[position])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(text[position + 1]) & 0x3F, 2) }
        if b0 < 0xF0 {
            return ((b0 & 0x0F) << 12 | (UInt32(text[position + 1]) & 0x3F) << 6 | UInt32(text[position + 2]) & 0x3F, 3)
        }
        let scalar =
            (b0 & 0x07) << 18 | (UInt32(text[position + 1]) & 0x3F) << 12 | (UInt32(text[position + 2]) & 0x3F) << 6
            | UInt32(text[position + 3]) & 0x3F
        return (scalar, 4)
    }

    /// The code point ending just before `position` and its length in bytes.
    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt8>, before position: Int) -> (UInt32, Int) {
        var start = position - 1
        while start > 0, text[start] & 0xC0 == 0x80 { start -= 1 }
        return decode(text, at: start)
    }

    /// The line terminators of `.`, `^` and `$`: LF, VT, FF, CR, NEL, LS, PS.
    @inline(__always)
    static func isLineTerminator(_ scalar: UInt32) -> Bool {
        (scalar >= 0x0A && scalar <= 0x0D) || scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029
    }
}

extension UTF8Text {
    /// The number of UTF-16 code units of the valid UTF-8 `text[from..<to]` (code point
    /// boundaries): one per byte that is not a continuation byte, two for a four-byte
    /// sequence. Sixteen bytes at a time, then eight, the last few in one masked word.
    @inline(__always)
    package static func utf16Count(_ text: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        guard let base = text.baseAddress, from < to else { return 0 }
        let raw = UnsafeRawPointer(base)
        var count = 0
        var i = from
        while i + 16 <= to {
            let words = raw.loadUnaligned(fromByteOffset: i, as: SIMD2<UInt64>.self)
            count += 16 + extraUnits(words[0]) + extraUnits(words[1])
            i += 16
        }
        if i + 8 <= to {
            count += 8 + extraUnits(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        let rest = to - i
        guard rest > 0 else { return count }
        if to >= 8 {
            // The word that ends at `to`, with the bytes before `i` (read already) cleared.
            let w = raw.loadUnaligned(fromByteOffset: to - 8, as: UInt64.self) & ~((1 << UInt64(8 * (8 - rest))) - 1)
            // Cleared bytes are ASCII: they count one each, as the `8 - rest` not asked for.
            return count + rest + extraUnits(w)
        }
        while i < to {
            let b = text[i]
            count += (b & 0xC0 != 0x80 ? 1 : 0) + (b >= 0xF0 ? 1 : 0)
            i += 1
        }
        return count
    }

    /// UTF-16 units of eight bytes of UTF-8 minus 8: minus one per continuation byte
    /// (`10xxxxxx`), plus one per four-byte lead (`11110xxx`).
    @inline(__always)
    static func extraUnits(_ w: UInt64) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080
        guard w & high != 0 else { return 0 }
        let continuation = (w & high & ~(w << 1)) >> 7
        let leads = (w & (w << 1) & (w << 2) & (w << 3) & high) >> 7
        // Bytes of 0 or 1 summed into the top byte.
        let ones: UInt64 = 0x0101_0101_0101_0101
        return Int((leads &* ones) >> 56) - Int((continuation &* ones) >> 56)
    }

    /// The byte offset at or after `from` (a code point boundary) where `units` UTF-16 code
    /// units have been read.
    static func byteOffset(_ text: UnsafeBufferPointer<UInt8>, from: Int, units: Int) -> Int {
        var i = from
        var read = 0
        while read < units, i < text.count {
            let b = text[i]
            let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            read += length == 4 ? 2 : 1
            i += length
        }
        return i
    }
}

/// UTF-16 offsets of byte offsets read in increasing order (the scan's positions).
package struct UTF16Counter {
    private(set) var byte = 0
    private(set) var unit = 0

    package init() {}

    /// The UTF-16 offset of byte offset `position` (at or after the last one asked).
    @inline(__always)
    package mutating func offset(of position: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        unit += UTF8Text.utf16Count(text, from: byte, to: position)
        byte = position
        return unit
    }
}

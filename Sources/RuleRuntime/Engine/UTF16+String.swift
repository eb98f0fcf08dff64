/// Decodes a slice of UTF-16 code units (lone surrogates become U+FFFD) straight into a
/// string's UTF-8 storage.
///
/// Note: `String(decoding:as: UTF16.self)` takes a slow generic path on Linux (about ten
/// times slower on CJK and emoji text); rendering builds a string per plain run, so this
/// transcoder is on the hot path.
func utf16String(_ units: ArraySlice<UInt16>) -> String {
    units.withUnsafeBufferPointer { buffer in
        utf16String(buffer)
    }
}

/// Decodes a slice of a buffer of UTF-16 code units.
func utf16String(_ units: Slice<UnsafeBufferPointer<UInt16>>) -> String {
    utf16String(UnsafeBufferPointer(rebasing: units))
}

/// Decodes a whole buffer of UTF-16 code units.
func utf16String(_ buffer: UnsafeBufferPointer<UInt16>) -> String {
    var capacity = 0
    for unit in buffer { capacity += unit < 0x80 ? 1 : (unit < 0x800 ? 2 : 3) }
    if capacity == 0 { return "" }
    return String(unsafeUninitializedCapacity: capacity) { bytes in
        var out = 0
        var i = 0
        let count = buffer.count
        while i < count {
            let unit = UInt32(buffer[i])
            i += 1
            var scalar = unit
            if unit < 0x80 {
                bytes[out] = UInt8(truncatingIfNeeded: unit)
                out += 1
                continue
            }
            if unit & 0xFC00 == 0xD800, i < count, UInt32(buffer[i]) & 0xFC00 == 0xDC00 {
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (UInt32(buffer[i]) - 0xDC00)
                i += 1
            } else if unit & 0xF800 == 0xD800 {
                scalar = 0xFFFD
            }
            if scalar < 0x800 {
                bytes[out] = UInt8(0xC0 | (scalar >> 6))
                bytes[out + 1] = UInt8(0x80 | (scalar & 0x3F))
                out += 2
            } else if scalar < 0x10000 {
                bytes[out] = UInt8(0xE0 | (scalar >> 12))
                bytes[out + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                bytes[out + 2] = UInt8(0x80 | (scalar & 0x3F))
                out += 3
            } else {
                bytes[out] = UInt8(0xF0 | (scalar >> 18))
                bytes[out + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
                bytes[out + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                bytes[out + 3] = UInt8(0x80 | (scalar & 0x3F))
                out += 4
            }
        }
        return out
    }
}

/// The UTF-16 code units of a string, transcoded straight from its UTF-8 storage.
///
/// Note: `Array(text.utf16)` goes through a generic index walk on non-ASCII strings (about
/// seventy instructions a character).
func utf16Units(_ text: String) -> [UInt16] {
    var text = text
    return text.withUTF8 { bytes in
        if bytes.isEmpty { return [] }
        return [UInt16](unsafeUninitializedCapacity: bytes.count) { out, initialized in
            initialized = transcodeUTF16(bytes, into: out.baseAddress!)
        }
    }
}

/// Writes the UTF-16 code units of valid UTF-8 `bytes` to `out` (room for `bytes.count`
/// units) and returns how many it wrote.
private func transcodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt16>) -> Int {
    var i = 0
    var o = 0
    let count = bytes.count
    let base = UnsafeRawPointer(bytes.baseAddress)
    while i < count {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 {
            // ASCII: the next sixteen bytes widened at once, of which the run of
            // ASCII bytes counts (the rest is overwritten by what follows; the
            // output never runs ahead of the input, so sixteen units always fit).
            if let base, i + 16 <= count {
                let low = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let high = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                let wide = SIMD16<UInt16>(truncatingIfNeeded: base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
                UnsafeMutableRawPointer(out + o).storeBytes(of: wide, as: SIMD16<UInt16>.self)
                let lowBits = low & 0x8080_8080_8080_8080, highBits = high & 0x8080_8080_8080_8080
                let run =
                    lowBits != 0 ? lowBits.trailingZeroBitCount >> 3 : (highBits != 0 ? 8 + highBits.trailingZeroBitCount >> 3 : 16)
                i += run
                o += run
                continue
            }
            out[o] = UInt16(b0)
            i += 1
            o += 1
        } else if b0 >= 0xE0 && b0 < 0xF0 {
            out[o] = UInt16(((b0 & 0x0F) << 12) | ((UInt32(bytes[i + 1]) & 0x3F) << 6) | (UInt32(bytes[i + 2]) & 0x3F))
            i += 3
            o += 1
        } else if b0 < 0xE0 {
            out[o] = UInt16(((b0 & 0x1F) << 6) | (UInt32(bytes[i + 1]) & 0x3F))
            i += 2
            o += 1
        } else {
            let scalar =
                ((b0 & 0x07) << 18) | ((UInt32(bytes[i + 1]) & 0x3F) << 12) | ((UInt32(bytes[i + 2]) & 0x3F) << 6)
                | (UInt32(bytes[i + 3]) & 0x3F)
            out[o] = UInt16(0xD800 + ((scalar - 0x10000) >> 10))
            out[o + 1] = UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF))
            i += 4
            o += 2
        }
    }
    return o
}

/// The UTF-16 code units of a text in one allocation (the units live in the object), as
/// `render` uses them: a `[UInt16]` would cost a run-time metadata lookup per text on
/// Linux (its storage type is looked up, not referenced), about a tenth of a short
/// label's render.
final class TextUnits: ManagedBuffer<Int, UInt16> {
    /// The units of `text`.
    static func make(_ text: String) -> TextUnits {
        var text = text
        return text.withUTF8 { bytes in
            let object = unsafeDowncast(TextUnits.create(minimumCapacity: max(bytes.count, 1)) { _ in 0 }, to: TextUnits.self)
            object.withUnsafeMutablePointers { count, units in
                count.pointee = bytes.isEmpty ? 0 : transcodeUTF16(bytes, into: units)
            }
            return object
        }
    }

    /// The units; valid as long as the object lives.
    var buffer: UnsafeBufferPointer<UInt16> {
        withUnsafeMutablePointers { count, units in UnsafeBufferPointer(start: units, count: count.pointee) }
    }
}

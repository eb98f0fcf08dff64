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
/// units) and returns how many it wrote. With `marks`, also sets bit `k` of `marks.bits`
/// (zeroed, room for `bytes.count + 64` bits) for every unit `k` equal to one of
/// `marks.targets` (ASCII units), so that the prefilter's skip costs nothing.
@inline(__always)
private func transcodeUTF16(
    _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt16>,
    marks: (targets: SIMD8<UInt16>, bits: UnsafeMutablePointer<UInt64>)? = nil
) -> Int {
    var i = 0
    var o = 0
    let count = bytes.count
    let base = UnsafeRawPointer(bytes.baseAddress)
    // The targets as byte lanes, for the sixteen-byte ASCII blocks.
    var t0 = SIMD16<UInt8>(), t1 = t0, t2 = t0, t3 = t0, t4 = t0, t5 = t0, t6 = t0, t7 = t0
    if let targets = marks?.targets {
        t0 = .init(repeating: UInt8(targets[0])); t1 = .init(repeating: UInt8(targets[1]))
        t2 = .init(repeating: UInt8(targets[2])); t3 = .init(repeating: UInt8(targets[3]))
        t4 = .init(repeating: UInt8(targets[4])); t5 = .init(repeating: UInt8(targets[5]))
        t6 = .init(repeating: UInt8(targets[6])); t7 = .init(repeating: UInt8(targets[7]))
    }
    while i < count {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 {
            // ASCII: the next sixteen bytes widened at once, of which the run of
            // ASCII bytes counts (the rest is overwritten by what follows; the
            // output never runs ahead of the input, so sixteen units always fit).
            if let base, i + 16 <= count {
                let block = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let words = unsafeBitCast(block, to: SIMD2<UInt64>.self)
                UnsafeMutableRawPointer(out + o).storeBytes(of: SIMD16<UInt16>(truncatingIfNeeded: block), as: SIMD16<UInt16>.self)
                let lowBits = words[0] & 0x8080_8080_8080_8080, highBits = words[1] & 0x8080_8080_8080_8080
                let run = lowBits != 0 ? lowBits.trailingZeroBitCount >> 3 : (highBits != 0 ? 8 + highBits.trailingZeroBitCount >> 3 : 16)
                if let marks {
                    if run < 4 {
                        // A short run (mixed scripts): cheaper unit by unit.
                        for k in 0..<run where any(SIMD8<UInt16>(repeating: UInt16(block[k])) .== marks.targets) {
                            marks.bits[(o + k) >> 6] |= 1 << UInt64((o + k) & 63)
                        }
                    } else {
                        let hit =
                            (block .== t0) .| (block .== t1) .| (block .== t2) .| (block .== t3) .| (block .== t4) .| (block .== t5)
                            .| (block .== t6) .| (block .== t7)
                        let lanes = unsafeBitCast(SIMD16<UInt8>(repeating: 0).replacing(with: 0x80, where: hit), to: SIMD2<UInt64>.self)
                        // Each word's top bits gathered into one byte (lane k → bit k), the run kept.
                        let gather: UInt64 = 0x0002_0408_1020_4081
                        let low = (lanes[0] &* gather) >> 56, high = (lanes[1] &* gather) >> 56
                        let mask = (low | high << 8) & ((1 << UInt64(run)) - 1)
                        if mask != 0 {
                            marks.bits[o >> 6] |= mask << UInt64(o & 63)
                            if o & 63 > 48 { marks.bits[(o >> 6) + 1] |= mask >> UInt64(64 - (o & 63)) }
                        }
                    }
                }
                i += run
                o += run
                continue
            }
            out[o] = UInt16(b0)
            if let marks, any(SIMD8<UInt16>(repeating: UInt16(b0)) .== marks.targets) { marks.bits[o >> 6] |= 1 << UInt64(o & 63) }
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
/// label's render. With `targets`, the object also holds a bit per unit marking the
/// units equal to one of them (`marks`), found while transcoding.
final class TextUnits: ManagedBuffer<TextUnits.Header, UInt16> {
    struct Header {
        var count: Int
        /// Offset of the marks in the elements (in units, 8-byte aligned), or -1.
        var marks: Int
    }

    /// The units of `text`, and the marks of `targets` (eight ASCII units) when given.
    static func make(_ text: String, marking targets: SIMD8<UInt16>? = nil) -> TextUnits {
        var text = text
        return text.withUTF8 { bytes in
            let unitCapacity = (bytes.count + 4) & ~3  // keeps the marks 8-byte aligned
            let words = targets == nil ? 0 : bytes.count / 64 + 2
            let object = unsafeDowncast(
                TextUnits.create(minimumCapacity: unitCapacity + 4 * words) { _ in Header(count: 0, marks: -1) }, to: TextUnits.self)
            object.withUnsafeMutablePointers { header, units in
                if let targets {
                    let bits = UnsafeMutableRawPointer(units + unitCapacity).bindMemory(to: UInt64.self, capacity: words)
                    bits.initialize(repeating: 0, count: words)
                    header.pointee.marks = unitCapacity
                    header.pointee.count = bytes.isEmpty ? 0 : transcodeUTF16(bytes, into: units, marks: (targets, bits))
                } else {
                    header.pointee.count = bytes.isEmpty ? 0 : transcodeUTF16(bytes, into: units)
                }
            }
            return object
        }
    }

    /// The units; valid as long as the object lives.
    var buffer: UnsafeBufferPointer<UInt16> {
        withUnsafeMutablePointers { header, units in UnsafeBufferPointer(start: units, count: header.pointee.count) }
    }

    /// Bit `k` set where unit `k` is one of the targets given to `make` (`nil` without
    /// targets); room for `buffer.count + 64` bits. Valid as long as the object lives.
    var marks: UnsafePointer<UInt64>? {
        withUnsafeMutablePointers { header, units in
            header.pointee.marks < 0
                ? nil : UnsafePointer(UnsafeRawPointer(units + header.pointee.marks).assumingMemoryBound(to: UInt64.self))
        }
    }
}

extension TextUnits {
    /// Room for at least `capacity` units, none written yet: a stream's text, which grows in
    /// place (`append(_:)`) while the results made so far read the units they had
    /// (`MatchContext` keeps its own count).
    static func growable(capacity: Int) -> TextUnits {
        unsafeDowncast(TextUnits.create(minimumCapacity: max(capacity, 16)) { _ in Header(count: 0, marks: -1) }, to: TextUnits.self)
    }

    /// Appends `units` after the last unit when they fit in the capacity (units already
    /// written never change); `false`, and nothing written, when they do not.
    func append(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        withUnsafeMutablePointers { header, storage in
            let count = header.pointee.count
            guard header.pointee.marks < 0, count + units.count <= capacity, let base = units.baseAddress else {
                return units.isEmpty
            }
            (storage + count).update(from: base, count: units.count)
            header.pointee.count = count + units.count
            return true
        }
    }

    /// The first `count` units, without reading the header (another thread may be
    /// appending): valid as long as the object lives.
    func prefix(_ count: Int) -> UnsafeBufferPointer<UInt16> {
        withUnsafeMutablePointers { _, units in UnsafeBufferPointer(start: units, count: count) }
    }

    /// The text of `range` (inside the units).
    func string(_ range: TextRange) -> String {
        utf16String(buffer[range.location..<range.upperBound])
    }
}

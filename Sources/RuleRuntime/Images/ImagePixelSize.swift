import Foundation

/// The size of an image in pixels, read from its header without decoding it (no UIKit).
///
/// `init?(imageData:)` reads PNG, GIF, JPEG, WebP and BMP headers. The size is the upright
/// one, as `UIImage.size` × `scale` reports it: a JPEG whose EXIF orientation turns it a
/// quarter (orientations 5–8) has its width and height swapped.
public struct ImagePixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size in the header of `imageData`; `nil` when the format is not one of PNG, GIF,
    /// JPEG, WebP and BMP, when the header is truncated or malformed, or when a dimension
    /// is 0. Reads only the header (for JPEG, the segments before the frame header), never
    /// outside `imageData`, whatever its bytes.
    public init?(imageData: Data) {
        guard
            let size = imageData.withUnsafeBytes({ raw -> ImagePixelSize? in
                let bytes = HeaderBytes(raw)
                return Self.png(bytes) ?? Self.gif(bytes) ?? Self.jpeg(bytes) ?? Self.webP(bytes) ?? Self.bmp(bytes)
            }), size.width > 0, size.height > 0
        else { return nil }
        self = size
    }

    public var description: String { "\(width)x\(height)" }

    // MARK: Formats

    /// PNG: the IHDR chunk, the first one (after Apple's `CgBI` chunk in an Xcode-crushed PNG).
    static func png(_ b: HeaderBytes) -> ImagePixelSize? {
        guard b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        var chunk = 8
        if b.matches("CgBI", at: chunk + 4), let length = b.be32(chunk) {
            chunk += 12 + Int(length)
        }
        guard b.matches("IHDR", at: chunk + 4), let width = b.be32(chunk + 8), let height = b.be32(chunk + 12) else { return nil }
        return ImagePixelSize(width: Int(width), height: Int(height))
    }

    /// GIF: the logical screen size.
    static func gif(_ b: HeaderBytes) -> ImagePixelSize? {
        guard b.matches("GIF87a", at: 0) || b.matches("GIF89a", at: 0), let width = b.le16(6), let height = b.le16(8) else { return nil }
        return ImagePixelSize(width: Int(width), height: Int(height))
    }

    /// JPEG: the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC), reached by
    /// skipping every segment before it by its length; an EXIF orientation of 5–8 in an
    /// APP1 segment before it swaps the dimensions.
    static func jpeg(_ b: HeaderBytes) -> ImagePixelSize? {
        guard b.starts(with: [0xFF, 0xD8]) else { return nil }
        var offset = 2
        var quarterTurn = false
        while true {
            guard b.u8(offset) == 0xFF else { return nil }
            // Any number of 0xFF fill bytes may precede a marker.
            while b.u8(offset) == 0xFF { offset += 1 }
            guard let marker = b.u8(offset) else { return nil }
            offset += 1
            switch marker {
            case 0x01, 0xD0...0xD8:
                continue  // standalone markers: no length
            case 0xD9, 0xDA:
                return nil  // end of image, or scan data before any frame header
            default:
                break
            }
            guard let length = b.be16(offset), length >= 2 else { return nil }
            let segment = offset + 2
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                // precision (1), height (2), width (2)
                guard length >= 7, let height = b.be16(segment + 1), let width = b.be16(segment + 3) else { return nil }
                return quarterTurn
                    ? ImagePixelSize(width: Int(height), height: Int(width)) : ImagePixelSize(width: Int(width), height: Int(height))
            }
            if marker == 0xE1, let orientation = exifOrientation(b, segment: segment, end: offset + Int(length)) {
                quarterTurn = (5...8).contains(orientation)
            }
            offset += Int(length)
        }
    }

    /// The orientation tag (0x0112) of IFD0 in an APP1 segment holding EXIF data
    /// (`Exif\0\0`, then a TIFF header), reading nothing past `end`.
    static func exifOrientation(_ whole: HeaderBytes, segment: Int, end: Int) -> Int? {
        guard end <= whole.count, segment + 6 <= end, whole.matches("Exif\0\0", at: segment) else { return nil }
        let b = whole.slice(segment + 6, end)
        let littleEndian: Bool
        if b.matches("II", at: 0) {
            littleEndian = true
        } else if b.matches("MM", at: 0) {
            littleEndian = false
        } else {
            return nil
        }
        func u16(_ at: Int) -> UInt16? { littleEndian ? b.le16(at) : b.be16(at) }
        func u32(_ at: Int) -> UInt32? { littleEndian ? b.le32(at) : b.be32(at) }
        guard u16(2) == 42, let ifd = u32(4), ifd < b.count, let count = u16(Int(ifd)) else { return nil }
        for entry in 0..<Int(count) {
            let at = Int(ifd) + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            // Type 3 (SHORT), count 1: the value sits in the first two bytes of the value field.
            if tag == 0x0112 { return u16(at + 2) == 3 ? u16(at + 8).map(Int.init) : nil }
        }
        return nil
    }

    /// WebP: the `VP8 ` (lossy), `VP8L` (lossless) or `VP8X` (extended) chunk after the RIFF header.
    static func webP(_ b: HeaderBytes) -> ImagePixelSize? {
        guard b.matches("RIFF", at: 0), b.matches("WEBP", at: 8) else { return nil }
        if b.matches("VP8 ", at: 12) {
            // frame tag (3), start code 9D 01 2A, then 14-bit width and height (2 scale bits each).
            guard b.u8(23) == 0x9D, b.u8(24) == 0x01, b.u8(25) == 0x2A, let width = b.le16(26), let height = b.le16(28) else {
                return nil
            }
            return ImagePixelSize(width: Int(width & 0x3FFF), height: Int(height & 0x3FFF))
        }
        if b.matches("VP8L", at: 12) {
            // signature 0x2F, then 14 bits width - 1 and 14 bits height - 1.
            guard b.u8(20) == 0x2F, let bits = b.le32(21) else { return nil }
            return ImagePixelSize(width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        }
        if b.matches("VP8X", at: 12) {
            // flags (1), reserved (3), then 24-bit canvas width - 1 and height - 1.
            guard let width = b.le24(24), let height = b.le24(27) else { return nil }
            return ImagePixelSize(width: Int(width) + 1, height: Int(height) + 1)
        }
        return nil
    }

    /// BMP: the DIB header after the 14-byte file header (16-bit sizes in the 12-byte OS/2
    /// header, signed 32-bit ones in the others; a negative height is a top-down bitmap).
    static func bmp(_ b: HeaderBytes) -> ImagePixelSize? {
        guard b.matches("BM", at: 0), let headerSize = b.le32(14) else { return nil }
        if headerSize == 12 {
            guard let width = b.le16(18), let height = b.le16(20) else { return nil }
            return ImagePixelSize(width: Int(width), height: Int(height))
        }
        guard headerSize >= 16, let width = b.le32(18), let height = b.le32(22) else { return nil }
        let signedWidth = Int(Int32(bitPattern: width)), signedHeight = Int(Int32(bitPattern: height))
        guard signedWidth > 0 else { return nil }
        return ImagePixelSize(width: signedWidth, height: abs(signedHeight))
    }
}

/// Bounds-checked reads from a byte buffer: every read outside it is `nil`.
struct HeaderBytes {
    let raw: UnsafeRawBufferPointer
    /// The readable bytes are `raw[start..<end]`; offsets are relative to `start`.
    let start: Int
    let end: Int

    init(_ raw: UnsafeRawBufferPointer) {
        self.raw = raw
        start = 0
        end = raw.count
    }

    private init(raw: UnsafeRawBufferPointer, start: Int, end: Int) {
        self.raw = raw
        self.start = start
        self.end = end
    }

    var count: Int { end - start }

    /// The bytes `from..<to` (clamped to these bytes), with offsets starting at 0 again.
    func slice(_ from: Int, _ to: Int) -> HeaderBytes {
        let lower = start + min(max(from, 0), count)
        return HeaderBytes(raw: raw, start: lower, end: max(lower, start + min(max(to, 0), count)))
    }

    /// Whether `n` bytes at `offset` are inside the buffer (no overflow for any `offset`).
    private func has(_ n: Int, at offset: Int) -> Bool { offset >= 0 && offset <= count - n }

    func u8(_ offset: Int) -> UInt8? { has(1, at: offset) ? raw[start + offset] : nil }

    private func bytes(_ n: Int, at offset: Int) -> [UInt8]? {
        has(n, at: offset) ? (0..<n).map { raw[start + offset + $0] } : nil
    }

    func be16(_ offset: Int) -> UInt16? { bytes(2, at: offset).map { UInt16($0[0]) << 8 | UInt16($0[1]) } }
    func le16(_ offset: Int) -> UInt16? { bytes(2, at: offset).map { UInt16($0[1]) << 8 | UInt16($0[0]) } }
    func le24(_ offset: Int) -> UInt32? { bytes(3, at: offset).map { UInt32($0[2]) << 16 | UInt32($0[1]) << 8 | UInt32($0[0]) } }
    func be32(_ offset: Int) -> UInt32? { bytes(4, at: offset).map { $0.reduce(0) { $0 << 8 | UInt32($1) } } }
    func le32(_ offset: Int) -> UInt32? { bytes(4, at: offset).map { $0.reversed().reduce(0) { $0 << 8 | UInt32($1) } } }

    func starts(with prefix: [UInt8]) -> Bool { bytes(prefix.count, at: 0) == prefix }

    /// Whether the ASCII text `ascii` is at `offset`.
    func matches(_ ascii: String, at offset: Int) -> Bool {
        let expected = Array(ascii.utf8)
        return bytes(expected.count, at: offset) == expected
    }
}

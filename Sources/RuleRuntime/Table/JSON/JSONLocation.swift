/// A 1-based line and column in a JSON document: lines end at LF, CR LF or CR (JSON's
/// line breaks); columns count Unicode scalars, as spec diagnostics do, and a byte order
/// mark at the start does not count.
public struct JSONLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The place of the byte at `offset` in `bytes` (`offset` may be the end).
    init(offset: Int, in bytes: [UInt8]) {
        var line = 1
        var lineStart = bytes.starts(with: JSONScanner.byteOrderMark) ? JSONScanner.byteOrderMark.count : 0
        var i = lineStart
        let end = min(offset, bytes.count)
        while i < end {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D {
                i += b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                // A CR LF pair counts as one break even when `offset` points at its LF.
                line += 1
                lineStart = i
            } else {
                i += 1
            }
        }
        var column = 1
        for b in bytes[min(lineStart, end)..<end] where b & 0xC0 != 0x80 { column += 1 }
        self.init(line: line, column: column)
    }

    public var description: String { "\(line):\(column)" }
}

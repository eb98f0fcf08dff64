/// The `.richrules` language front end: source files, diagnostics, the lexer, the
/// parser and the AST.
///
/// `SourceFile` → `Lexer` (tokens with spans) → `Parser` (recovering, every error
/// reported) → `SpecFile` (the AST, spans on every node). Semantic checks live in
/// `RuleCompiler`.

/// A source text held as Unicode scalars; offsets everywhere in the front end count
/// scalars from the start of the file.
public final class SourceFile: Sendable {
    /// The path as given by the user (used verbatim in diagnostics).
    public let path: String
    public let text: String
    public let scalars: [Unicode.Scalar]
    /// Offsets where each line starts.
    let lineStarts: [Int]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        let scalars = Array(text.unicodeScalars)
        self.scalars = scalars
        var starts = [0]
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1 }
            if c == "\n" || c == "\r" || c == "\u{2028}" || c == "\u{2029}" { starts.append(i + 1) }
            i += 1
        }
        self.lineStarts = starts
    }

    /// 1-based line and column (in scalars) of an offset.
    public func location(of offset: Int) -> SourceLocation {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return SourceLocation(line: lo + 1, column: offset - lineStarts[lo] + 1)
    }

    /// The source text of a span (clamped to the file).
    public func text(of span: SourceSpan) -> String {
        let start = min(max(span.start, 0), scalars.count)
        let end = min(max(span.end, start), scalars.count)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    /// The text of a 1-based line, without its terminator.
    public func lineText(_ line: Int) -> String {
        text(of: SourceSpan(start: lineRange(line).lowerBound, end: lineRange(line).upperBound))
    }

    /// The scalar offsets of a 1-based line, without its terminator.
    public func lineRange(_ line: Int) -> Range<Int> {
        guard line >= 1, line <= lineStarts.count else { return scalars.count..<scalars.count }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : scalars.count
        while end > start, ["\n", "\r", "\u{2028}", "\u{2029}"].contains(scalars[end - 1]) { end -= 1 }
        return start..<end
    }
}

/// A 1-based line and column.
extension SourceFile {
    /// One file, or two reads of one path that hold the same text.
    public func isSame(as other: SourceFile) -> Bool {
        self === other || (path == other.path && text == other.text)
    }
}

public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool { (a.line, a.column) < (b.line, b.column) }
    public var description: String { "\(line):\(column)" }
}

/// A half-open range of scalar offsets in one source file.
public struct SourceSpan: Sendable, Hashable {
    public var start: Int
    public var end: Int
    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }
    public var length: Int { end - start }
    /// The smallest span covering both.
    public func union(_ other: SourceSpan) -> SourceSpan {
        SourceSpan(start: min(start, other.start), end: max(end, other.end))
    }
    /// A sub-span `offset ..< offset + length` relative to `start`.
    public func subspan(offset: Int, length: Int) -> SourceSpan {
        SourceSpan(start: start + offset, end: start + offset + length)
    }
}

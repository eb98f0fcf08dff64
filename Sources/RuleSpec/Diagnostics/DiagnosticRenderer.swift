/// Prints diagnostics as compilers do, so that SwiftPM and Xcode put them on the spec's
/// line:
///
/// ```
/// Specs/a.richrules:3:16: error: unknown style 'lnk'
/// rule x { style lnk }
///                ^~~
/// ```
public enum DiagnosticRenderer {
    /// One diagnostic with its source line, caret and notes. `showsWarningFlag` appends
    /// `[-Wname]` to warnings and notes (the flag that turns them off).
    public static func render(_ d: Diagnostic, showsWarningFlag: Bool = false) -> String {
        var out = header(severity: d.severity, message: d.message, ref: d.ref, path: d.path)
        if showsWarningFlag, d.severity != .error { out += " [-W\(d.name)]" }
        out += "\n"
        if let ref = d.ref { out += snippet(ref) }
        for note in d.notes {
            out += header(severity: .note, message: note.message, ref: note.ref, path: note.ref == nil ? d.path : nil) + "\n"
            if let ref = note.ref { out += snippet(ref) }
        }
        return out
    }

    /// All diagnostics, in order.
    public static func render(_ diagnostics: [Diagnostic], showsWarningFlag: Bool = false) -> String {
        diagnostics.map { render($0, showsWarningFlag: showsWarningFlag) }.joined()
    }

    static func header(severity: Severity, message: String, ref: SourceRef?, path: String?) -> String {
        let message = escaped(message)
        if let ref {
            let loc = ref.location
            return "\(escaped(ref.file.path)):\(loc.line):\(loc.column): \(severity.rawValue): \(message)"
        }
        if let path { return "\(escaped(path)): \(severity.rawValue): \(message)" }
        return "\(severity.rawValue): \(message)"
    }

    /// The widest source excerpt shown, in code points: a longer line is shown as a
    /// window around the caret, cut with `…` on either side.
    static let windowWidth = 120
    /// How much of a long line the window shows before the caret.
    static let windowLead = 40

    /// The source line and a caret line under the span (tabs kept so columns line up;
    /// a span running past the line end, or the window, is cut there). Control and
    /// bidirectional-override characters show as one visible character each, so they can
    /// neither drive the terminal nor reorder the line.
    static func snippet(_ ref: SourceRef) -> String {
        let loc = ref.location
        let range = ref.file.lineRange(loc.line)
        let scalars = ref.file.scalars
        let length = range.count
        let startColumn = min(loc.column - 1, length)
        var from = 0
        var to = length
        if length > windowWidth {
            from = max(0, min(startColumn - windowLead, length - windowWidth))
            to = from + windowWidth
        }
        var line = from > 0 ? "…" : ""
        var caret = from > 0 ? " " : ""
        for i in from..<to {
            let c = scalars[range.lowerBound + i]
            line.unicodeScalars.append(visible(c))
            if i < startColumn { caret += c == "\t" ? "\t" : (isWide(c) ? "  " : " ") }
        }
        if to < length { line += "…" }
        caret += "^"
        let end = min(startColumn + max(ref.span.length, 1), to)
        if startColumn + 1 < end {
            for i in (startColumn + 1)..<end { caret += isWide(scalars[range.lowerBound + i]) ? "~~" : "~" }
        }
        return line + "\n" + caret + "\n"
    }

    /// What a source line shows for `c`: itself, or for a C0 or C1 control character,
    /// DEL or a bidirectional control, a visible stand-in one column wide (the Control
    /// Pictures block for C0 and DEL, U+FFFD for the others).
    static func visible(_ c: Unicode.Scalar) -> Unicode.Scalar {
        switch c.value {
        case 0x09: return c
        case 0x00...0x1F: return Unicode.Scalar(0x2400 + c.value)!
        case 0x7F: return "\u{2421}"
        case 0x80...0x9F, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return "\u{FFFD}"
        default: return c
        }
    }

    /// A message or path with its control and bidirectional-control characters escaped
    /// (`\n`, `\u{1B}`), so that one diagnostic stays one line whatever a spec holds.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { visible($0) != $0 }) else { return text }
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default:
                if visible(c) != c { out += "\\u{\(String(c.value, radix: 16, uppercase: true))}" } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }

    /// East Asian wide characters take two terminal columns.
    static func isWide(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

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
        if let ref {
            let loc = ref.location
            return "\(ref.file.path):\(loc.line):\(loc.column): \(severity.rawValue): \(message)"
        }
        if let path { return "\(path): \(severity.rawValue): \(message)" }
        return "\(severity.rawValue): \(message)"
    }

    /// The source line and a caret line under the span (tabs kept so columns line up;
    /// a span running past the line end is cut there).
    static func snippet(_ ref: SourceRef) -> String {
        let loc = ref.location
        let line = ref.file.lineText(loc.line)
        let scalars = Array(line.unicodeScalars)
        let startCol = min(loc.column - 1, scalars.count)
        var caret = ""
        for c in scalars[0..<startCol] { caret += c == "\t" ? "\t" : (isWide(c) ? "  " : " ") }
        caret += "^"
        let visible = min(ref.span.length, max(scalars.count - startCol, 1))
        if visible > 1 {
            for c in scalars[(startCol + 1)..<min(startCol + visible, scalars.count)] { caret += isWide(c) ? "~~" : "~" }
        }
        return line + "\n" + caret + "\n"
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

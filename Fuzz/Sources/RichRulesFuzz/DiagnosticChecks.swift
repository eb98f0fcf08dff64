import RuleSpec

/// Diagnostics as `rulegen lint` prints them: every located one (and every note) is at a
/// line and column from 1 inside the file, and each renders as one header line per
/// diagnostic and note plus two lines (source, caret) per location, with no character that
/// could drive a terminal or reorder the line.
enum DiagnosticChecks {
    static func check(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            check(diagnostic.ref, of: diagnostic)
            for note in diagnostic.notes { check(note.ref, of: diagnostic) }
            checkRendering(diagnostic)
        }
    }

    static func check(_ ref: SourceRef?, of diagnostic: Diagnostic) {
        guard let ref else { return }
        let location = ref.location
        require(
            location.line >= 1 && location.column >= 1,
            "diagnostic '\(diagnostic.message)' at line \(location.line), column \(location.column)")
        let lineLength = ref.file.lineRange(location.line).count
        require(
            location.column <= lineLength + 1,
            "diagnostic '\(diagnostic.message)' at column \(location.column) of a line of \(lineLength) characters")
    }

    static func checkRendering(_ diagnostic: Diagnostic) {
        let plain = DiagnosticRenderer.render(diagnostic)
        let flagged = DiagnosticRenderer.render(diagnostic, showsWarningFlag: true)
        let refs = [diagnostic.ref] + diagnostic.notes.map(\.ref)
        let expectedLines = refs.count + 2 * refs.compactMap { $0 }.count
        for text in [plain, flagged] {
            let lines = text.unicodeScalars.filter { $0 == "\n" }.count
            require(lines == expectedLines, "diagnostic '\(diagnostic.message)' renders as \(lines) lines, not \(expectedLines):\n\(text)")
            if let bad = text.unicodeScalars.first(where: isUnsafeInTerminal) {
                fail("rendered diagnostic holds U+\(String(bad.value, radix: 16, uppercase: true)):\n\(text)")
            }
        }
    }

    /// Control characters other than line feed and tab, and bidirectional controls.
    static func isUnsafeInTerminal(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

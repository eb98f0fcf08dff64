import Foundation

/// What UTS 46 (Unicode IDNA Compatibility Processing) does to a host before a browser opens
/// it, as far as the hosts `detector(link)` and `detector(email)` find need it: the
/// ignorable code points are removed (a soft hyphen or a zero-width space inside
/// `ex\u{AD}ample.com` is invisible, and the host opened is `example.com`), the rest is
/// mapped by NFKC and lower-casing, and each label that is not ASCII is encoded as
/// `xn--` + Punycode. The detectors treat ignorables as part of a label and take ZWJ and
/// ZWNJ only where IDNA2008 allows them (RFC 5892 Appendix A), so the host shown is the
/// host opened.
package enum HostMapping {
    /// The code points UTS 46 maps to nothing (status `ignored` in IdnaMappingTable.txt,
    /// Unicode 16.0): the soft hyphen, zero-width space, word joiner and other invisible
    /// format characters, variation selectors, Hangul fillers. The detectors' patterns
    /// are built from this list too.
    package static let ignorables: [ClosedRange<UInt32>] = [
        0x00AD...0x00AD, 0x034F...0x034F, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200B,
        0x2060...0x2064, 0x206A...0x206F, 0x3164...0x3164, 0xFE00...0xFE0F, 0xFEFF...0xFEFF, 0xFFA0...0xFFA0,
        0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0100...0xE01EF,
    ]

    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xAD && ignorables.contains { $0.contains(scalar.value) }
    }

    /// `text` without its ignorable code points: a host as it reads.
    static func removingIgnorables(_ text: some StringProtocol) -> String {
        // ASCII (most hosts) has no ignorable: checked on the bytes, not scalar by scalar.
        guard !text.utf8.allSatisfy({ $0 < 0x80 }), text.unicodeScalars.contains(where: isIgnorable) else { return String(text) }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !isIgnorable($0) })
        return String(scalars)
    }

    /// UTS 46's mapping of a host, the string whose labels are encoded: ignorables removed,
    /// then (if any non-ASCII character is left) NFKC, ideographic full stops as `.`, lower
    /// case and NFC. A host that is ASCII after the removal keeps its case.
    static func map(_ host: some StringProtocol) -> String {
        let host = removingIgnorables(host)
        guard !host.utf8.allSatisfy({ $0 < 0x80 }) else { return host }
        var dotted = String.UnicodeScalarView()
        dotted.append(contentsOf: host.precomposedStringWithCompatibilityMapping.unicodeScalars.lazy.map { $0 == "\u{3002}" ? "." : $0 })
        return String(dotted).lowercased().precomposedStringWithCanonicalMapping
    }
}

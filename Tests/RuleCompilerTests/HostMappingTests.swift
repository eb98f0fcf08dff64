import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler
@testable import RuleRuntime

/// What a link shows is what it opens: UTS 46's conformance lines on the hosts
/// `detector(link)` reads, and the spoofs they stand for. The lines are those of Unicode's
/// IdnaTestV2.txt whose source holds an ignorable code point or a joiner
/// (Resources/Detectors/IdnaTestV2-joiners-ignorables.txt; the README there says which).
final class HostMappingTests: XCTestCase {
    struct Line {
        var number: Int
        var source: String
        /// toAsciiN: the host a browser opens.
        var ascii: String
        /// toAsciiN's status codes less those of the checks browsers turn off.
        var errors: Set<String>
    }

    static func lines() throws -> [Line] {
        var lines: [Line] = []
        let file = try DetectorSuiteTests.resource("IdnaTestV2-joiners-ignorables.txt")
        for (index, raw) in file.components(separatedBy: "\n").enumerated() {
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let columns = body.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count >= 5 else { continue }
            let source = unescape(columns[0])
            let toUnicode = columns[1].isEmpty ? source : unescape(columns[1])
            let ascii = columns[3].isEmpty ? toUnicode : unescape(columns[3])
            let status = columns[4].isEmpty ? columns[2] : columns[4]
            let codes = status.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let errors = Set(codes).subtracting(["V2", "V3", "U1", "A4_1", "A4_2", "X4_2"])
            lines.append(Line(number: index + 1, source: source, ascii: ascii, errors: errors))
        }
        return lines
    }

    /// `\uXXXX` and `\x{X…}` escapes; `""` is the empty string.
    static func unescape(_ text: String) -> String {
        guard text != "\"\"" else { return "" }
        var out = String.UnicodeScalarView()
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first {
            scalars = scalars.dropFirst()
            guard first == "\\", let kind = scalars.first, kind == "u" || kind == "x" else {
                out.append(first)
                continue
            }
            let digits: Substring.UnicodeScalarView.SubSequence
            if kind == "u" {
                digits = scalars.dropFirst().prefix(4)
                scalars = scalars.dropFirst(5)
            } else {
                let close = scalars.firstIndex(of: "}") ?? scalars.endIndex
                digits = scalars[scalars.index(scalars.startIndex, offsetBy: 2)..<close]
                scalars = scalars[scalars.index(after: close)...]
            }
            out.append(Unicode.Scalar(UInt32(String(String.UnicodeScalarView(digits)), radix: 16)!)!)
        }
        return String(out)
    }

    /// UTS 46's mapping of every line's source (ignorables removed, NFKC, lower case, NFC,
    /// Punycode) is the line's toAsciiN, whatever its status: the detector decides what is a
    /// host, the mapping only what it opens.
    func testMappingOfTheConformanceLines() throws {
        var score = DetectorSuiteTests.Score(name: "IdnaTestV2 mapping (ignorables, joiners)")
        for line in try Self.lines() {
            let mapped = DetectorFields.asciiHost(line.source)
            score.record(
                mapped.lowercased() == line.ascii,
                "IdnaTestV2-joiners-ignorables.txt:\(line.number): \(line.source.debugDescription) → \(mapped) ≠ \(line.ascii)")
        }
        score.check(threshold: 1, minimum: 269)
    }

    /// The patterns keep ignorables out of label letters with `\p{DI}`: among letters, marks
    /// and digits, Default_Ignorable_Code_Point is exactly UTS 46's ignorables.
    func testIgnorableLettersAreTheDefaultIgnorableOnes() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            guard properties.generalCategory.isLetterMarkOrNumber else { continue }
            XCTAssertEqual(properties.isDefaultIgnorableCodePoint, HostMapping.isIgnorable(scalar), "U+\(String(value, radix: 16))")
        }
    }

    /// RFC 5892 Appendix A (CONTEXTJ) as the RFC states it, on a label after UTS 46 removed
    /// its ignorables: ZWJ right after a virama; ZWNJ right after a virama, or with a left- or
    /// dual-joining letter before it and a right- or dual-joining one after it, only
    /// transparent characters between.
    static func joinersAllowed(in label: some StringProtocol) -> Bool {
        let scalars = Array(HostMapping.removingIgnorables(label).unicodeScalars)
        return scalars.indices.allSatisfy { i in
            guard scalars[i] == "\u{200C}" || scalars[i] == "\u{200D}" else { return true }
            if i > 0, scalars[i - 1].properties.canonicalCombiningClass == .virama { return true }
            guard scalars[i] == "\u{200C}" else { return false }
            let before = scalars[..<i].reversed().first { !joiningType($0, "T") }
            let after = scalars[(i + 1)...].first { !joiningType($0, "T") }
            return before.map { joiningType($0, "L") || joiningType($0, "D") } == true
                && after.map { joiningType($0, "R") || joiningType($0, "D") } == true
        }
    }

    nonisolated(unsafe) static var joiningTypes: [String: NSRegularExpression] = [:]
    /// Whether `scalar` has Joining_Type `type` (ICU's property, as the patterns read it).
    static func joiningType(_ scalar: Unicode.Scalar, _ type: String) -> Bool {
        let regex = joiningTypes[type] ?? (try! NSRegularExpression(pattern: "^\\p{Joining_Type=\(type)}$"))
        joiningTypes[type] = regex
        let text = String(scalar)
        return regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }

    /// The labels of a line's source, split where UTS 46 splits them.
    static func labels(_ host: String) -> [Substring] {
        host.split(omittingEmptySubsequences: false) { ".\u{3002}\u{FF0E}\u{FF61}".contains($0) }
    }

    /// `http://SOURCE/` on both engines: no link shows a joiner IDNA2008 refuses (the check
    /// above, itself checked against the lines' C1/C2 status), and a line without error is
    /// one link that opens `http://` + toAsciiN + `/` where its host is written as the
    /// detector reads hosts (the README lists why the others are not).
    func testDetectorOnTheConformanceLines() throws {
        let engines = try DetectorSuiteTests.Engines("richrules 1\nrule link { match detector(link) tap open(url: ${url}) }\n")
        var refused = DetectorSuiteTests.Score(name: "IdnaTestV2 links without a refused joiner")
        var opened = DetectorSuiteTests.Score(name: "IdnaTestV2 valid hosts linked whole")
        for line in try Self.lines() {
            let contextJ = !line.errors.isDisjoint(with: ["C1", "C2"])
            XCTAssertEqual(
                Self.labels(line.source).allSatisfy { Self.joinersAllowed(in: $0) }, !contextJ,
                "line \(line.number): the CONTEXTJ check disagrees with the line's status \(line.errors)")
            let text = "http://" + line.source + "/"
            let matches = engines.matches(text)
            let what = "IdnaTestV2-joiners-ignorables.txt:\(line.number): \(text.debugDescription): \(matches)"
            refused.record(
                matches.allSatisfy { LinkParts($0).host.split(separator: ".").allSatisfy { Self.joinersAllowed(in: $0) } }, what)
            guard line.errors.isEmpty else { continue }
            let url = engines.compiled.render(text).matches.first?.tap?.arguments.first?.value
            opened.record(matches == [text] && url?.lowercased() == "http://" + line.ascii + "/", what + " opens \(url ?? "nothing")")
        }
        refused.check(threshold: 1, minimum: 269)
        opened.check(threshold: 0.38, minimum: 70)
    }

    /// Seeded random labels of letters that join (Arabic, N'Ko, Phags-pa), transparent marks,
    /// viramas, joiners, ignorables and hyphens in `http://LABEL.com/`, on both engines: the
    /// whole text is a link exactly when UTS 46 and IDNA2008 take the label (mapped label not
    /// empty, no `-` at either end, no mark first, joiners as `joinersAllowed` says; and, the detector's own
    /// choice, no variation selector or other mark-like ignorable first); else there is no
    /// link at all. `RICHRULES_SEED` replays a run.
    func testRandomLabelsWithJoiners() throws {
        let pieces: [String] = [
            "a", "k", "7", "\u{0628}", "\u{0644}", "\u{0627}", "\u{062F}", "\u{07CA}", "\u{A872}", "\u{0915}", "\u{094D}",
            "\u{0DCA}", "\u{064E}", "\u{0308}", "\u{200C}", "\u{200D}", "\u{200C}", "\u{200D}", "\u{00AD}", "\u{200B}",
            "\u{FE0F}", "\u{3164}", "-",
        ]
        let engines = try DetectorSuiteTests.Engines("richrules 1\nrule link { match detector(link) tap open(url: ${url}) }\n")
        let seed = testSeed(33_046)
        var rng = SeededGenerator(seed: seed)
        var valid = 0
        for _ in 0..<400 {
            let label = (0..<(1 + rng.below(6))).map { _ in rng.pick(pieces) }.joined()
            let mapped = HostMapping.removingIgnorables(label)
            let first = label.unicodeScalars.first!
            let takes =
                !mapped.isEmpty && mapped.unicodeScalars.first != "-" && mapped.unicodeScalars.last != "-"
                && !mapped.unicodeScalars.first!.properties.generalCategory.isMark && Self.joinersAllowed(in: label)
                && !(HostMapping.isIgnorable(first) && first.properties.generalCategory == .nonspacingMark)
            let text = "http://" + label + ".com/"
            let matches = engines.matches(text)
            if takes { valid += 1 }
            XCTAssertEqual(matches, takes ? [text] : [], "seed \(seed): \(text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())")
            if takes {
                let url = engines.compiled.render(text).matches.first?.tap?.arguments.first?.value
                XCTAssertEqual(url, "http://" + DetectorFields.asciiHost(label + ".com") + "/", "seed \(seed)")
            }
        }
        XCTAssertGreaterThan(valid, 40, "seed \(seed): the pieces make valid labels")
    }

    /// DNS limits in the detector: a label of 63 letters, digits, marks, hyphens or joiners is
    /// a host, of 64 none (a 48 KB host is no link), with a scheme, without one, and in an
    /// email's domain; ignorables are not counted (UTS 46 removes them before DNS sees the
    /// label). A host's total length is not checked (docs/Language.md says why).
    func testDNSLengthLimits() throws {
        let engines = try DetectorSuiteTests.Engines(
            "richrules 1\nrule link { match detector(link) }\nrule email { match detector(email) }\n")
        func label(_ count: Int) -> String { String(repeating: "a", count: count) }
        let long = String(repeating: label(60) + ".", count: 5) + "com"
        for (text, expected) in [
            ("http://\(label(63)).com/x", ["http://\(label(63)).com/x"]), ("http://\(label(64)).com/x", []),
            ("http://x.\(label(61))-b.com/x", ["http://x.\(label(61))-b.com/x"]), ("http://x.\(label(62))-b.com/x", []),
            ("see \(label(63)).com.", ["\(label(63)).com"]), ("see \(label(64)).com.", []),
            ("http://a.\(label(63))", ["http://a.\(label(63))"]), ("http://a.\(label(64))", []),
            ("http://a\u{AD}\(label(62)).com", ["http://a\u{AD}\(label(62)).com"]), ("http://a\u{AD}\(label(63)).com", []),
            ("http://\(label(48_000)).com/x", []), ("http://\(long)/x", ["http://\(long)/x"]),
            ("bob@\(label(63)).com", ["bob@\(label(63)).com"]), ("bob@\(label(64)).com", []),
        ] {
            XCTAssertEqual(engines.matches(text), expected, "\(text.prefix(40))… (\(text.count) characters)")
        }
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isLetterMarkOrNumber: Bool {
        switch self {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
            .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    fileprivate var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}

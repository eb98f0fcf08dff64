import Foundation
import RuleRuntime
import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler

/// Every ICU fact the compiled matcher relies on, each verified against NSRegularExpression,
/// and ICU's own test file.
final class ICUConformanceTests: XCTestCase {
    static let terminators = ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

    // MARK: - Line terminators, `.` and `\R`

    func testDotExcludesEveryLineTerminatorUnlessDotAll() {
        let texts = Self.terminators.map { "a" + $0 + "b" }
        assertAgreesWithICU("a.b", on: texts)
        assertAgreesWithICU("(?d)a.b", on: texts)
        XCTAssertEqual(compiledMatches("(?d).", in: "\r\n"), ["[0, 1]"], "in d mode only \\n is a terminator")
    }

    func testDotAllConsumesCRLFAsOneAtomicUnit() {
        XCTAssertEqual(compiledMatches("(?s).", in: "a\r\nb"), ["[0, 1]", "[1, 2]", "[3, 1]"])
        XCTAssertEqual(compiledMatches("(?s).\\n", in: "\r\n"), [], ". never stops between CR and LF")
        XCTAssertEqual(compiledMatches("(?s).*\\n", in: "a\r\n"), ["[2, 1]"])
        assertAgreesWithICU("(?s).", on: ["a\r\nb", "\r\r\n", "\n\r"])
        assertAgreesWithICU("(?s)(.)*\\n", on: ["a\r\n", "\r\n\n"])
        assertAgreesWithICU("(?sd).", on: ["a\r\nb"])
        assertAgreesWithICU("(?s).{2}", on: ["\r\n\r\n", "a\r\nb"])
    }

    func testLineBreakEscapeIsAtomicCRLFOrOneTerminator() {
        XCTAssertEqual(compiledMatches("\\R\\n", in: "\r\n"), [])
        assertAgreesWithICU("\\R", on: ["a\r\nb\r", "\u{85}\u{2028}\u{2029}\u{0B}\u{0C}"])
        assertAgreesWithICU("\\R+", on: ["\r\n\r\r\n\n"])
    }

    // MARK: - Anchors

    func testDollarMatchesBeforeAFinalTerminatorOnly() {
        let texts = Self.terminators.map { "a" + $0 } + ["a\n\n", "a\r\n\r\n", "a\nb", "\n"]
        assertAgreesWithICU("a$", on: texts)
        assertAgreesWithICU("$", on: texts)
        assertAgreesWithICU("\\Z", on: texts)
        assertAgreesWithICU("(?d)$", on: texts)
        assertAgreesWithICU("(?d)\\Z", on: texts)
        assertAgreesWithICU("\\z", on: texts)
        XCTAssertEqual(compiledMatches("$", in: "a\r\n"), ["[1, 0]", "[3, 0]"], "never between the CR and LF of a final CR LF")
        XCTAssertEqual(compiledMatches("(?d)\\Z", in: "a\r\n"), ["[1, 0]", "[3, 0]"], "\\Z ignores d")
    }

    func testMultilineAnchorsSeeEveryTerminator() {
        let texts = ["a\r\nb\n", "a\u{85}b\u{2028}", "\n\n", "a\rb\r", "a\nb"]
        assertAgreesWithICU("(?m)$", on: texts)
        assertAgreesWithICU("(?m)^", on: texts)
        assertAgreesWithICU("(?m)x|^", on: texts)
        assertAgreesWithICU("(?md)^", on: texts)
        assertAgreesWithICU("(?md)$", on: texts)
        assertAgreesWithICU("(?m)^b|\\A", on: texts)
        XCTAssertEqual(compiledMatches("(?md)^", in: "a\nb\n"), ["[0, 0]", "[2, 0]", "[4, 0]"], "m+d: also at the very end")
    }

    /// ICU's find() tries a pattern that starts with `^` in `m` mode only at line starts,
    /// and after CR LF only behind the LF, although `^` itself holds between CR and LF.
    func testCaretFirstPatternsNeverStartInsideCRLF() {
        XCTAssertEqual(compiledMatches("(?m)^", in: "a\r\nb\n"), ["[0, 0]", "[3, 0]"])
        XCTAssertEqual(compiledMatches("(?m)x|^", in: "a\r\nb\n"), ["[0, 0]", "[2, 0]", "[3, 0]"])
        XCTAssertEqual(compiledMatches("(?m)^\\nb", in: "a\r\nb\n"), ["[2, 2]"], "a leading literal string takes precedence")
        for pattern in [
            "(?m)^", "(?m)^\\n", "(?m)(^\\n)", "(?m)(?:^)+\\n", "(?m)\\b^\\n", "(?m)^\\n?", "(?m)^[\\n]b", "(?m)^\\nb", "(?m)^{1}\\n",
        ] {
            assertAgreesWithICU(pattern, on: ["a\r\nb\n", "\r\n\r\n", "\r\n"])
        }
    }

    /// Regression (start-type stress, seed 3): ICU counts the first consuming operations over
    /// the whole pattern, past the branch that ends the "at start" phase, so these are
    /// START_STRING patterns and do start between CR and LF.
    func testLiteralStringAfterBranchingCaretStillTakesPrecedence() {
        XCTAssertEqual(compiledMatches("(?m)^{1,2}\\nb", in: "\r\nb"), ["[1, 2]"])
        for pattern in [
            "(?m)^{1,2}\\nb", "(?m)(?:^)+(?:\\nb)+", "(?m)(?:^)+(\\nb)", "(?m)(?:^{1,2}\\x{A}b)", "(?m)^*\\nb", "(?m)^(?:x)?\\nb",
        ] {
            assertAgreesWithICU(pattern, on: ["a\r\nb\n", "\nb\r\nb", "\r\nb", "b\r\r\nb"])
        }
    }

    /// Seeded stress of patterns that start with zero-width operations and `^`, on texts
    /// full of CR LF.
    func testRandomCaretFirstPatternsAgree() {
        let prefixes = ["", "(?i)", "\\b", "$", "(?:", "(", "(?m:", "(?i:", "\\A", "\\z", "(?#c)", "(?<n>", "(?>"]
        let carets = ["^", "^", "(?:^)+", "^{1}", "^{2}", "^{1,2}", "^*", "(^)", "\\A", "$"]
        let rests = [
            "", "\\n", "\\nb", "\\r", "\\r\\n", "[\\n]", "[\\n]b", "\\n?", "(\\n)", "a", "ab", ".", "\\R", "(?i)\\nb", "\\n+",
            "(?:\\nb)+", "(\\nb)", "[\\n\\r]", "\\s*b", "|b", "b|\\n", "\\Qa\\E", "\\x{A}b", "\\n(?#c)b", "[b]", "\\nb*",
        ]
        let texts = ["a\r\nb\n", "\r\n\r\n", "\r\n", "\nb\r\nb", "ab\r\nab", "\r\nb", "b\r\r\nb", "\n"]
        let seed = testSeed(0x5_7A27)
        var rng = SeededGenerator(seed: seed)
        var count = ComparisonCount()
        for _ in 0..<800 {
            var pattern = ""
            var open = 0
            for _ in 0..<rng.below(3) {
                let prefix = rng.pick(prefixes)
                pattern += prefix
                if prefix.hasPrefix("("), !prefix.hasSuffix(")") { open += 1 }
            }
            pattern += rng.pick(carets) + rng.pick(rests) + String(repeating: ")", count: open)
            if rng.below(3) == 0 { pattern += rng.pick(rests) }
            let flags: RegexFlags = rng.below(4) == 0 ? [] : [.multiline]
            guard let regex = ICUReference.regex(pattern, flags),
                case .program(let program) = RegexCompiler.compile(pattern, flags: flags)
            else { continue }
            let compiled = CompiledRegex(program: program)
            for text in texts {
                guard let expected = ICUReference.matches(regex, in: text, counting: &count) else { continue }
                let actual = compiled.matches(in: Array(text.utf16))
                if expected != actual {
                    XCTFail(
                        "seed \(seed) pattern \(pattern.debugDescription) flags '\(flags.letters)' text \(text.debugDescription): "
                            + "ICU \(ICUReference.describe(expected)), compiled \(ICUReference.describe(actual))")
                }
            }
        }
        count.check(compared: 6_000, "seed \(seed)")
    }

    /// ICU's `\b` looks through Grapheme_Extend and Cf code points on both sides.
    func testWordBoundaryIgnoresGraphemeExtendAndFormatCharacters() {
        XCTAssertEqual(compiledMatches("\\b", in: "a\u{301}b c"), ["[0, 0]", "[3, 0]", "[4, 0]", "[5, 0]"])
        XCTAssertEqual(compiledMatches("\\b", in: "x\u{200D}y"), ["[0, 0]", "[3, 0]"])
        let texts = ["a\u{301}b c", "x\u{200D}y", "a\u{301}\u{301} b", " \u{301}a", "😀a", "a\u{FE0F}b", "e\u{200B}f", "👨‍👩‍👧 x"]
        for pattern in ["\\b", "\\B", ".\\b.", "\\b\\w+\\b", "\\B.", "(?i)\\bk\\b"] {
            assertAgreesWithICU(pattern, on: texts)
        }
    }

    // MARK: - Case-insensitive matching

    /// Literal runs use full case folding (URX_STRING_I); a run that folds to one code point
    /// uses simple folding of the text (URX_ONECHAR_I).
    func testCaseInsensitiveLiteralsUseFullCaseFolding() {
        XCTAssertEqual(compiledMatches("(?i)ß", in: "ss SS ß ẞ s"), ["[0, 2]", "[3, 2]", "[6, 1]", "[8, 1]"])
        XCTAssertEqual(compiledMatches("(?i)ss", in: "ß ẞ ſs sS"), ["[0, 1]", "[2, 1]", "[4, 2]", "[7, 2]"])
        XCTAssertEqual(compiledMatches("(?i)s", in: "ß"), [], "a one-code-point literal does not match half a folding")
        XCTAssertEqual(compiledMatches("(?i)as", in: "aß"), [], "a match must end on a code point boundary")
        let texts = ["fi FI ﬁ", "i\u{307} İ i I ı", "ʼn ŉ ʼN", "ǰ j\u{30C}", "ς Σ σ", "K k \u{212A}", "ΐ ΐ", "ᾳ αι ΑΙ ᾼ"]
        for pattern in ["ﬁ", "fi", "İ", "i\\x{307}", "i", "ŉ", "ʼn", "ǰ", "σ", "ς", "k", "ΐ", "ᾳ", "αι", "ſ", "ß+", "sß?", "(?:ss)+"] {
            assertAgreesWithICU("(?i)" + pattern, on: texts + ["ssss ßss sßs ſſ"])
        }
    }

    /// Comments, `\Q\E` and `x`-mode white space keep a literal run together; a flag
    /// change ends it; a one-element class becomes a literal that starts a run.
    func testLiteralRunsAreFormedAsInICU() {
        XCTAssertEqual(compiledMatches("(?i)s(?#c)s", in: "ß"), ["[0, 1]"])
        XCTAssertEqual(compiledMatches("(?i)s(?i)s", in: "ß"), [])
        XCTAssertEqual(compiledMatches("(?i)[ʼ]n", in: "ŉ"), ["[0, 1]"])
        for pattern in ["(?i)s(?#c)s", "(?i)s\\Q\\Es", "(?ix)s s", "(?i)s(?i)s", "(?i)[ʼ]n", "(?i)ʼ[n]", "(?i)j[\\x{30C}]", "(?i)[s]s"] {
            assertAgreesWithICU(pattern, on: ["ß", "ŉ", "ǰ", "ss"])
        }
    }

    /// Classes are closed over case (before a `^` negates them), and so are properties.
    func testClassesArePropertiesAreCaseClosedUnderI() {
        let texts = ["K k \u{212A} x", "A a b B", "ſ s S", "aB ß ẞ", "İ i ı I"]
        for pattern in [
            "[^k]", "[[^a]b]", "\\p{Lu}", "[\\p{Lu}]", "\\P{Ll}", "[^\\p{Ll}]", "[a-c&&[^b]]", "[\\w--[k]]", "[ß]", "\\w", "[:lower:]",
        ] {
            assertAgreesWithICU("(?i)" + pattern, on: texts)
        }
        assertAgreesWithICU("(?i:a)b", on: ["AB Ab ab"])
        assertAgreesWithICU("a(?-i)b", [.caseInsensitive], on: ["AB Ab ab"])
    }

    // MARK: - Classes, properties, shorthands

    func testSetOperationsAndPropertiesMatchICU() {
        let texts = ["abc-ABC 123 ٣ ελλη 中文 😀👍🏽 \u{301}_\u{200D}\t\u{A0}\u{3000}", "[]^-&"]
        let patterns = [
            "[a-z&&[^aeiou]]", "[\\p{L}--\\p{Lu}]", "[[a-c]-[b]]", "[a-c&&b-d]", "[^[:alpha:]]", "[\\w&&\\D]",
            "\\p{Greek}", "\\p{Han}", "\\p{Emoji}", "\\p{Extended_Pictographic}", "\\P{L}", "\\p{gc=Nd}",
            "\\p{Script=Latin}", "[\\p{Mn}\\p{Cf}]", "\\w", "\\W", "\\d", "\\s", "\\h", "\\H", "\\v", "[\\&&&\\-]",
        ]
        for pattern in patterns { assertAgreesWithICU(pattern, on: texts) }
        assertAgreesWithICU("[a b]+", [.extended], on: ["a b"])
        assertAgreesWithICU("(?x)[a #b\n c]+", on: ["a#bc d"])
        assertAgreesWithICU("(?ix)[K #x\n]", on: ["k K \u{212A} # x"])
    }

    /// Any property name ICU accepts works, in every spelling, and a property with one
    /// member is a literal (under `i` it joins the literal string).
    func testPropertiesWithAnyNameICUKnows() {
        let texts = ["abc ABC αΑ 中 1١ AB ab", "\u{1}A"]
        let patterns = [
            "\\p{ Greek }", "\\p{Block=Basic Latin}+", "[\\p{Script=Greek}&&\\p{Lu}]", "\\p{name=LATIN SMALL LETTER A}b",
            "(?i)\\p{name=LATIN SMALL LETTER A}b", "\\N{DIGIT ONE}+", "[[:^alpha:][:digit:]]", "\\p{Nd}", "\\p{numeric_value=1}",
            "[\\Qa-z\\E]+", "(?i)\\Qß\\E", "(?i)[\\Qß\\E]", "\\0101\\cA", "\\p{Age=1.1}+", "\\p{In_Greek}",
        ]
        for pattern in patterns { assertAgreesWithICU(pattern, on: texts) }
    }

    // MARK: - Loops

    /// An unbounded loop stops after an iteration that consumed nothing (keeping that
    /// iteration's groups); `{n,}` judges the first n iterations together.
    func testEmptyIterationsEndUnboundedLoops() {
        XCTAssertEqual(compiledMatches("(|a)*", in: "aa"), ["[0, 0]", "[1, 0]", "[2, 0]"])
        for pattern in [
            "(|a)*", "(|a)+", "(|a){0,}", "(|a){2,}", "(a|){2,}", "(|a){2,}b", "(a|b|){3,}c", "(a?)*", "((a)|b?)+", "(?:(a)|\\b)+",
        ] {
            assertAgreesWithICU(pattern, on: ["aa", "ab", "abc", "b a"])
        }
    }

    /// Bounded loops count empty iterations.
    func testBoundedLoopsCountEmptyIterations() {
        for pattern in ["(a|){2}", "(|a){2}", "(|a){2}b", "(|a){1,2}b", "(|a){2,3}?b", "(a|(b))+", "(a){0}b", "(a){0}?b"] {
            assertAgreesWithICU(pattern, on: ["aa", "ab", "b", "aab"])
        }
    }

    /// Lazy `*?`/`+?` have no progress check in ICU (it loops until a resource limit), so
    /// with a body that can match empty they fall back; lazy `{n,}?` has the check.
    func testLazyLoops() {
        guard case .fallback = RegexCompiler.compile("(a|)*?b", flags: []) else { return XCTFail() }
        for pattern in ["(a|){0,}?b", "(a|){1,}?b", "a*?b", "(ab)+?", "a{2,3}?", "(a|b)*?c"] {
            assertAgreesWithICU(pattern, on: ["cb", "aab", "ababc", "aaa"])
        }
    }

    // MARK: - UTF-16

    func testSurrogatePairsAreOneCodePoint() {
        let texts = ["😀a😀", "a👍🏽b", "👨‍👩‍👧x", ""]
        for pattern in ["\\ud83d\\ude00", "\\x{1F600}+", ".", "[😀]", "[^a]", "\\p{Emoji}", "(?s).\\z", "a|(?:)"] {
            assertAgreesWithICU(pattern, on: texts)
        }
    }

    /// Seeded stress of case-insensitive literal runs and classes over the code points
    /// with special foldings, against NSRegularExpression.
    func testRandomCaseInsensitiveLiteralsAgree() {
        let pieces = [
            "s", "ß", "ss", "ſ", "S", "ẞ", "k", "K", "\u{212A}", "i", "I", "İ", "ı", "ﬁ", "f", "ﬀ", "ﬃ", "ǰ", "j", "J",
            "\u{30C}", "ʼ", "n", "ŉ", "σ", "ς", "Σ", "ΐ", "ι", "\u{308}", "\u{301}", "\u{345}", "ᾳ", "α", "ᾼ", "ﬆ", "t",
            "st", "ΰ", "υ", "ﬓ", "մ", "ն", "ǅ", "ǆ", "Ǆ", "µ", "μ", "ϐ", "β", "ẛ", "ṡ", "Ω", "ω", "\u{2126}", "Å", "å",
        ]
        let seed = testSeed(0xF01D)
        var rng = SeededGenerator(seed: seed)
        var count = ComparisonCount()
        for round in 0..<1200 {
            var pattern = ""
            if round % 3 == 0 {
                let (first, second) = (rng.pick(pieces), rng.pick(pieces))
                pattern = "[\(first)\(second)]"
            }
            for _ in 0..<(1 + rng.below(4)) {
                let piece = rng.pick(pieces)
                switch rng.below(6) {
                case 0: pattern += "[" + piece + "]"
                case 1: pattern += "(?:" + piece + ")" + rng.pick(["?", "+", "*", "{2}"])
                case 2: pattern += "[^" + piece + "]"
                default: pattern += piece
                }
            }
            let flags: RegexFlags = rng.below(5) == 0 ? [] : [.caseInsensitive]
            guard let regex = ICUReference.regex(pattern, flags),
                case .program(let program) = RegexCompiler.compile(pattern, flags: flags)
            else { continue }
            let compiled = CompiledRegex(program: program)
            for _ in 0..<6 {
                let text = (0..<rng.below(7)).map { _ in rng.pick(pieces) }.joined()
                guard let expected = ICUReference.matches(regex, in: text, counting: &count) else { continue }
                let actual = compiled.matches(in: Array(text.utf16))
                if expected != actual {
                    XCTFail(
                        "seed \(seed) pattern \(pattern.debugDescription) flags '\(flags.letters)' text \(text.debugDescription): "
                            + "ICU \(ICUReference.describe(expected)), compiled \(ICUReference.describe(actual))")
                }
            }
        }
        count.check(compared: 6_000, "seed \(seed)")
    }

    // MARK: - Case folding data

    func testMultiCodePointFoldingsAreConfirmedByICU() throws {
        let expansions = try XCTUnwrap(CaseFolding.shared.expansions)
        XCTAssertEqual(expansions.unverified, [])
        XCTAssertGreaterThan(expansions.foldings.count, 90)
        XCTAssertEqual(expansions.foldings[0xDF], [0x73, 0x73])
        XCTAssertEqual(expansions.foldings[0xFB01], [0x66, 0x69])
        XCTAssertEqual(expansions.foldings[0x130], [0x69, 0x307])
    }

    /// Every code point whose full upper- or lowercase mapping has several code points (the
    /// source of ICU's multi-code-point foldings) is among the foldings ICU confirmed, and a
    /// code point that only changes case (`ı` → `I`) folds to one code point.
    func testFoldingsCoverEveryMultiCodePointCaseMapping() throws {
        let relevant = try XCTUnwrap(ICUSets.shared.caseRelevant)
        let expansions = try XCTUnwrap(CaseFolding.shared.expansions)
        var multi = 0
        for range in relevant.ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let properties = scalar.properties
                if properties.uppercaseMapping.unicodeScalars.count > 1 || properties.lowercaseMapping.unicodeScalars.count > 1 {
                    XCTAssertNotNil(expansions.foldings[value], "U+\(String(value, radix: 16)) should fold to several code points")
                    multi += 1
                }
            }
        }
        XCTAssertGreaterThan(multi, 90)
        XCTAssertNil(expansions.foldings[0x131])
        assertAgreesWithICU("(?i)\\u0131", on: ["ı I i İ"])
    }
}

// MARK: - ICU's own test file

extension ICUConformanceTests {
    /// ICU's regex test data, vendored as a resource of this target (`Resources/ICU`, with
    /// its Unicode License V3 notice).
    static var conformanceFile: URL {
        Bundle.module.url(forResource: "ICU/icu-regextst", withExtension: "txt")
            ?? Bundle.module.bundleURL.appendingPathComponent("ICU/icu-regextst.txt")
    }

    static func conformanceText() throws -> String {
        do { return try String(contentsOf: conformanceFile, encoding: .utf8) } catch {
            XCTFail("ICU conformance file not readable at \(conformanceFile.path): \(error)")
            throw error
        }
    }

    /// Every line whose pattern compiles to a program gives NSRegularExpression's matches
    /// (all of them, on the line's input with the tags removed). Flags `i x s m` are
    /// compile options; `D` runs the pattern as `(?d)…` on both engines; lines with `Q`,
    /// `e` or `E` (literal patterns, error flags, expected errors) are skipped; the other
    /// flags only change how ICU's own test checks a result.
    func testConformanceFileAgreesWithNSRegularExpression() throws {
        let text = try Self.conformanceText()
        var compiled = 0, fallback = 0, skipped = 0, runnable = 0
        var count = ComparisonCount()
        var reasons: [String: Int] = [:]
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let line = ConformanceLine(rawLine) else { continue }
            if line.flags.contains(where: { "QeE".contains($0) }) {
                skipped += 1
                continue
            }
            let pattern = line.flags.contains("D") ? "(?d)" + line.pattern : line.pattern
            let flags = RegexFlags(letters: String(line.flags.filter { "imsx".contains($0) })) ?? []
            guard let regex = ICUReference.regex(pattern, flags) else {
                skipped += 1
                continue
            }
            runnable += 1
            switch RegexCompiler.compile(pattern, flags: flags) {
            case .program(let program):
                compiled += 1
                guard let expected = ICUReference.matches(regex, in: line.input, budget: 200, counting: &count) else { continue }
                let actual = CompiledRegex(program: program).matches(in: Array(line.input.utf16))
                if expected != actual {
                    XCTFail(
                        "line \(rawLine) pattern \(pattern.debugDescription) text \(line.input.debugDescription): "
                            + "ICU \(ICUReference.describe(expected)), compiled \(ICUReference.describe(actual))")
                }
            case .fallback(let construct, _):
                fallback += 1
                reasons[construct, default: 0] += 1
            case .invalid(let error):
                XCTFail("\(pattern.debugDescription): NSRegularExpression accepts it, the parser says \(error)")
            }
        }
        let share = Double(compiled) / Double(max(runnable, 1))
        let byReason = reasons.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(
            "icu-regextst.txt: \(compiled) compiled (\(count.skipped) where ICU gave up), \(fallback) fallback (\(byReason)), "
                + "\(skipped) skipped; "
                + "compiled share \(String(format: "%.1f", share * 100))% of \(runnable) runnable"
        )
        XCTAssertGreaterThanOrEqual(share, 0.96)
        XCTAssertGreaterThan(runnable, 2000)
        count.check(compared: 1_900, "icu-regextst.txt")
    }
}

/// One case of regextst.txt: `"pattern" FLAGS "tagged input" # comment`.
struct ConformanceLine {
    var pattern: String
    var flags: String
    /// The input, unescaped, with `<n>`, `</n>`, `<r>`, `</r>` tags removed.
    var input: String

    init?(_ raw: Substring) {
        let line = (raw.hasSuffix("\r") ? raw.dropLast() : raw).drop { $0 == "\u{FEFF}" || $0 == " " || $0 == "\t" }
        guard let (pattern, rest) = Self.quoted(line) else { return nil }
        let afterPattern = rest.drop { $0 == " " || $0 == "\t" }
        let flags = afterPattern.prefix { $0.isLetter || $0.isNumber }
        guard let (input, _) = Self.quoted(afterPattern.dropFirst(flags.count).drop { $0 == " " || $0 == "\t" }) else {
            return nil
        }
        self.pattern = String(pattern)
        self.flags = String(flags)
        self.input = Self.unescape(input).replacingOccurrences(of: "</?([0-9]+|r)>", with: "", options: .regularExpression)
    }

    private static func quoted(_ text: Substring) -> (Substring, Substring)? {
        guard let quote = text.first, "\"'/".contains(quote), let close = text.dropFirst().firstIndex(of: quote) else { return nil }
        return (text[text.index(after: text.startIndex)..<close], text[text.index(after: close)...])
    }

    /// ICU's u_unescape: `\uhhhh`, `\Uhhhhhhhh`, `\x{h…}`, `\xhh` and the C escapes.
    static func unescape(_ text: Substring) -> String {
        let scalars = Array(text.unicodeScalars)
        var units: [UInt16] = []
        var index = 0
        func hex(_ count: Int) -> UInt32? {
            guard index + count <= scalars.count else { return nil }
            return UInt32(String(String.UnicodeScalarView(scalars[index..<(index + count)])), radix: 16)
        }
        func append(_ value: UInt32) {
            if value > 0xFFFF {
                units.append(UInt16(0xD800 + ((value - 0x10000) >> 10)))
                units.append(UInt16(0xDC00 + ((value - 0x10000) & 0x3FF)))
            } else {
                units.append(UInt16(value))
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                append(scalar.value)
                index += 1
                continue
            }
            let letter = scalars[index + 1]
            index += 2
            switch letter {
            case "u", "U":
                let count = letter == "u" ? 4 : 8
                if let value = hex(count) {
                    append(value)
                    index += count
                } else {
                    append(letter.value)
                }
            case "x":
                if index < scalars.count, scalars[index] == "{", let close = scalars[index...].firstIndex(of: "}") {
                    append(UInt32(String(String.UnicodeScalarView(scalars[(index + 1)..<close])), radix: 16) ?? 0)
                    index = close + 1
                } else if let value = hex(2) {
                    append(value)
                    index += 2
                } else {
                    append(letter.value)
                }
            case "n": append(0x0A)
            case "r": append(0x0D)
            case "t": append(0x09)
            case "a": append(0x07)
            case "b": append(0x08)
            case "e": append(0x1B)
            case "f": append(0x0C)
            case "v": append(0x0B)
            default: append(letter.value)
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}

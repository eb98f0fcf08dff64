import Foundation
import RuleRuntime
import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler

/// Seeded differential test: random patterns from a grammar × random texts; wherever the
/// compiler produces a program, its matches must equal NSRegularExpression's.
///
/// The normal run checks at least 20,000 pattern × text pairs; `RICHRULES_LONG=1` checks at
/// least 1,000,000. `RICHRULES_SEED` replaces the seed. Every failure prints the seed, the
/// pattern, the flags and the text; every disagreement ever found is a named case in
/// `ICUConformanceTests` or below.
final class RegexDifferentialTests: XCTestCase {
    static let textsPerPattern = 8

    func testRandomPatternsAgreeWithNSRegularExpression() {
        let long = ProcessInfo.processInfo.environment["RICHRULES_LONG"] == "1"
        let required = long ? 1_000_000 : 20_000
        let seed = testSeed(0x5EED_D1FF)
        var grammar = PatternGrammar(rng: SeededGenerator(seed: seed))
        var count = ComparisonCount()
        var patterns = 0, programs = 0, fallbacks = 0, nonEmpty = 0, lookaroundPairs = 0
        var clusterPairs = 0, wordBreakPairs = 0, largeAlternationPairs = 0, urlPairs = 0
        var lazyPairs = 0, lazyFailures = 0
        var failures = 0
        while count.pairs < required {
            let fragment = grammar.fragment()
            let pattern = fragment.pattern
            let flags = grammar.flags()
            let texts = (0..<Self.textsPerPattern).map { _ in grammar.text(for: fragment) }
            patterns += 1
            guard let regex = ICUReference.regex(pattern, flags) else { continue }
            let program: RegexProgram
            switch RegexCompiler.compile(pattern, flags: flags) {
            case .program(let compiled): program = compiled
            case .fallback:
                fallbacks += 1
                continue
            case .invalid(let error):
                XCTFail("seed \(seed) pattern \(pattern.debugDescription): NSRegularExpression accepts it, the parser says \(error)")
                continue
            }
            programs += 1
            let compiled = CompiledRegex(program: program)
            // The lazy DFA of every program, one in three with a cache of a few states (it
            // clears, and gives up to the Pike VM when it thrashes).
            let lazy = LazyDFA(program: program, memoryLimit: patterns % 3 == 0 ? 0 : LazyDFA.defaultMemoryLimit)
            let looks = PatternGrammar.hasLookaround(pattern)
            let clusters = pattern.contains("\\X")
            let wordBreaks = pattern.contains("(?w)") && (pattern.contains("\\b") || pattern.contains("\\B"))
            for text in texts {
                if looks { lookaroundPairs += 1 }
                if clusters { clusterPairs += 1 }
                if wordBreaks { wordBreakPairs += 1 }
                if pattern.contains("(?:co|cocom|") || pattern.split(separator: "|").count > 20 { largeAlternationPairs += 1 }
                if pattern.contains(#"(?:[a-z0-9-]+\.)+"#) { urlPairs += 1 }
                guard let expected = ICUReference.matches(regex, in: text, counting: &count) else { continue }
                if expected.contains(where: { ($0[0]?.length ?? 0) > 0 }) { nonEmpty += 1 }
                let units = Array(text.utf16)
                let actual = compiled.matches(in: units)
                if expected != actual {
                    failures += 1
                    if failures <= 20 {
                        XCTFail(
                            "seed \(seed) pattern \(pattern.debugDescription) flags '\(flags.letters)' text \(text.debugDescription): "
                                + "ICU \(ICUReference.describe(expected)), compiled \(ICUReference.describe(actual))")
                    }
                }
                if let lazy {
                    lazyPairs += 1
                    let lazyActual = units.withUnsafeBufferPointer { lazy.matches(in: $0) }
                    var wholes: [TextRange] = []
                    Array(text.utf8).withUnsafeBufferPointer { bytes in
                        units.withUnsafeBufferPointer { u in lazy.matches(utf8: bytes, units: { u }) { range, _ in wholes.append(range) } }
                    }
                    if expected != lazyActual || wholes != expected.compactMap({ $0[0] }).filter({ $0.length > 0 }) {
                        lazyFailures += 1
                        if lazyFailures <= 20 {
                            XCTFail(
                                "seed \(seed) pattern \(pattern.debugDescription) flags '\(flags.letters)' text \(text.debugDescription) "
                                    + "(lazy DFA, memory limit \(lazy.memoryLimit)): "
                                    + "ICU \(ICUReference.describe(expected)), lazy DFA \(ICUReference.describe(lazyActual)), on UTF-8 \(wholes)"
                            )
                        }
                    }
                }
            }
        }
        print(
            "differential (seed \(seed)): \(count.pairs) pairs from \(patterns) patterns (\(programs) programs, \(fallbacks) fallbacks), "
                + "\(lookaroundPairs) with a lookaround, \(clusterPairs) with \\X, \(wordBreakPairs) with (?w) and a word boundary, "
                + "\(largeAlternationPairs) with a large alternation, \(urlPairs) with a URL shape, "
                + "\(nonEmpty) with non-empty matches, \(count.skipped) where ICU gave up, "
                + "\(failures) disagreements; lazy DFA on \(lazyPairs) pairs, \(lazyFailures) disagreements")
        XCTAssertGreaterThan(nonEmpty, count.pairs / 4, "seed \(seed): texts should often match")
        XCTAssertGreaterThan(lazyPairs, count.compared / 2, "seed \(seed): pairs on the lazy DFA")
        count.check(compared: required * 99 / 100, "seed \(seed)")
    }

    /// Nested loops over bodies that can match empty (anchors, `\b`, optional items, empty
    /// alternatives), greedy and lazy, counted and not: ICU's progress rules.
    func testRandomNestedLoopsAgree() {
        let atoms = ["a", "b", "", "\\b", "\\B", "^", "$", "(?m:^)", "(?m:$)", "a|", "|a", "a?", "b*", "\\n", "(?s:.)", "."]
        let quantifiers = [
            "*", "+", "?", "{0,2}", "{1,}", "{2,}", "{0,}", "{2}", "{1,3}", "*?", "+?", "??", "{0,}?", "{1,}?", "{2,}?",
            "{1,3}?", "{0,2}?", "*+", "++",
        ]
        let texts = ["", "a", "ab", "aab", "ba", "a\nb", "abab", "aaa", " a b ", "b\n\n"]
        let seed = testSeed(0x1009)
        var rng = SeededGenerator(seed: seed)
        func loops(_ depth: Int) -> String {
            var out = ""
            for _ in 0..<(1 + rng.below(3)) {
                var atom = depth < 3 && rng.below(2) == 0 ? rng.pick(["(", "(?:"]) + loops(depth + 1) + ")" : "(?:" + rng.pick(atoms) + ")"
                if rng.below(3) != 0 { atom += rng.pick(quantifiers) }
                out += atom
            }
            return rng.below(6) == 0 ? out + "|" + loops(depth + 1) : out
        }
        var count = ComparisonCount()
        while count.pairs < 8_000 {
            let pattern = loops(0)
            guard let regex = ICUReference.regex(pattern, []), case .program(let program) = RegexCompiler.compile(pattern, flags: [])
            else { continue }
            let compiled = CompiledRegex(program: program)
            for text in texts {
                guard let expected = ICUReference.matches(regex, in: text, counting: &count) else { continue }
                let actual = compiled.matches(in: Array(text.utf16))
                if expected != actual {
                    XCTFail(
                        "seed \(seed) pattern \(pattern.debugDescription) text \(text.debugDescription): "
                            + "ICU \(ICUReference.describe(expected)), compiled \(ICUReference.describe(actual))")
                }
            }
        }
        count.check(compared: 8_000 * 99 / 100, "seed \(seed)")
    }
}

/// A random pattern fragment: its pattern text and how to produce text it likely matches.
indirect enum Fragment {
    /// Pattern text, and texts it stands for.
    case atom(String, [String])
    case sequence([Fragment])
    case alternation([Fragment])
    /// `open` + body + `)`.
    case group(String, Fragment)
    /// Body + quantifier text; `min`, `max` for sampling.
    case quantified(Fragment, String, Int, Int)

    var pattern: String {
        switch self {
        case .atom(let text, _): return text
        case .sequence(let items): return items.map(\.pattern).joined()
        case .alternation(let items): return items.map(\.pattern).joined(separator: "|")
        case .group(let open, let body): return open + body.pattern + ")"
        case .quantified(let body, let quantifier, _, _): return body.pattern + quantifier
        }
    }

    func sample(_ rng: inout SeededGenerator) -> String {
        switch self {
        case .atom(_, let texts): return texts.isEmpty ? "" : rng.pick(texts)
        case .sequence(let items): return items.map { $0.sample(&rng) }.joined()
        case .alternation(let items): return rng.pick(items).sample(&rng)
        case .group(_, let body): return body.sample(&rng)
        case .quantified(let body, _, let min, let max):
            let count = min + rng.below(Swift.max(1, Swift.min(max, min + 2) - min + 1))
            return (0..<count).map { _ in body.sample(&rng) }.joined()
        }
    }
}

/// Random patterns and texts over a small alphabet that exercises ICU's hard cases.
struct PatternGrammar {
    /// Text pieces: ASCII, case-folding specials, CJK, combining marks, emoji (surrogate
    /// pairs, modifiers, ZWJ sequences), format characters and every line terminator.
    static let textPieces: [String] = [
        "a", "b", "c", "x", "A", "B", "s", "S", "ss", "SS", "ß", "ẞ", "k", "K", "\u{212A}", "i", "I", "İ", "ı",
        "é", "e\u{301}", "\u{301}", "\u{308}", "中", "文", "😀", "👍🏽", "👨‍👩‍👧", "\u{200D}", "\u{200B}", "\u{FE0F}",
        " ", "\t", "1", "٣", "_", "-", ".", "ﬁ", "fi", "σ", "ς", "Σ", "ŉ", "ʼn", "ǰ", "j\u{30C}",
        "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{0B}", "\u{0C}", "🇫🇷", "\u{1F1E9}", "\u{1100}", "\u{1161}", "क्ष",
        "ภาษาไทย", "日本語", "can't", "3.14", "a_b", ",", "'",
    ]
    /// Extended grapheme clusters of every kind UAX #29 names (`\\X`'s samples).
    static let clusterTexts = [
        "e\u{301}", "\r\n", "👨‍👩‍👧", "🇫🇷", "🇫🇷🇩🇪", "👍🏽", "각", "\u{1100}\u{1161}\u{11A8}", "क्षि", "ह\u{94D}\u{200D}र", "\u{600}a", "a\u{903}",
        "\u{301}", "😀\u{FE0F}\u{20E3}", "a", "\n",
    ]
    /// Literal pattern text and the texts it may match (case variants included).
    static let literals: [(String, [String])] = [
        ("a", ["a", "A"]), ("b", ["b"]), ("c", ["c", "C"]), ("x", ["x"]), ("A", ["A", "a"]), ("s", ["s", "S", "ſ"]),
        ("S", ["S", "s"]), ("ß", ["ß", "ss", "SS", "ẞ"]), ("ss", ["ss", "ß", "sS"]), ("k", ["k", "K", "\u{212A}"]),
        ("K", ["K", "\u{212A}"]), ("é", ["é", "É"]), ("e\u{301}", ["e\u{301}", "é"]), ("\\u0301", ["\u{301}"]),
        ("中", ["中"]), ("😀", ["😀"]), ("\\x{1F600}", ["😀"]), ("\\ud83d\\ude00", ["😀"]),
        ("👨‍👩‍👧", ["👨‍👩‍👧"]), ("\\x{200D}", ["\u{200D}"]), ("\\n", ["\n"]), ("\\r", ["\r"]), ("\\t", ["\t"]),
        ("\\.", ["."]), ("ﬁ", ["ﬁ", "fi", "FI"]), ("fi", ["fi", "ﬁ", "Fi"]), ("İ", ["İ", "i\u{307}"]),
        ("i\\x{307}", ["i\u{307}", "İ"]), ("σ", ["σ", "ς", "Σ"]), ("ς", ["ς", "σ"]), ("ʼn", ["ʼn", "ŉ", "ʼN"]),
        ("ŉ", ["ŉ", "ʼn"]), ("ǰ", ["ǰ", "j\u{30C}"]), (" ", [" "]), ("1", ["1"]), ("_", ["_"]), ("\\-", ["-"]),
        ("\\Qa.b\\E", ["a.b"]), ("\\N{LATIN SMALL LETTER SHARP S}", ["ß", "ss"]),
    ]
    static let shorthands = ["\\w", "\\W", "\\d", "\\D", "\\s", "\\S", "\\h", "\\H", "\\v", "\\V"]
    static let properties = [
        "\\p{L}", "\\p{Lu}", "\\p{Ll}", "\\P{L}", "\\p{Greek}", "\\p{Han}", "\\p{Emoji}", "\\p{Mn}", "\\p{Cf}",
        "\\p{Nd}", "\\p{Alphabetic}", "\\p{White_Space}", "\\P{Lu}", "\\p{Latin}", "\\p{Extended_Pictographic}",
        "\\p{Any}", "\\p{Assigned}", "[\\s\\S]", "\\p{Lowercase}", "\\p{Grapheme_Extend}",
    ]
    static let classItems = [
        "a", "b", "s", "ß", "k", "K", "é", "中", "😀", "-", "\\-", "^", "a-z", "A-Z", "\\x{4E00}-\\x{9FFF}",
        "\\x{1F600}-\\x{1F64F}", "\\u0300-\\u036F", "\\n", "\\r", "ſ", "σ", "ς", "ʼ", "\\x{200D}", "[:alpha:]",
        "[:^digit:]", "\\N{KELVIN SIGN}", "e\u{301}", "j\u{30C}",
    ]
    /// Texts a class may match: sampled for classes, shorthands, properties and `.`.
    static let classTexts = [
        "a", "b", "s", "S", "ß", "k", "K", "\u{212A}", "é", "中", "😀", "-", "^", "z", "Z", "\n", "\r", "ſ", "σ", "ς",
        "ʼ", "\u{200D}", "1", "\u{301}", " ", "x", "\r\n",
    ]
    static let anchors: [(String, [String])] = [
        ("^", ["", "\n"]), ("$", ["", "\n", "\r\n"]), ("\\A", [""]), ("\\z", [""]), ("\\Z", ["", "\n"]),
        ("\\b", ["", " "]), ("\\B", [""]), ("\\b", [""]), ("(?w)\\b", ["", " ", "."]), ("(?w:\\B)", [""]),
    ]
    static let flagGroups = ["(?i)", "(?-i)", "(?m)", "(?s)", "(?-s)", "(?d)", "(?i)", "(?ix)", "(?w)", "(?-w)"]
    static let quantifiers: [(String, Int, Int)] = [
        ("*", 0, 3), ("+", 1, 3), ("?", 0, 1), ("*?", 0, 3), ("+?", 1, 3), ("??", 0, 1), ("{2}", 2, 2),
        ("{0,2}", 0, 2), ("{1,}", 1, 3), ("{2,}", 2, 4), ("{0,}", 0, 3), ("{1,3}", 1, 3), ("{2,3}?", 2, 3),
        ("{1,}?", 1, 3), ("{0}", 0, 0),
    ]
    /// Pieces of the words of large alternations (shared prefixes and suffixes).
    static let wordPieces = ["co", "com", "org", "net", "a", "ab", "abc", "tv", "t", "io", "app", "x", "xn--p1ai", "中", "é"]
    static let possessive: [(String, Int, Int)] = [("*+", 0, 3), ("++", 1, 3), ("?+", 0, 1), ("{1,2}+", 1, 2)]

    var rng: SeededGenerator

    /// Whether a pattern of the grammar has a lookahead or lookbehind.
    static func hasLookaround(_ pattern: String) -> Bool {
        ["(?=", "(?!", "(?<=", "(?<!"].contains { pattern.contains($0) }
    }

    mutating func fragment() -> Fragment { alternation(depth: 0) }

    private mutating func alternation(depth: Int) -> Fragment {
        var alternatives = [sequence(depth: depth)]
        while rng.below(5) == 0 { alternatives.append(rng.below(8) == 0 ? .sequence([]) : sequence(depth: depth)) }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func sequence(depth: Int) -> Fragment {
        .sequence((0..<(1 + rng.below(depth == 0 ? 4 : 3))).map { _ in item(depth: depth) })
    }

    private mutating func item(depth: Int) -> Fragment {
        var atom: Fragment
        switch rng.below(depth < 2 ? 26 : 15) {
        case 0...5:
            let literal = rng.pick(Self.literals)
            atom = .atom(literal.0, literal.1)
        case 6: atom = rng.below(4) == 0 ? .atom("\\X", Self.clusterTexts) : .atom(".", Self.classTexts)
        case 7: atom = .atom(rng.pick(Self.shorthands), Self.classTexts)
        case 8: atom = .atom(rng.pick(Self.properties), Self.classTexts)
        case 9, 10: atom = .atom(characterClass(depth: 0), Self.classTexts)
        case 11, 12:
            let anchor = rng.pick(Self.anchors)
            guard ["^", "$"].contains(anchor.0), rng.below(6) == 0 else { return .atom(anchor.0, anchor.1) }
            let quantifier = rng.pick(Self.quantifiers)
            return .quantified(.atom(anchor.0, anchor.1), quantifier.0, quantifier.1, quantifier.2)
        case 13: return .atom(rng.pick(Self.flagGroups), [""])
        case 14: atom = .atom("\\R", ["\n", "\r\n", "\r", "\u{85}"])
        case 15, 16: atom = .group("(", alternation(depth: depth + 1))
        case 17: atom = .group("(?:", alternation(depth: depth + 1))
        case 18:
            let open = rng.pick(["(?i:", "(?-i:", "(?s:", "(?m:", "(?<n>", "(?>", "(?i-s:"])
            atom = .group(open, alternation(depth: depth + 1))
        case 21, 22:
            // Lookarounds: over one code point (a DFA's), or over a body (the Pike VM's; a
            // lookbehind body of unbounded length is an error both sides skip).
            let open = rng.pick(["(?=", "(?!", "(?<=", "(?<!"])
            let body: Fragment
            switch rng.below(3) {
            case 0: body = .atom(rng.below(2) == 0 ? rng.pick(Self.shorthands) : characterClass(depth: 0), Self.classTexts)
            case 1:
                let literal = rng.pick(Self.literals)
                body = .atom(literal.0, literal.1)
            default: body = alternation(depth: depth + 1)
            }
            atom = .group(open, body)
        case 23:
            // A large literal alternation (keyword and TLD lists), words sharing prefixes.
            let words = (0..<(10 + rng.below(70))).map { _ in rng.pick(Self.wordPieces) + rng.pick(Self.wordPieces) }
            return .atom("(?:" + words.joined(separator: "|") + ")", Array(words.prefix(6)) + ["", "."])
        case 24:
            // A URL shape without a scheme, or with one: labels, a dot, a short TLD list, a path.
            let scheme = rng.below(3) == 0 ? "(?:https?://)?" : ""
            let path = rng.below(2) == 0 ? #"(?:/[\w./-]*)?"# : ""
            return .atom(
                scheme + #"(?:[a-z0-9-]+\.)+(?:com|co|org|jp|tv)"# + path,
                ["a.com", "x-y.b.co/p", "https://a.org/x.y", ".com", "a..com", "www.ab.jp", "t.co/abc", "a.tv.", "http://"])
        case 25:
            // A lookaround over several code points, as boundary filters are written.
            let open = rng.pick(["(?=", "(?!", "(?<=", "(?<!"])
            let body = rng.pick([
                #"[@#]|://"#, #"\w{0,3}://"#, #"\.(?:co|tv)"#, #"[.\/][\w-]{1,3}"#, #"(?:^|[^\w+~.-])[Rr][Tt]"#, #"\.[A-Za-z]{2}"#,
                #"[\w-]+\.\w"#, #"\s|$"#,
            ])
            atom = .group(open, .atom(body, ["://", "@", "#", ".co", ".tv", "RT", " rt", ".ab", "a.b", " ", ""]))
        default: atom = .group("(", sequence(depth: depth + 1))
        }
        if rng.below(3) == 0 {
            let quantifier = rng.below(12) == 0 ? rng.pick(Self.possessive) : rng.pick(Self.quantifiers)
            atom = .quantified(atom, quantifier.0, quantifier.1, quantifier.2)
        }
        return atom
    }

    private mutating func characterClass(depth: Int) -> String {
        var out = rng.below(4) == 0 ? "[^" : "["
        let count = 1 + rng.below(3)
        for index in 0..<count {
            if index > 0, rng.below(6) == 0 { out += rng.pick(["&&", "--"]) }
            switch rng.below(10) {
            case 0 where depth < 2: out += characterClass(depth: depth + 1)
            case 1: out += rng.pick(Self.shorthands)
            case 2: out += rng.pick(Self.properties)
            default: out += rng.pick(Self.classItems)
            }
        }
        return out + "]"
    }

    /// A text for `fragment`: often something it matches, with noise around or inside.
    mutating func text(for fragment: Fragment) -> String {
        switch rng.below(4) {
        case 0: return randomText(maxPieces: 8)
        case 1: return fragment.sample(&rng)
        case 2: return randomText(maxPieces: 2) + fragment.sample(&rng) + randomText(maxPieces: 2)
        default:
            var pieces = [randomText(maxPieces: 1), fragment.sample(&rng), fragment.sample(&rng), randomText(maxPieces: 1)]
            pieces.insert(rng.pick(Self.textPieces), at: rng.below(pieces.count + 1))
            return pieces.joined()
        }
    }

    private mutating func randomText(maxPieces: Int) -> String {
        let maxPieces = rng.below(10) == 0 ? maxPieces * 3 : maxPieces
        return (0..<rng.below(maxPieces + 1)).map { _ in rng.pick(Self.textPieces) }.joined()
    }

    mutating func flags() -> RegexFlags {
        var flags: RegexFlags = []
        if rng.below(3) == 0 { flags.insert(.caseInsensitive) }
        if rng.below(3) == 0 { flags.insert(.multiline) }
        if rng.below(3) == 0 { flags.insert(.dotMatchesLineSeparators) }
        if rng.below(12) == 0 { flags.insert(.extended) }
        return flags
    }
}

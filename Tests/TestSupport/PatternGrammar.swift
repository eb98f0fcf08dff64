import Foundation
import RuleRegex

/// A random pattern fragment: its pattern text and how to produce text it likely matches.
public indirect enum Fragment {
    /// Pattern text, and texts it stands for.
    case atom(String, [String])
    case sequence([Fragment])
    case alternation([Fragment])
    /// `open` + body + `)`.
    case group(String, Fragment)
    /// Body + quantifier text; `min`, `max` for sampling.
    case quantified(Fragment, String, Int, Int)

    public var pattern: String {
        switch self {
        case .atom(let text, _): return text
        case .sequence(let items): return items.map(\.pattern).joined()
        case .alternation(let items): return items.map(\.pattern).joined(separator: "|")
        case .group(let open, let body): return open + body.pattern + ")"
        case .quantified(let body, let quantifier, _, _): return body.pattern + quantifier
        }
    }

    public func sample(_ rng: inout SeededGenerator) -> String {
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
public struct PatternGrammar {
    /// How many texts the differentials draw for each random pattern.
    public static let textsPerPattern = 8

    /// Text pieces: ASCII, case-folding specials, CJK, combining marks, emoji (surrogate
    /// pairs, modifiers, ZWJ sequences), format characters and every line terminator.
    public static let textPieces: [String] = [
        "a", "b", "c", "x", "A", "B", "s", "S", "ss", "SS", "ß", "ẞ", "k", "K", "\u{212A}", "i", "I", "İ", "ı",
        "é", "e\u{301}", "\u{301}", "\u{308}", "中", "文", "😀", "👍🏽", "👨‍👩‍👧", "\u{200D}", "\u{200B}", "\u{FE0F}",
        " ", "\t", "1", "٣", "_", "-", ".", "ﬁ", "fi", "σ", "ς", "Σ", "ŉ", "ʼn", "ǰ", "j\u{30C}",
        "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{0B}", "\u{0C}", "🇫🇷", "\u{1F1E9}", "\u{1100}", "\u{1161}", "क्ष",
        "ภาษาไทย", "日本語", "can't", "3.14", "a_b", ",", "'",
    ]
    /// Extended grapheme clusters of every kind UAX #29 names (`\\X`'s samples).
    public static let clusterTexts = [
        "e\u{301}", "\r\n", "👨‍👩‍👧", "🇫🇷", "🇫🇷🇩🇪", "👍🏽", "각", "\u{1100}\u{1161}\u{11A8}", "क्षि", "ह\u{94D}\u{200D}र", "\u{600}a", "a\u{903}",
        "\u{301}", "😀\u{FE0F}\u{20E3}", "a", "\n",
    ]
    /// Literal pattern text and the texts it may match (case variants included).
    public static let literals: [(String, [String])] = [
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
    public static let shorthands = ["\\w", "\\W", "\\d", "\\D", "\\s", "\\S", "\\h", "\\H", "\\v", "\\V"]
    public static let properties = [
        "\\p{L}", "\\p{Lu}", "\\p{Ll}", "\\P{L}", "\\p{Greek}", "\\p{Han}", "\\p{Emoji}", "\\p{Mn}", "\\p{Cf}",
        "\\p{Nd}", "\\p{Alphabetic}", "\\p{White_Space}", "\\P{Lu}", "\\p{Latin}", "\\p{Extended_Pictographic}",
        "\\p{Any}", "\\p{Assigned}", "[\\s\\S]", "\\p{Lowercase}", "\\p{Grapheme_Extend}",
    ]
    public static let classItems = [
        "a", "b", "s", "ß", "k", "K", "é", "中", "😀", "-", "\\-", "^", "a-z", "A-Z", "\\x{4E00}-\\x{9FFF}",
        "\\x{1F600}-\\x{1F64F}", "\\u0300-\\u036F", "\\n", "\\r", "ſ", "σ", "ς", "ʼ", "\\x{200D}", "[:alpha:]",
        "[:^digit:]", "\\N{KELVIN SIGN}", "e\u{301}", "j\u{30C}",
    ]
    /// Texts a class may match: sampled for classes, shorthands, properties and `.`.
    public static let classTexts = [
        "a", "b", "s", "S", "ß", "k", "K", "\u{212A}", "é", "中", "😀", "-", "^", "z", "Z", "\n", "\r", "ſ", "σ", "ς",
        "ʼ", "\u{200D}", "1", "\u{301}", " ", "x", "\r\n",
    ]
    public static let anchors: [(String, [String])] = [
        ("^", ["", "\n"]), ("$", ["", "\n", "\r\n"]), ("\\A", [""]), ("\\z", [""]), ("\\Z", ["", "\n"]),
        ("\\b", ["", " "]), ("\\B", [""]), ("\\b", [""]), ("(?w)\\b", ["", " ", "."]), ("(?w:\\B)", [""]),
    ]
    public static let flagGroups = ["(?i)", "(?-i)", "(?m)", "(?s)", "(?-s)", "(?d)", "(?i)", "(?ix)", "(?w)", "(?-w)"]
    public static let quantifiers: [(String, Int, Int)] = [
        ("*", 0, 3), ("+", 1, 3), ("?", 0, 1), ("*?", 0, 3), ("+?", 1, 3), ("??", 0, 1), ("{2}", 2, 2),
        ("{0,2}", 0, 2), ("{1,}", 1, 3), ("{2,}", 2, 4), ("{0,}", 0, 3), ("{1,3}", 1, 3), ("{2,3}?", 2, 3),
        ("{1,}?", 1, 3), ("{0}", 0, 0),
    ]
    /// Pieces of the words of large alternations (shared prefixes and suffixes).
    public static let wordPieces = ["co", "com", "org", "net", "a", "ab", "abc", "tv", "t", "io", "app", "x", "xn--p1ai", "中", "é"]
    public static let possessive: [(String, Int, Int)] = [("*+", 0, 3), ("++", 1, 3), ("?+", 0, 1), ("{1,2}+", 1, 2)]

    public var rng: SeededGenerator

    public init(rng: SeededGenerator) { self.rng = rng }

    /// Whether a pattern of the grammar has a lookahead or lookbehind.
    public static func hasLookaround(_ pattern: String) -> Bool {
        ["(?=", "(?!", "(?<=", "(?<!"].contains { pattern.contains($0) }
    }

    public mutating func fragment() -> Fragment { alternation(depth: 0) }

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
    public mutating func text(for fragment: Fragment) -> String {
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

    public mutating func flags() -> RegexFlags {
        var flags: RegexFlags = []
        if rng.below(3) == 0 { flags.insert(.caseInsensitive) }
        if rng.below(3) == 0 { flags.insert(.multiline) }
        if rng.below(3) == 0 { flags.insert(.dotMatchesLineSeparators) }
        if rng.below(12) == 0 { flags.insert(.extended) }
        return flags
    }
}

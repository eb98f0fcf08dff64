import RuleRuntime

/// The curated patterns behind `match detector(…)`. NSDataDetector does not exist on
/// Linux and differs between OS releases; these patterns are plain ICU regexes, so they
/// behave the same everywhere, compile to automata (the link and email patterns to lazy
/// DFAs: their TLD and bracket alternations are large) and take part in the conflict
/// analysis like any rule. The fields a detector adds to its templates (`${url}`,
/// `${number}` …) are computed by the runtime from the matched text (`DetectorFields`).
///
/// Each pattern is assembled from the pieces below; docs/Language.md (*Detectors*) says
/// what each finds and deliberately does not, and Tests/RuleCompilerTests/DetectorSuiteTests
/// measures them on vendored public test suites.
enum Detectors {
    struct Detector {
        var pattern: String
        var flags: String
    }

    static let all: [String: Detector] = [
        "link": Detector(pattern: link, flags: ""),
        "email": Detector(pattern: email, flags: ""),
        "phone": Detector(pattern: phone, flags: ""),
        "mention": Detector(pattern: mention, flags: ""),
        "hashtag": Detector(pattern: hashtag, flags: ""),
        "cashtag": Detector(pattern: cashtag, flags: ""),
    ]

    /// What the conflict analysis reads of a detector whose own DFA is too large to build
    /// ahead of time: `sound` matches every span the detector can match (and more: no
    /// lookarounds, greedy loops, so every end is recorded), `example` only spans it does
    /// match, to spell example texts with first. Witnesses are confirmed on the real matcher.
    struct Approximation {
        var sound: String
        var example: String
    }

    static let approximations: [String: Approximation] = [
        // Scheme URLs (any list of schemes) hold `://`, bare hosts start with a letter, mark, digit or ignorable and
        // hold a `.`; no URL holds White_Space.
        "link": Approximation(
            sound: #"[A-Za-z][A-Za-z0-9+.\-]*://\S+|[\p{L}\p{M}\p{N}\u200C\u200D"# + ignorables + #"]\S*\.\S*"#,
            example: #"https://(?:a:a@)?a\.com(?:/[a-z0-9@#]+|/\?t=415-555-0100|/\*\*a|/-_a_-|/\[[a-z]+\]|/\([a-z]+\))?|www\.a\.com"#),
        // The rules' one-code-point lookarounds are kept: they prove that a phone number is
        // never inside an email or a mention.
        "email": Approximation(
            sound: "(?<![" + #"[_%+\-.@＠/]"# + word + "])" + #"[^\s@＠*~^=&!#$/|'"()<>{}`?,;]+@[^\s@＠*~^=&!#$/|'"()<>{}`?,;_]+"#,
            example: #"a@a\.com|mailto:a@a\.com"#),
        "phone": Approximation(
            sound: "(?<![" + #"[_+\-.,/#$%&@＠\p{Sc}]"# + word + "])" + #"[+(0-9][0-9 ().\-]*[0-9]"# + "(?![" + #"[_%‰@＠\-\p{Sc}]"#
                + word + "])",
            example: #"\+1 415 555 0100|415-555-0100|13800138000"#),
        "mention": Approximation(sound: #"[@＠][\p{L}\p{M}\p{Nd}_.\-]+"#, example: #"@[a-z]{1,3}"#),
        "hashtag": Approximation(sound: #"[#＃][^\s#＃]+"#, example: #"#[a-z]{1,3}"#),
        "cashtag": Approximation(sound: #"\$[A-Za-z]{1,6}(?:[._][A-Za-z]{1,2})?"#, example: #"\$[A-Z]{1,3}"#),
    ]

    // MARK: - Character sets shared by the patterns (ICU set syntax, without brackets)

    /// Letters of the scripts written without spaces between words (Han, kana, Hangul,
    /// Bopomofo, `々`, `ー`): a URL, a host label or a number ends where they begin.
    static let cjkLetters = #"\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Bopomofo}\u3005\u30FC"#

    /// A letter, mark or number of any other script, and the joiners (ZWNJ, ZWJ) some
    /// scripts need inside words: the characters of paths, and what may not stand right
    /// before or after a detector's match.
    static let word = #"[[\p{L}\p{M}\p{N}\u200C\u200D]--["# + cjkLetters + "]]"
    /// `word` or a CJK letter.
    static let anyWord = #"[\p{L}\p{M}\p{N}\u200C\u200D]"#
    static let cjk = "[[" + cjkLetters + "]--[" + ignorables + "]]"

    /// UTS 46's ignorable code points (`HostMapping.ignorables`), for ICU sets.
    static let ignorables: String = HostMapping.ignorables.map { range in
        func hex(_ value: UInt32) -> String { "\\x{" + String(value, radix: 16, uppercase: true) + "}" }
        return range.count == 1 ? hex(range.lowerBound) : hex(range.lowerBound) + "-" + hex(range.upperBound)
    }.joined()
    static let ignorable = "[" + ignorables + "]"
    /// Ignorables before a label's first letter: the first of them not a mark (a variation
    /// selector belongs to the character before it, which is not part of the host).
    static let leadingIgnorables = "(?:[" + ignorable + #"--\p{M}]"# + ignorable + "*)?"

    /// The letters, digits and marks of host labels (of non-CJK scripts; of any script):
    /// `word` without the joiners, which `unit` places, and without ignorables (those among
    /// letters and marks are exactly the Default_Ignorable_Code_Point ones).
    static let hostLetter = #"[[\p{L}\p{M}\p{N}]--["# + cjkLetters + #"\p{DI}]]"#
    static let anyHostLetter = #"[[\p{L}\p{M}\p{N}]--\p{DI}]"#
}

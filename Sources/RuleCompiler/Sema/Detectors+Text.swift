// Note: detector(email), detector(phone), detector(mention), detector(hashtag) and
// detector(cashtag). Like detector(link) they need no word boundary next to CJK text (a
// CJK letter may touch them on either side) and stop where a letter, digit or `_` of
// another script would make them part of a longer word.

extension Detectors {
    // MARK: Email

    /// An RFC 5322 dot-atom local part of the `atext` people use (ASCII letters, digits,
    /// `_ % + -`, and letters and digits of non-CJK scripts, no joiner or ignorable: what
    /// it shows is where it sends; the other ASCII `atext` marks other things in chat text:
    /// `**bold**`, `#tag`, `$tag`, URLs' `?a=b&c`), `@`, then a domain of host labels, two or
    /// more (as `detector(link)` reads a host: ignorables mapped away, joiners where IDNA2008
    /// allows them, DNS lengths), whose last label is two letters or more, or `xn--…`.
    /// `mailto:` (any case) is part of the match, and then a single-label host or an
    /// `[IPv6:…]` literal is allowed too (that alternative first: it ends only where no
    /// `.label` follows, so it never stands for a domain).
    static let email: String =
        "(?<![" + #"[_%+\-.@＠/]"# + word + ignorable + "])"
        + "(?:(?i:mailto:)" + emailLocal + "@(?:" + label + #"|\[IPv6:[0-9A-Fa-f:.]+\])"# + emailEnd
        + "|(?:(?i:mailto:))?" + emailLocal + "@" + emailDomain + emailEnd + ")"
    /// After an address: no `_ - @`, no further `.label`, no letter, digit, joiner or ignorable.
    static let emailEnd: String = #"(?![_\-@＠]|\.["# + anyWord + ignorables + "]|[" + word + ignorables + "])"

    static let emailAtom: String = "[" + #"[A-Za-z0-9_%+\-]"# + hostLetter + "]+"
    static let emailLocal: String = emailAtom + #"(?:\."# + emailAtom + ")*"
    static let emailDomain: String = "(?:" + label + #"\.)+"# + tldLabel

    // MARK: Phone

    /// International numbers (`+`, a country code, 6 to 14 more digits with optional single
    /// separators and one `(area)`), NANP (`(415) 555-0132`, `415-555-0132`, `1-800-…`,
    /// `415-5550132`), an `(area)` and two groups (`(33) 3461 2234`), trunk-0 national numbers in
    /// 3 groups or 2 long ones (`03-1234-5678`, `020 7946 0958`, `0800-2491234`), French pairs
    /// (`01 23 45 67 89`), Chinese mobiles (`13800138000`, `138 0013 8000`) and Russian
    /// `8 (495) 123-45-67`. Never right after a non-CJK letter or digit, `_ + - . , / # $ % & @`
    /// or a currency sign; never right before a non-CJK letter or digit, `_ - % @`, a currency
    /// sign, or `. , : /` and a digit: prices, versions, dates, IPs, scores and digit runs
    /// inside words stay plain.
    static let phone: String =
        "(?<![" + #"[_+\-.,/#$%&@＠\p{Sc}]"# + word + "])"
        + "(?:"
        + [
            #"\+[1-9][0-9]{0,2}[ .\-]?(?:\([0-9]{1,4}\)[ .\-]?)?[0-9](?:[ .\-]?[0-9]){5,13}"#,
            #"(?:1[ .\-])?(?:\([2-9][0-9]{2}\)[ .\-]?|[2-9][0-9]{2}[ .\-])[2-9][0-9]{2}[ .\-][0-9]{4}"#,
            #"\([2-9][0-9]{2}\)[ .\-]?[2-9][0-9]{6}|[2-9][0-9]{2}-[2-9][0-9]{6}"#,
            #"\(0?[1-9][0-9]{1,3}\)[ \-]?[0-9]{3,4}[ .\-]?[0-9]{4}"#,
            #"0[1-9][0-9]{0,3}[ \-][0-9]{3,4}[ \-][0-9]{3,4}|0[1-9][0-9]{1,3}[ \-][0-9]{6,8}"#,
            #"0[1-9](?:[ .][0-9]{2}){4}"#,
            #"1[3-9][0-9](?:[ \-]?[0-9]{4}){2}"#,
            #"8[ \-]?\([0-9]{3}\)[ \-]?[0-9]{3}(?:[ \-][0-9]{2}){2}"#,
        ].joined(separator: "|") + ")"
        + "(?![" + #"[_%‰@＠\-\p{Sc}]"# + word + #"]|[.,:/][0-9])"#

    // MARK: Mention, hashtag, cashtag

    /// `@name` / `＠name`: letters, marks, decimal digits and `_` of any script, inner `.`
    /// or `-` allowed; not after a non-CJK letter or digit or `_ ! # $ % & * @` (emails),
    /// not followed by `@` or `://` (then nothing matches).
    static let mention: String =
        "(?<![" + #"[_!#$%&*@＠]"# + word + "])"
        + #"[@＠][\p{L}\p{M}\p{Nd}_]+(?:[.\-][\p{L}\p{M}\p{Nd}_]+)*(?![\p{L}\p{M}\p{Nd}_@＠]|://)"#

    /// Characters twitter-text allows in a hashtag besides letters, marks and digits (`_`,
    /// ZWNJ, ZWJ, `・`, `〜`, `·` …).
    static let hashtagExtra = #"_\u200C\u200D\uA67E\u05BE\u05F3\u05F4\uFF5E\u301C\u309B\u309C\u30A0\u30FB\u3003\u0F0B\u0F0C\u00B7"#

    /// `#tag` / `＃tag`: letters, marks, decimal digits and `hashtagExtra` of any script, at
    /// least one letter or mark (`#2024` is not a tag); not after a letter, mark, digit or `& @
    /// #`, not a keycap (`#️⃣`), not followed by `#` or `://` (then nothing matches).
    static let hashtag: String =
        #"(?<![\p{L}\p{M}\p{Nd}&@＠#＃"# + hashtagExtra + #"])[#＃](?![\uFE0F\u20E3])"#
        + #"[\p{Nd}"# + hashtagExtra + #"]*[\p{L}\p{M}][\p{L}\p{M}\p{Nd}"# + hashtagExtra + "]*"
        + #"(?![\p{L}\p{M}\p{Nd}#＃"# + hashtagExtra + "]|://)"

    /// `$TICKER`: 1–6 ASCII letters, optionally `.` or `_` and 1–2 letters (`$BRK.A`); at the
    /// start, after a space, `(` or a CJK letter; not followed by a letter or digit.
    static let cashtag: String =
        #"(?<![^\s(（"# + cjkLetters + #"])\$[A-Za-z]{1,6}(?:[._][A-Za-z]{1,2})?(?![A-Za-z0-9_]|"# + word + ")"
}

// Note: detector(link). The boundary rules follow linkify-it 6 (any punctuation outside a
// small ASCII allow-list ends a path; balanced brackets up to four deep), twitter-text (no
// word boundary is needed before a scheme: only a Latin letter, an ASCII digit, `_`, `#` or
// `$` blocks it, so `详情https://…` is a link; a TLD may be followed directly by CJK text) and GFM (trailing
// `* _ ~` of Markdown emphasis are left out). Where a URL meets CJK text:
// - a path continues through CJK letters only in a run that begins right after `/ = & ? #`
//   (`…/wiki/北京` is whole; `…/abc看看` ends after `abc`); percent-encoded paths are ASCII
//   and continue as usual;
// - CJK punctuation (`。，、！？；：」』）】》` …) and every other non-ASCII punctuation
//   ends the URL;
// - a host label is either CJK-led (`例え`, only after a scheme) or not: a label that began
//   with Latin, Cyrillic, … letters or digits ends where CJK letters begin.
// Hosts written without a scheme need a TLD of the IANA list (Detectors+TLDs.swift), or are
// an IPv4 address; a few ccTLDs that are also file extensions (`readme.md`, `setup.py`,
// `main.rs`) need a path. A host with a scheme is one label (`http://localhost`) or ends in
// a label shaped like a TLD (letters, or `xn--…`). A host is never followed by `_ - @` (then
// nothing matches: `user@` belongs to an email, `http://x.com_` is not a link).
//
// What a host shows is what it opens (UTS 46, IDNA2008): a label holds the ignorable code
// points UTS 46 removes (`HostMapping.ignorables`: `ex\u{AD}ample.com` is one host, and the
// fields map it to `example.com`), so an invisible character never splits a host in two;
// ZWJ and ZWNJ stand only where RFC 5892's CONTEXTJ rules allow them (after a virama, or
// ZWNJ between joining letters), elsewhere the host is no host (`pay\u{200D}pal.com`).
//
// DNS limits: a label holds at most 63 letters, digits, marks, hyphens (`_` where allowed) or
// joiners — a counted repetition in the label (`{0,61}`), so the lazy DFA counts in its
// states and asks no lookaround; ignorables are not counted (UTS 46 removes them before DNS
// sees the label), and a virama with its joiner counts once. A host's total (253) is not
// checked: measured on the social corpus, a lookahead at each host's start costs 78 % more
// instructions (it is answered at every place a host might begin, a sentence's last word
// too), a lookbehind at each host's end four times more (its body's DFA runs from 253 code
// points back); lookaheads at each label's start would cost as much, hence the counting states
// (11 % more on a first render, whose states are new; the same time once they are built).

extension Detectors {
    static let link: String = "(?:" + schemeAuthority + "|" + bareAuthority + ")" + "(?:" + path + ")?"

    /// `detector(link)` with the URLs of `schemes` instead of `http`, `https` and `ftp`
    /// (`detector(link, schemes: "https", "myapp")`); hosts without a scheme are found either way.
    static func link(schemes: [String]) -> String {
        let alternatives = schemes.map { $0.replacingOccurrences(of: ".", with: "\\.").replacingOccurrences(of: "+", with: "\\+") }
        let authority = schemeAuthority.replacingOccurrences(
            of: "(?i:https?|ftp)", with: "(?i:" + alternatives.joined(separator: "|") + ")")
        return "(?:" + authority + "|" + bareAuthority + ")" + "(?:" + path + ")?"
    }

    /// `http`, `git+ssh`: an ASCII letter, then ASCII letters, digits, `+ . -`.
    static func isScheme(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+.-".unicodeScalars.contains($0))
        }
    }

    // MARK: Authority

    /// `http://`, `https://`, `ftp://` (any case), not right after a Latin letter, an ASCII
    /// digit, `_`, `#` or `$` (a hashtag or cashtag) nor after an `@` that begins a mention;
    /// optional `user:pass@`; an IPv4 address, `[IPv6]` or a host (`schemeHost`); a port.
    static let schemeAuthority: String =
        #"(?<![\p{Latin}0-9_#＃$])"# + notAfterMention + #"(?i:https?|ftp)://(?:[^\s@/?#\[\]()<>"'`]+@)?"#
        + "(?:" + ipv4 + #"|\[[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*\]|"# + schemeHost + ")" + hostEnd + port

    /// Not after an `@` that is not itself after a letter, digit or one of `_ ! # $ % & * @`
    /// (`@http://x.com` is a mention attempt; `test@http://x.com` holds a link).
    static let notAfterMention: String = "(?<!(?:^|[^" + #"[_!#$%&*@＠]"# + word + "])[@＠])"

    /// A host after a scheme: labels ending in a TLD-shaped label (`tldLabel`), the labels
    /// before the last two may hold `_` (`http://sub_domain.example.com`); or a single label
    /// not followed by any letter (`http://localhost:8000`, `http://intranet/`).
    static let schemeHost: String =
        "(?:(?:" + subLabel + #"\.)*"# + label + #"\."# + tldLabel + "|" + label + "(?!" + labelEnd(anyHostLetter) + "))"

    /// A host without a scheme: not after a word character, an ignorable or `. : / - _ @ # $ &`;
    /// labels without CJK letters and a listed TLD, or an IPv4 address; not followed by a further
    /// `.label`; a port.
    static let bareAuthority: String =
        "(?<![" + #"[_.:/\-@＠#$&]"# + word + ignorable + "])"
        + "(?:(?:" + nonCJKLabel() + #"\.)+"# + tld + "|" + ipv4 + ")"
        + hostEnd + port

    /// A host label: CJK-led (it may go on with any letters) or not (it ends before a CJK letter).
    static let label: String = "(?:" + cjkLabel() + "|" + nonCJKLabel() + ")"
    /// A label before the last two of a host with a scheme: `_` may stand where `-` may.
    static let subLabel: String = "(?:" + cjkLabel(separators: #"\-_"#) + "|" + nonCJKLabel(separators: #"\-_"#) + ")"
    static func nonCJKLabel(separators: String = #"\-"#) -> String {
        hostLabel(first: #"[[\p{L}\p{N}]--["# + cjkLetters + #"\p{DI}]]"#, letters: hostLetter, separators: separators)
    }
    static func cjkLabel(separators: String = #"\-"#) -> String {
        hostLabel(first: cjk, letters: anyHostLetter, separators: separators)
    }

    /// A label (RFC 5890, UTS 46): a letter or digit of `first` (never a mark: UTS 46's
    /// validity criterion V6), then `unit`s of `letters` and `separators`, 63 in all at most
    /// (DNS), the last not a separator; ignorables anywhere (`leadingIgnorables` before the
    /// first); not followed by a letter of `letters`, a joiner or an ignorable (so a label is
    /// always whole).
    static func hostLabel(first: String, letters: String, separators: String) -> String {
        leadingIgnorables + first + "(?:" + ignorable + "*(?:[" + separators + "]|" + unit(letters) + ")){0,62}"
            + #"(?<![\-_])"# + ignorable + "*(?!" + labelEnd(letters) + ")"
    }

    /// A letter, digit or mark of `letters`, or a joiner where IDNA2008 allows it (RFC 5892
    /// Appendix A): ZWJ or ZWNJ right after a virama (ignorables between, which UTS 46 removes
    /// first); ZWNJ with a left- or dual-joining letter before it and a right- or dual-joining
    /// one after it, up to 16 transparent marks or ignorables between — lookarounds after the
    /// ZWNJ is read, so that they are asked (and ICU tries them) only where a ZWNJ stands.
    static func unit(_ letters: String) -> String {
        "(?:" + letters + #"|\p{ccc=9}"# + ignorable + #"*[\u200C\u200D]|"# + zwnjBetweenJoiningLetters + ")"
    }
    static let zwnjBetweenJoiningLetters: String = {
        let transparent = #"[[\p{jt=T}&&\p{M}]"# + ignorables + "]{0,16}"
        return #"\u200C(?<=[\p{L}&&[\p{jt=D}\p{jt=L}]]"# + transparent + #"\u200C)(?="# + transparent + #"[\p{L}&&[\p{jt=D}\p{jt=R}]])"#
    }()

    /// The last label of a host with a scheme: two letters or more (of any script, CJK-led or
    /// not as `label`), or `xn--…`.
    static let tldLabel: String =
        "(?:(?i:xn--)[A-Za-z0-9\\-]{0,58}[A-Za-z0-9](?!" + labelEnd(hostLetter) + ")"
        + "|" + leadingIgnorables + cjk + "(?:" + ignorable + "*" + anyTLDLetter + "){1,62}"
        + ignorable + "*(?!" + labelEnd(anyHostLetter) + ")"
        + "|" + leadingIgnorables + #"[\p{L}--["# + cjkLetters + #"\p{DI}]]"# + "(?:" + ignorable + "*" + tldLetter + "){1,62}"
        + ignorable + "*(?!" + labelEnd(hostLetter) + "))"
    static let tldLetter = #"[[\p{L}\p{M}]--["# + cjkLetters + #"\p{DI}]]"#
    static let anyTLDLetter = #"[[\p{L}\p{M}]--\p{DI}]"#

    /// What may not follow a label of `letters`: more of them, a joiner, an ignorable.
    static func labelEnd(_ letters: String) -> String { "[" + letters + #"\u200C\u200D"# + ignorables + "]" }
    /// The IANA TLDs, case-insensitive, not followed by a letter or digit of a non-CJK script,
    /// a joiner or an ignorable, though ignorables may end it (CJK text may follow any TLD:
    /// `example.comてすと`, `twitter.みんなです`). TLDs that are also common file extensions
    /// need a path after them.
    static let tld: String =
        "(?:(?i:" + fileExtensionTLDs + #")(?=/[^\s])|"# + "(?i:" + ordinaryTLDs + "|" + unicodeTLDs + "|" + cjkTLDs + ")"
        + ignorable + "*(?!" + labelEnd(hostLetter) + "))"
    /// After a host: no `_ - @`, and no further `.label` (`1.2.3.4.5` is not an IPv4 host).
    static let hostEnd: String = #"(?![_\-@＠]|\.["# + #"_\-"# + word + ignorables + "])"

    static let fileExtensionTLDs = "md|py|rs|sh|pm|ps|mk"
    static let ordinaryTLDs: String = {
        let special = Set(fileExtensionTLDs.split(separator: "|"))
        return asciiTLDs.split(separator: "|").filter { !special.contains($0) }.joined(separator: "|")
    }()

    static let ipv4: String = octet + #"(?:\."# + octet + "){3}(?!" + labelEnd(hostLetter) + ")"
    static let octet = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
    /// `:0` … `:65535`; a `:digit` that is not a port rejects the host (`google.com:500000`).
    static let port: String =
        "(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4})(?!" + labelEnd(hostLetter)
        + "))?(?!:[0-9])"

    // MARK: Path, query, fragment

    /// `/…`, `#…` or `?…`: a CJK run right after it, then steps (each a quoted run, or a token
    /// after any characters that may not end a URL).
    static let path: String = "(?:[/#]" + cjk + "*|\\?" + cjk + "+)" + step + "*|\\?" + step + "+"
    /// `'` is kept before a token, but a possessive `'s` only when more of the URL follows
    /// (`…/pbY2NfTZ's website` ends before `'s`; `…/It's-beginning` is whole).
    static let step: String = "(?:" + mid + "*(?:" + quoted + "|(?:'+[sS]" + mid + "*)?" + pathToken + "))"

    /// Characters kept only when more of the URL follows: `. , ; : ! ? * ~ _` (and `'`, see `step`).
    static let mid = #"[.,;:!?*~_]"#
    static let quoted = #"(?:"[^\s"<>]*"|'[^\s'<>]*')"#

    /// A run of CJK letters right after `/ = & # ?`, a character that may end a URL
    /// (ignorables are part of a path, as of a host), or a balanced bracket group (four deep);
    /// `'`s before it, but not before an `s` (`step`).
    static let pathToken: String =
        "(?:'*(?:" + #"[/=&#?]"# + cjk + "+|" + #"[[A-Za-z0-9\-+&@#/%=$|\\^\u2013]"# + word + ignorable + "--[sS]]|"
        + brackets(depth: 4) + ")|[sS])"

    /// `( … )`, `[ … ]` or `{ … }` holding no space, `<`, `>` or `"`, nested `depth` deep.
    static func brackets(depth: Int) -> String {
        let inner = #"[^\s<>"()\[\]{}]"#
        let content = depth == 1 ? inner + "*" : "(?:" + inner + "|" + brackets(depth: depth - 1) + ")*"
        return #"(?:\("# + content + #"\)|\["# + content + #"\]|\{"# + content + #"\})"#
    }
}

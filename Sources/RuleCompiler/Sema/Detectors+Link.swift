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
// `main.rs`) need a path. A host is never followed by `_ - @` (then nothing matches: `user@`
// belongs to an email, `http://x.com_` is not a link).

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
    /// digit, `_`, `#` or `$` (a hashtag or cashtag); optional `user:pass@`; a host of Unicode labels, or `[IPv6]`; a port.
    static let schemeAuthority: String =
        #"(?<![\p{Latin}0-9_#＃$])(?i:https?|ftp)://(?:[^\s@/?#\[\]()<>"'`]+@)?"#
        + "(?:" + label + #"(?:\."# + label + #")*|\[[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*\])"#
        + hostEnd + port

    /// A host without a scheme: not after a word character or `. : / - _ @ # $ &`; labels
    /// without CJK letters and a listed TLD, or an IPv4 address; not followed by a further
    /// `.label`; a port.
    static let bareAuthority: String =
        "(?<![" + #"[_.:/\-@＠#$&]"# + word + "])"
        + "(?:(?:" + nonCJKLabel + #"\.)+"# + tld + "|" + ipv4 + ")"
        + hostEnd + port

    /// A host label: CJK-led (it may go on with any letters) or not (it ends before a CJK
    /// letter); inner `-` allowed, none at either end.
    static let label: String = "(?:" + cjkLabel + "|" + nonCJKLabel + ")"
    static let nonCJKLabel: String = word + "(?:-*" + word + ")*(?!" + word + ")"
    static let cjkLabel: String = cjk + "(?:-*" + anyWord + ")*(?!" + anyWord + ")"

    /// The IANA TLDs, case-insensitive, not followed by a letter or digit of a non-CJK script
    /// (CJK text may follow any TLD: `example.comてすと`, `twitter.みんなです`).
    /// TLDs that are also common file extensions need a path after them.
    static let tld: String =
        "(?:(?i:" + fileExtensionTLDs + #")(?=/[^\s])|"# + "(?i:" + ordinaryTLDs + "|" + unicodeTLDs + "|" + cjkTLDs + ")(?!" + word + "))"
    /// After a host: no `_ - @`, and no further `.label` (`1.2.3.4.5` is not an IPv4 host).
    static let hostEnd: String = #"(?![_\-@＠]|\."# + word + ")"

    static let fileExtensionTLDs = "md|py|rs|sh|pm|ps|mk"
    static let ordinaryTLDs: String = {
        let special = Set(fileExtensionTLDs.split(separator: "|"))
        return asciiTLDs.split(separator: "|").filter { !special.contains($0) }.joined(separator: "|")
    }()

    static let ipv4: String = octet + #"(?:\."# + octet + "){3}(?!" + word + ")"
    static let octet = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
    /// `:0` … `:65535`; a `:digit` that is not a port rejects the host (`google.com:500000`).
    static let port: String =
        "(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4})(?!" + word + "))?(?!:[0-9])"

    // MARK: Path, query, fragment

    /// `/…`, `#…` or `?…`: a CJK run right after it, then steps (each a quoted run, or a token
    /// after any characters that may not end a URL).
    static let path: String =
        "[/#]" + cjk + "*" + step + "*|\\?(?:" + cjk + "+" + step + "*|" + step + "+)"
    static let step: String = "(?:" + mid + "*(?:" + quoted + "|'*" + pathToken + "))"

    /// Characters kept only when more of the URL follows: `. , ; : ! ? * ~ _` (and `'`, see `step`).
    static let mid = #"[.,;:!?*~_]"#
    static let quoted = #"(?:"[^\s"<>]*"|'[^\s'<>]*')"#

    /// A run of CJK letters right after `/ = & # ?`, a character that may end a URL, or a
    /// balanced bracket group (four deep).
    static let pathToken: String =
        "(?:" + #"[/=&#?]"# + cjk + "+|" + #"[[A-Za-z0-9\-+&@#/%=$|\\^\u2013]"# + word + "]|" + brackets(depth: 4) + ")"

    /// `( … )`, `[ … ]` or `{ … }` holding no space, `<`, `>` or `"`, nested `depth` deep.
    static func brackets(depth: Int) -> String {
        let inner = #"[^\s<>"()\[\]{}]"#
        let content = depth == 1 ? inner + "*" : "(?:" + inner + "|" + brackets(depth: depth - 1) + ")*"
        return #"(?:\("# + content + #"\)|\["# + content + #"\]|\{"# + content + #"\})"#
    }
}

#!/usr/bin/env python3
"""Dev-only (never run by tests or the build): writes twitter-text.richrules from the
vendored java/Regex.java + java/TldLists.java, and extract.json from conformance/extract.yml.

    python3 Benchmarks/specs/twitter-text/translate.py        (needs PyYAML)

The string constants of Regex.java are evaluated as javac would (string literals, `+`,
`join(TldLists.X)`), so every pattern below is the authors' text. The only edits are the
Java -> ICU mappings listed in MAPPINGS and the code-level checks of Extractor.java written
as lookarounds (see the comments in the emitted spec).
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from javasource import spell, statement_end, tokens  # noqa: E402


def read_constants():
    java = open(os.path.join(HERE, "java/Regex.java"), encoding="utf-8").read()
    tld = open(os.path.join(HERE, "java/TldLists.java"), encoding="utf-8").read()
    lists = {}
    for name, body in re.findall(r"List<String> (\w+) = Arrays\.asList\((.*?)\);", tld, re.S):
        lists[name] = [v for k, v in tokens(body) if k == "str"]
    consts = {}
    for m in re.finditer(r"private static final String (\w+) =", java):
        consts[m.group(1)] = evaluate(java[m.end():statement_end(java, m.end())], consts, lists)
    return consts, lists, java


def evaluate(body, consts, lists):
    parts = []
    for kind, v in tokens(body):
        if kind == "str":
            parts.append(v)
        elif kind == "join":
            parts.append("|".join(lists[v]))
        else:
            parts.append(consts[v])
    return "".join(parts)


# Java -> ICU, only where the two differ (each one named in the spec's header).
JAVA_PUNCT = r"[!-\/:-@\[-`{-~]"  # Java's \p{Punct} (POSIX, US-ASCII only)
JAVA_SPACE = r"\t-\r "            # Java's \s without UNICODE_CHARACTER_CLASS: [ \t\n\x0B\f\r]


def icu(p):
    # Kept as written, because ICU reads them as Java does: surrogate-pair escapes
    # (\ud800\udee0 is one code point in both) and \p{InGeneralPunctuation} (a Java block
    # name, which ICU accepts as Block=General_Punctuation).
    # \s occurs only inside URL_VALID_UNICODE_CHARS' class and in VALID_CASHTAG's lookahead.
    p = p.replace("\\s\\p{Z}", JAVA_SPACE + "\\p{Z}")  # URL_VALID_UNICODE_CHARS' class
    p = p.replace("|\\s|", "|[" + JAVA_SPACE + "]|")     # VALID_CASHTAG's lookahead
    assert "\\s" not in p.replace("\\\\", "")
    p = p.replace("\\p{Punct}", JAVA_PUNCT)
    return p


def patterns():
    C, lists, java = read_constants()
    AT = "@\uFF20"  # AT_SIGNS_CHARS (a real U+FF20 in the Java source)
    AT_SIGNS = "[" + AT + "]"

    # VALID_MENTION_OR_LIST, Pattern.CASE_INSENSITIVE:
    #   ([^a-z0-9_!#$%&*@＠]|^|(?:^|[^a-z0-9_+~.-])RT:?)([@＠]+)([a-z0-9_]{1,20})(/[a-z][a-z0-9_\-]{0,24})?
    # + Extractor: the text after the match must not find INVALID_MENTION_MATCH_END
    #   ^(?:[@＠LATIN_ACCENTS_CHARS]|://)
    mention = (
        "(?<=[^a-z0-9_!#$%&*" + AT + "]|^|(?:^|[^a-z0-9_+~.-])RT:?)"
        + "(" + AT_SIGNS + "+)"
        + "([a-z0-9_]{1,20}+)(/[a-z][a-z0-9_\\-]{0,24}+)?+"
        + "(?![" + AT + C["LATIN_ACCENTS_CHARS"] + "]|://)"
    )

    LN = C["HASHTAG_LETTERS_NUMERALS"]
    # VALID_HASHTAG, Pattern.CASE_INSENSITIVE:
    #   (^|\uFE0E|\uFE0F|[^&LN])([#＃])(?![\uFE0F\u20E3])(LN_SET*L_SET LN_SET*)
    # + Extractor: the text after must not find INVALID_HASHTAG_MATCH_END ^(?:[#＃]|://)
    hashtag = (
        "(?<=^|\\uFE0E|\\uFE0F|[^&" + LN + "])"
        + "([#\uFF03])(?![\\uFE0F\\u20E3])"
        + "(" + C["HASHTAG_LETTERS_NUMERALS_SET"] + "*" + C["HASHTAG_LETTERS_SET"]
        + C["HASHTAG_LETTERS_NUMERALS_SET"] + "*+)"
        + "(?![#＃]|://)"
    )

    # VALID_CASHTAG, Pattern.CASE_INSENSITIVE (no code-level check):
    #   (^|UNICODE_SPACES|DIRECTIONAL_CHARACTERS)(\$)(CASHTAG)(?=$|\s|\p{Punct})
    cashtag = (
        "(?<=^|" + C["UNICODE_SPACES"] + "|" + C["DIRECTIONAL_CHARACTERS"] + ")"
        + "(" + C["DOLLAR_SIGN_CHAR"] + ")(" + C["CASHTAG"] + ")(?=$|\\s|\\p{Punct})"
    )

    # VALID_URL = VALID_URL_PATTERN_STRING, Pattern.CASE_INSENSITIVE:
    #   ((PRECEDING)((https?://)?(DOMAIN)(?::(PORT))?(/PATH*+)?(\?QUERY*QUERY_END)?))
    # + Extractor.extractURLsWithIndices:
    #   - no protocol and the preceding character matches INVALID_URL_WITHOUT_PROTOCOL_MATCH_BEGIN
    #     [-_./]$ -> skipped
    #   - the URL finds VALID_TCO_URL ^https?://t\.co/([a-z0-9]+)(?:\?QUERY*QUERY_END)? ->
    #     a slug over MAX_TCO_SLUG_LENGTH (40) is skipped, else the entity is that t.co match
    #   - isValidHostAndLength (IDN.toASCII, 4096 characters): not expressed (see header)
    query = "(\\?" + C["URL_VALID_URL_QUERY_CHARS"] + "*" + C["URL_VALID_URL_QUERY_ENDING_CHARS"] + ")?"
    tco = "https?://t\\.co/[a-z0-9]{1,40}+(?![a-z0-9])(?:\\?" + C["URL_VALID_URL_QUERY_CHARS"] + "*" \
        + C["URL_VALID_URL_QUERY_ENDING_CHARS"] + ")?"
    general = (
        "(?:(https?://)|(?<![-_./]))"
        + "(" + C["URL_VALID_DOMAIN"] + ")"
        + "(?::(" + C["URL_VALID_PORT_NUMBER"] + "))?"
        + "(/" + C["URL_VALID_PATH"] + "*+)?"
        + query
    )
    url = (
        "(?<=" + C["URL_VALID_PRECEDING_CHARS"] + ")"
        + "(?:" + tco + "|(?!https?://t\\.co/[a-z0-9])" + general + ")"
    )
    return {k: spell(icu(v), escape_non_ascii=False) for k, v in
            [("url", url), ("mention", mention), ("hashtag", hashtag), ("cashtag", cashtag)]}


def write_json():
    import yaml
    data = yaml.safe_load(open(os.path.join(HERE, "conformance/extract.yml"), encoding="utf-8"))
    groups = ["mentions", "mentions_with_indices", "hashtags", "cashtags", "urls"]
    out = {g: data["tests"][g] for g in groups}
    with open(os.path.join(HERE, "extract.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    p = patterns()
    template = open(os.path.join(HERE, "twitter-text.richrules.in"), encoding="utf-8").read()
    for k, v in p.items():
        template = template.replace("@" + k.upper() + "@", v)
    with open(os.path.join(HERE, "twitter-text.richrules"), "w", encoding="utf-8") as f:
        f.write(template)
    write_json()

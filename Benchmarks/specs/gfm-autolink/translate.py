#!/usr/bin/env python3
"""Dev-only (never run by tests or the build): writes gfm-autolink.richrules from
gfm-autolink.richrules.in, and autolink-test.json from the vendored cmark-gfm/test/spec.txt
(section "Autolinks (extension)") and cmark-gfm/test/extensions.txt (sections "Autolinks"
and "Interop").

    python3 Benchmarks/specs/gfm-autolink/translate.py        (standard library only)

autolink.c is C, not regexes: the patterns below are written by hand, one named piece per
C function or condition, so that each rule's matches are what its scanner accepts; the
spec's header (in gfm-autolink.richrules.in) says what each piece mirrors and what could
not be said.
"""
import html
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))


def read(path):
    return open(os.path.join(HERE, path), encoding="utf-8").read()


# ---------------------------------------------------------------- patterns

# cmark_isspace (ASCII: \t \n \v \f \r space): ends the link scan in www_match / url_match.
SPACE = r"\t\n\x0B\f\r "
# is_valid_hostchar, ASCII part: not cmark_utf8proc_is_space (9, 10, 12, 13, 32) and not
# cmark_utf8proc_is_punctuation (every ASCII punctuation character): letters, digits and the
# control characters other than \t \n \f \r.
HOST_ASCII = r"A-Za-z0-9\x00-\x08\x0B\x0E-\x1F\x7F"
# is_valid_hostchar, non-ASCII part: not Zs, not P. check_domain walks bytes, so after the
# lead byte of a multi-byte character it reads a continuation byte, which is not a valid
# host character: the domain scan stops right after any non-ASCII character.
HOST_NONASCII = r"[^\x00-\x7F\p{P}\p{Zs}]"
# A byte check_domain examines: `for (i = 1; i < size - 1; i++)` never reads the text's last
# byte (size is what is left of the paragraph), so an ASCII character counts only when it
# is not the last of the text.
EX = r"(?!\z)"
# check_domain's run from data[1]: segments of [HOST_ASCII - _] separated by `.`; `_` counted
# per segment; uscore1 / uscore2 (the last two segments) must both be 0. Written as: any
# segments, then the last two free of `_` (or the only one), then the run's end (a non-ASCII host character,
# which ends it, or a character that is not an examined run character).
SEG = r"(?:[" + HOST_ASCII + r"_\-]" + EX + r")*"
CLEAN = r"(?:[" + HOST_ASCII + r"\-]" + EX + r")*"
DOMAIN_TAIL = (r"(?=(?:(?:" + SEG + r"\." + EX + r")*" + CLEAN + r"\." + EX + r")?" + CLEAN +
               r"(?:" + HOST_NONASCII + r"|(?![" + HOST_ASCII + r"_.\-]" + EX + r")))")
# autolink_delim: the link runs to the first space or `<`; then, from its end, `?!.,:*_~'"`
# are dropped one by one, `&` + letters + `;` as a whole (a `;` without them alone), a `)`
# when the link has more `)` than `(`; the first other character stops. Written as the
# longest prefix ending in a character that stops the loop (anything but those; a `)` only
# as the end of a balanced group, two levels deep) followed by only droppable characters up
# to the space, `<` or end; a `;` right after `&letters` cannot be dropped alone.
NOT_END = SPACE + "<"
BODY = r"[^" + NOT_END + r"]"
BAL = (r"\((?:[^" + NOT_END + r"()]|\([^" + NOT_END + r"()]*\))*\)")
STOP = r"[^" + NOT_END + r")?!.,:*_~'\";]"
ENTITY_GUARD = r"(?:(?!;)|(?<!&[A-Za-z]{1,64}))"
DROPPED = r"(?=(?:[?!.,:*_~'\"]|&[A-Za-z]+;|;|\))*(?:[" + NOT_END + r"]|\z))"
DROPPED_NO_PAREN = r"(?=(?:[?!.,:*_~'\"]|&[A-Za-z]+;|;)*(?:[" + NOT_END + r"]|\z))"
# A `)` after the link is dropped only when the link has at least as many `)` as `(`: first
# a link made of characters other than `(`, balanced groups and stray `)` (so `)` >= `(`),
# which may be followed by `)`; else any link, followed by no `)`.
BALANCED_BODY = r"(?:[^" + NOT_END + r"()]|" + BAL + r"|\))*"
LAST = r"(?:" + BAL + r"|" + STOP + r")" + ENTITY_GUARD  # the group first: `(` alone is shorter
LINK = (r"(?:" + BALANCED_BODY + LAST + DROPPED + r"|" + BODY + r"*" + LAST + DROPPED_NO_PAREN + r")")

PATTERNS = {
    # www_match: after start, a space, or `*_~(`; `www.` (memcmp: case-sensitive);
    # check_domain(data, size, 0) from data[1] with at least one examined `.`.
    "WWW": (r"(?<![^" + SPACE + r"*_~(])(?=www\." + EX + r")(?=w" + DOMAIN_TAIL + r")" + LINK),
    # url_match + sd_autolink_issafe: the letters before `:` rewound as far as they go must
    # be http, https or ftp (strncasecmp: ASCII case-insensitive), then `://`, a valid host
    # character, check_domain(…, 1) (no dot needed) from the character after it.
    "URL": (r"(?<![A-Za-z])(?:[Hh][Tt][Tt][Pp][Ss]?|[Ff][Tt][Pp]):\/\/(?=[" + HOST_ASCII + r"]"
            + DOMAIN_TAIL + r"|" + HOST_NONASCII + r")" + LINK),
    # postprocess_text: the characters before `@` rewound over [alnum.+-_] as far as they go,
    # at least one, not stopped by `/`; after it a run of alnum, `-`, `_`, `@`, and `.` when an
    # alnum follows, with exactly one `@` (the first), at least one `.`, ending in a letter.
    "EMAIL": (r"(?<![A-Za-z0-9.+_\/\-])[A-Za-z0-9.+_\-]+@(?=[A-Za-z0-9_\-]*\.[A-Za-z0-9])"
              r"(?:[A-Za-z0-9_\-]|\.(?=[A-Za-z0-9]))*[A-Za-z](?![A-Za-z0-9_@\-]|\.[A-Za-z0-9])"),
}


def write_spec():
    template = read("gfm-autolink.richrules.in")
    for name, pattern in PATTERNS.items():
        assert "/" not in pattern.replace("\\/", ""), name
        template = template.replace("@" + name + "@", pattern)
    assert not re.search(r"@[A-Z]+@", template), "placeholder left"
    with open(os.path.join(HERE, "gfm-autolink.richrules"), "w", encoding="utf-8") as f:
        f.write(template)


# ---------------------------------------------------------------- examples

FENCE = "`" * 32


def examples(path, sections):
    """(section, line, markdown, html) of every example inside the given `##` sections."""
    lines = read(path).split("\n")
    out, section, i = [], None, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## ") or line.startswith("# "):
            section = line.lstrip("# ").strip()
        if line.startswith(FENCE + " example") and section in sections:
            start = i + 1
            j = start
            while lines[j] != FENCE:
                j += 1
            body = "\n".join(lines[start:j]).replace("\u2192", "\t")
            md, _, out_html = body.partition("\n.\n")
            out.append((section, start, md, out_html))
            i = j
        i += 1
    return out


LINK_RE = re.compile(r'<a href="[^"]*">(.*?)</a>')


def cases():
    """One case per paragraph of an example whose expected HTML for it is `<p>…</p>` with
    only autolinks inside and whose text, the links' tags removed and entities decoded, is
    the paragraph as written: plain text, no other markdown construct involved."""
    result, skipped = [], []
    for path, sections in (("cmark-gfm/test/spec.txt", {"Autolinks (extension)"}),
                           ("cmark-gfm/test/extensions.txt", {"Autolinks", "Interop"})):
        for section, line, md, out_html in examples(path, sections):
            paragraphs = [p for p in md.split("\n\n") if p.strip()]
            blocks = out_html.split("\n") if out_html != "<IGNORE>" else []
            if len(blocks) != len(paragraphs) or not all(b.startswith("<p>") and b.endswith("</p>") for b in blocks):
                skipped.append((path, line, "not one <p> per paragraph"))
                continue
            for k, (p, b) in enumerate(zip(paragraphs, blocks)):
                inner = b[3:-4]
                plain = html.unescape(LINK_RE.sub(r"\1", inner))
                if "<" in LINK_RE.sub("", inner) or plain != p:
                    skipped.append((path, line, "paragraph %d uses markdown" % k))
                    continue
                result.append({"file": os.path.basename(path), "line": line, "paragraph": k, "text": p,
                               "expected": [html.unescape(t) for t in LINK_RE.findall(inner)]})
    return result, skipped


def main():
    write_spec()
    result, skipped = cases()
    with open(os.path.join(HERE, "autolink-test.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print("%d cases; skipped: %s" % (len(result), skipped))


if __name__ == "__main__":
    main()

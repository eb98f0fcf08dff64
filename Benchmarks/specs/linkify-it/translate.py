#!/usr/bin/env python3
"""Dev-only (never run by tests or the build): writes linkify-it.richrules from the vendored
js/lib/re.mjs, js/index.mjs and uc.micro/, and links-test.json from js/test/fixtures/.

    python3 Benchmarks/specs/linkify-it/translate.py        (standard library only)

re.mjs's string expressions are evaluated as JavaScript would (string literals, `+`, earlier
`re.*` values, `[...].join('|')`, `X.source` of the uc.micro regexes, the `opts['---']`
ternary with linkify-it's default options), and index.mjs's `compile()` is followed for the
TLD list (`tlds_default`, then `tlds_2ch_src_re`, then `src_xn`, joined by `|`, put in
place of `%TLDS%`) and for the schema validators. Every pattern below is the authors' text;
the JS -> ICU edits are in `to_icu` and `uc_class`, each explained in the spec's header.
"""
import json
import os
import re
from types import SimpleNamespace

HERE = os.path.dirname(os.path.abspath(__file__))


def read(path):
    return open(os.path.join(HERE, path), encoding="utf-8").read()


# ---------------------------------------------------------------- uc.micro classes

def uc_source(path):
    m = re.fullmatch(r"export default /(.*)/\n?", read(path), re.S)
    assert m, path
    return m.group(1)


def uc_class(js_source):
    """The uc.micro regex (a JS non-`u` regex over UTF-16 code units: BMP classes, surrogate
    pairs spelled `\\uD800[\\uDD00-\\uDD02]`, lone-surrogate branches) as one ICU class of
    code points: a code point is in the class iff the JS regex matches its UTF-16 encoding
    exactly (evaluated with Python's `re` on the code-unit string; the syntax used by these
    files reads the same in both). ICU reads `[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]` as two
    surrogate code points, never as a pair in the text, so the pairs must become ranges."""
    rx = re.compile(js_source)
    members = []
    for cp in range(0x110000):
        units = chr(cp)  # a BMP code point, or a lone surrogate, is one code unit
        if cp >= 0x10000:
            hi, lo = 0xD800 + ((cp - 0x10000) >> 10), 0xDC00 + ((cp - 0x10000) & 0x3FF)
            units = chr(hi) + chr(lo)
        if rx.fullmatch(units):
            members.append(cp)
    ranges, start, prev = [], None, None
    for cp in members:
        if start is None:
            start = prev = cp
        elif cp == prev + 1:
            prev = cp
        else:
            ranges.append((start, prev))
            start = prev = cp
    if start is not None:
        ranges.append((start, prev))

    def esc(cp):
        return "\\u%04X" % cp if cp < 0x10000 else "\\U%08X" % cp

    return "[" + "".join(esc(a) if a == b else esc(a) + "-" + esc(b) for a, b in ranges) + "]"


# ---------------------------------------------------------------- re.mjs

def evaluate_re_mjs(cls=uc_class):
    src = read("js/lib/re.mjs")
    # whole-line comments and the inline `/* _root */`
    src = "\n".join(l for l in src.split("\n") if not l.strip().startswith("//"))
    src = src.replace("/* _root */", "")
    src = re.sub(r"(')[ \t]*//[^\n]*", r"\1", src)  # a comment after a string
    # linkify-it's default options: opts['---'] is undefined, so each ternary's else branch
    src = re.sub(r"\(opts\['---'\]\s*\?\s*('(?:[^'\\]|\\.)*')\s*:\s*('(?:[^'\\]|\\.)*')\s*\)", r"\2", src, flags=re.S)
    assert "opts['---']" not in src.split("opts = opts || {}")[1], "unhandled option"
    ns = SimpleNamespace(
        Any=SimpleNamespace(source=cls(uc_source("uc.micro/properties/Any/regex.mjs"))),
        Cc=SimpleNamespace(source=cls(uc_source("uc.micro/categories/Cc/regex.mjs"))),
        Z=SimpleNamespace(source=cls(uc_source("uc.micro/categories/Z/regex.mjs"))),
        P=SimpleNamespace(source=cls(uc_source("uc.micro/categories/P/regex.mjs"))),
        re=SimpleNamespace())
    body = src.split("opts = opts || {}")[1].split("return re")[0]
    stmts = re.split(r"\n(?=\s*(?:re\.\w+|const \w+)\s*=)", body)
    for s in stmts:
        s = s.strip()
        if not s:
            continue
        m = re.fullmatch(r"(?:const )?(re\.\w+|\w+)\s*=\s*(.*)", s, re.S)
        assert m, s
        expr = m.group(2)
        # [a, b, c].join('|')  ->  '|'.join([a, b, c])
        expr = re.sub(r"(\[[^\[\]]*\])\.join\('\|'\)", r"'|'.join(\1)", expr)
        value = eval("(" + expr + ")", {}, {**vars(ns), "re": ns.re})
        assert isinstance(value, str), s
        name = m.group(1)
        if name.startswith("re."):
            setattr(ns.re, name[3:], value)
        else:
            setattr(ns, name, value)
    return vars(ns.re)


def index_mjs(R):
    js = read("js/index.mjs")
    two = re.search(r"const tlds_2ch_src_re = '([^']*)'", js).group(1)
    default = re.search(r"const tlds_default = '([^']*)'\.split\('\|'\)", js).group(1).split("|")
    tlds = default + [two, R["src_xn"]]  # compile(): push 2ch (not replaced), push src_xn
    src_tlds = "|".join(tlds)
    untpl = lambda t: t.replace("%TLDS%", src_tlds, 1)  # JS String.replace: first only
    # the validators, as defaultSchemas builds them (all compiled with 'i')
    assert "'^\\\\/\\\\/' + self.re.src_auth + self.re.src_host_port_strict + self.re.src_path" in js
    http = "^\\/\\/" + R["src_auth"] + R["src_host_port_strict"] + R["src_path"]
    assert "'(?:localhost|(?:(?:' + self.re.src_domain + ')\\\\.)+' + self.re.src_domain_root + ')'" in js
    no_http = ("^" + R["src_auth"] + "(?:localhost|(?:(?:" + R["src_domain"] + ")\\.)+" + R["src_domain_root"]
               + ")" + R["src_port"] + R["src_host_terminator"] + R["src_path"])
    mailto = "^" + R["src_email_name"] + "@" + R["src_host_strict"]
    # schema_search's "before" group: '(^|(?!_)(?:[><\uff5c]|' + re.src_ZPCc + '))'
    assert "'(^|(?!_)(?:[><\\uff5c]|' + re.src_ZPCc + '))(' + slist + ')'" in js
    before = "(^|(?!_)(?:[><\uff5c]|" + R["src_ZPCc"] + "))"
    return {
        "link_fuzzy": untpl(R["tpl_link_fuzzy"]),
        "email_fuzzy": untpl(R["tpl_email_fuzzy"]),
        "schema_before": before, "http": http, "no_http": no_http, "mailto": mailto,
    }


# ---------------------------------------------------------------- JS -> ICU

def to_icu(p):
    """JS (no `u`, no `m`, no `s` flag) -> ICU, only where they read differently:
    - `.` outside a class -> `[^\\n\\r\\u2028\\u2029]` (ICU's `.` also excludes U+000B, U+000C,
      U+0085);
    - `\\d` -> `[0-9]` (ICU's `\\d` is Unicode Nd);
    - `$` outside a class -> `\\z` (ICU's `$` also matches before a final line terminator);
    - `[` inside a class -> `\\[` (a literal in JS; ICU would open a nested set);
    - `/` outside a class -> `\\/` (the pattern delimiter);
    - characters outside printable ASCII as `\\uhhhh`.
    The uc.micro classes were already made code-point classes by `uc_class`."""
    out, depth, i = [], 0, 0
    while i < len(p):
        c = p[i]
        if c == "\\" and i + 1 < len(p):
            n = p[i + 1]
            if n in "uU":  # \uhhhh / \Uhhhhhhhh from uc_class
                k = 6 if n == "u" else 10
                out.append(p[i:i + k])
                i += k
                continue
            if n == "d":
                out.append("[0-9]" if depth == 0 else "0-9")
            else:
                assert n not in "wWsSDbB", "unhandled JS escape \\" + n
                out.append(p[i:i + 2])
            i += 2
            continue
        if c == "[" and depth > 0:
            out.append("\\[")
        elif c == "[":
            depth += 1
            out.append(c)
        elif c == "]" and depth > 0:
            depth -= 1
            out.append(c)
        elif depth == 0 and c == ".":
            out.append("[^\\n\\r\\u2028\\u2029]")
        elif depth == 0 and c == "$":
            out.append("\\z")
        elif depth == 0 and c == "/":
            out.append("\\/")
        elif " " <= c <= "~":
            out.append(c)
        else:
            assert ord(c) < 0x10000
            out.append("\\u%04X" % ord(c))
        i += 1
    return "".join(out)


def before_as_lookbehind(p):
    """`(^|X)(…)` -> `(?<=^|X)(…)`: the consumed "before" group becomes a lookbehind."""
    assert p.startswith("(^|")
    return "(?<=" + p[1:]


def rules():
    R = evaluate_re_mjs()
    S = index_mjs(R)
    lb = before_as_lookbehind(S["schema_before"])
    return {
        "HTTP": to_icu(lb + "(http:|https:|ftp:)" + S["http"][1:]),
        # the '//' validator's check: `text[pos - 3]` (the character before `//`) is not
        # ':' or '/'
        "NEUTRAL": to_icu(lb + "(?<![:/])(//)" + S["no_http"][1:]),
        "MAILTO": to_icu(lb + "(mailto:)" + S["mailto"][1:]),
        "LINK": to_icu(before_as_lookbehind(S["link_fuzzy"])),
        "EMAIL": to_icu(before_as_lookbehind(S["email_fuzzy"])),
    }


# ---------------------------------------------------------------- fixtures

def fixtures():
    """test/test.mjs's reading: `%` lines are blanked; a non-blank line followed by a
    non-blank line expects that next line as the first link's url (normalizer killed, so the
    raw text), else itself; the next line is then skipped. not_links.txt: every non-blank
    line expects no link (test() false)."""
    cases = []
    lines = read("js/test/fixtures/links.txt").replace("\r\n", "\n").split("\n")
    skip = False
    for idx, line in enumerate(lines):
        if skip:
            skip = False
            continue
        line = re.sub(r"^%.*", "", line)
        nxt = re.sub(r"^%.*", "", lines[idx + 1] if idx + 1 < len(lines) else "")
        if not line.strip():
            continue
        if nxt.strip():
            cases.append({"file": "links", "line": idx + 1, "text": line, "expected": nxt})
            skip = True
        else:
            cases.append({"file": "links", "line": idx + 1, "text": line, "expected": line})
    for idx, line in enumerate(read("js/test/fixtures/not_links.txt").replace("\r\n", "\n").split("\n")):
        line = re.sub(r"^%.*", "", line)
        if line.strip():
            cases.append({"file": "not_links", "line": idx + 1, "text": line, "expected": None})
    return cases


if __name__ == "__main__":
    template = read("linkify-it.richrules.in")
    for name, pattern in rules().items():
        template = template.replace("@" + name + "@", pattern)
    assert "@LINK@" not in template
    with open(os.path.join(HERE, "linkify-it.richrules"), "w", encoding="utf-8") as f:
        f.write(template)
    cases = fixtures()
    with open(os.path.join(HERE, "links-test.json"), "w", encoding="utf-8") as f:
        json.dump(cases, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("links.txt %d cases, not_links.txt %d cases"
          % (sum(c["file"] == "links" for c in cases), sum(c["file"] == "not_links" for c in cases)))

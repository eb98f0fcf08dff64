"""Dev-only: reading the string constants of a Java source as javac evaluates them, shared
by the translate.py of each rule set here (never run by tests or the build)."""
import re


def utf16_fix(s):
    """Java strings are UTF-16: `\\uD83C\\uDF38` is one code point once javac is done."""
    return s.encode("utf-16-le", "surrogatepass").decode("utf-16-le")


def literal(src, i):
    """Decode the Java string literal starting at src[i] == '"'; return (text, index after)."""
    j = i + 1
    s = []
    while src[j] != '"':
        if src[j] == "\\":
            e = src[j + 1]
            if e == "u":
                s.append(chr(int(src[j + 2:j + 6], 16)))
                j += 6
                continue
            s.append({"\\": "\\", '"': '"', "n": "\n", "t": "\t", "'": "'", "r": "\r"}[e])
            j += 2
        else:
            s.append(src[j])
            j += 1
    return "".join(s), j + 1


def tokens(src):
    """Tokenize a Java expression: string literals (decoded), `join(TldLists.X)` as
    ("join", X), identifiers (dotted names whole), '+' and the rest skipped."""
    out = []
    i = 0
    while i < len(src):
        c = src[i]
        if src.startswith("//", i):
            i = src.index("\n", i) if "\n" in src[i:] else len(src)
        elif src.startswith("/*", i):
            i = src.index("*/", i) + 2
        elif c == '"':
            s, i = literal(src, i)
            out.append(("str", s))
        elif src.startswith("join(TldLists.", i):
            j = src.index(")", i)
            out.append(("join", src[i + len("join(TldLists."):j]))
            i = j + 1
        elif c.isalpha() or c == "_":
            m = re.match(r"[A-Za-z_][A-Za-z0-9_.]*", src[i:])
            out.append(("name", m.group(0)))
            i += len(m.group(0))
        else:
            i += 1
    return out


def statement_end(src, i):
    """Index of the `;` ending the statement at i (outside strings, comments, brackets)."""
    depth = 0
    while not (src[i] == ";" and depth == 0):
        if src[i] == '"':
            _, i = literal(src, i)
            continue
        if src.startswith("//", i):
            i = src.index("\n", i)
        elif src[i] in "({[":
            depth += 1
        elif src[i] in ")}]":
            depth -= 1
        i += 1
    return i


def spell(p, escape_non_ascii=True):
    """A pattern spelled for a `/…/` in a .richrules file; ICU reads the result as the same
    pattern:
    - a `/` outside any class as `\\/` (the pattern delimiter; ICU reads `\\/` as `/`);
    - with `escape_non_ascii`, every character outside printable ASCII as ICU's `\\uhhhh`
      (a supplementary one as its surrogate pair `\\uD83C\\uDF38`, which ICU reads as one
      code point): the escapes the Java source wrote, instead of raw U+2028, U+00A0 … in
      the file."""
    out, depth, i = [], 0, 0
    while i < len(p):
        c = p[i]
        if c == "\\" and i + 1 < len(p) and (not escape_non_ascii or " " <= p[i + 1] <= "~"):
            out.append(p[i:i + 2])
            i += 2
            continue
        if c == "[":
            depth += 1
        elif c == "]" and depth > 0:
            depth -= 1
        if c == "/" and depth == 0:
            out.append("\\/")
        elif not escape_non_ascii or " " <= c <= "~":
            out.append(c)
        else:
            units = c.encode("utf-16-be")
            assert i == 0 or p[i - 1] != "\\", "escaped non-ASCII"
            for k in range(0, len(units), 2):
                out.append("\\u%04X" % int.from_bytes(units[k:k + 2], "big"))
        i += 1
    return "".join(out)

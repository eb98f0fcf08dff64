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

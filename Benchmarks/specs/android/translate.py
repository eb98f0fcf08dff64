#!/usr/bin/env python3
"""Dev-only (never run by tests or the build): writes android.richrules from the vendored
java/Patterns.java, and patterns-test.json from java/PatternsTest.java.

    python3 Benchmarks/specs/android/translate.py        (standard library only)

The string constants of Patterns.java are evaluated as javac would (string literals with
their escapes, `+`, names of earlier constants), so every pattern below is the authors'
text, character for character. The only edits are the two spellings in `spell` (see the
comments in the emitted spec); no rewriting for our engine.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from javasource import literal, spell, statement_end, tokens, utf16_fix  # noqa: E402


def read_patterns():
    java = open(os.path.join(HERE, "java/Patterns.java"), encoding="utf-8").read()
    consts = {}
    for m in re.finditer(r"static final (String|Pattern) (\w+)\s*=", java):
        body = java[m.end():statement_end(java, m.end())]
        if m.group(1) == "Pattern":
            body = body.strip()
            assert body.startswith("Pattern.compile(") and body.endswith(")"), m.group(2)
            body = body[len("Pattern.compile("):-1]
        parts = []
        for kind, v in tokens(body):
            parts.append(v if kind == "str" else consts[v])
        consts[m.group(2)] = utf16_fix("".join(parts))
    return consts


# ---------------------------------------------------------------- PatternsTest.java

def test_methods(src):
    for m in re.finditer(r"public void (test\w+)\(\)[^{]*\{", src):
        depth, i = 1, m.end()
        while depth:
            if src[i] == '"':
                _, i = literal(src, i)
                continue
            depth += {"{": 1, "}": -1}.get(src[i], 0)
            i += 1
        yield m.group(1), src[m.end():i - 1]


def split_top(s, sep):
    """Split s at `sep` characters outside strings and brackets."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(s):
        if s[i] == '"':
            _, i = literal(s, i)
            continue
        if s.startswith("//", i):
            s = s[:i] + s[s.index("\n", i):]  # a comment (in an array literal)
            continue
        if s[i] in "({[":
            depth += 1
        elif s[i] in ")}]":
            depth -= 1
        elif s[i] == sep and depth == 0:
            parts.append(s[start:i])
            start = i + 1
        i += 1
    parts.append(s[start:])
    return [x.strip() for x in parts]


def value(expr, env):
    """A string expression: literals, variables and `+`."""
    out = []
    for term in split_top(expr, "+"):
        if term.startswith('"'):
            out.append(utf16_fix(literal(term, 0)[0]))
        else:
            out.append(env[term])
    return "".join(out)


MATCHER = re.compile(r"^(Patterns\.(\w+)|(\w+))\.matcher\((.*?)\)(?:\.(matches|find)\(\))?$", re.S)


def check(expr, env):
    """`Patterns.X.matcher(E).matches()`, `pattern.matcher(E).find()`, `t`, `m.find()`."""
    if re.fullmatch(r"\w+", expr):
        return env[expr]
    m = re.fullmatch(r"(\w+)\.(matches|find)\(\)", expr)
    if m:
        return dict(env[m.group(1)], method=m.group(2))
    m = MATCHER.match(expr)
    assert m, expr
    pattern = m.group(2) or env[m.group(3)]
    return {"pattern": pattern, "text": value(m.group(4), env), "method": m.group(5)}


def run(body, env, cases, test):
    i = 0
    while i < len(body):
        rest = body[i:]
        ws = re.match(r"\s+|//[^\n]*", rest)
        if ws:
            i += ws.end()
            continue
        loop = re.match(r"(for|while)\s*\(([^\n]*?)\)\s*\{", rest)
        if loop:
            depth, j = 1, i + loop.end()
            while depth:
                if body[j] == '"':
                    _, j = literal(body, j)
                    continue
                depth += {"{": 1, "}": -1}.get(body[j], 0)
                j += 1
            inner = body[i + loop.end():j - 1]
            head = loop.group(2)
            each = re.fullmatch(r"String (\w+) : (\w+)", head)
            count = re.fullmatch(r"int (\w+) ?= ?0; ?\1 ?(<=?) ?(\d+); ?\1\+\+", head)
            grow = re.fullmatch(r"(\w+)\.length\(\) <= (\d+)", head)
            if each:
                for v in env[each.group(2)]:
                    run(inner, dict(env, **{each.group(1): v}), cases, test)
            elif count:
                for _ in range(int(count.group(3)) + (count.group(2) == "<=")):
                    run(inner, env, cases, test)
            else:
                assert grow, head
                while len(env[grow.group(1)].encode("utf-16-le")) // 2 <= int(grow.group(2)):
                    run(inner, env, cases, test)
            i = j
            continue
        end = statement_end(body, i)
        statement(body[i:end].strip(), env, cases, test)
        i = end + 1


def statement(s, env, cases, test):
    if re.fullmatch(r"boolean \w+", s) or s.startswith("assertEquals("):
        return
    a = re.fullmatch(r"(?:assertTrue|assertFalse)\((.*)\)", s, re.S)
    if a:
        args = split_top(a.group(1), ",")
        c = check(args[-1], env)
        assert c["method"] in ("matches", "find"), s
        cases.append({"test": test, "pattern": c["pattern"], "method": c["method"],
                      "text": c["text"], "expected": s.startswith("assertTrue")})
        return
    d = re.fullmatch(r"(?:(?:String|String\[\]|Pattern|Matcher) )?(\w+)\s*(\+?=)\s*(.*)", s, re.S)
    assert d, s
    name, op, rhs = d.groups()
    if rhs.startswith("Pattern.compile(Patterns."):
        env[name] = re.fullmatch(r"Pattern\.compile\(Patterns\.(\w+)\)", rhs).group(1)
    elif "matcher(" in rhs:
        env[name] = check(rhs, env)
    elif rhs.startswith("{") or rhs.startswith("new String[]"):
        items = rhs[rhs.index("{") + 1:rhs.rindex("}")]
        env[name] = [value(x, env) for x in split_top(items, ",") if x]
    elif op == "+=":
        env[name] += value(rhs, env)
    else:
        env[name] = value(rhs, env)


RULES = {"AUTOLINK_WEB_URL": "url", "AUTOLINK_EMAIL_ADDRESS": "email", "PHONE": "phone"}


def conformance():
    src = open(os.path.join(HERE, "java/PatternsTest.java"), encoding="utf-8").read()
    cases, tests = [], 0
    for name, body in test_methods(src):
        tests += 1
        run(body, {}, cases, name)
    kept = [dict(c, rule=RULES[c["pattern"]]) for c in cases if c["pattern"] in RULES]
    skipped = {}
    for c in cases:
        if c["pattern"] not in RULES:
            skipped[c["pattern"]] = skipped.get(c["pattern"], 0) + 1
    print("PatternsTest.java: %d @Test methods, %d assertions; kept %d (%s); not rules here: %s"
          % (tests, len(cases), len(kept),
             ", ".join("%s %d" % (r, sum(c["rule"] == r for c in kept)) for r in RULES.values()),
             skipped))
    return kept


if __name__ == "__main__":
    C = read_patterns()
    template = open(os.path.join(HERE, "android.richrules.in"), encoding="utf-8").read()
    for java_name, rule in RULES.items():
        template = template.replace("@" + rule.upper() + "@", spell(C[java_name]))
    assert "@" + "URL@" not in template
    with open(os.path.join(HERE, "android.richrules"), "w", encoding="utf-8") as f:
        f.write(template)
    with open(os.path.join(HERE, "patterns-test.json"), "w", encoding="utf-8") as f:
        json.dump(conformance(), f, ensure_ascii=False, indent=1)
        f.write("\n")

#!/usr/bin/env python3
"""Collect the HTML corpus inputs (dev-only; not part of CI).

Reads local git mirrors of public repositories (bare git directories, read
with `git show <commit>:<path>`; nothing is built or run from them) and a
local copy of WPT's innerText getter-tests.js, and writes one JSONL file per
source under Tests/HTMLCorpus/sources/:

    wpt.jsonl       web-platform-tests innerText getter cases
    mastodon.jsonl  real Mastodon status `content` HTML from client fixtures
    cms.jsonl       CMS-style article HTML from HTML-to-text test fixtures
    issue37.jsonl   the snippets quoted in issue 37

Each line: {"id", "source", "html", "origin": {"repo", "commit", "path",
"url"}, optional "name", "expected", "note"}.

Usage:
    python3 Scripts/html-oracle/collect.py \
        --mirrors /work/.mirror --wpt-getter-tests /path/to/getter-tests.js

`--mirrors DIR` holds DIR/<owner>+<name>/repo git directories (the layout the
project's repository-fetch tool produces); a missing repository is skipped
with a warning. The commits used are pinned in SOURCES below so the output is
reproducible.
"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "Tests", "HTMLCorpus", "sources")

WPT = {
    "repo": "web-platform-tests/wpt",
    "commit": "59549eaf2c26cf05cc76f19751bb890c39680584",
    "path": "html/dom/elements/the-innertext-and-outertext-properties/getter-tests.js",
}

# Mastodon status fixtures: (repo, commit, [paths]); all JSON files.
MASTODON = [
    ("andregasser/bigbone", "adfa7d3bc2480b97a9f0c6df9186a35e3cbd2682", None),
    ("TootSDK/TootSDK", "25e9dddf9c42fd30894a55f4b0369dbf25f924d4", None),
    ("LibraryLibrarian/mastodon_client", "edf2f7633ab009355085db1f16318e9ea43f1182", None),
]
ELK = ("elk-zone/elk", "ae4ebf3375eb68f1f355390b4f163adb10f5026c",
       ["tests/nuxt/content-rich.test.ts", "tests/nuxt/html-parse.test.ts",
        "tests/nuxt/html-to-text.test.ts"])
# Used only to annotate samples that also appear in the Mastodon docs.
MASTODON_DOCS = ("mastodon/documentation", "2903485da54a20f1da5e7dfb8b34712e6196e8f7")

TURNDOWN = ("mixmark-io/turndown", "fb7a865ef5eba4081dfd4e20a894a61ef7a2edca", "test/index.html")
INSCRIPTIS = ("weblyzard/inscriptis", "b7b0a9a678fc3374471f839a0f487316c5cbe76d", "tests/html/")
# Inscriptis fixtures left out: excerpts of third-party web pages (Wikipedia,
# Stack Overflow: CC BY-SA; company web sites: no licence) rather than the
# project's own test markup.
INSCRIPTIS_EXCLUDE = re.compile(r"(^|/)(wikipedia-|stackoverflow-|real-world/)")

ISSUE37 = [
    ("cms-spec-example",
     '<p>One.</p><p>Two <b>bold</b> &amp; <i>it</i></p><ul><li>Alpha</li><li>Beta</li></ul>'
     '<script>alert(1)</script><style>p{}</style>Tail<br>line',
     "Issue 37 says a browser shows 'One.\\n\\nTwo bold & it\\n\\nAlpha\\nBeta\\nTail\\nline'"),
    ("nested-blocks", '<div><p>A</p><p>B</p></div><h2>Title</h2>', None),
    ("crossed-inline", '<b>a <i>b</b> c</i>', None),
    ("stray-paragraph-boundary", '</p><p>', "Fragment quoted in issue 37 (the regex rebuild target); parses to one empty <p>"),
]

MAX_HTML = 60_000  # characters; larger documents are dropped


class Mirror:
    def __init__(self, root, repo, commit):
        self.repo, self.commit = repo, commit
        self.git = os.path.join(root, repo.replace("/", "+"), "repo")
        self.ok = os.path.isdir(self.git)
        if not self.ok:
            print(f"warning: no mirror for {repo} at {self.git}; skipped", file=sys.stderr)

    def run(self, *args):
        return subprocess.run(["git", "--git-dir", self.git, *args], check=True,
                              capture_output=True).stdout

    def ls(self, under=""):
        out = self.run("ls-tree", "-r", "--name-only", self.commit, *( [under] if under else []))
        return sorted(out.decode().splitlines())

    def show(self, path):
        return self.run("show", f"{self.commit}:{path}").decode("utf-8")

    def origin(self, path):
        return {"repo": self.repo, "commit": self.commit, "path": path,
                "url": f"https://github.com/{self.repo}/blob/{self.commit}/{path}"}


# ---------------------------------------------------------------- JS strings

JS_ESC = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def parse_js_string(src, i):
    """Parse a JS string literal ('...', "..." or `...` without ${}) at src[i].
    Returns (value, index after the literal)."""
    q = src[i]
    assert q in "'\"`", src[i:i + 20]
    i += 1
    out = []
    while True:
        c = src[i]
        if c == q:
            return "".join(out), i + 1
        if q == "`" and src.startswith("${", i):
            raise ValueError("template substitution not supported")
        if c == "\\":
            e = src[i + 1]
            if e == "x":
                out.append(chr(int(src[i + 2:i + 4], 16))); i += 4; continue
            if e == "u":
                if src[i + 2] == "{":
                    j = src.index("}", i)
                    out.append(chr(int(src[i + 3:j], 16))); i = j + 1; continue
                out.append(chr(int(src[i + 2:i + 6], 16))); i += 6; continue
            if e == "\n":
                i += 2; continue
            out.append(JS_ESC.get(e, e)); i += 2; continue
        if q == "`" and c == "\r":
            c = "\n"  # template literals normalise CR
        out.append(c); i += 1


def skip_ws_comments(src, i):
    while True:
        while i < len(src) and src[i] in " \t\r\n":
            i += 1
        if src.startswith("//", i):
            i = src.index("\n", i)
        elif src.startswith("/*", i):
            i = src.index("*/", i) + 2
        else:
            return i


def parse_js_args(src, i):
    """Parse a call's arguments starting after '('; only string literals and
    `undefined` are parsed, any other argument is returned as None and the
    rest of the call is skipped."""
    args = []
    while True:
        i = skip_ws_comments(src, i)
        if src[i] == ")":
            return args, i + 1
        if src[i] in "'\"`":
            v, i = parse_js_string(src, i)
            args.append(v)
        elif src.startswith("undefined", i):
            args.append(None); i += len("undefined")
        else:
            args.append(None)
            return args, i
        i = skip_ws_comments(src, i)
        if src[i] == ",":
            i += 1


# ---------------------------------------------------------------- sources

WPT_NOTES = {
    "poke": "The WPT harness's JS adds text (class 'poke'/'poke-*') after parsing; here it does not run, so the case shows the markup alone.",
    "shadow": "The WPT harness attaches a shadow root to class 'shadow' elements; not done here.",
    "harness-css": "Relies on the WPT harness stylesheet (classes before, table, itable, row, cell, first-line-uppercase, first-letter-uppercase, first-letter-float); the corpus page has no author stylesheet.",
}
HARNESS_CSS_CLASSES = {"before", "table", "itable", "row", "cell", "first-line-uppercase",
                       "first-letter-uppercase", "first-letter-float"}


def collect_wpt(path):
    src = open(path, encoding="utf-8").read()
    cases, n = [], 0
    for m in re.finditer(r"\b(testText|testTextInSVG)\(", src):
        args, _ = parse_js_args(src, m.end())
        html, expected, name = (args + [None] * 3)[:3]
        if m.group(1) == "testTextInSVG":
            continue  # needs the harness's <svg> container; skipped
        n += 1
        case = {"id": f"wpt-{n:03d}", "source": "wpt", "html": html, "name": name,
                "expected": expected, "origin": wpt_origin(src, m.start())}
        classes = set()
        for cm in re.finditer(r"class='([^']*)'", html):
            classes.update(cm.group(1).split())
        notes = []
        if any(c == "poke" or c.startswith("poke-") for c in classes):
            notes.append(WPT_NOTES["poke"])
        if "shadow" in classes:
            notes.append(WPT_NOTES["shadow"])
        if classes & HARNESS_CSS_CLASSES:
            notes.append(WPT_NOTES["harness-css"])
        if notes:
            case["note"] = " ".join(notes)
        cases.append(case)
    return cases


def wpt_origin(src, offset):
    line = src.count("\n", 0, offset) + 1
    return {"repo": WPT["repo"], "commit": WPT["commit"], "path": WPT["path"], "line": line,
            "url": f"https://github.com/{WPT['repo']}/blob/{WPT['commit']}/{WPT['path']}#L{line}"}


def walk_content(obj):
    """Yield status `content` strings from a parsed Mastodon API JSON value."""
    if isinstance(obj, dict):
        c = obj.get("content")
        # Statuses have `account` + `content`; edits/announcements/previews
        # carry `content` too. Keep any HTML-ish content string.
        if isinstance(c, str) and c.strip():
            yield c
        for k in sorted(obj):
            yield from walk_content(obj[k])
    elif isinstance(obj, list):
        for v in obj:
            yield from walk_content(v)


def looks_like_status_html(s):
    return bool(re.search(r"<(p|br|a|span)\b", s))


def collect_mastodon(root):
    docs = Mirror(root, *MASTODON_DOCS)
    docs_text = ""
    if docs.ok:
        for p in docs.ls("content/en/"):
            if p.endswith(".md"):
                docs_text += docs.show(p)
    seen, cases = set(), []

    def add(html, origin, name=None):
        if html in seen or not looks_like_status_html(html) or len(html) > MAX_HTML:
            return
        seen.add(html)
        case = {"id": f"mastodon-{len(cases) + 1:03d}", "source": "mastodon", "html": html,
                "origin": origin}
        if name:
            case["name"] = name
        if docs_text and json.dumps(html)[1:-1] in docs_text:
            case["note"] = ("Also appears verbatim in the Mastodon API documentation's examples "
                            "(mastodon/documentation, GFDL-1.3); taken here from the fixture named in origin.")
        cases.append(case)

    for repo, commit, paths in MASTODON:
        mir = Mirror(root, repo, commit)
        if not mir.ok:
            continue
        for p in paths or [p for p in mir.ls() if p.endswith(".json")]:
            try:
                data = json.loads(mir.show(p))
            except ValueError:
                continue
            for html in walk_content(data):
                add(html, mir.origin(p))

    repo, commit, paths = ELK
    mir = Mirror(root, repo, commit)
    if mir.ok:
        for p in paths:
            src = mir.show(p)
            for m in re.finditer(r"\b(render|htmlToText)\(\s*", src):
                if src[m.end()] not in "'\"`":
                    continue
                try:
                    html, _ = parse_js_string(src, m.end())
                except ValueError:
                    continue
                # the test's name: last it('...') before the call
                its = list(re.finditer(r"\bit\s*\(\s*", src[:m.start()]))
                name = parse_js_string(src, its[-1].end())[0] if its else None
                add(html, mir.origin(p), name)
    return cases


def collect_cms(root):
    seen, cases = set(), []

    def add(html, origin, name):
        if html in seen or not html.strip():
            return
        if len(html) > MAX_HTML:
            print(f"note: dropped {origin['path']} ({len(html)} chars)", file=sys.stderr)
            return
        seen.add(html)
        cases.append({"id": f"cms-{len(cases) + 1:03d}", "source": "cms", "html": html,
                      "name": name, "origin": origin})

    repo, commit, path = TURNDOWN
    mir = Mirror(root, repo, commit)
    if mir.ok:
        src = mir.show(path)
        line_of = lambda off: src.count("\n", 0, off) + 1
        for m in re.finditer(r'<div class="case" data-name="([^"]*)"[^>]*>\s*<div class="input">(.*?)</div>\s*<pre class="expected">',
                             src, re.S):
            o = mir.origin(path)
            o["line"] = line_of(m.start())
            o["url"] += f"#L{o['line']}"
            add(m.group(2), o, "turndown: " + m.group(1))

    repo, commit, under = INSCRIPTIS
    mir = Mirror(root, repo, commit)
    if mir.ok:
        for p in mir.ls(under):
            if not p.endswith(".html") or INSCRIPTIS_EXCLUDE.search(p[len(under):]):
                continue
            add(mir.show(p), mir.origin(p), "inscriptis: " + os.path.basename(p))
    return cases


def collect_issue37():
    cases = []
    for i, (name, html, note) in enumerate(ISSUE37, 1):
        c = {"id": f"issue37-{i:03d}", "source": "issue37", "html": html, "name": name,
             "origin": {"repo": "RichRules (this project)", "path": "issue 37 (`issues show 37`)"}}
        if note:
            c["note"] = note
        cases.append(c)
    return cases


def write(name, cases):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name), "w", encoding="utf-8", newline="\n") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{name}: {len(cases)} cases")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--wpt-getter-tests", help="local copy of WPT's getter-tests.js at the pinned commit")
    a = ap.parse_args()
    if a.wpt_getter_tests:
        write("wpt.jsonl", collect_wpt(a.wpt_getter_tests))
    write("mastodon.jsonl", collect_mastodon(a.mirrors))
    write("cms.jsonl", collect_cms(a.mirrors))
    write("issue37.jsonl", collect_issue37())


if __name__ == "__main__":
    main()

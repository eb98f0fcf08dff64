#!/usr/bin/env python3
r"""Ask headless Chromium what it shows for each HTML case (dev-only; not CI).

Reads JSONL case files ({"id", "source", "html", ...} per line), builds ONE
UTF-8 page with every case in its own container, lets Chromium parse and lay
it out, and records for every case:

  innerText  the container's innerText (WHATWG "rendered text collection")
  dom        the container's innerHTML after parsing: the tree the HTML parser built
             (fragment parsing in a <div>), serialised
  links      [{"text": a.innerText, "href": a.getAttribute("href")}] for
             every a[href] inside the container, in document order

and, for "wpt" cases only, targetInnerText: innerText of the element the
WPT harness measures (#target, else the container's first element child),
which is what WPT's own "expected" value describes (null where innerText is
undefined, e.g. on <svg>).

For "mastodon" cases only, a second answer with the CSS rules of Mastodon's
web UI that change what text shows, in a second container (see below):

  mastodonInnerText  innerText of the same HTML under
                     .invisible { display: none }  .ellipsis::after { content: "\2026" }
                     (\2026: U+2026 HORIZONTAL ELLIPSIS). The shortened-link
                     spans Mastodon hides are dropped; the generated ellipsis
                     is not part of innerText, which never includes
                     ::before/::after content, so only the display:none rule
                     changes the text. (Mastodon's own CSS hides .invisible
                     with font-size:0 and position:absolute instead, which
                     innerText still includes; display:none models a client
                     that drops those spans.)
  mastodonLinks      the "links" list taken in that container; written only
                     when it differs from "links" (a link whose text has an
                     `invisible` span)

Page layout, per case N (0-based, in input order):

  <div id="case-N" style="width: 600px">   shadow host
     #shadow-root (open)
        <div class="box">  <- box.innerHTML = case.html (HTML fragment parser,
                              so the browser repairs broken markup exactly as
                              innerHTML does); innerText is taken from .box

The shadow root keeps any <style> element or id inside one case from
affecting the others; there is no author stylesheet, only the UA defaults and
the page's default font.

A "mastodon" case N also gets, after all the case-N hosts, a second host

  <div id="mastodon-case-N" style="width: 600px">   shadow host
     #shadow-root (open)
        <style>.invisible { display: none } .ellipsis::after { content: "\2026" }</style>
        <div class="box">  <- box.innerHTML = case.html again; mastodonInnerText
                              and mastodonLinks are taken from this .box

so the Mastodon rules apply to that copy only, never to the unstyled answers.

The HTML strings travel as a JSON array in a <script type="application/json">
element. Results are written as ASCII-only JSON into <pre id="out">, read back
from `chromium --dump-dom`.

Usage:
  python3 Scripts/html-oracle/oracle.py                       # defaults below
  python3 Scripts/html-oracle/oracle.py -o /tmp/cases.jsonl   # elsewhere
  python3 Scripts/html-oracle/oracle.py IN.jsonl ... -o OUT.jsonl

Default inputs: Tests/HTMLCorpus/sources/{wpt,mastodon,cms,issue37}.jsonl;
default output: Tests/HTMLCorpus/cases.jsonl. Output lines keep input order
and sorted keys, so two runs with the same Chromium give identical bytes.
"""
import argparse
import html as htmllib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CORPUS = os.path.join(ROOT, "Tests", "HTMLCorpus")
DEFAULT_INPUTS = [os.path.join(CORPUS, "sources", f + ".jsonl")
                  for f in ("wpt", "mastodon", "cms", "issue37")]
DEFAULT_OUTPUT = os.path.join(CORPUS, "cases.jsonl")

SCRIPT = r"""
(function () {
  // Mastodon web UI rules that change the text shown. The CSS escape \2026 is
  // U+2026 HORIZONTAL ELLIPSIS (the backslash is doubled for the JS string).
  var MASTODON_CSS = '.invisible { display: none } .ellipsis::after { content: "\\2026" }';
  function linksOf(box) {
    return Array.prototype.map.call(box.querySelectorAll('a[href]'), function (a) {
      return {text: a.innerText, href: a.getAttribute('href')};
    });
  }
  var cases = JSON.parse(document.getElementById('cases').textContent);
  var results = [];
  for (var i = 0; i < cases.length; i++) {
    var r = {id: cases[i].id};
    try {
      var host = document.getElementById('case-' + i);
      var root = host.attachShadow({mode: 'open'});
      var box = document.createElement('div');
      box.className = 'box';
      root.appendChild(box);
      box.innerHTML = cases[i].html;
      r.innerText = box.innerText;
      r.dom = box.innerHTML;
      r.links = linksOf(box);
      if (cases[i].wptTarget) {
        // As WPT's getter.html: #target, else the first child, skipping to an element.
        var e = box.querySelector('#target') || box.firstChild;
        while (e && e.nodeType != Node.ELEMENT_NODE) e = e.nextSibling;
        var t = e ? e.innerText : undefined;
        r.targetInnerText = (typeof t === 'string') ? t : null;
      }
      if (cases[i].mastodon) {
        var mroot = document.getElementById('mastodon-case-' + i).attachShadow({mode: 'open'});
        var style = document.createElement('style');
        style.textContent = MASTODON_CSS;
        mroot.appendChild(style);
        var mbox = document.createElement('div');
        mbox.className = 'box';
        mroot.appendChild(mbox);
        mbox.innerHTML = cases[i].html;
        r.mastodonInnerText = mbox.innerText;
        r.mastodonLinks = linksOf(mbox);
      }
    } catch (err) {
      r.error = String(err);
    }
    results.push(r);
  }
  // ASCII-only JSON, so the DOM serialiser escapes nothing in it.
  var json = JSON.stringify(results).replace(/[\u007f-\uffff<>&]/g, function (c) {
    return '\\u' + ('0000' + c.charCodeAt(0).toString(16)).slice(-4);
  });
  document.getElementById('out').textContent = json;
})();
"""


def load_cases(paths):
    cases = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    cases.append(json.loads(line))
    ids = [c["id"] for c in cases]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        sys.exit(f"duplicate ids: {sorted(dup)}")
    return cases


def build_page(cases):
    payload = [{"id": c["id"], "html": c["html"], "wptTarget": c["source"] == "wpt",
                "mastodon": c["source"] == "mastodon"} for c in cases]
    data = json.dumps(payload, ensure_ascii=True).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    parts = ['<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
             '<title>html-oracle</title>\n</head>\n<body>\n']
    for i in range(len(cases)):
        parts.append(f'<div id="case-{i}" style="width: 600px"></div>\n')
    for i, c in enumerate(cases):
        if c["source"] == "mastodon":
            parts.append(f'<div id="mastodon-case-{i}" style="width: 600px"></div>\n')
    parts.append('<pre id="out"></pre>\n')
    parts.append(f'<script id="cases" type="application/json">{data}</script>\n')
    parts.append(f"<script>{SCRIPT}</script>\n</body>\n</html>\n")
    return "".join(parts)


def chromium_version(binary):
    out = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
    return out.strip().splitlines()[-1] if out.strip() else "unknown"


def run_chromium(binary, page_path, profile):
    cmd = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-extensions", "--disable-sync", "--lang=en-US",
           # no network: every host name fails to resolve
           "--host-resolver-rules=MAP * ~NOTFOUND",
           f"--user-data-dir={profile}", "--virtual-time-budget=5000",
           "--dump-dom", "file://" + page_path]
    p = subprocess.run(cmd, capture_output=True, timeout=300)
    dom = p.stdout.decode("utf-8")
    start = dom.find('<pre id="out">')
    end = dom.find("</pre>", start)
    if start < 0 or end < 0:
        sys.exit(f"no output from Chromium (exit {p.returncode}):\n{p.stderr.decode()[-2000:]}")
    text = htmllib.unescape(dom[start + len('<pre id="out">'):end])
    if not text:
        sys.exit(f"empty output from Chromium (exit {p.returncode}):\n{p.stderr.decode()[-2000:]}")
    return json.loads(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="*", default=DEFAULT_INPUTS)
    ap.add_argument("-o", "--output", default=DEFAULT_OUTPUT)
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    ap.add_argument("--keep-page", help="also write the generated page here")
    a = ap.parse_args()

    cases = load_cases(a.inputs)
    page = build_page(cases)
    with tempfile.TemporaryDirectory(prefix="html-oracle-") as tmp:
        page_path = os.path.join(tmp, "corpus.html")
        with open(page_path, "w", encoding="utf-8") as f:
            f.write(page)
        if a.keep_page:
            with open(a.keep_page, "w", encoding="utf-8") as f:
                f.write(page)
        results = run_chromium(a.chromium, page_path, os.path.join(tmp, "profile"))

    by_id = {r["id"]: r for r in results}
    errors = 0
    with open(a.output, "w", encoding="utf-8", newline="\n") as f:
        for c in cases:
            r = by_id.get(c["id"])
            if r is None or "error" in r or not isinstance(r.get("innerText"), str):
                errors += 1
                print(f"{c['id']}: no result ({r and r.get('error')})", file=sys.stderr)
                continue
            out = dict(c)
            out["innerText"] = r["innerText"]
            out["links"] = r["links"]
            out["dom"] = r["dom"]
            if "targetInnerText" in r:
                out["targetInnerText"] = r["targetInnerText"]
            if c["source"] == "mastodon":
                if not isinstance(r.get("mastodonInnerText"), str):
                    errors += 1
                    print(f"{c['id']}: no mastodonInnerText", file=sys.stderr)
                    continue
                out["mastodonInnerText"] = r["mastodonInnerText"]
                if r["mastodonLinks"] != r["links"]:
                    out["mastodonLinks"] = r["mastodonLinks"]
            f.write(json.dumps(out, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(cases) - errors}/{len(cases)} cases written to {a.output} "
          f"({chromium_version(a.chromium)})", file=sys.stderr)
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()

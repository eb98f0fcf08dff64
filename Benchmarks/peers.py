#!/usr/bin/env python3
"""RE2 and Hyperscan beside RichRules on rulebench's workloads.

A dev script: not part of the README's two commands nor of CI. It needs its own venv:

    python3 -m venv .peers && .peers/bin/pip install google-re2 hyperscan
    swift run -c release rulebench --export /tmp/rulebench-export [--only social,feed,real]
    .peers/bin/python Benchmarks/peers.py /tmp/rulebench-export

For every `<key>.json` that `rulebench --export` wrote (texts, regex patterns, our times), it
compiles each pattern with RE2 (`google-re2`, on UTF-8 bytes) and Hyperscan (`hyperscan`,
UTF-8 + UCP, start of match leftmost), drops and lists the patterns each cannot express
(lookarounds, possessive and atomic groups, ICU set operations...), times each engine on
the same texts (best of three runs) and prints the times side by side.

What each side computes differs, and the table says so:
- RichRules (`compiled_seconds`): render of every text (all rules, resolution of overlaps,
  result records) plus what a label reads (display, captures, styles, tap arguments);
  NSRegularExpression (`reference_seconds`): the same through ICU.
- RE2: `finditer` of every kept pattern over every text (leftmost-first spans, per pattern,
  no resolution); the Python loop over matches is included (small against the scan on
  texts without matches).
- Hyperscan: one database of the kept patterns, `scan` of every text: every match end of
  every pattern (with its leftmost start), no resolution.
"""
import argparse
import glob
import json
import os
import sys
import time


def best_of(runs, body):
    best = None
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = body()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def translate(pattern):
    """ICU syntax the peers lack, rewritten; returns (pattern, changes). Lookarounds are dropped
    (the peer then finds a superset of the matches), possessive and atomic forms become
    greedy groups, `\\uXXXX` and `\\UXXXXXXXX` become `\\x{...}`."""
    out, changes, i, depth_in_class = [], set(), 0, 0
    n = len(pattern)

    def skip_group(j):
        """Index after the group opening at pattern[j] == '(' (escapes and classes respected)."""
        depth, k, in_class = 0, j, 0
        while k < n:
            c = pattern[k]
            if c == "\\":
                k += 2
                continue
            if in_class:
                if c == "[":
                    in_class += 1
                elif c == "]":
                    in_class -= 1
            elif c == "[":
                in_class = 1
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    return k + 1
            k += 1
        return n

    while i < n:
        c = pattern[i]
        if c == "\\" and i + 1 < n:
            e = pattern[i + 1]
            if e == "u" and i + 6 <= n:
                out.append("\\x{" + pattern[i + 2:i + 6] + "}")
                i += 6
                continue
            if e == "U" and i + 10 <= n:
                out.append("\\x{" + pattern[i + 2:i + 10].lstrip("0") + "}")
                i += 10
                continue
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if depth_in_class:
            if c == "[":
                depth_in_class += 1
            elif c == "]":
                depth_in_class -= 1
            out.append(c)
            i += 1
            continue
        if c == "[":
            depth_in_class = 1
            out.append(c)
            # A `]` or `^]` right after the opening is a literal.
            if pattern[i + 1:i + 3] == "^]":
                out.append("^]")
                i += 3
                continue
            if pattern[i + 1:i + 2] == "]":
                out.append("]")
                i += 2
                continue
            i += 1
            continue
        if pattern.startswith(("(?=", "(?!", "(?<=", "(?<!"), i):
            changes.add("lookarounds dropped")
            i = skip_group(i)
            continue
        if pattern.startswith("(?>", i):
            changes.add("atomic groups as plain groups")
            out.append("(?:")
            i += 3
            continue
        if c == "+" and out and out[-1] and out[-1][-1] in "*+?}" and not out[-1].endswith("\\" + out[-1][-1]):
            changes.add("possessive quantifiers as greedy")
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out), sorted(changes)


def inline(pattern, flags):
    """ICU flag letters as an inline group (both engines take `(?i)`, `(?s)`, `(?m)`, `(?x)`)."""
    letters = "".join(f for f in flags if f in "imsx")
    return f"(?{letters}){pattern}" if letters else pattern


def run_re2(workload, texts):
    try:
        import re2
    except ImportError:
        return None, "google-re2 not installed"
    kept, dropped, changed = [], [], []
    options = re2.Options()
    options.log_errors = False
    for p in workload["patterns"]:
        try:
            pattern, changes = translate(p["pattern"])
            kept.append(re2.compile(inline(pattern, p["flags"]).encode("utf-8"), options))
            changed.extend((p["rule"], change) for change in changes)
        except Exception as error:  # re2.error, or a pattern RE2 rejects
            dropped.append((p["rule"], str(error).splitlines()[0][:80]))

    def body():
        count = 0
        for text in texts:
            for regex in kept:
                for _ in regex.finditer(text):
                    count += 1
        return count

    seconds, count = best_of(3, body)
    return (seconds, count, len(kept), dropped + changed), None


def run_hyperscan(workload, texts):
    try:
        import hyperscan
    except ImportError:
        return None, "hyperscan not installed"
    base = hyperscan.HS_FLAG_UTF8 | hyperscan.HS_FLAG_UCP
    expressions, flags, dropped, ends_only, changed = [], [], [], [], []
    for p in workload["patterns"]:
        f = base
        if "i" in p["flags"]:
            f |= hyperscan.HS_FLAG_CASELESS
        if "s" in p["flags"]:
            f |= hyperscan.HS_FLAG_DOTALL
        if "m" in p["flags"]:
            f |= hyperscan.HS_FLAG_MULTILINE
        translated, changes = translate(p["pattern"])
        expression = translated.encode("utf-8")
        chosen = None
        for candidate in (f | hyperscan.HS_FLAG_SOM_LEFTMOST, f):
            try:
                db = hyperscan.Database()
                db.compile(expressions=[expression], ids=[0], elements=1, flags=[candidate])
                chosen = candidate
                break
            except Exception as error:
                reason = str(error)[:80]
        if chosen is None:
            dropped.append((p["rule"], reason))
            continue
        if not chosen & hyperscan.HS_FLAG_SOM_LEFTMOST:
            ends_only.append(p["rule"])
        changed.extend((p["rule"], change) for change in changes)
        expressions.append(expression)
        flags.append(chosen)
    if not expressions:
        return (None, 0, 0, dropped), None
    db = hyperscan.Database()
    db.compile(expressions=expressions, ids=list(range(len(expressions))), elements=len(expressions), flags=flags)
    counter = [0]

    def on_match(identifier, start, end, flags, context):
        counter[0] += 1

    def body():
        counter[0] = 0
        for text in texts:
            db.scan(text, match_event_handler=on_match)
        return counter[0]

    seconds, count = best_of(3, body)
    notes = dropped + changed + [(rule, "match ends only (no leftmost start)") for rule in ends_only]
    return (seconds, count, len(expressions), notes), None


def fmt(seconds):
    if seconds is None:
        return "n/a"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", help="what `rulebench --export DIR` wrote")
    parser.add_argument("--only", help="comma-separated workload keys")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    args = parser.parse_args()
    paths = sorted(glob.glob(os.path.join(args.directory, "*.json")))
    if args.only:
        keys = set(args.only.split(","))
        paths = [p for p in paths if os.path.basename(p)[:-5] in keys]
    if not paths:
        sys.exit(f"no workload files in {args.directory} (run rulebench --export {args.directory})")
    rows, notes, out = [], [], []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            workload = json.load(f)
        texts = [t.encode("utf-8") for t in workload["texts"]]
        size = sum(len(t) for t in texts)
        re2_result, re2_note = run_re2(workload, texts)
        hs_result, hs_note = run_hyperscan(workload, texts)
        ours = workload.get("compiled_seconds")
        total = len(workload["patterns"])
        entry = {
            "key": workload["key"], "utf8_bytes": size, "patterns": total, "non_regex_rules": workload["non_regex_rules"],
            "richrules_seconds": ours, "nsregularexpression_seconds": workload.get("reference_seconds"),
        }
        cells = [workload["key"], f"{size / 1e6:.2f} MB", fmt(ours), fmt(workload.get("reference_seconds"))]
        for name, result, note in (("re2", re2_result, re2_note), ("hyperscan", hs_result, hs_note)):
            if result is None:
                cells.append(note)
                entry[name] = {"note": note}
                continue
            seconds, count, kept, dropped = result
            ratio = f" ({seconds / ours:.2f}×)" if seconds and ours else ""
            cells.append(f"{fmt(seconds)}{ratio} [{kept}/{total}]")
            entry[name] = {"seconds": seconds, "matches": count, "patterns_kept": kept, "notes": [list(d) for d in dropped]}
            for rule, reason in dropped:
                notes.append(f"{workload['key']}: {name}, rule '{rule}': {reason}")
        rows.append(cells)
        out.append(entry)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    header = ["workload", "text", "RichRules", "NSRegularExpression", "RE2 (its time / ours) [patterns]", "Hyperscan (its time / ours) [patterns]"]
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    for r in [header] + rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)))
    print()
    print("RichRules and NSRegularExpression: render + what a label reads (scan workloads: render of a text without matches).")
    print("RE2: finditer of each kept pattern over each text. Hyperscan: every match of every kept pattern, one database.")
    print("A ratio above 1 means the peer took longer than RichRules.")
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes each HTML snippet of ../Tests/HTMLCorpus/cases.jsonl (licences: its LICENSES.md)
as a seed file of the HTML fuzz run (README, "Fuzzing"): .build/html-seeds/<id>.html."""
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, ".build", "html-seeds")
os.makedirs(out, exist_ok=True)
with open(os.path.join(here, "..", "Tests", "HTMLCorpus", "cases.jsonl"), encoding="utf-8") as cases:
    for line in cases:
        case = json.loads(line)
        with open(os.path.join(out, case["id"] + ".html"), "w", encoding="utf-8") as seed:
            seed.write(case["html"])

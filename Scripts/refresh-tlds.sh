#!/bin/sh
# Refreshes the IANA TLD list behind detector(link) and regenerates its Swift table:
#
#     Scripts/refresh-tlds.sh
#
# Downloads https://data.iana.org/TLD/tlds-alpha-by-domain.txt and its .md5, checks the
# checksum, the version line and every entry, refuses a list more than 5 % shorter than the
# vendored one (review such a change by hand), then replaces
# Sources/RuleCompiler/Sema/Data/tlds-alpha-by-domain.txt (byte for byte) and rewrites
# Sources/RuleCompiler/Sema/Detectors+TLDs.swift. Commit both with the version line in the
# message, and rerun the tests (DetectorSuiteTests) and the golden files of specs that use
# detector(link) (their generated Swift embeds the pattern).
set -eu
cd "$(dirname "$0")/.."
DATA=Sources/RuleCompiler/Sema/Data/tlds-alpha-by-domain.txt
URL=https://data.iana.org/TLD/tlds-alpha-by-domain.txt
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

curl -fsSL "$URL" -o "$TMP/list.txt"
curl -fsSL "$URL.md5" -o "$TMP/list.md5"
expected=$(cut -d' ' -f1 < "$TMP/list.md5")
actual=$( (md5sum "$TMP/list.txt" 2>/dev/null || md5 -r "$TMP/list.txt") | cut -d' ' -f1)
[ "$expected" = "$actual" ] || { echo "checksum mismatch: $actual, IANA says $expected" >&2; exit 1; }

head -n 1 "$TMP/list.txt" | grep -Eq '^# Version [0-9]{10}, Last Updated .+ UTC$' \
    || { echo "unexpected version line: $(head -n 1 "$TMP/list.txt")" >&2; exit 1; }
if tail -n +2 "$TMP/list.txt" | grep -Evq '^([A-Z0-9]+|XN--[A-Z0-9-]+)$'; then
    echo "unexpected entries:" >&2
    tail -n +2 "$TMP/list.txt" | grep -Ev '^([A-Z0-9]+|XN--[A-Z0-9-]+)$' >&2
    exit 1
fi
old=$(tail -n +2 "$DATA" | wc -l)
new=$(tail -n +2 "$TMP/list.txt" | wc -l)
if [ $((new * 100)) -lt $((old * 95)) ]; then
    echo "the new list has $new entries, the vendored one $old: review by hand" >&2
    exit 1
fi

cp "$TMP/list.txt" "$DATA"
python3 Scripts/generate-tld-table.py > Sources/RuleCompiler/Sema/Detectors+TLDs.swift
echo "$(head -n 1 "$DATA"): $new TLDs (was $old)"

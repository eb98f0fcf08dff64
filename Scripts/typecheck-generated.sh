#!/usr/bin/env bash
# Type-checks the Swift that `rulegen` generates against the RuleRuntime module of the
# debug build (run `swift build` first), in one `swiftc -typecheck -swift-version 6`:
#
# - every example spec of Specs/, generated with `--access public`;
# - the specs of Tests/TypeCheckSpecs (names that are Swift keywords or special members,
#   names that differ only by escaping, hostile strings in every place of the table), each
#   under the file name its `.filename` holds, if any (line breaks, quotes, bidirectional
#   controls: the comments and literals that quote the name must stay closed);
# - a spec of 5,000 named styles (a dictionary literal of them did not type-check in 300 s);
# - a generated file made to name another runtime release, which must fail with "cannot
#   find type" (code of another rulegen does not compile against this runtime).
#
# Fails on any warning or other error, and when the type-check takes more than
# TYPECHECK_LIMIT seconds (default 120; about 20 s on the 2-core CI machine).
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${TYPECHECK_LIMIT:-120}

bin=$(swift build --show-bin-path)
rulegen="$bin/rulegen"
modules="$bin/Modules"
[ -f "$modules/RuleRuntime.swiftmodule" ] || modules="$bin"
if [ ! -x "$rulegen" ] || [ ! -e "$modules/RuleRuntime.swiftmodule" ]; then
    echo "typecheck-generated: build first (swift build): no rulegen or RuleRuntime module in $bin" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/specs" "$work/out"

"$rulegen" Specs/*.richrules -o "$work/out" --access public --quiet

for spec in Tests/TypeCheckSpecs/*.richrules; do
    name=$(basename "$spec")
    [ -f "${spec%.richrules}.filename" ] && name=$(cat "${spec%.richrules}.filename")
    cp "$spec" "$work/specs/$name"
    (cd "$work/specs" && "$rulegen" "$name" -o "$work/out" --access public -Wno-overlap --quiet)
done

{
    echo "richrules 1"
    for i in $(seq 0 4999); do printf 'style s%d { color: #%06X; font: %d }\n' "$i" $((i * 2654435 % 0xFFFFFF)) $((10 + i % 20)); done
    for i in $(seq 0 19); do printf 'rule r%d { match /x%dy/ style s%d tap open%d(n: $0) }\n' "$i" "$i" $((i * 250)) $((i % 3)); done
} >"$work/specs/many.richrules"
(cd "$work/specs" && "$rulegen" many.richrules -o "$work/out" --quiet)

printf 'richrules 1\nrule a { match /a/  tap open }\n' >"$work/specs/other-release.richrules"
(cd "$work/specs" && "$rulegen" other-release.richrules -o "$work/out" --quiet)
other="$work/out/OtherRelease.swift"
if ! grep -q "private typealias RuntimeCompatibility = RichRulesRuntime_" "$other"; then
    echo "typecheck-generated: $other names no runtime release (RuntimeCompatibility)" >&2
    exit 1
fi
sed -i.bak -E 's/(typealias RuntimeCompatibility = )RichRulesRuntime_[0-9_]+/\1RichRulesRuntime_999_0/' "$other"
rm "$other.bak"

files=("$work"/out/*.swift)
start=$SECONDS
status=0
swiftc -typecheck -swift-version 6 -I "$modules" "${files[@]}" >"$work/output.txt" 2>&1 || status=$?
seconds=$((SECONDS - start))

# The one diagnostic expected: the other release's type, in its file.
expected="OtherRelease.swift:[0-9]+:[0-9]+: error: cannot find type 'RichRulesRuntime_999_0' in scope"
unexpected=$(grep -E ": (error|warning): " "$work/output.txt" | grep -vE "$expected" || true)
failed=0
if [ -n "$unexpected" ] || [ "$status" -eq 0 ] || ! grep -qE "$expected" "$work/output.txt"; then
    echo "typecheck-generated: unexpected diagnostics (swiftc exit $status):" >&2
    cat "$work/output.txt" >&2
    failed=1
fi
if [ "$seconds" -gt "$limit" ]; then
    echo "typecheck-generated: the type-check took $seconds s, more than $limit s" >&2
    failed=1
fi
echo "typecheck-generated: ${#files[@]} generated files type-checked in $seconds s (limit $limit s)$([ "$failed" -eq 0 ] && echo ", as expected" || echo ": FAILED")"
exit "$failed"

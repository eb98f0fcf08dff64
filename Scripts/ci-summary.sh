#!/usr/bin/env bash
# Summarizes XCTest logs (`swift test 2>&1`) for CI: one line per log, then the total,
# counting test cases ("Test Case '…' passed|failed|skipped (…)" lines), not assertion
# failures. A log that never started a test suite "did not build"; one without the final
# "Test Suite 'All tests'|'Selected tests' passed|failed" line "crashed" (the test that
# was running is named). Exit status: 0 when every log ran to its end without a failed
# test, 1 otherwise.
#
#   Scripts/ci-summary.sh test.log example.log
#
# Each log is named by its file name without `.log`. Tested on saved logs by
# Scripts/test-ci-summary.sh.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: Scripts/ci-summary.sh LOG..." >&2
    exit 2
fi

passed=0
failed=0
skipped=0
broken=()
for log in "$@"; do
    name=$(basename "$log" .log)
    # One line: "<passed> <failed> <skipped> <started suites> <finished> <running test>".
    read -r p f s suites finished running < <(
        awk '
            /^Test Suite .* started at/ { suites++ }
            /^Test Suite .(All tests|Selected tests). (passed|failed) at/ { finished = 1 }
            /^Test Case .* started at/ { running = $0; sub(/^Test Case ./, "", running); sub(/. started at.*$/, "", running) }
            /^Test Case .* passed \(/ { p++; running = "" }
            /^Test Case .* failed \(/ { f++; running = "" }
            /^Test Case .* skipped \(/ { s++; running = "" }
            END { printf "%d %d %d %d %d %s\n", p, f, s, suites, finished, (running == "" ? "-" : running) }
        ' "$log"
    )
    counts="$p passed, $f failed, $s skipped"
    if [ "$suites" -eq 0 ]; then
        echo "$name: did not build"
        broken+=("$name did not build")
    elif [ "$finished" -eq 0 ]; then
        where=$([ "$running" = "-" ] && echo "between tests" || echo "in '$running'")
        echo "$name: crashed $where, after $counts"
        broken+=("$name crashed")
    else
        echo "$name: $counts"
    fi
    passed=$((passed + p))
    failed=$((failed + f))
    skipped=$((skipped + s))
done

total="XCTest: $passed passed, $failed failed, $skipped skipped"
if [ "${#broken[@]}" -gt 0 ]; then
    total+=$(printf '; %s' "${broken[@]}")
fi
echo "$total"
[ "$failed" -eq 0 ] && [ "${#broken[@]}" -eq 0 ]

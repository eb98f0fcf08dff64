#!/usr/bin/env bash
# Checks Scripts/ci-summary.sh on saved `swift test` logs (Scripts/ci-summary-logs, from a
# scratch package: a passing run; a run where one test fails 20 assertions and one is
# skipped; a run that crashed in a test; a run whose tests did not build). Run by hand
# after changing the summary: Scripts/test-ci-summary.sh (exit 0 when every case holds).
set -uo pipefail
cd "$(dirname "$0")"
logs=ci-summary-logs
failures=0

# expect STATUS EXPECTED-OUTPUT LOG...
expect() {
    local status=$1 expected=$2
    shift 2
    local output actual
    output=$(./ci-summary.sh "$@")
    actual=$?
    if [ "$output" != "$expected" ] || [ "$actual" -ne "$status" ]; then
        printf 'FAIL ci-summary.sh %s\n--- expected (exit %s)\n%s\n--- got (exit %s)\n%s\n' "$*" "$status" "$expected" "$actual" "$output"
        failures=$((failures + 1))
    fi
}

expect 0 "passed: 1 passed, 0 failed, 0 skipped
XCTest: 1 passed, 0 failed, 0 skipped" $logs/passed.log

# Twenty assertion failures are one failed test.
expect 1 "failures: 4 passed, 1 failed, 1 skipped
XCTest: 4 passed, 1 failed, 1 skipped" $logs/failures.log

# The last "Executed" line is a suite's, before the crash: not the run's summary.
expect 1 "crashed: crashed in 'MoreTests.testMaybeCrashes', after 3 passed, 1 failed, 1 skipped
XCTest: 3 passed, 1 failed, 1 skipped; crashed crashed" $logs/crashed.log

expect 1 "not-built: did not build
XCTest: 0 passed, 0 failed, 0 skipped; not-built did not build" $logs/not-built.log

# Two packages, as .ci/run passes them: a clean run beside one that did not build fails.
expect 1 "passed: 1 passed, 0 failed, 0 skipped
not-built: did not build
XCTest: 1 passed, 0 failed, 0 skipped; not-built did not build" $logs/passed.log $logs/not-built.log

expect 2 "" 2>/dev/null

if [ "$failures" -eq 0 ]; then echo "ci-summary.sh: every case holds"; fi
[ "$failures" -eq 0 ]

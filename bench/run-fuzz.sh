#!/usr/bin/env bash
# The long run of the request-decoding fuzzer (tests/server/tst_fuzzdecoding, issue 15): the
# same seeded mutation fuzzer the test command runs for a minute, for an hour by default, at the
# lowest priority, in the ASan/UBSan tree. Record the summary line in docs/RELIABILITY.md.
#
#   bench/run-fuzz.sh [SECONDS]        # default 3600
#
# Knobs (environment): KEYRIGHT_BUILD_DIR (build-asan, configured as in docs/TESTING.md),
# KEYRIGHT_FUZZ_SEED (default: the time), FUZZ_OUT (directory for the log and a failing input).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
build=${KEYRIGHT_BUILD_DIR:-$root/build-asan}
seconds=${1:-3600}
out=${FUZZ_OUT:-$root/bench/results/fuzz-$(date -u +%Y%m%dT%H%M%SZ)}
binary=$build/tests/server/tst_fuzzdecoding

[[ -x $binary ]] || { echo "no $binary: build the target tst_fuzzdecoding first" >&2; exit 1; }
mkdir -p "$out"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export KEYRIGHT_FUZZ_SECONDS=$seconds KEYRIGHT_FUZZ_CRASH_FILE=$out/failing-input.bin
# QtTest stops a test function after 5 minutes unless told otherwise.
export QTEST_FUNCTION_TIMEOUT=$(((seconds + 120) * 1000))
status=0
(cd "$out" && timeout $((seconds + 300)) nice -n 19 "$binary" > "$out/fuzz.log" 2>&1) || status=$?
grep -E "fuzz:|FAIL|Totals" "$out/fuzz.log" || true
echo "log: $out/fuzz.log (exit $status)"
exit $status

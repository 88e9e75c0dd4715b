#!/usr/bin/env bash
# The renewal interruption a client sees when the instance it uses is killed (issue 14), on real
# instances on PostgreSQL. See docs/BENCHMARKS.md, section "Failover between instances".
#
#   bench/run-failover-bench.sh          # 50 kills (a few minutes)
#   BENCH_KILLS=10 bench/run-failover-bench.sh
#
# It runs tests/client/tst_failoverpg's postgresRenewalInterruptionWhenTheUsedInstanceIsKilled:
# three keyright-server processes on one database of a durable throwaway cluster
# (scripts/pg-cluster.sh --durable), one client holding a seat; the instance its renewals go to is
# killed with SIGKILL, BENCH_KILLS times, half of them while a renewal is in flight; each time the
# time from the kill to the renewal answered by another instance is measured, and the killed
# instance is restarted for the next round. Prints the median and the longest, in all and per kind.
#
# Everything listens on 127.0.0.1, lives in fresh temporary directories, is bounded in time
# (BENCH_MAX_SECONDS, 900) and is stopped by a trap (the test kills its servers itself; the trap
# stops the cluster). Knobs: BENCH_KILLS (50), BENCH_OUT (results directory), KEYRIGHT_BUILD_DIR
# (the tree holding the test: build, else build-asan; an ASan tree makes the figures upper bounds).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
kills=${BENCH_KILLS:-50}
max_seconds=${BENCH_MAX_SECONDS:-900}
build=${KEYRIGHT_BUILD_DIR:-}
if [[ -z "$build" ]]; then
    for candidate in "$root/build" "$root/build-asan"; do
        if [[ -x "$candidate/tests/client/tst_failoverpg" ]]; then
            build=$candidate
            break
        fi
    done
fi
test_binary=${build:+$build/tests/client/tst_failoverpg}
if [[ -z "$test_binary" || ! -x "$test_binary" ]]; then
    echo "run-failover-bench.sh: build tst_failoverpg and keyright-server first" \
        "(cmake --build build --target tst_failoverpg)" >&2
    exit 1
fi
if grep -q __asan_init "$test_binary" 2>/dev/null; then
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
    export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp:print_suppressions=0"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
    flavour="sanitizer build (-O1, ASan/UBSan): upper bounds"
else
    flavour="optimized build"
fi

out=${BENCH_OUT:-$root/bench/results/failover-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$out"
cluster=$(mktemp -d /tmp/keyright-failover-pg.XXXXXX)
cleanup() {
    "$root/scripts/pg-cluster.sh" stop "$cluster" > /dev/null 2>&1 || true
}
trap cleanup EXIT INT TERM

KEYRIGHT_TEST_PG=$("$root/scripts/pg-cluster.sh" start "$cluster" --durable)
export KEYRIGHT_TEST_PG KEYRIGHT_REQUIRE_PG=1 KEYRIGHT_FAILOVER_KILLS=$kills QT_QPA_PLATFORM=offscreen
{
    echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ) kills=$kills build=$build ($flavour)"
    echo "cpus=$(nproc) load=$(cut -d' ' -f1-3 /proc/loadavg)"
    "$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)/postgres" --version
} > "$out/machine.txt"

status=0
timeout --kill-after=10 "$max_seconds" "$test_binary" postgresRenewalInterruptionWhenTheUsedInstanceIsKilled \
    > "$out/raw.txt" 2>&1 || status=$?
cat "$out/machine.txt"
grep -E '^QINFO.*kill [0-9]+ of instance' "$out/raw.txt" | sed 's/^QINFO *: [^)]*) *//' > "$out/kills.txt" || true
summary=$(grep -o 'FAILOVER kills=.*' "$out/raw.txt" || true)
if ((status != 0)) || [[ -z "$summary" ]]; then
    echo "run-failover-bench.sh: the measurement failed (exit $status); see $out/raw.txt" >&2
    tail -n 30 "$out/raw.txt" >&2
    exit 1
fi
echo "$summary" | tee "$out/summary.txt"
echo "results in $out"

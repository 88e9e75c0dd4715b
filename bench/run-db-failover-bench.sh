#!/usr/bin/env bash
# The interruption a database failover costs (issue 31): tests/server/tst_patronifailover run
# BENCH_RUNS times. Each run starts etcd and two PostgreSQL nodes under Patroni with
# synchronous_mode (scripts/patroni-cluster.sh: ttl 10 s, loop_wait 1 s, primary_start_timeout 0,
# no fsync), three keyright-server instances on the host list, and ten clients; it kills -9 the
# primary's PostgreSQL, then (once the old primary is the synchronous standby again) the new
# primary's Patroni and PostgreSQL together. The interruption of each failover is the longest time
# a holder (six of them, renewing 150 ms apart) went without an acknowledged renewal. Prints, per
# kind, the median and the longest, and the latest the promotion was seen; writes every figure to
# BENCH_OUT. See docs/BENCHMARKS.md, "Database failover".
#
#   bench/run-db-failover-bench.sh            # 10 runs: 10 failovers of each kind (about 8 minutes)
#   BENCH_RUNS=20 bench/run-db-failover-bench.sh
#
# Everything listens on 127.0.0.1 and lives in temporary directories the test removes (a watcher
# stops the cluster if the test is killed). Knobs: BENCH_RUNS (10), BENCH_OUT (results directory),
# KEYRIGHT_BUILD_DIR (the tree holding the test: build, else build-asan).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
runs=${BENCH_RUNS:-10}
build=${KEYRIGHT_BUILD_DIR:-}
if [[ -z "$build" ]]; then
    for candidate in "$root/build" "$root/build-asan"; do
        if [[ -x "$candidate/tests/server/tst_patronifailover" ]]; then
            build=$candidate
            break
        fi
    done
fi
test_binary=${build:+$build/tests/server/tst_patronifailover}
if [[ -z "$test_binary" || ! -x "$test_binary" ]]; then
    echo "run-db-failover-bench.sh: build tst_patronifailover and keyright-server first" \
        "(cmake --build build --target tst_patronifailover keyright-server)" >&2
    exit 1
fi
"$root/scripts/patroni-cluster.sh" check

out=${BENCH_OUT:-$root/bench/results/db-failover-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$out"
export KEYRIGHT_REQUIRE_PATRONI=1
for run in $(seq 1 "$runs"); do
    # The two plain failovers only (the test's other cases set up particular paths, not costs).
    if ! timeout 300 "$test_binary" postgresPrimaryKilledLosesNothingAcknowledged \
        postgresPrimaryNodeKilledLosesNothingAcknowledged >"$out/run-$run.log" 2>&1; then
        echo "run $run failed; its output is in $out/run-$run.log" >&2
        tail -n 20 "$out/run-$run.log" >&2
        exit 1
    fi
    grep -o 'kill-[a-z]*: node[0-9] -> node[0-9]; interruption [0-9]* ms.*seen [0-9]* ms' "$out/run-$run.log" |
        sed -E 's/^(kill-[a-z]*):.*interruption ([0-9]+) ms.*seen ([0-9]+) ms/\1 \2 \3/' >>"$out/interruptions.txt"
    echo "run $run of $runs: $(grep -c . "$out/interruptions.txt") failovers measured"
done

# median and longest of column 2 (the longest a holder went without an acknowledged renewal) and
# the longest of column 3 (kill to the promotion seen on Patroni's REST API)
for kind in kill-postgres kill-node; do
    grep "^$kind " "$out/interruptions.txt" | sort -n -k2 | awk -v kind="$kind" '
        { first[NR] = $2; if ($3 > slowest) slowest = $3 }
        END {
            if (NR == 0) exit
            median = (NR % 2) ? first[(NR + 1) / 2] : (first[NR / 2] + first[NR / 2 + 1]) / 2
            printf "%s: %d failovers, interruption median %d ms, longest %d ms; promotion seen within %d ms at worst\n",
                kind, NR, median, first[NR], slowest
        }'
done | tee "$out/summary.txt"
echo "figures in $out"

#!/usr/bin/env bash
# The renewal case of run-server-bench.sh (wrk, keyright-heartbeat.lua, 1,000 held leases renewed
# round-robin) for two keyright-server binaries side by side, runs alternating so that both see
# the same machine, medians of each. For a change of the server's hot path (issue 15's front end):
#
#   bench/compare-renewals.sh OLD_BINARY NEW_BINARY
#
# BENCH_CASE=renew-idle is the renewal case with the second binary's heartbeats telling the
# holder's activity ({"idleMs": 42000}, issue 26) and the first's not: pass one binary twice to
# measure what activity in heartbeats costs: given the same binary twice, it starts ONE server and
# alternates the two bodies on it, so both halves share the database, the caches and the process
# (two servers of one binary differ by several per cent from run to run on their own).
# BENCH_CASE=checkout measures the pairs case instead (keyright-pairs.lua: checkout, then release
# of the granted seat, on 100 licenses of 1,000 seats); its rate counts both requests of a pair.
# Knobs (environment): BENCH_CASE (renew or checkout), BENCH_DURATION (s per run, 10), BENCH_RUNS
# (3), BENCH_CONNECTIONS (64), BENCH_THREADS (2). Everything is on 127.0.0.1 in a temporary
# directory, stopped at the end.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${BENCH_DURATION:=10}" "${BENCH_RUNS:=3}" "${BENCH_CONNECTIONS:=64}" "${BENCH_THREADS:=2}" "${BENCH_CASE:=renew}"
(($# == 2)) || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
case $BENCH_CASE in
renew | renew-idle) script=keyright-heartbeat.lua unit=renewals ;;
checkout) script=keyright-pairs.lua unit="requests (checkouts + releases)" ;;
*) echo "BENCH_CASE is renew, renew-idle or checkout" >&2; exit 2 ;;
esac
command -v wrk > /dev/null || { echo "wrk is not installed (bench/install-peers.sh)" >&2; exit 1; }
work=$(mktemp -d)
pids=()
server_pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done; wait 2> /dev/null; rm -rf "$work"' EXIT
clk_tck=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

urls=()
shared=""
[[ $BENCH_CASE == renew-idle && $1 -ef $2 ]] && shared=1
for i in 0 1; do
    binary=${*:i+1:1}
    if [[ -n $shared && $i == 1 ]]; then
        urls+=("${urls[0]}")
        server_pids+=("${server_pids[0]}")
        cp "$work/0-input.txt" "$work/1-input.txt"
        break
    fi
    port=$(free_port)
    mkdir -p "$work/$i"
    timeout 3600 "$binary" --listen "127.0.0.1:$port" --data-dir "$work/$i" --reap-interval 0 > "$work/$i.log" 2>&1 &
    pids+=($!)
    server_pids+=("")
    urls+=("http://127.0.0.1:$port")
    for _ in $(seq 100); do curl -fsS "${urls[i]}/v1/health" > /dev/null 2>&1 && break; sleep 0.1; done
    server_pids[i]=$(pgrep -P "${pids[i]}") # the server, not timeout
    if [[ $BENCH_CASE == renew* ]]; then
        python3 "$here/peers/setup.py" keyright-licenses "${urls[i]}" "$work/$i/admin-token" "$work/$i-licenses.txt" \
            --prefix renew --count 10 --seats 100 > /dev/null
        python3 "$here/peers/setup.py" keyright-checkouts "${urls[i]}" "$work/$i-licenses.txt" --per-license 100 \
            --out "$work/$i-input.txt" > /dev/null
    else
        python3 "$here/peers/setup.py" keyright-licenses "${urls[i]}" "$work/$i/admin-token" "$work/$i-input.txt" \
            --prefix pairs --count 100 --seats 1000 > /dev/null
    fi
done

for run in $(seq "$BENCH_RUNS"); do
    for i in 0 1; do
        t0=$(cpu_ticks "${server_pids[i]}")
        idle=""
        [[ $BENCH_CASE == renew-idle && $i == 1 ]] && idle=42000
        KEYRIGHT_IDLE_MS=$idle wrk -t"$BENCH_THREADS" -c"$BENCH_CONNECTIONS" -d"${BENCH_DURATION}s" --timeout 10s --latency \
            -s "$here/peers/$script" "${urls[i]}" -- "$work/$i-input.txt" > "$work/run-$i-$run.txt" 2>&1
        t1=$(cpu_ticks "${server_pids[i]}")
        rps=$(awk '/Requests\/sec/ {print $2}' "$work/run-$i-$run.txt")
        p99=$(awk '$1 == "99%" {print $2}' "$work/run-$i-$run.txt")
        cpu_us=$(python3 -c "print(round(($t1 - $t0) / $clk_tck / ($rps * $BENCH_DURATION) * 1e6, 1))")
        non2xx=$(awk '/Non-2xx/ {print $5}' "$work/run-$i-$run.txt")
        echo "$i $rps $p99 $cpu_us ${non2xx:-0}" >> "$work/results.txt"
        pairs=$(awk '/^PAIRS/ {print " " $2, $3, $4, $5}' "$work/run-$i-$run.txt")
        echo "run $run $([[ $i == 0 ]] && echo old || echo new): $rps $unit/s, p99 $p99, server CPU $cpu_us us/request, non-2xx ${non2xx:-0}$pairs"
    done
done
python3 - "$work/results.txt" "$unit" << 'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
medians = {}
for i, name in (("0", "old"), ("1", "new")):
    mine = [r for r in rows if r[0] == i]
    medians[name] = (statistics.median(float(r[1]) for r in mine), statistics.median(float(r[3]) for r in mine))
    print(f"median {name}: {medians[name][0]:.0f} {sys.argv[2]}/s, server CPU {medians[name][1]:.1f} us/request")
print(f"new/old: rate {medians['new'][0] / medians['old'][0]:.3f}, server CPU {medians['new'][1] / medians['old'][1]:.3f}")
old = [float(r[1]) for r in rows if r[0] == "0"]
new = [float(r[1]) for r in rows if r[0] == "1"]
pairs = [n / o for o, n in zip(old, new)]
print("pair ratios (new/old, each run with the run before it): " + ", ".join(f"{p:.3f}" for p in pairs)
      + f"; median {statistics.median(pairs):.3f}")
PY

#!/usr/bin/env bash
# What telling the holder's activity costs a renewal, counted in instructions rather than timed:
# one keyright-server under valgrind's callgrind, 1,000 held leases, then rounds of 5 s of wrk
# heartbeats (1 thread, 8 connections), alternating the empty body of a client that reports no
# activity and {"idleMs": 42000}. After each run the server's instruction count since the last one
# is divided by the renewals wrk saw. Counts do not depend on what else the machine runs, so this
# case can be measured on a busy machine where the timed one (compare-renewals.sh,
# BENCH_CASE=renew-idle) cannot. Slow: the server runs about 50 times slower under callgrind.
#
#   bench/activity-instructions.sh BINARY [ROUNDS (4)]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
(($# >= 1)) || { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
binary=$1 rounds=${2:-4}
for tool in valgrind callgrind_control wrk; do
    command -v $tool > /dev/null || { echo "$tool is not installed (apt-get install valgrind wrk)" >&2; exit 1; }
done
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$binary" --listen "127.0.0.1:$port" \
    --data-dir "$work/data" --reap-interval 0 > "$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2> /dev/null || true; wait 2> /dev/null; rm -rf "$work"' EXIT
url="http://127.0.0.1:$port"
for _ in $(seq 600); do curl -fsS "$url/v1/health" > /dev/null 2>&1 && break; sleep 0.2; done
python3 "$here/peers/setup.py" keyright-licenses "$url" "$work/data/admin-token" "$work/licenses.txt" \
    --prefix renew --count 10 --seats 100 > /dev/null
python3 "$here/peers/setup.py" keyright-checkouts "$url" "$work/licenses.txt" --per-license 100 \
    --out "$work/input.txt" > /dev/null
callgrind_control -z "$pid" > /dev/null 2>&1
for _ in $(seq "$rounds"); do
    for idle in "" 42000; do
        out=$(KEYRIGHT_IDLE_MS=$idle wrk -t1 -c8 -d5s -s "$here/peers/keyright-heartbeat.lua" "$url" -- "$work/input.txt")
        renewals=$(awk '/requests in/ {print $1}' <<< "$out")
        callgrind_control -d "$pid" > /dev/null 2>&1
        instructions=$(awk '/^summary:/ {print $2; exit}' "$(ls -t "$work"/cg.out* | head -1)")
        callgrind_control -z "$pid" > /dev/null 2>&1
        echo "${idle:-none} $renewals $((instructions / renewals))" | tee -a "$work/results.txt"
    done
done
python3 - "$work/results.txt" << 'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
none = statistics.median(int(r[2]) for r in rows if r[0] == "none")
idle = statistics.median(int(r[2]) for r in rows if r[0] != "none")
print(f"median instructions per renewal: no activity {none:,.0f}, with idleMs {idle:,.0f}; ratio {idle / none:.4f}")
PY

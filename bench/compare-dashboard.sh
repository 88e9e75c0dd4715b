#!/usr/bin/env bash
# The dashboard bench (bench/dashboard) for two builds side by side, under the embedded demo's
# load: runs alternate, so both see the same machine, and the medians of each figure over the runs
# are printed with their ratio (old / new). For a change to the embedded demo or the window's
# thread (issue 32: the demo server off the GUI thread):
#
#   bench/compare-dashboard.sh OLD_BENCH_BINARY NEW_BENCH_BINARY
#
# Knobs (environment): BENCH_RUNS (5), BENCH_RATE (heartbeats/s of the load, 500), BENCH_SEATS
# (200), BENCH_QUICK (1: --quick). Each run starts its own demo server in a temporary directory.
set -euo pipefail
: "${BENCH_RUNS:=5}" "${BENCH_RATE:=500}" "${BENCH_SEATS:=200}" "${BENCH_QUICK:=1}"
(($# == 2)) || { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
quick=()
[[ "$BENCH_QUICK" == 1 ]] && quick=(--quick)
export QT_QPA_PLATFORM=offscreen
for run in $(seq "$BENCH_RUNS"); do
    for i in 0 1; do
        binary=${*:i+1:1}
        name=$([[ $i == 0 ]] && echo old || echo new)
        # Its own HOME: the demo's settings and data stay out of the user's.
        HOME="$work/home-$name" timeout 600 "$binary" "${quick[@]}" --demo-load "$BENCH_RATE" \
            --load-seats "$BENCH_SEATS" > "$work/$name-$run.txt" 2>&1 || {
            echo "run $run $name failed:" >&2
            cat "$work/$name-$run.txt" >&2
            exit 1
        }
        echo "run $run $name: $(grep -E '^(input latency|poll of the embedded)' "$work/$name-$run.txt" | tr '\n' ' ')"
        sed -n 's/^figure: /'"$name"' /p' "$work/$name-$run.txt" >> "$work/figures.txt"
    done
done
python3 - "$work/figures.txt" "$BENCH_RUNS" << 'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    build, name, value = line.split()
    runs[(build, name)].append(float(value))
names = sorted({name for _, name in runs})
print(f"medians over {sys.argv[2]} alternating runs")
print(f"{'figure':28} {'old':>10} {'new':>10} {'old/new':>8}")
for name in names:
    old = statistics.median(runs[("old", name)])
    new = statistics.median(runs[("new", name)])
    ratio = f"{old / new:.1f}x" if new else "-"
    print(f"{name:28} {old:10.2f} {new:10.2f} {ratio:>8}")
PY

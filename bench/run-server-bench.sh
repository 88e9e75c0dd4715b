#!/usr/bin/env bash
# The server benchmark of issue 7: keyright-server side by side with etcd leases and a Redis
# counting semaphore, on this machine, in one run. See docs/BENCHMARKS.md, section "Server".
#
#   bench/run-server-bench.sh            # full run: 10 s per case, 3 runs, median (15-25 min)
#   bench/run-server-bench.sh --quick    # smoke run: 3 s per case, 1 run, 10,000 bulk leases
#
# Everything listens on 127.0.0.1 only, lives in a fresh temporary directory, runs for a bounded
# time (BENCH_MAX_SECONDS, killed by timeout) and is stopped by a trap when the script ends.
# A peer that is not installed is skipped with a note (bench/install-peers.sh installs them).
#
# Knobs (environment): BENCH_DURATION (s per case, 10), BENCH_RUNS (3), BENCH_WARMUP (s, 3),
# BENCH_CONNECTIONS (64), BENCH_THREADS (wrk and load generator threads, 2), BENCH_BULK (live
# leases in the store for the renew-100k case, 100000), BENCH_HOT_SEATS (seat count of the hot
# license, 24: with 64 connections the pool is full for about half of the checkouts),
# BENCH_CASES ("renew pairs hot renew-100k reaper"), BENCH_SYSTEMS ("keyright etcd redis"),
# BENCH_OUT (results directory), BENCH_MAX_SECONDS (lifetime of every server, 3600),
# KEYRIGHT_BUILD_DIR (build-bench, configured Release and built when needed),
# BENCH_PROFILE=1 (also record a perf profile of keyright-server under the renewal load).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

if [[ ${1:-} == --quick ]]; then
    : "${BENCH_DURATION:=3}" "${BENCH_RUNS:=1}" "${BENCH_WARMUP:=1}" "${BENCH_BULK:=10000}" "${BENCH_REAP_LEASES:=10000}"
elif [[ -n ${1:-} ]]; then
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
: "${BENCH_DURATION:=10}" "${BENCH_RUNS:=3}" "${BENCH_WARMUP:=3}" "${BENCH_CONNECTIONS:=64}" "${BENCH_THREADS:=2}"
: "${BENCH_BULK:=100000}" "${BENCH_REAP_LEASES:=100000}" "${BENCH_HOT_SEATS:=24}"
: "${BENCH_CASES:=renew pairs hot renew-100k reaper}" "${BENCH_SYSTEMS:=keyright etcd redis}"
: "${BENCH_MAX_SECONDS:=3600}" "${BENCH_PROFILE:=0}"
build=${KEYRIGHT_BUILD_DIR:-$root/build-bench}
out=${BENCH_OUT:-$root/bench/results/server-$(date -u +%Y%m%dT%H%M%SZ)}
renew_leases=1000 # 10 licenses x 100 held seats, renewed round-robin
pair_licenses=100

say() { printf '[bench] %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

command -v python3 > /dev/null || die "python3 is needed for the setup and the summary"
command -v curl > /dev/null || die "curl is needed"

# --- peers that are here -----------------------------------------------------------------------
systems=()
for system in $BENCH_SYSTEMS; do
    case $system in
    keyright) systems+=(keyright) ;;
    etcd) if command -v etcd > /dev/null; then systems+=(etcd); else say "etcd not installed: skipped (bench/install-peers.sh)"; fi ;;
    redis) if command -v redis-server > /dev/null; then systems+=(redis); else say "redis-server not installed: skipped (bench/install-peers.sh)"; fi ;;
    *) die "unknown system $system" ;;
    esac
done
if [[ " ${systems[*]} " == *" keyright "* ]] || [[ " ${systems[*]} " == *" etcd "* ]]; then
    command -v wrk > /dev/null || die "wrk is not installed (bench/install-peers.sh)"
fi
has() { [[ " ${systems[*]} " == *" $1 "* ]]; }
wants() { [[ " $BENCH_CASES " == *" $1 "* ]]; }

mkdir -p "$out/raw"
work=$(mktemp -d "${TMPDIR:-/tmp}/keyright-bench.XXXXXX")
pids=()
cleanup() {
    local pid
    for pid in "${pids[@]}"; do
        kill "$pid" 2> /dev/null || true
    done
    for pid in "${pids[@]}"; do
        wait "$pid" 2> /dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- build -------------------------------------------------------------------------------------
targets=(bench_redis_semaphore bench_signing)
has keyright && targets+=(keyright-server bench_reaper)
if [[ ! -f $build/build.ninja ]]; then
    say "configuring $build (Release)"
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
fi
say "building ${targets[*]} in $build"
cmake --build "$build" --target "${targets[@]}" > "$work/build.log" 2>&1 \
    || { tail -n 30 "$work/build.log" >&2; die "build failed (cmake --build $build --target ${targets[*]})"; }
server_bin=$build/server/keyright-server
redis_load=$build/bench/server/bench_redis_semaphore


free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Starts "$@" under timeout (so nothing outlives BENCH_MAX_SECONDS); sets started_pid to the
# server process itself, whose CPU time we read.
start_bounded() {
    local log=$1
    shift
    timeout -s KILL "$BENCH_MAX_SECONDS" "$@" > "$log" 2>&1 &
    local wrapper=$!
    pids+=("$wrapper")
    local i
    for i in $(seq 50); do
        started_pid=$(pgrep -P "$wrapper" | head -n1 || true)
        [[ -n $started_pid ]] && return 0
        sleep 0.1
    done
    die "could not start $1 (see $log)"
}

wait_until() { # description, then a command that succeeds when ready
    local what=$1
    shift
    local i
    for i in $(seq 100); do
        "$@" > /dev/null 2>&1 && return 0
        sleep 0.1
    done
    die "$what did not come up"
}

cpu_ticks() { # utime + stime of a pid, in clock ticks (fields 14 and 15 after the command name)
    awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"
}
clk_tck=$(getconf CLK_TCK)

# Runs one measurement and stores the load generator's output plus the server's CPU use.
measure() { # case system run pid command...
    local case=$1 system=$2 run=$3 pid=$4
    shift 4
    local file=$out/raw/$case.$system.$run.txt
    local t0 s0 t1 s1 rc=0
    t0=$(cpu_ticks "$pid")
    s0=$(date +%s.%N)
    "$@" > "$file" 2>&1 || rc=$?
    s1=$(date +%s.%N)
    t1=$(cpu_ticks "$pid")
    printf 'SERVER_CPU ticks=%s seconds=%s clk_tck=%s rc=%s\n' "$((t1 - t0))" \
        "$(python3 -c "print(f'{$s1 - $s0:.3f}')")" "$clk_tck" "$rc" >> "$file"
    [[ $rc == 0 ]] || say "warning: $case/$system run $run: load generator exited with $rc (see $file)"
}

wrk_cmd() { # script url args...
    local script=$1 url=$2
    shift 2
    echo wrk -t"$BENCH_THREADS" -c"$BENCH_CONNECTIONS" -d"${duration}s" --timeout 10s --latency \
        -s "$here/peers/$script" "$url" -- "$@"
}

{
    echo "date_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "git=$(git -C "$root" rev-parse --short HEAD 2> /dev/null || echo unknown)"
    echo "duration=$BENCH_DURATION runs=$BENCH_RUNS warmup=$BENCH_WARMUP connections=$BENCH_CONNECTIONS threads=$BENCH_THREADS"
    echo "bulk=$BENCH_BULK hot_seats=$BENCH_HOT_SEATS cases=$BENCH_CASES systems=${systems[*]}"
    echo "nproc=$(nproc)"
    echo "loadavg_start=$(cut -d' ' -f1-3 /proc/loadavg)"
    lscpu | grep -E '^(Model name|CPU\(s\)|Thread|Core|Socket|CPU max MHz|L2|L3)' || true
    free -m | sed -n 2p
} > "$out/machine.txt"

# --- servers -----------------------------------------------------------------------------------
if has keyright; then
    kr_port=$(free_port)
    kr_url=http://127.0.0.1:$kr_port
    mkdir -p "$work/keyright"
    # The periodic reaper is off: every case keeps its rows, and the reaper case sweeps on demand.
    start_bounded "$out/keyright-server.log" "$server_bin" --listen "127.0.0.1:$kr_port" \
        --data-dir "$work/keyright" --reap-interval 0
    kr_pid=$started_pid
    wait_until keyright-server curl -fsS "$kr_url/v1/health"
    kr_token=$work/keyright/admin-token
    say "keyright-server pid $kr_pid on $kr_url"
fi
if has etcd; then
    etcd_port=$(free_port)
    etcd_peer=$(free_port)
    etcd_url=http://127.0.0.1:$etcd_port
    start_bounded "$out/etcd.log" etcd --name bench --data-dir "$work/etcd" \
        --listen-client-urls "$etcd_url" --advertise-client-urls "$etcd_url" \
        --listen-peer-urls "http://127.0.0.1:$etcd_peer" --initial-advertise-peer-urls "http://127.0.0.1:$etcd_peer" \
        --initial-cluster "bench=http://127.0.0.1:$etcd_peer" --quota-backend-bytes 4294967296
    etcd_pid=$started_pid
    wait_until etcd curl -fsS -X POST "$etcd_url/v3/maintenance/status" -d '{}'
    say "etcd $(etcd --version | head -n1 | awk '{print $3}') pid $etcd_pid on $etcd_url"
fi
if has redis; then
    redis_port=$(free_port)
    mkdir -p "$work/redis"
    start_bounded "$out/redis.log" redis-server --port "$redis_port" --bind 127.0.0.1 --protected-mode yes \
        --dir "$work/redis" --appendonly yes --appendfsync everysec --save ''
    redis_pid=$started_pid
    wait_until redis redis-cli -p "$redis_port" ping
    say "redis-server $(redis-server --version | awk '{print $3}') pid $redis_pid on 127.0.0.1:$redis_port"
fi

# --- setup -------------------------------------------------------------------------------------
setup=$here/peers/setup.py
if has keyright; then
    say "keyright: licenses and $renew_leases held leases"
    python3 "$setup" keyright-licenses "$kr_url" "$kr_token" "$work/renew-licenses.txt" --prefix renew --count 10 --seats 100
    python3 "$setup" keyright-checkouts "$kr_url" "$work/renew-licenses.txt" --per-license 100 --out "$work/renew.txt"
    python3 "$setup" keyright-licenses "$kr_url" "$kr_token" "$work/pairs.txt" --prefix pairs --count $pair_licenses --seats 1000
    # A fresh hot license per run: a run that ends between a checkout and its release leaves seats
    # held until their TTL, which would fill the next run's pool.
    python3 "$setup" keyright-licenses "$kr_url" "$kr_token" "$work/hot-licenses.txt" --prefix hot \
        --count $((BENCH_RUNS + 1)) --seats "$BENCH_HOT_SEATS"
    for i in $(seq 0 "$BENCH_RUNS"); do sed -n "$((i + 1))p" "$work/hot-licenses.txt" > "$work/hot-$i.txt"; done
fi
if has etcd; then
    say "etcd: $renew_leases leases"
    python3 "$setup" etcd-grant "$etcd_url" --count $renew_leases --out "$work/etcd-renew.txt"
fi
if has redis; then
    "$redis_load" --port "$redis_port" --mode populate --leases $renew_leases > /dev/null
fi

# --- cases -------------------------------------------------------------------------------------
run_case() { # case system run
    local case=$1 system=$2 run=$3 hot_run=$3
    [[ $run == warmup ]] && hot_run=0
    case $case/$system in
    renew/keyright | renew-100k/keyright)
        measure "$case" keyright "$run" "$kr_pid" $(wrk_cmd keyright-heartbeat.lua "$kr_url" "$work/renew.txt") ;;
    renew/etcd | renew-100k/etcd)
        measure "$case" etcd "$run" "$etcd_pid" $(wrk_cmd etcd-keepalive.lua "$etcd_url" "$work/etcd-renew.txt") ;;
    renew/redis | renew-100k/redis)
        measure "$case" redis "$run" "$redis_pid" "$redis_load" --port "$redis_port" --mode renew \
            --leases $renew_leases --connections "$BENCH_CONNECTIONS" --threads "$BENCH_THREADS" --duration "$duration" ;;
    pairs/keyright)
        measure "$case" keyright "$run" "$kr_pid" $(wrk_cmd keyright-pairs.lua "$kr_url" "$work/pairs.txt") ;;
    pairs/etcd)
        measure "$case" etcd "$run" "$etcd_pid" $(wrk_cmd etcd-pairs.lua "$etcd_url" 60) ;;
    pairs/redis)
        measure "$case" redis "$run" "$redis_pid" "$redis_load" --port "$redis_port" --mode pairs \
            --licenses $pair_licenses --seat-count 1000 --prefix sem:pairs \
            --connections "$BENCH_CONNECTIONS" --threads "$BENCH_THREADS" --duration "$duration" ;;
    hot/keyright)
        measure "$case" keyright "$run" "$kr_pid" $(wrk_cmd keyright-pairs.lua "$kr_url" "$work/hot-$hot_run.txt")
        # The audit log records inUse with every grant: none may exceed the seat count.
        python3 "$setup" keyright-check-grants "$kr_url" "$kr_token" "$(cut -d' ' -f1 "$work/hot-$hot_run.txt")" \
            >> "$out/raw/$case.keyright.$run.txt" 2>&1 || say "error: the hot license was over-granted (run $run)" ;;
    hot/etcd)
        return 0 ;; # etcd has no counting semaphore to fill: no hot-license equivalent
    hot/redis)
        measure "$case" redis "$run" "$redis_pid" "$redis_load" --port "$redis_port" --mode pairs \
            --licenses 1 --seat-count "$BENCH_HOT_SEATS" --prefix "sem:hot-$hot_run" \
            --connections "$BENCH_CONNECTIONS" --threads "$BENCH_THREADS" --duration "$duration" ;;
    esac
}

load_bulk() {
    local extra=$((BENCH_BULK - renew_leases))
    ((extra > 0)) || return 0
    if has keyright; then
        # Licenses of 100 seats: a checkout reads every row of its license to count the live ones,
        # so filling 1000-seat licenses would cost a quadratic number of row reads.
        local licenses=$(((extra + 99) / 100))
        say "keyright: $extra more live leases ($licenses licenses of 100 seats)"
        python3 "$setup" keyright-licenses "$kr_url" "$kr_token" "$work/bulk-licenses.txt" --prefix bulk \
            --count "$licenses" --seats 100
        python3 "$setup" keyright-checkouts "$kr_url" "$work/bulk-licenses.txt" --per-license 100 --threads 8
    fi
    if has etcd; then
        say "etcd: $extra more leases"
        python3 "$setup" etcd-grant "$etcd_url" --count "$extra" --threads 32
    fi
    if has redis; then
        say "redis: $extra more live seats"
        "$redis_load" --port "$redis_port" --mode populate --leases $renew_leases --bulk "$extra" > /dev/null
    fi
}

for case in renew pairs hot renew-100k; do
    wants "$case" || continue
    [[ $case == renew-100k ]] && load_bulk
    if [[ $case == hot ]] && has etcd; then
        say "hot: etcd skipped (a lease grant has no seat count, so there is no pool to fill)"
    fi
    for system in "${systems[@]}"; do
        [[ $case == hot && $system == etcd ]] && continue
        say "$case: warm-up $system (${BENCH_WARMUP} s)"
        duration=$BENCH_WARMUP
        run_case "$case" "$system" warmup
    done
    duration=$BENCH_DURATION
    # Runs interleave the systems, so a burst of load from elsewhere on the machine hits all of
    # them rather than all runs of one.
    for run in $(seq "$BENCH_RUNS"); do
        for system in "${systems[@]}"; do
            [[ $case == hot && $system == etcd ]] && continue
            say "$case: $system run $run/$BENCH_RUNS (${duration} s)"
            run_case "$case" "$system" "$run"
        done
    done
done

if [[ $BENCH_PROFILE == 1 ]] && has keyright && command -v perf > /dev/null; then
    # cpu-clock samples only while the server runs, so the split holds even on a busy machine.
    # DWARF call graphs: Debian's Qt and SQLite are built without frame pointers.
    say "profile: perf record on keyright-server under the renewal load"
    duration=$BENCH_DURATION
    perf record -e cpu-clock -F 499 --call-graph dwarf,16384 -p "$kr_pid" -o "$work/perf.data" \
        -- sleep "$((BENCH_DURATION + 1))" > "$out/perf-record.log" 2>&1 &
    perf_pid=$!
    sleep 0.5
    measure profile keyright 1 "$kr_pid" $(wrk_cmd keyright-heartbeat.lua "$kr_url" "$work/renew.txt")
    wait "$perf_pid" || true
    perf report -i "$work/perf.data" --no-children --sort dso --stdio -g none 2> /dev/null \
        | grep -v '^$' | head -n 40 > "$out/perf-renew-dso.txt" || true
    perf report -i "$work/perf.data" --no-children --sort dso,symbol --stdio -g none 2> /dev/null \
        | grep -v '^$' | head -n 80 > "$out/perf-renew-symbols.txt" || true
    perf report -i "$work/perf.data" --children --sort symbol --stdio -g none 2> /dev/null \
        | grep -v '^$' | head -n 150 > "$out/perf-renew-inclusive.txt" || true
    perf script -i "$work/perf.data" -F comm,tid,ip,sym,dso 2> /dev/null \
        | python3 "$here/peers/perf-split.py" > "$out/perf-renew-split.txt" || true
    cat "$out/perf-renew-split.txt" >&2 || true
fi

if wants reaper && has keyright; then
    say "reaper: $BENCH_REAP_LEASES expired leases, swept under a GET /v1/time load"
    "$build/bench/server/bench_reaper" --leases "$BENCH_REAP_LEASES" --connections 16 \
        > "$out/raw/reaper.keyright.1.txt" 2>&1 || say "warning: bench_reaper failed (see $out/raw/reaper.keyright.1.txt)"
fi

say "signing rate (bench_signing)"
"$build/bench/server/bench_signing" --runs 5 --seconds 1 > "$out/raw/signing.txt" 2>&1 || true

echo "loadavg_end=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"
python3 "$here/peers/summarize.py" "$out" | tee "$out/table.md"
say "raw outputs in $out"

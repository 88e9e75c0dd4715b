#!/usr/bin/env bash
# Several keyright-server instances on one PostgreSQL, beside one on SQLite, in one run (issue
# 13). See docs/BENCHMARKS.md, section "Several instances on PostgreSQL".
#
#   bench/run-pg-bench.sh            # full run: 10 s per case, 3 runs, median (about 6 min)
#   bench/run-pg-bench.sh --quick    # smoke run: 3 s per case, 1 run
#   bench/run-pg-bench.sh --summarize DIR   # the table again from the raw outputs in DIR
#
# Configurations: sqlite (one instance, its own SQLite file), pg1, pg2, pg3 (1, 2 or 3 instances
# on one database of a durable throwaway cluster from scripts/pg-cluster.sh, each instance its own
# data directory with the first one's signing key copied 0600). Cases: renew (signed heartbeats
# over 1000 held leases) and pairs (checkout then release). With several instances the load is
# split evenly: one wrk per instance, the connections divided between them; the rate is the sum,
# and the latency percentiles the worst of the wrk processes (an upper bound of the combined one).
# The last renewal run records every renewal it was answered 200 for (the latest expiresAt per
# seat); then every server is killed with SIGKILL and the database is read: each of those must be
# stored, i.e. no acknowledged renewal was lost.
#
# Everything listens on 127.0.0.1, lives in a fresh temporary directory, is bounded in time
# (BENCH_MAX_SECONDS) and is stopped by a trap.
#
# Knobs (environment): BENCH_DURATION (s per case, 10), BENCH_RUNS (3), BENCH_WARMUP (s, 3),
# BENCH_CONNECTIONS (64), BENCH_THREADS (wrk threads in all, 2), BENCH_CONFIGS ("sqlite pg1 pg2
# pg3"), BENCH_CASES ("renew pairs"), BENCH_OUT (results directory), BENCH_MAX_SECONDS (3600),
# KEYRIGHT_BUILD_DIR (build: the RelWithDebInfo tree of scripts/build.sh, built when needed).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

# The table: requests/s summed over an run's wrk processes, median over the runs; p50 and p99 the
# worst wrk process's, median over the runs.
summarize() { # results-dir configs cases runs
    python3 - "$@" << 'EOF'
import pathlib, re, statistics, sys

out, configs, cases, runs = pathlib.Path(sys.argv[1]), sys.argv[2].split(), sys.argv[3].split(), int(sys.argv[4])
unit = {"us": 0.001, "ms": 1.0, "s": 1000.0}

def parse(path):
    text = path.read_text(errors="replace")
    rate = re.search(r"Requests/sec:\s+([\d.]+)", text)
    pct = dict((p, float(v) * unit[u]) for p, v, u in re.findall(r"^\s+(50|99)(?:\.000)?%\s+([\d.]+)(us|ms|s)\s*$", text, re.M))
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
    errors = re.search(r"Socket errors:.*?timeout (\d+)", text)
    return (float(rate.group(1)) if rate else 0.0, pct.get("50", float("nan")), pct.get("99", float("nan")),
            int(bad.group(1)) if bad else 0, int(errors.group(1)) if errors else 0)

case_names = {"renew": "renewals, 1,000 held leases", "pairs": "checkout+release, 100 licenses"}

def config_name(config):
    if config == "sqlite":
        return "SQLite, 1 instance"
    n = int(config[2:])
    return f"PostgreSQL, {n} instance{'s' if n > 1 else ''}"

# The table of docs/BENCHMARKS.md, section "Several instances on PostgreSQL", as it is pasted there.
print("| case | configuration | requests/s | p50 (ms) | p99 (ms) | non-2xx | notes |")
print("| --- | --- | ---: | ---: | ---: | ---: | --- |")
verdicts = []
for case in cases:
    for config in configs:
        rates, p50s, p99s, bad, timeouts = [], [], [], 0, 0
        for run in range(1, runs + 1):
            parts = [parse(p) for p in sorted(out.glob(f"raw/{case}.{config}.{run}.*.txt"))]
            if not parts:
                continue
            rates.append(sum(p[0] for p in parts))
            p50s.append(max(p[1] for p in parts))
            p99s.append(max(p[2] for p in parts))
            bad += sum(p[3] for p in parts)
            timeouts += sum(p[4] for p in parts)
        if rates:
            rate, p99 = statistics.median(rates), statistics.median(p99s)
            notes = f"{timeouts} timeouts" if timeouts else ""
            print(f"| {case_names.get(case, case)} | {config_name(config)} | {rate:,.0f} | "
                  f"{statistics.median(p50s):.2f} | {p99:.2f} | {bad} | {notes} |")
            if case == "renew" and config.startswith("pg"):
                met = rate >= 5000 and p99 < 20 and bad == 0
                verdicts.append(f"{config_name(config)}: {rate:,.0f}/s, p99 {p99:.2f} ms: {'met' if met else 'not met'}")
if verdicts:
    print()
    print("Target (PostgreSQL, at least 5,000 signed renewals/s with p99 under 20 ms):")
    for verdict in verdicts:
        print(f"- {verdict}")
EOF
}

# The table, then the conditions and the durability check, as docs/BENCHMARKS.md reports them.
report() { # results-dir configs cases runs
    summarize "$@"
    echo
    echo "Load average (1/5/15 min): $(sed -n 's/^loadavg_start=//p' "$1/machine.txt") at the start," \
        "$(sed -n 's/^loadavg_end=//p' "$1/machine.txt") at the end; git $(sed -n 's/^git=//p' "$1/machine.txt")," \
        "$(sed -n 's/^date_utc=//p' "$1/machine.txt")."
    [[ -f $1/durability.txt ]] && { echo; echo "Durability after kill -9:"; sed 's/^/- /' "$1/durability.txt"; }
    return 0
}

if [[ ${1:-} == --summarize ]]; then
    dir=${2:?usage: $0 --summarize RESULTS_DIR}
    configs=$(sed -n 's/^configs=\(.*\) cases=.*/\1/p' "$dir/machine.txt")
    cases=$(sed -n 's/^configs=.* cases=//p' "$dir/machine.txt")
    runs=$(sed -n 's/^duration=.* runs=\([0-9]*\) .*/\1/p' "$dir/machine.txt")
    report "$dir" "$configs" "$cases" "$runs"
    exit 0
elif [[ ${1:-} == --quick ]]; then
    : "${BENCH_DURATION:=3}" "${BENCH_RUNS:=1}" "${BENCH_WARMUP:=1}"
elif [[ -n ${1:-} ]]; then
    sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
: "${BENCH_DURATION:=10}" "${BENCH_RUNS:=3}" "${BENCH_WARMUP:=3}" "${BENCH_CONNECTIONS:=64}" "${BENCH_THREADS:=2}"
: "${BENCH_CONFIGS:=sqlite pg1 pg2 pg3}" "${BENCH_CASES:=renew pairs}" "${BENCH_MAX_SECONDS:=3600}"
build=${KEYRIGHT_BUILD_DIR:-$root/build}
out=${BENCH_OUT:-$root/bench/results/pg-$(date -u +%Y%m%dT%H%M%SZ)}
ttl=3600 # the setup's licenses: nothing expires during a run

say() { printf '[pg-bench] %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

for tool in python3 curl wrk psql; do
    command -v "$tool" > /dev/null || die "$tool is needed"
done

mkdir -p "$out/raw"
work=$(mktemp -d "${TMPDIR:-/tmp}/keyright-pg-bench.XXXXXX")
chmod 755 "$work"
pids=()
cluster=""
cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill -9 "$pid" 2> /dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2> /dev/null || true; done
    [[ -n $cluster ]] && "$root/scripts/pg-cluster.sh" stop "$cluster" || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- build -------------------------------------------------------------------------------------
if [[ ! -f $build/build.ninja ]]; then
    say "configuring $build (RelWithDebInfo, as scripts/build.sh)"
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKEYRIGHT_WERROR=OFF > /dev/null
fi
say "building keyright-server in $build"
cmake --build "$build" --target keyright-server > "$work/build.log" 2>&1 \
    || { tail -n 30 "$work/build.log" >&2; die "build failed"; }
server_bin=$build/server/keyright-server

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_healthy() {
    local url=$1 i
    for i in $(seq 150); do
        curl -fsS "$url/v1/health" > /dev/null 2>&1 && return 0
        sleep 0.1
    done
    return 1
}

{
    echo "date_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "git=$(git -C "$root" rev-parse --short HEAD 2> /dev/null || echo unknown)"
    echo "duration=$BENCH_DURATION runs=$BENCH_RUNS warmup=$BENCH_WARMUP connections=$BENCH_CONNECTIONS threads=$BENCH_THREADS"
    echo "configs=$BENCH_CONFIGS cases=$BENCH_CASES"
    echo "nproc=$(nproc)"
    echo "loadavg_start=$(cut -d' ' -f1-3 /proc/loadavg)"
    lscpu | grep -E '^(Model name|CPU\(s\)|Thread|Core|Socket)' || true
    free -m | sed -n 2p
    "$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)/postgres" --version
} > "$out/machine.txt"

# --- PostgreSQL: a durable cluster, so that the figures include a real commit --------------------
if [[ " $BENCH_CONFIGS " == *" pg"* ]]; then
    cluster=$work/pg
    admin_url=$("$root/scripts/pg-cluster.sh" start "$cluster" --durable) || die "PostgreSQL did not start"
    say "PostgreSQL at $admin_url (fsync on)"
fi

# --- servers: every configuration up at once, so that runs can interleave ------------------------
declare -A urls # config -> space-separated instance URLs
declare -A dburl # config -> database URL (PostgreSQL configurations)
start_instance() { # config index datadir [database-url]
    local config=$1 index=$2 dir=$3 db=${4:-} port
    port=$(free_port)
    local args=(--listen "127.0.0.1:$port" --data-dir "$dir" --reap-interval 0)
    [[ -n $db ]] && args+=(--database "$db")
    timeout -s KILL "$BENCH_MAX_SECONDS" "$server_bin" "${args[@]}" > "$out/server-$config-$index.log" 2>&1 &
    local wrapper=$! server="" i
    pids+=("$wrapper")
    # The server itself, not its timeout wrapper: kill -9 must reach the process that commits.
    for i in $(seq 50); do
        server=$(pgrep -P "$wrapper" | head -n1 || true)
        [[ -n $server ]] && break
        sleep 0.1
    done
    [[ -n $server ]] || die "$config instance $index did not start"
    pids+=("$server")
    wait_healthy "http://127.0.0.1:$port" || die "$config instance $index did not come up (see $out/server-$config-$index.log)"
    urls[$config]="${urls[$config]:-} http://127.0.0.1:$port"
}
for config in $BENCH_CONFIGS; do
    case $config in
    sqlite)
        start_instance sqlite 0 "$work/sqlite" ;;
    pg[1-9])
        n=${config#pg}
        db=bench_$config
        psql -q "$admin_url" -c "CREATE DATABASE $db" || die "cannot create database $db"
        dburl[$config]=${admin_url%/*}/$db
        start_instance "$config" 0 "$work/$config-0" "${dburl[$config]}"
        for ((i = 1; i < n; i++)); do
            # One signing key and admin token for all instances, copied owner-only (DEPLOYMENT.md).
            mkdir -m 700 "$work/$config-$i"
            install -m 600 "$work/$config-0/signing.key" "$work/$config-0/alerts.key" "$work/$config-0/admin-token" "$work/$config-$i/"
            start_instance "$config" "$i" "$work/$config-$i" "${dburl[$config]}"
        done ;;
    *) die "unknown configuration $config" ;;
    esac
    say "$config:${urls[$config]}"
done

# --- setup -------------------------------------------------------------------------------------
setup=$here/peers/setup.py
for config in $BENCH_CONFIGS; do
    first=$(echo ${urls[$config]} | cut -d' ' -f1)
    token=$work/${config}-0/admin-token
    [[ $config == sqlite ]] && token=$work/sqlite/admin-token
    mkdir -p "$work/setup-$config"
    python3 "$setup" keyright-licenses "$first" "$token" "$work/setup-$config/renew-licenses.txt" \
        --prefix renew --count 10 --seats 100 --ttl $ttl
    python3 "$setup" keyright-checkouts "$first" "$work/setup-$config/renew-licenses.txt" --per-license 100 \
        --out "$work/setup-$config/renew.txt"
    python3 "$setup" keyright-licenses "$first" "$token" "$work/setup-$config/pairs.txt" --prefix pairs --count 100 \
        --seats 1000 --ttl $ttl
done

# --- cases -------------------------------------------------------------------------------------
run_case() { # case config run duration
    local case=$1 config=$2 run=$3 duration=$4
    local instance_urls
    read -ra instance_urls <<< "${urls[$config]}"
    local n=${#instance_urls[@]} i
    local conns=$((BENCH_CONNECTIONS / n)) threads=$((BENCH_THREADS / n))
    ((threads >= 1)) || threads=1
    local script=keyright-heartbeat.lua arg=$work/setup-$config/renew.txt
    [[ $case == pairs ]] && script=keyright-pairs.lua arg=$work/setup-$config/pairs.txt
    local wrks=()
    for ((i = 0; i < n; i++)); do
        # The last renewal run remembers what it was acknowledged, for the durability check.
        local acked=""
        [[ $case == renew && $run == "$BENCH_RUNS" ]] && acked=$out/raw/acked.$config.$i.txt
        KEYRIGHT_ACKED_OUT=$acked wrk -t"$threads" -c"$conns" -d"${duration}s" --timeout 10s --latency -s "$here/peers/$script" \
            "${instance_urls[$i]}" -- "$arg" > "$out/raw/$case.$config.$run.$i.txt" 2>&1 &
        wrks+=($!)
    done
    for i in "${wrks[@]}"; do wait "$i" || say "warning: a wrk of $case/$config run $run failed"; done
}

declare -A renew_end # config -> ms since the epoch at the end of its last renewal run
now_ms() { python3 -c 'import time; print(int(time.time() * 1000))'; }
# Pairs first: the durability check below needs the renewal case to be the last load.
for case in pairs renew; do
    [[ " $BENCH_CASES " == *" $case "* ]] || continue
    for config in $BENCH_CONFIGS; do
        say "$case: warm-up $config (${BENCH_WARMUP} s)"
        run_case "$case" "$config" warmup "$BENCH_WARMUP"
    done
    for run in $(seq "$BENCH_RUNS"); do
        for config in $BENCH_CONFIGS; do
            say "$case: $config run $run/$BENCH_RUNS (${BENCH_DURATION} s)"
            run_case "$case" "$config" "$run" "$BENCH_DURATION"
            [[ $case == renew ]] && renew_end[$config]=$(now_ms)
        done
    done
done
echo "loadavg_end=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"

# --- durability: kill -9 every server, then read what the databases hold -------------------------
for pid in "${pids[@]}"; do kill -9 "$pid" 2> /dev/null || true; done
for pid in "${pids[@]}"; do wait "$pid" 2> /dev/null || true; done
pids=()
# Every renewal acknowledged in the last run (the latest expiresAt per seat, recorded by the wrk
# script) must be in the database: a stored expiry earlier than an acknowledged one is a renewal
# that was answered 200 and lost.
check_acked() { # config stored-rows-file
    python3 - "$out/raw" "$1" "$2" << 'EOF'
import datetime, pathlib, sys
raw, config, stored_file = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
def ms(text):
    return int(datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)
acked = {}
for path in raw.glob(f"acked.{config}.*.txt"):
    for line in path.read_text().split("\n"):
        if line.strip():
            seat, expires = line.split()
            acked[seat] = max(acked.get(seat, 0), ms(expires))
stored = {}
for line in pathlib.Path(stored_file).read_text().split("\n"):
    if line.strip():
        seat, expires = line.split()
        stored[seat] = int(expires)
lost = sum(1 for seat, expires in acked.items() if stored.get(seat, -1) < expires)
print(f"{lost} of {len(acked)} acknowledged renewals (the latest per seat) missing from the database")
EOF
}
for config in $BENCH_CONFIGS; do
    [[ -n ${renew_end[$config]:-} ]] || continue
    rows_sql="SELECT seat_id || ' ' || expires_at FROM leases WHERE license_id LIKE 'renew-%'"
    if [[ $config == sqlite ]]; then
        python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print('\n'.join(r[0] for r in c.execute(sys.argv[2])))" \
            "$work/sqlite/keyright.sqlite" "$rows_sql" > "$work/stored-$config.txt"
    else
        psql -qtA "${dburl[$config]}" -c "$rows_sql" > "$work/stored-$config.txt"
    fi
    echo "$config: after kill -9: $(check_acked "$config" "$work/stored-$config.txt")" | tee -a "$out/durability.txt" >&2
done

# --- summary -----------------------------------------------------------------------------------
report "$out" "$BENCH_CONFIGS" "$BENCH_CASES" "$BENCH_RUNS" | tee "$out/table.md"
say "raw outputs in $out"

#!/usr/bin/env bash
# A whole site taking its seats back after an outage (issue 30). See docs/BENCHMARKS.md, "The
# storm after an outage".
#
#   bench/run-storm-bench.sh            # 20,000 clients, 60 s TTL, a 120 s outage, each configuration
#   bench/run-storm-bench.sh --quick    # 2,000 clients, 30 s TTL, a 45 s outage
#
# For each configuration: keyright-server instances (pg1, pg3: one or three on one durable
# PostgreSQL from scripts/pg-cluster.sh; sqlite: one on its own file), BENCH_LICENSES licenses whose
# seats add up to BENCH_CLIENTS, and bench_storm's simulated keepers holding every seat (a checkout
# each, then heartbeats at a third of the TTL; LeaseKeeper's retry, lapse and back-off rules, see
# bench/server/bench_storm.cpp). Once every seat is held and BENCH_STEADY seconds have passed, the
# outage: PostgreSQL stopped (the instances keep running and answer 503), or the SQLite server
# killed -9; BENCH_OUTAGE seconds later it is started again. Longer than the TTL, so every lease
# lapses and every client checks out again. Measured from the moment the database (or server) is
# back: the time until every client holds a seat again, the peak checkout rate (a second's), and
# the denials, 503s or unanswered requests, and lost seats on the way; and, read back from the
# events once it is over, whether any license ever had more live seats than it has.
#
# Knobs (environment): BENCH_CLIENTS (20000), BENCH_LICENSES (20), BENCH_TTL (60), BENCH_OUTAGE
# (120), BENCH_STEADY (20), BENCH_CONNECTIONS (32 per instance for heartbeats, as many again for
# checkouts), BENCH_CONFIGS ("pg1 pg3 sqlite"),
# BENCH_OUT (results directory), KEYRIGHT_BUILD_DIR (build).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

if [[ ${1:-} == --quick ]]; then
    : "${BENCH_CLIENTS:=2000}" "${BENCH_TTL:=30}" "${BENCH_OUTAGE:=45}" "${BENCH_STEADY:=5}"
elif [[ -n ${1:-} ]]; then
    sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
: "${BENCH_CLIENTS:=20000}" "${BENCH_LICENSES:=20}" "${BENCH_TTL:=60}" "${BENCH_OUTAGE:=120}" "${BENCH_STEADY:=20}"
: "${BENCH_CONNECTIONS:=32}" "${BENCH_CONFIGS:=pg1 pg3 sqlite}"
build=${KEYRIGHT_BUILD_DIR:-$root/build}
out=${BENCH_OUT:-$root/bench/results/storm-$(date -u +%Y%m%dT%H%M%SZ)}
per_license=$((BENCH_CLIENTS / BENCH_LICENSES))

say() { printf '[storm] %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

for tool in python3 curl psql; do
    command -v "$tool" >/dev/null || die "$tool is needed"
done

mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/keyright-storm.XXXXXX")
chmod 755 "$work"
pids=()
cluster=""
cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    [[ -n $cluster ]] && "$root/scripts/pg-cluster.sh" stop "$cluster" || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [[ ! -f $build/build.ninja ]]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
say "building keyright-server and bench_storm in $build"
cmake --build "$build" --target keyright-server bench_storm >"$work/build.log" 2>&1 ||
    { tail -n 30 "$work/build.log" >&2; die "build failed"; }
server_bin=$build/server/keyright-server
storm_bin=$build/bench/server/bench_storm

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
now_ms() { python3 -c 'import time; print(int(time.time() * 1000))'; }
wait_healthy() {
    local url=$1
    for _ in $(seq 150); do
        curl -fsS "$url/v1/health" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    return 1
}
# The newest "held=" count bench_storm printed.
held_now() { grep -o 'held=[0-9]*' "$1" 2>/dev/null | tail -n 1 | cut -d= -f2; }
wait_all_held() { # log seconds
    local deadline=$((SECONDS + $2))
    until [[ $(held_now "$1") == "$BENCH_CLIENTS" ]]; do
        ((SECONDS < deadline)) || return 1
        sleep 1
    done
}

{
    echo "date_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "git=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "clients=$BENCH_CLIENTS licenses=$BENCH_LICENSES ttl=$BENCH_TTL outage=$BENCH_OUTAGE steady=$BENCH_STEADY connections=$BENCH_CONNECTIONS"
    echo "nproc=$(nproc)"
    echo "loadavg_start=$(cut -d' ' -f1-3 /proc/loadavg)"
} >"$out/machine.txt"

if [[ " $BENCH_CONFIGS " == *" pg"* ]]; then
    cluster=$work/pg
    admin_url=$("$root/scripts/pg-cluster.sh" start "$cluster" --durable) || die "PostgreSQL did not start"
fi

# Starts one instance in the background; its pid in $started_pid.
start_instance() { # log port datadir [database-url]
    local log=$1 port=$2 dir=$3 db=${4:-}
    local args=(--listen "127.0.0.1:$port" --data-dir "$dir")
    [[ -n $db ]] && args+=(--database "$db")
    "$server_bin" "${args[@]}" >>"$log" 2>&1 &
    started_pid=$!
    pids+=("$started_pid")
    wait_healthy "http://127.0.0.1:$port" || die "the instance on port $port did not come up (see $log)"
}

run_config() {
    local config=$1 n=1 db="" i
    local urls=() ports=() server_pids=()
    [[ $config == pg[1-9] ]] && n=${config#pg}
    if [[ $config == pg* ]]; then
        db=${admin_url%/*}/storm_$config
        psql -q "$admin_url" -c "CREATE DATABASE storm_$config" || die "cannot create the database"
    fi
    for ((i = 0; i < n; i++)); do
        local dir=$work/$config-$i port
        mkdir -m 700 "$dir"
        if ((i > 0)); then
            # One signing key, admin token and alert secrets key for all instances (DEPLOYMENT.md).
            install -m 600 "$work/$config-0/signing.key" "$work/$config-0/admin-token" "$dir/"
            if [[ -f "$work/$config-0/alerts.key" ]]; then
                install -m 600 "$work/$config-0/alerts.key" "$dir/"
            fi
        fi
        port=$(free_port)
        start_instance "$out/server-$config-$i.log" "$port" "$dir" "$db"
        server_pids+=("$started_pid")
        ports+=("$port")
        urls+=("http://127.0.0.1:$port")
    done
    python3 "$here/peers/setup.py" keyright-licenses "${urls[0]}" "$work/$config-0/admin-token" \
        "$work/licenses-$config.txt" --prefix "storm-$config" --count "$BENCH_LICENSES" --seats "$per_license" \
        --ttl "$BENCH_TTL"
    local log=$out/storm-$config.log
    "$storm_bin" --servers "$(IFS=,; echo "${urls[*]}")" --licenses "$work/licenses-$config.txt" \
        --clients-per-license "$per_license" --ttl "$BENCH_TTL" --connections "$BENCH_CONNECTIONS" \
        >"$log" 2>"$out/storm-$config.err" &
    local storm=$!
    pids+=("$storm")
    say "$config: $BENCH_CLIENTS clients taking their seats"
    wait_all_held "$log" $((BENCH_TTL * 4 + 60)) || die "$config: not every client got a seat (see $log)"
    sleep "$BENCH_STEADY"
    local down up
    down=$(now_ms)
    if [[ $config == sqlite ]]; then
        say "$config: kill -9 of the server for $BENCH_OUTAGE s"
        kill -9 "${server_pids[0]}"
        wait "${server_pids[0]}" 2>/dev/null || true
        sleep "$BENCH_OUTAGE"
        up=$(now_ms)
        start_instance "$out/server-$config-0.log" "${ports[0]}" "$work/$config-0" ""
        server_pids=("$started_pid")
    else
        say "$config: PostgreSQL stopped for $BENCH_OUTAGE s"
        "$root/scripts/pg-cluster.sh" halt "$cluster"
        sleep "$BENCH_OUTAGE"
        up=$(now_ms)
        "$root/scripts/pg-cluster.sh" resume "$cluster" >/dev/null
    fi
    say "$config: back; waiting for every client to hold a seat again"
    wait_all_held "$log" 600 || say "$config: not every client holds a seat 600 s after the outage"
    sleep 5
    kill -TERM "$storm"
    wait "$storm" 2>/dev/null || true
    for pid in "${server_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${server_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    echo "$config down=$down up=$up" >>"$out/outages.txt"
    read_back "$config" "$db"
}

# Whether any license ever had more live seats than it has, read back from the run's events (every
# grant, release and reap, before and after the outage) and the rows left: storm_overgrant.py.
read_back() { # config [database-url]
    local config=$1 db=${2:-} dump=$work/readback-$config
    mkdir -p "$dump"
    local events="SELECT seq, time_ms, kind, license_id, seat_id, detail FROM events WHERE kind IN
        ('granted', 'seat_borrowed', 'released', 'revoked', 'reclaimed', 'borrow_returned', 'reaped') ORDER BY seq"
    local leases="SELECT license_id, seat_id, expires_at FROM leases"
    local licenses="SELECT id, seat_count, skew_ms FROM licenses"
    if [[ -n $db ]]; then
        psql -q -At -F $'\t' "$db" -c "$events" >"$dump/events.tsv"
        psql -q -At -F $'\t' "$db" -c "$leases" >"$dump/leases.tsv"
        psql -q -At -F $'\t' "$db" -c "$licenses" >"$dump/licenses.tsv"
    else
        python3 - "$work/$config-0/keyright.sqlite" "$dump" "$events" "$leases" "$licenses" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
for name, query in zip(("events", "leases", "licenses"), sys.argv[3:]):
    with open(f"{sys.argv[2]}/{name}.tsv", "w", encoding="utf-8") as out:
        for row in db.execute(query):
            out.write("\t".join("" if v is None else str(v) for v in row) + "\n")
EOF
    fi
    python3 "$here/storm_overgrant.py" "$dump/events.tsv" "$dump/leases.tsv" "$dump/licenses.tsv" \
        >"$out/readback-$config.txt" || die "$config: the events could not be read back"
    say "$config: read back from the events: $(tail -n 1 "$out/readback-$config.txt")"
}

for config in $BENCH_CONFIGS; do
    run_config "$config"
done
echo "loadavg_end=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/machine.txt"

python3 - "$out" "$BENCH_CLIENTS" <<'EOF' | tee "$out/table.md"
import pathlib, re, sys
out, clients = pathlib.Path(sys.argv[1]), int(sys.argv[2])
print("| Configuration | Back to every seat held | Peak checkouts/s | Checkouts after | Denied (409) | 503 or unanswered | Lost (410) | Over-granted licenses (events) |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for line in (out / "outages.txt").read_text().split("\n"):
    if not line.strip():
        continue
    config, down, up = line.split()
    up = int(up.split("=")[1])
    rows = []
    for text in (out / f"storm-{config}.log").read_text().split("\n"):
        fields = dict(re.findall(r"(\w+)=(\d+)", text))
        if "wall" in fields:
            rows.append({k: int(v) for k, v in fields.items()})
    after = [r for r in rows if r["wall"] >= up]
    back = next((r["wall"] for r in after if r["held"] == clients), None)
    recovery = f"{(back - up) / 1000:.1f} s" if back else "not within the run"
    peak = max((r["checkouts"] for r in after), default=0)
    total = lambda key: sum(r[key] for r in after if not back or r["wall"] <= back)
    readback = out / f"readback-{config}.txt"
    over = readback.read_text().strip().split("\n")[-1].split(": ")[-1] if readback.exists() else "not read"
    print(f"| {config} | {recovery} | {peak:,} | {total('checkouts'):,} | {total('denied'):,} | "
          f"{total('unavailable'):,} | {total('lost'):,} | {over} |")
EOF
say "raw outputs in $out"

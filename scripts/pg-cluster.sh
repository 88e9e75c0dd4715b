#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests and the benchmarks, on 127.0.0.1 and a Unix socket
# inside its own directory. PostgreSQL refuses to run as root, so as root the cluster belongs to
# the `postgres` user the Debian package creates.
#
#   pg-cluster.sh start DIR [--durable] [--faketime]
#                                        initdb into DIR, start, wait until it accepts connections
#                                        (bounded), print its admin URL (also in DIR/url)
#   pg-cluster.sh halt DIR               stop the server, keep DIR (a test's database outage)
#   pg-cluster.sh resume DIR             start it again on the same port
#   pg-cluster.sh stop DIR               stop the server and remove DIR
#
# Without --durable the cluster does not fsync: the tests kill keyright-server processes, never
# PostgreSQL, so they lose nothing by it, and it keeps two cores' worth of tests fast. The
# benchmarks pass --durable so that their figures include a real commit.
#
# With --faketime the server runs under libfaketime (Debian's libfaketime), its wall clock offset by
# what DIR/faketime says ("+600", "-600": seconds; written by the test, read on every call), its
# monotonic clock left alone: a test steps the database's clock as an NTP step or a restored
# virtual machine would (tests/support/PgCluster). halt and resume keep it.
set -euo pipefail

usage() {
    echo "usage: $0 start|halt|resume|stop DIR [--durable] [--faketime]" >&2
    exit 2
}
(($# >= 2)) || usage
command=$1
dir=$2
durable=0
faketime=0
for option in "${@:3}"; do
    case "$option" in
    --durable) durable=1 ;;
    --faketime) faketime=1 ;;
    *) usage ;;
    esac
done

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [[ -z "$bindir" || ! -x "$bindir/pg_ctl" ]]; then
    echo "pg-cluster.sh: PostgreSQL is not installed (scripts/install-deps.sh installs it)" >&2
    exit 1
fi

# Runs a PostgreSQL program as the cluster's owner.
as_owner() {
    if ((EUID == 0)); then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# The environment that puts the server under libfaketime, when DIR/faketime exists.
faketime_env=()
faketime_setup() {
    [[ -f "$dir/faketime" ]] || return 0
    local library
    library=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1 || true)
    if [[ -z "$library" ]]; then
        echo "pg-cluster.sh: libfaketime is not installed (scripts/install-deps.sh installs it)" >&2
        exit 1
    fi
    faketime_env=(env "LD_PRELOAD=$library" "FAKETIME_TIMESTAMP_FILE=$dir/faketime" FAKETIME_NO_CACHE=1
        FAKETIME_DONT_FAKE_MONOTONIC=1)
}

pg_ctl_start() {
    local port=$1
    faketime_setup
    as_owner "${faketime_env[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-p $port -k $dir -h 127.0.0.1" start >/dev/null
}

case "$command" in
start)
    mkdir -p "$dir"
    if ((EUID == 0)); then
        if ! id postgres >/dev/null 2>&1; then
            echo "pg-cluster.sh: no 'postgres' user to run PostgreSQL as (install the postgresql package)" >&2
            exit 1
        fi
        chown postgres: "$dir"
    fi
    as_owner "$bindir/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync \
        >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    {
        echo "listen_addresses = '127.0.0.1'"
        echo "max_connections = 200"
        echo "shared_buffers = 64MB"
        if ((durable == 0)); then
            echo "fsync = off"
            echo "full_page_writes = off"
        fi
    } | as_owner tee -a "$dir/data/postgresql.conf" >/dev/null
    if ((faketime == 1)); then
        echo "+0" | as_owner tee "$dir/faketime" >/dev/null
    fi
    # A random port, retried when another process holds it.
    for attempt in 1 2 3 4 5 6 7 8; do
        port=$((20000 + RANDOM % 40000))
        if pg_ctl_start "$port" 2>>"$dir/start.log"; then
            url="postgresql://postgres@127.0.0.1:$port/postgres"
            echo "$port" | as_owner tee "$dir/port" >/dev/null
            echo "$url" | as_owner tee "$dir/url" >/dev/null
            echo "$url"
            exit 0
        fi
        grep -q "already in use" "$dir/server.log" 2>/dev/null || break
    done
    echo "pg-cluster.sh: PostgreSQL did not start; its log:" >&2
    cat "$dir/server.log" >&2 || true
    exit 1
    ;;
halt)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null
    ;;
resume)
    pg_ctl_start "$(cat "$dir/port")"
    ;;
stop)
    if [[ -f "$dir/data/postmaster.pid" ]]; then
        as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
            as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w -t 10 stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    usage
    ;;
esac

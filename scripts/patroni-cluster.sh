#!/usr/bin/env bash
# A throwaway highly available PostgreSQL for the tests and the benchmarks: one etcd and two
# PostgreSQL nodes managed by Patroni with synchronous replication (synchronous_mode), all on
# 127.0.0.1 and random ports, in DIR (docs/DEPLOYMENT.md, "A database without a single point of
# failure", is the same layout on three machines). PostgreSQL refuses to run as root, so as root
# etcd, Patroni and PostgreSQL run as the `postgres` user the Debian package creates. Every wait is
# bounded.
#
#   patroni-cluster.sh check                 exit 0 when patroni, etcd and PostgreSQL are installed,
#                                            else 1 with what is missing on stderr
#   patroni-cluster.sh start DIR [PID] [--faketime]
#                                            etcd, node1, node2; waits until one is the primary and
#                                            the other its synchronous standby; prints the
#                                            multi-host URI (also in DIR/url). With PID, a watcher
#                                            stops everything when that process ends, however it
#                                            ends (a test killed by its timeout leaves nothing).
#                                            With --faketime each node's PostgreSQL runs under
#                                            libfaketime, its wall clock offset by what
#                                            DIR/NODE/faketime says ("+0" at first; see `offset`)
#   patroni-cluster.sh primary DIR           the primary's node name (node1 or node2)
#   patroni-cluster.sh standby DIR           the other node's name
#   patroni-cluster.sh offset DIR NODE SECS  NODE's PostgreSQL clock runs SECS ("+40", "-60") off
#                                            the machine's from now on (started with --faketime)
#   patroni-cluster.sh pause-replication DIR stops (SIGSTOP) the standby's WAL receiver: the
#                                            primary's commits wait for it, in flight
#   patroni-cluster.sh resume-replication DIR lets it go on (SIGCONT)
#   patroni-cluster.sh wait-sync DIR SECS    waits until a primary has a synchronous standby
#   patroni-cluster.sh kill-postgres DIR     kill -9 of the primary's postmaster (its Patroni stays)
#   patroni-cluster.sh kill-node DIR         kill -9 of the primary's Patroni and postmaster
#   patroni-cluster.sh restart-node DIR NODE starts a killed node's Patroni again
#   patroni-cluster.sh revive DIR            starts again every node whose Patroni is not running
#   patroni-cluster.sh stop DIR              stops everything and removes DIR
#
# Patroni's ttl is 10 s and loop_wait 1 s, far shorter than its defaults (30 s, 10 s): a failover
# that waits for the leader key to expire (kill-node) takes about ttl. primary_start_timeout 0
# makes Patroni fail over at once when the primary's PostgreSQL crashes, instead of restarting it
# in place for up to 5 minutes. Without fsync (as pg-cluster.sh): the test kills processes, not
# the machine.
set -euo pipefail

usage() {
    echo "usage: $0 check | start DIR [PID] [--faketime] | primary|standby|kill-postgres|kill-node|pause-replication|resume-replication|revive|stop DIR | wait-sync DIR SECS | restart-node DIR NODE | offset DIR NODE SECS" >&2
    exit 2
}
(($# >= 1)) || usage
command=$1
dir=${2:-}

missing() {
    local what=()
    command -v patroni >/dev/null 2>&1 || what+=(patroni)
    command -v etcd >/dev/null 2>&1 || what+=(etcd-server)
    ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || what+=(postgresql)
    ls /usr/lib/*/faketime/libfaketime.so.1 >/dev/null 2>&1 || what+=(libfaketime)
    if ((${#what[@]})); then
        echo "patroni-cluster.sh: not installed: ${what[*]} (scripts/install-deps.sh installs them)" >&2
        return 0
    fi
    return 1
}

as_owner() {
    if ((EUID == 0)); then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# A free TCP port on 127.0.0.1 (probed with bash's /dev/tcp: nobody answers on it), below the
# kernel's ephemeral range (32768 and up) so that no outgoing connection holds it when etcd,
# Patroni or PostgreSQL binds it, and not one this start already picked (in DIR/ports).
free_port() {
    local port
    for _ in $(seq 1 100); do
        port=$((20000 + RANDOM % 12000))
        grep -qx "$port" "$dir/ports" 2>/dev/null && continue
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port" >>"$dir/ports"
            echo "$port"
            return 0
        fi
    done
    return 1
}

# The JSON Patroni's REST API answers on /patroni for NODE, or nothing.
node_state() {
    curl -s -m 1 "http://127.0.0.1:$(cat "$dir/$1/rest_port")/patroni" 2>/dev/null || true
}

primary_node() {
    local node
    for node in node1 node2; do
        [[ -f "$dir/$node/rest_port" ]] || continue
        if curl -s -m 1 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$(cat "$dir/$node/rest_port")/primary" 2>/dev/null |
            grep -q 200; then
            echo "$node"
            return 0
        fi
    done
    return 1
}

# True when the primary has a synchronous standby that is streaming.
has_sync_standby() {
    local node
    for node in node1 node2; do
        [[ -f "$dir/$node/rest_port" ]] || continue
        if [[ $(curl -s -m 1 -o /dev/null -w '%{http_code}' \
            "http://127.0.0.1:$(cat "$dir/$node/rest_port")/synchronous" 2>/dev/null) == 200 ]]; then
            return 0
        fi
    done
    return 1
}

postmaster_pid() {
    head -n 1 "$dir/$1/data/postmaster.pid" 2>/dev/null || true
}

standby_node() {
    local primary
    primary=$(primary_node) || return 1
    [[ $primary == node1 ]] && echo node2 || echo node1
}

# The standby's WAL receiver: a child of its postmaster whose title names it.
walreceiver_pid() {
    local node postmaster
    node=$(standby_node) || return 1
    postmaster=$(postmaster_pid "$node")
    [[ -n "$postmaster" ]] || return 1
    pgrep -P "$postmaster" -f 'walreceiver' | head -n 1
}

# A bin_dir for NODE whose `postgres` runs the real one under libfaketime, the offset read from
# DIR/NODE/faketime on every call (Patroni starts PostgreSQL from its bin_dir; the other programs
# are the real ones). Patroni itself keeps the machine's clock.
faketime_bindir() {
    local node=$1 library
    library=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1 || true)
    if [[ -z "$library" ]]; then
        echo "patroni-cluster.sh: libfaketime is not installed (scripts/install-deps.sh installs it)" >&2
        return 1
    fi
    mkdir -p "$dir/$node/bin"
    for program in "$bindir"/*; do
        [[ $(basename "$program") == postgres ]] || ln -sf "$program" "$dir/$node/bin/"
    done
    cat >"$dir/$node/bin/postgres" <<WRAPPER
#!/bin/sh
exec env LD_PRELOAD=$library FAKETIME_TIMESTAMP_FILE=$dir/$node/faketime FAKETIME_NO_CACHE=1 \
    FAKETIME_DONT_FAKE_MONOTONIC=1 $bindir/postgres "\$@"
WRAPPER
    chmod 755 "$dir/$node/bin/postgres"
    echo "+0" >"$dir/$node/faketime"
    ((EUID != 0)) || chown -R postgres: "$dir/$node/bin" "$dir/$node/faketime"
    echo "$dir/$node/bin"
}

start_patroni() {
    local node=$1
    as_owner bash -c "cd '$dir/$node' && exec setsid patroni '$dir/$node/patroni.yml' >>'$dir/$node/patroni.log' 2>&1 & echo \$! >'$dir/$node/patroni.pid'"
}

wait_for() { # SECS DESCRIPTION COMMAND...
    local seconds=$1 what=$2
    shift 2
    local deadline=$((SECONDS + seconds))
    until "$@"; do
        if ((SECONDS >= deadline)); then
            echo "patroni-cluster.sh: $what not within $seconds s" >&2
            return 1
        fi
        sleep 0.2
    done
}

case "$command" in
check)
    if missing; then exit 1; fi
    exit 0
    ;;
start)
    [[ -n "$dir" ]] || usage
    if missing; then exit 1; fi
    command -v curl >/dev/null || {
        echo "patroni-cluster.sh: curl is not installed" >&2
        exit 1
    }
    bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    mkdir -p "$dir/etcd" "$dir/node1" "$dir/node2"
    owner=${3:-}
    faketime=0
    if [[ $owner == --faketime ]]; then
        owner=
        faketime=1
    fi
    [[ ${4:-} == --faketime ]] && faketime=1
    if [[ -n "$owner" ]]; then
        setsid bash -c "while kill -0 $owner 2>/dev/null; do sleep 1; done; exec '$0' stop '$dir'" \
            </dev/null >/dev/null 2>&1 &
    fi
    # And if this start fails half-way, what it started goes.
    trap '(($? == 0)) || "$0" stop "$dir"' EXIT
    ((EUID != 0)) || chown -R postgres: "$dir"
    etcd_client=$(free_port)
    etcd_peer=$(free_port)
    echo "$etcd_client" >"$dir/etcd/port"
    as_owner bash -c "exec setsid etcd --name keyright-test --data-dir '$dir/etcd/data' \
        --listen-client-urls http://127.0.0.1:$etcd_client --advertise-client-urls http://127.0.0.1:$etcd_client \
        --listen-peer-urls http://127.0.0.1:$etcd_peer --initial-advertise-peer-urls http://127.0.0.1:$etcd_peer \
        --initial-cluster keyright-test=http://127.0.0.1:$etcd_peer --unsafe-no-fsync \
        >'$dir/etcd/etcd.log' 2>&1 & echo \$! >'$dir/etcd/pid'"
    wait_for 20 "etcd answering" bash -c "curl -s -m 1 http://127.0.0.1:$etcd_client/health | grep -q true" || {
        tail -n 20 "$dir/etcd/etcd.log" >&2
        exit 1
    }
    hosts=()
    for node in node1 node2; do
        pg_port=$(free_port)
        rest_port=$(free_port)
        echo "$pg_port" >"$dir/$node/pg_port"
        echo "$rest_port" >"$dir/$node/rest_port"
        hosts+=("127.0.0.1:$pg_port")
        node_bindir=$bindir
        if ((faketime)); then
            node_bindir=$(faketime_bindir "$node")
        fi
        cat >"$dir/$node/patroni.yml" <<YAML
scope: keyright-test
name: $node
log:
  level: WARNING
restapi:
  listen: 127.0.0.1:$rest_port
  connect_address: 127.0.0.1:$rest_port
etcd3:
  hosts: 127.0.0.1:$etcd_client
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 3
    primary_start_timeout: 0
    synchronous_mode: true
    maximum_lag_on_failover: 1048576
    postgresql:
      use_pg_rewind: true
      remove_data_directory_on_rewind_failure: true
      remove_data_directory_on_diverged_timelines: true
      parameters:
        synchronous_commit: "on"
        wal_level: replica
        wal_log_hints: "on"
        hot_standby: "on"
        max_wal_senders: 10
        max_replication_slots: 10
        max_connections: 200
        fsync: "off"
        full_page_writes: "off"
        wal_keep_size: 64MB
  initdb:
  - encoding: UTF8
  - locale: C.UTF-8
  - no-sync
postgresql:
  listen: 127.0.0.1:$pg_port
  connect_address: 127.0.0.1:$pg_port
  data_dir: $dir/$node/data
  bin_dir: $node_bindir
  pgpass: $dir/$node/pgpass
  pg_hba:
  - local all all trust
  - host all all 127.0.0.1/32 trust
  - host replication all 127.0.0.1/32 trust
  authentication:
    superuser:
      username: postgres
    replication:
      username: postgres
    rewind:
      username: postgres
  parameters:
    unix_socket_directories: '$dir/$node'
YAML
        ((EUID != 0)) || chown postgres: "$dir/$node/patroni.yml"
    done
    start_patroni node1
    wait_for 60 "node1 becoming the primary" primary_node >/dev/null || {
        tail -n 30 "$dir/node1/patroni.log" >&2
        exit 1
    }
    start_patroni node2
    wait_for 90 "node2 becoming node1's synchronous standby" has_sync_standby || {
        tail -n 30 "$dir/node2/patroni.log" >&2
        exit 1
    }
    url="postgresql://postgres@$(
        IFS=,
        echo "${hosts[*]}"
    )/postgres?target_session_attrs=read-write&connect_timeout=2"
    echo "$url" >"$dir/url"
    echo "$url"
    ;;
primary)
    primary_node
    ;;
standby)
    standby_node
    ;;
offset)
    node=${3:-}
    seconds=${4:-}
    [[ -n "$node" && -n "$seconds" && -f "$dir/$node/faketime" ]] || usage
    echo "$seconds" >"$dir/$node/faketime"
    ;;
pause-replication)
    pid=$(walreceiver_pid) || true
    [[ -n "$pid" ]] || {
        echo "patroni-cluster.sh: no WAL receiver on the standby" >&2
        exit 1
    }
    kill -STOP "$pid"
    echo "$pid" >"$dir/paused-walreceiver"
    ;;
resume-replication)
    [[ -f "$dir/paused-walreceiver" ]] || exit 0
    kill -CONT "$(cat "$dir/paused-walreceiver")" 2>/dev/null || true
    rm -f "$dir/paused-walreceiver"
    ;;
wait-sync)
    wait_for "${3:-60}" "a synchronous standby" has_sync_standby
    ;;
kill-postgres)
    node=$(primary_node)
    pid=$(postmaster_pid "$node")
    [[ -n "$pid" ]] || exit 1
    kill -9 "$pid"
    echo "$node"
    ;;
kill-node)
    node=$(primary_node)
    pid=$(postmaster_pid "$node")
    kill -9 "$(cat "$dir/$node/patroni.pid")" "$pid" 2>/dev/null || true
    echo "$node"
    ;;
restart-node)
    node=$3
    # The killed postmaster's children end by themselves once it is gone; its lock file is stale.
    start_patroni "$node"
    ;;
revive)
    for node in node1 node2; do
        [[ -f "$dir/$node/patroni.pid" ]] && kill -0 "$(cat "$dir/$node/patroni.pid")" 2>/dev/null && continue
        start_patroni "$node"
        echo "$node"
    done
    ;;
stop)
    [[ -n "$dir" && -d "$dir" ]] || exit 0
    # A stopped WAL receiver would outlive its killed postmaster.
    [[ -f "$dir/paused-walreceiver" ]] && kill -9 "$(cat "$dir/paused-walreceiver")" 2>/dev/null || true
    for node in node1 node2; do
        [[ -f "$dir/$node/patroni.pid" ]] && kill -9 "$(cat "$dir/$node/patroni.pid")" 2>/dev/null || true
    done
    for node in node1 node2; do
        pid=$(postmaster_pid "$node")
        [[ -n "$pid" ]] && kill -9 "$pid" 2>/dev/null || true
    done
    [[ -f "$dir/etcd/pid" ]] && kill -9 "$(cat "$dir/etcd/pid")" 2>/dev/null || true
    # A killed postmaster's backends exit when they notice; give the processes a moment, bounded.
    for _ in $(seq 1 50); do
        alive=0
        for file in "$dir/etcd/pid" "$dir/node1/patroni.pid" "$dir/node2/patroni.pid"; do
            [[ -f "$file" ]] && kill -0 "$(cat "$file")" 2>/dev/null && alive=1
        done
        ((alive)) || break
        sleep 0.1
    done
    rm -rf "$dir"
    ;;
*)
    usage
    ;;
esac

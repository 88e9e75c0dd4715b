#!/usr/bin/env bash
# Installs what bench/run-server-bench.sh compares keyright with, and its load generator:
# wrk, etcd-server (etcd 3.4 on Debian 12) and redis-server. Only what is missing is installed.
# The normal dependency script leaves them out: they are needed for benchmarking only.
set -euo pipefail

missing=()
command -v wrk > /dev/null || missing+=(wrk)
command -v etcd > /dev/null || missing+=(etcd-server)
command -v redis-server > /dev/null || missing+=(redis-server)
command -v perf > /dev/null || echo "note: perf is not installed (linux-perf); BENCH_PROFILE=1 needs it" >&2

if ((${#missing[@]} == 0)); then
    echo "wrk, etcd and redis-server are already installed"
    exit 0
fi
sudo=()
((EUID == 0)) || sudo=(sudo)
echo "installing: ${missing[*]}"
"${sudo[@]}" apt-get update
# The Debian packages start their services at install; the benchmark runs its own instances on
# free loopback ports, so the system services are stopped again and left disabled.
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
for service in etcd redis-server; do
    if command -v systemctl > /dev/null && systemctl is-active --quiet "$service" 2> /dev/null; then
        "${sudo[@]}" systemctl disable --now "$service" || true
    fi
done

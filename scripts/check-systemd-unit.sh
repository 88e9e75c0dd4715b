#!/usr/bin/env bash
# Checks packaging/systemd/keyright-server.service: `systemd-analyze verify` must pass, and
# `systemd-analyze security --offline=yes` must rate its exposure at most MAX_EXPOSURE (default
# 2.0). Prints the exposure score (docs/DEPLOYMENT.md records it). The unit's ExecStart names the
# installed /usr/bin/keyright-server; the check points it at BINARY (default: the build's) so that
# verify finds an executable. Exits 77 (skipped) when systemd-analyze is absent.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$here/build/server/keyright-server}
max_exposure=${MAX_EXPOSURE:-2.0}
unit=$here/packaging/systemd/keyright-server.service

if ! command -v systemd-analyze >/dev/null; then
    echo "SKIP: systemd-analyze is not installed (Debian package systemd)"
    exit 77
fi
[[ -x "$binary" ]] || { echo "no keyright-server binary at $binary" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed "s#/usr/bin/keyright-server#$binary#" "$unit" >"$work/keyright-server.service"

systemd-analyze verify "$work/keyright-server.service"
echo "systemd-analyze verify: passed"

security=$(systemd-analyze security --offline=yes --no-pager "$work/keyright-server.service" 2>&1)
score=$(sed -n 's/.*Overall exposure level for keyright-server.service: \([0-9.]*\).*/\1/p' <<<"$security")
[[ -n "$score" ]] || { echo "$security" >&2; echo "no exposure score in the output above" >&2; exit 1; }
echo "systemd-analyze security exposure: $score (at most $max_exposure allowed)"
awk -v s="$score" -v m="$max_exposure" 'BEGIN { exit !(s <= m) }' || {
    grep '✗' <<<"$security" >&2 || true
    echo "exposure $score is above $max_exposure" >&2
    exit 1
}

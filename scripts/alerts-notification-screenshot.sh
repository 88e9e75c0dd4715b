#!/usr/bin/env bash
# The tray's desktop notification as a person sees it (docs/DASHBOARD.md, "Alerts"): Xvfb with
# icewm for its system tray (apt-get install icewm; not a build dependency), a keyright-server
# --demo with one alert rule, keyright-admin connected to it, then two checkouts that make the rule
# fire. The whole screen is grabbed with the notification showing (OUT), then the notification is
# clicked and the screen grabbed again (OUT without .png, then -clicked.png): the window on the
# Alerts page with the alert selected.
#   scripts/alerts-notification-screenshot.sh en docs/alerts-notification-en.png
set -u
lang=${1:?language (en, fr)}
out=${2:?output PNG}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${KEYRIGHT_BUILD_DIR:-$root/build}
display=${KEYRIGHT_DISPLAY:-:93}
port=${KEYRIGHT_PORT:-7493}
dir=$(mktemp -d /tmp/keyright-notification.XXXXXX)
mkdir -p "$dir/home"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    wait 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT

Xvfb "$display" -screen 0 1440x900x24 >/dev/null 2>&1 &
pids+=($!)
sleep 1
DISPLAY=$display HOME=$dir/home icewm >/dev/null 2>&1 &
pids+=($!)
"$build/server/keyright-server" --listen "127.0.0.1:$port" --data-dir "$dir/data" --demo --alert-interval 1s \
    >"$dir/server.log" 2>&1 &
pids+=($!)
url=http://127.0.0.1:$port
for _ in $(seq 50); do curl -sf "$url/v1/health" >/dev/null && break; sleep 0.2; done
token=$(cat "$dir/data/admin-token")
curl -sf -X PUT -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"rules":[{"id":"cad-busy","kind":"seats_in_use","scope":"license","scopeName":"acme-cad",
         "severity":"critical","threshold":20,"minutes":0}]}' "$url/v1/alerts/rules" >/dev/null \
    || { echo "the server refused the rule" >&2; exit 1; }
DISPLAY=$display HOME=$dir/home QT_QPA_PLATFORM=xcb "$build/app/keyright-admin" --server "$url" \
    --token-file "$dir/data/admin-token" --language "$lang" --window-size 1100x650 >"$dir/admin.log" 2>&1 &
pids+=($!)
sleep 6 # connected, and the first answer (nothing firing) read
key=$(cat "$dir/data/demo-keys/acme-cad.key")
for holder in alice@ws-12 bob@ws-14; do
    curl -s -X POST -H "Authorization: License $key" -H 'Content-Type: application/json' \
        -d "{\"holder\":\"$holder\"}" "$url/v1/licenses/acme-cad/checkout" >/dev/null
done
sleep 4 # evaluated within a second, read at the next poll, told
import -window root -display "$display" "$out"
# The notification sits above the tray, at the bottom right.
DISPLAY=$display xdotool mousemove 1000 853 click 1
sleep 1.5
import -window root -display "$display" "${out%.png}-clicked.png"

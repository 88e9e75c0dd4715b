#!/usr/bin/env bash
# Configures (once) and builds one build tree incrementally.
# Usage: scripts/build.sh BUILD_DIR [extra cmake -D options...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=$1
shift

"$root/scripts/install-deps.sh"

werror=OFF
[[ "${CI:-}" == "true" ]] && werror=ON

if [[ ! -f "$build_dir/build.ninja" ]]; then
    cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKEYRIGHT_WERROR=$werror "$@"
else
    cmake "$build_dir" -DKEYRIGHT_WERROR=$werror "$@" >/dev/null
fi
cmake --build "$build_dir" -j2
